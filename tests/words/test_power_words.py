"""Attack power in words (#28 playtest round 10): each Passive that changes an attack's
power is named with its own figure, in the option, the detail line and the log, and a
finishing blow that deals fewer wounds than its power says why (the health it had left)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario, play
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator


def weakened_against_thick_hide(le: int = 1) -> Game:
    """Weakened (-1) against the Bugbear Warlord (Thick Hide: -1 up to power 4), its armor
    broken with the Sword's Beat aside; the player's turn again."""
    game = (
        Scenario("tomu", level=3)
        .resources(le=le, se=12)
        .condition("weakened")
        .weapon("knife", "sword")
        .monster("bugbear-warlord")
        .dice(1, 1, 1)
        .start("battle")
    )
    play(game, act.Attack("beat-aside"))
    assert game.state.monster is not None and game.state.monster.armor == 0
    return game


def line(game: Game, attack: str) -> str:
    return next(
        option_text(a, why, game.state, game.ruleset)
        for a, why in game.options()
        if a == act.Attack(attack)
    )


def test_each_passive_has_its_own_figure_on_the_option_and_the_detail_line() -> None:
    # R-EFFECT-3: Cut 2, Weakened -1 and Thick Hide -1: 0. Was "wound 0 (Weakened, Thick
    # Hide −2)", read as Thick Hide alone taking 2.
    game = weakened_against_thick_hide()
    assert "Attack with Cut: wound 0 (Weakened −1, Thick Hide −1)" in line(game, "cut")
    detail = option_detail(act.Attack("cut"), game.state, game.ruleset)
    assert "Weakened −1: " in detail and "Thick Hide (Bugbear Warlord) −1: " in detail
    # Decisive stroke 5: Thick Hide first (5 is above 4), then Weakened: 4. Thick Hide
    # took nothing, so it is not named as if it had.
    assert "Decisive stroke: wound 4 (Weakened −1) - pay" in line(game, "decisive-stroke")
    detail = option_detail(act.Attack("decisive-stroke"), game.state, game.ruleset)
    assert "Thick Hide (Bugbear Warlord) ±0 at power 5: " in detail, detail


def test_a_finishing_blow_says_the_health_it_had_left_in_the_option_and_the_log() -> None:
    # R-BATTLE-4/7: Decisive stroke takes 4 of its 5 health, the next one the 1 left.
    game = weakened_against_thick_hide(le=2)
    play(game, act.Attack("decisive-stroke"))
    assert game.state.monster is not None and game.state.monster.health == 1
    assert "defeats it (health 1)" in line(game, "decisive-stroke")
    start = len(game.events)
    play(game, act.Attack("decisive-stroke"))
    narrator = Narrator(game.ruleset)
    said = [narrator.describe(e) for e in game.events]
    assert "Attack power is now 4 (Weakened −1)." in said[start:]
    assert "The monster takes 1 wound (all it had left): health 0/5." in said[start:]
    # The first stroke: 4 wounds of 5 health, nothing left out to explain.
    assert "The monster takes 4 wounds: health 1/5." in said[:start]


def test_the_log_names_each_passive_with_its_own_figure() -> None:
    game = weakened_against_thick_hide()
    start = len(game.events)
    play(game, act.Attack("cut"))
    narrator = Narrator(game.ruleset)
    said = [narrator.describe(e) for e in game.events]
    assert "Attack power is now 0 (Weakened −1, Thick Hide −1)." in said[start:], said[start:]
