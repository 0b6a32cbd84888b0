"""#28 playtest round 35 (35b-5): Paralyzed's check failed as the player's turn began and
the log read "The die shows 2 (Paralyzed check). / You will lose your next turn. / Your
turn is skipped.": it is the turn under way that is lost (R-COND-2, R-BATTLE-2: the check
is a Response before the player's turn). A skip set before the player's turn begins (a
monster's row on its turn) still says the next turn."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.testing import Scenario
from unbroken.words.events import Narrator


def said(events: list[ev.Event], narrator: Narrator) -> list[str]:
    return [line for e in events if (line := narrator.describe(e))]


def test_a_failed_paralyzed_check_loses_this_turn() -> None:
    game = (
        Scenario("caellahan", level=4)
        .resources(se=20)
        .condition("paralyzed", tokens=3)
        .monster("goblin")
        .dice(2, 1, 6, 1, 1, 1)  # the check: 2 of 3 tokens, lost; the monster's MISSes
        .start("battle")
    )
    narrator = Narrator(game.ruleset)
    lines = said(list(game.events), narrator)
    assert "The die shows 2 (Paralyzed check)." in lines, lines
    at = lines.index("The die shows 2 (Paralyzed check).")
    assert lines[at + 1] == "You lose this turn.", lines
    assert "You will lose your next turn." not in lines
    assert "Your turn is skipped." not in lines  # said once, not twice


def test_a_skip_set_on_the_monsters_turn_says_the_next_turn() -> None:
    narrator = Narrator(Scenario("caellahan", level=4).monster("goblin").start("battle").ruleset)
    events: list[ev.Event] = [
        ev.TurnStarted("monster"),  # type: ignore[arg-type]
        ev.SkipTurnSet(True),
        ev.TurnStarted("player"),  # type: ignore[arg-type]
        ev.TurnSkipped("effect"),
    ]
    assert said(events, narrator) == ["You will lose your next turn.", "Your turn is skipped."]
