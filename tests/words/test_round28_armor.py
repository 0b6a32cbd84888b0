"""Playtest round 28 (#28), 28a-1: with Weak Spot (wounding weapon attacks ignore armor,
R-BATTLE-3) an armor-breaking attack changes no wound, so Crack says it is of no use, as
Snare does (tests/words/test_round26_armor.py); with Wrecker's Follow Up (another attack
after an armor break) it is of use. The core's proof: tests/core/test_break_no_use.py."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()
CRACK = act.Attack("crack")
WHY = "with Weak Spot, wounding weapon attacks ignore armor"


def _hobgoblin(*skills: str) -> Game:
    """Caellahan (a Brawler) with the Club at the Hobgoblin (armor 2), on his turn."""
    game = (
        Scenario("caellahan", level=4)
        .resources(se=10, me=3)
        .weapon("club")
        .skills(*skills)
        .monster("hobgoblin")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )
    while game.decision is not None and game.decision.kind != "player_turn":
        game.apply(act.Pass())
    assert game.state.monster is not None and game.state.monster.armor == 2
    assert CRACK in game.legal_actions()
    return game


def test_crack_is_of_no_use_where_weak_spot_ignores_armor() -> None:
    game = _hobgoblin("weak-spot", "grim-determination")
    assert option_no_use(CRACK, game.state, RULES) == WHY
    text = option_text(CRACK, "", game.state, RULES)
    assert text == f"Attack with Crack: break 1 armor - pay 1 SE (no use now: {WHY})", text
    assert option_detail(CRACK, game.state, RULES).startswith(f"No use now: {WHY}.")
    # The wounding attacks stay of use.
    assert option_no_use(act.Attack("heavy-blow"), game.state, RULES) is None


def test_crack_is_of_use_without_weak_spot_or_with_follow_up() -> None:
    for game in (_hobgoblin(), _hobgoblin("weak-spot", "wrecker")):
        assert option_no_use(CRACK, game.state, RULES) is None
        assert "no use now" not in option_text(CRACK, "", game.state, RULES)
