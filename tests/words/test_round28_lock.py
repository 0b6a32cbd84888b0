"""Round 28's leftover (#28, seen by v47): with no metal held, the log said Paralyzed's
lock at the Basilisk "…is lost unless you pay 1 metal (Mirror Shard) instead of rolling":
no such payment could be made. The log says it from the game as its events fold
(`NoUsesLeft.state`), as the options do from theirs: that it cannot be paid now."""

from __future__ import annotations

from test_round17 import _paralyzed_at_six

from unbroken.core import actions as act
from unbroken.words.actions import option_detail
from unbroken.words.events import Narrator

CANNOT = "is lost: you cannot pay 1 metal (Mirror Shard) instead of rolling now;"


def _log(metal: int) -> str:
    game = _paralyzed_at_six(metal)
    narrator = Narrator(game.ruleset)
    return " ".join(narrator.describe(e) or "" for e in game.events)


def test_the_lock_says_the_payment_cannot_be_made_with_no_metal() -> None:
    said = _log(metal=0)
    lock = "Paralyzed at 6 tokens: no roll of the die is higher, so each turn left in this fight"
    assert f"{lock} {CANNOT} only your Responses can still act" in said, said
    assert "unless you pay" not in said, said


def test_with_metal_held_the_turns_can_still_be_bought() -> None:
    said = _log(metal=2)
    assert "is lost unless you pay 1 metal (Mirror Shard) instead of rolling;" in said, said
    assert CANNOT not in said


def test_paying_the_last_metal_says_the_next_cannot_be_paid() -> None:
    game = _paralyzed_at_six(metal=1)
    detail = option_detail(act.PayInstead(), game.state, game.ruleset)
    assert "⚠ This turn is the last you can pay for. Paralyzed at 6 tokens" in detail, detail
    assert CANNOT in detail, detail
