"""#28 round 30 (30b-17): "Taken for you: … Pass (I've Seen Worse [Brawler] not used: its
HEAL does nothing now)": "its" read as the Response's, where it meant the monster's row. A
no-use reason names the monster whose row does nothing."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.taken import taken_for_you

SEEN_WORSE = act.Use("base:brawler", "ive-seen-worse")


def heal_at_full_health(monster: str) -> Game:
    """Caellahan (I've Seen Worse [Brawler]) after `monster`'s roll of 4, a HEAL at full
    health."""
    game = (
        Scenario("caellahan", level=2)
        .resources(se=10, me=3)
        .monster(monster)
        .dice(4)
        .start("battle")
    )
    while not (game.decision is not None and game.state.trigger == "after_monster_roll"):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    return game


def test_a_heal_that_does_nothing_names_the_monster_not_its() -> None:
    game = heal_at_full_health("troll")
    offered = [a for a, _ in game.options()]
    assert SEEN_WORSE in offered, offered
    row = option_text(SEEN_WORSE, "", game.state, game.ruleset)
    assert row.endswith("(no use now: the Troll's HEAL does nothing now)"), row
    taken = taken_for_you(act.Pass(), "", game.state, game.ruleset, offered)
    assert "not used: the Troll's HEAL does nothing now)" in taken, taken
    assert " its " not in taken, taken
