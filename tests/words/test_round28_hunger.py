"""Playtest round 28 (#28), 28b-10: at level 2 with 0 food (2 to eat, Hard: 3 SE short)
the killing blow's row said "— defeats it" and nothing of the Hunger step it led to, where
the player starved ("Taken for you: Eat 0 food."); level 4's Hunger said "⚠ you starve".
Every option of the Combat phase that makes starvation certain says so on its row, from
its forecast, as Fight and Trick did (its detail line said it already)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text

RULES = load_ruleset()
AIMED = act.Use("base:hunter", "aimed-shot")
STARVE = "⚠ you starve at the Hunger step (food 0/2: −3 SE)"


def _troglodyte(se: int) -> Game:
    """Huckdorf (a Hunter) on Hard at level 2, 0 food, the Troglodyte down to 2 health:
    Aimed Shot (2 SE, 2 wounds past armor) defeats it."""
    game = (
        Scenario("huckdorf", "hard", level=2)
        .resources(se=se, me=0, le=0, food=0)
        .monster("troglodyte")
        .dice(*[1] * 20)
        .start("battle")
    )
    while game.decision is not None and game.decision.kind != "player_turn":
        game.apply(act.Pass())
    assert game.state.monster is not None
    game.state.monster.health = 2
    return game


def test_the_killing_blow_says_the_starvation_it_leads_to() -> None:
    game = _troglodyte(se=4)
    text = option_text(AIMED, "", game.state, RULES)
    assert "— defeats it: 1 wood + 1 metal" in text, text
    assert text.endswith(f" — {STARVE}"), text
    assert "⚠ You starve at the Hunger step" in option_detail(AIMED, game.state, RULES)
    # Skipping keeps the 4 SE that pay the Hunger's 3: no warning.
    assert "starve" not in option_text(act.Skip(), "", game.state, RULES)


def test_no_warning_where_the_hunger_can_be_paid() -> None:
    game = _troglodyte(se=6)
    assert "starve" not in option_text(AIMED, "", game.state, RULES)


def test_a_killing_weapon_attack_says_it_too() -> None:
    game = _troglodyte(se=3)
    assert game.state.monster is not None
    game.state.monster.armor, game.state.monster.health = 0, 1
    punch = act.Attack("punch")
    assert punch in game.legal_actions()
    text = option_text(punch, "", game.state, RULES)
    assert "defeats it" in text and text.endswith(f" — {STARVE}"), text
