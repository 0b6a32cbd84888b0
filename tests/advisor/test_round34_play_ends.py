"""`unbroken play`'s `%` said a killing blow and Skip your turn were "about equal on the same
futures" (the chance counts winning only, and the reference bot won after either), where
analyze and the game's `%` say which ends the battle (32a-5, round 33): stop 51's note, left
for round 34. Its verdict now says it as analyze does: "3 ends the battle; 7 does not, yet
the futures cannot tell them apart: …", the paired figures after it as before."""

from __future__ import annotations

import io
import os

from games import winning
from unbroken.advisor.changes import what_it_ends
from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.play.text_odds import show_odds, table

EVERY = (1 << 16) - 1
BLOW = "ends the battle"


def _killing_blow() -> Game:
    """Caellahan's level-4 battle (the Troll misses every time) at the turn where an attack
    defeats it, Skip your turn beside it (as tests/tui/test_round33_odds.py)."""
    game = winning()
    while not any(what_it_ends(game, a) for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Attack)))
        while not any(isinstance(a, act.Attack) for a in game.legal_actions()):
            game.apply(act.Pass())
    return game


def test_the_verdict_says_which_option_ends_the_battle() -> None:
    tied = Weighing((EVERY, EVERY), (16, 16), best=1, fresh=EVERY, fresh_games=16)
    plain = tied.ranking(lambda k: str([3, 7][k]))
    assert plain.startswith("about equal on the same futures")  # what the note read
    said = tied.ranking(lambda k: str([3, 7][k]), ends=[BLOW, ""])
    assert said == (
        "3 ends the battle; 7 does not, yet the futures cannot tell them apart: 7 the same as 3"
        " (-15 to 15 points)"
    ), said
    # All alike: as before.
    assert tied.ranking(lambda k: str(k), ends=[BLOW, BLOW]) == tied.ranking(lambda k: str(k))
    assert tied.ranking(lambda k: str(k), ends=["", ""]) == tied.ranking(lambda k: str(k))


def test_some_clearly_behind_are_said_as_before_after_it() -> None:
    behind = 0xFF  # 8 of 16
    race = Weighing((EVERY, EVERY, behind), (16, 16, 16), best=0, fresh=EVERY, fresh_games=16)
    said = race.ranking(lambda k: str(k + 1), ends=["", BLOW, ""])
    assert said.startswith(
        "2 ends the battle; 1 does not, yet the futures cannot tell them apart, the intervals"
        " holding 0: "
    ), said
    assert "; 3 clearly behind, the intervals above 0: by " in said
    printed = " ".join(table(["A", "B", "C"], [0, 1, 2], race, ends=["", BLOW, ""]).split())
    assert "2 ends the battle; 1 does not" in printed


def test_unbroken_plays_odds_say_which_option_ends_the_battle() -> None:
    game = _killing_blow()
    offered = game.options()
    legal = [i for i, (_, why) in enumerate(offered) if not why]
    blows = [i + 1 for i in legal if what_it_ends(game, offered[i][0])]
    read, write = os.pipe()  # a prompt that can be watched, nothing typed
    out = io.StringIO()
    with os.fdopen(read, "r", buffering=1) as stdin:
        names = [str(i) for i in range(len(offered))]
        assert show_odds(game, offered, names, stdin, out, most=16) is None
    os.close(write)
    text = " ".join(out.getvalue().split())
    assert blows and f"{blows[0]} ends the battle" in text, text
    assert "about equal on the same futures" not in text, text
