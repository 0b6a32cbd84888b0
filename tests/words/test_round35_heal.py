"""#28 playtest round 35 (35b-2): the Shaman at 8/8 rolled 4 (HEAL) and the Response prompt
offered "Pass (use nothing more) — Shaman's HEAL: heals to 8/8": a heal at full health was
said as if it did something. A heal leaving the health as it is says so; one that heals
says the health it heals to, as before. The re-roll is asked here (the player holds 1 LE:
the Shaman's CONFUSE trades it for 2 SE, which a new roll may reach), and passed for the
player as after a MISS when no LE is held (IDLE: a HEAL at full health counts as a miss)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.pointless import IDLE, MISSED
from unbroken.testing import Scenario
from unbroken.tui.sheet_rows import table_lines
from unbroken.words.actions import option_text
from unbroken.words.forecast import HEALS_NOTHING
from unbroken.words.rows import ROW_HEALS_NOTHING, row_effect

SEEN_WORSE = act.Use("base:brawler", "ive-seen-worse")


def shaman_rolled(roll: int, health: int = 8, **res: int) -> Game:
    """Caellahan (I've Seen Worse) against the Shaman at `health`/8, which has just rolled."""
    game = (
        Scenario("caellahan", level=4)
        .resources(se=10, me=3, **res)
        .monster("shaman")
        .dice(roll)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.health = health
    while not (game.decision is not None and game.state.trigger == "after_monster_roll"):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    return game


def lines(game: Game) -> list[str]:
    q = game.query()
    return [
        option_text(a, why, game.state, game.ruleset, q.forecast(a)) for a, why in game.options()
    ]


def test_a_heal_at_full_health_says_it_heals_nothing() -> None:
    game = shaman_rolled(4, le=1)
    assert game.legal_actions() == [SEEN_WORSE, act.Pass()]
    assert game.pointless() is None  # CONFUSE's trade may be wanted: asked
    said = lines(game)
    assert any(f"Shaman's HEAL: {HEALS_NOTHING}" in line for line in said), said
    assert not any("heals to 8/8" in line for line in said), said


def test_a_heal_below_full_health_says_what_it_heals_to() -> None:
    game = shaman_rolled(4, health=5, le=1)
    said = lines(game)
    assert any("Shaman's HEAL: heals to 8/8" in line for line in said), said


def test_a_heal_at_full_health_is_passed_as_a_miss_is() -> None:  # R-DIGI-4
    assert shaman_rolled(4, le=0).pointless() == (act.Pass(), IDLE)
    assert shaman_rolled(1, le=0).pointless() == (act.Pass(), MISSED)
    # Both asked alike where a new roll may reach the trade.
    assert shaman_rolled(4, le=1).pointless() is None
    assert shaman_rolled(1, le=1).pointless() is None


def test_the_table_row_of_a_heal_at_full_health_says_it_heals_nothing() -> None:
    game = shaman_rolled(4, le=1)
    rules, state = game.ruleset, game.state
    card = rules.monsters["base:shaman"]
    assert game.query().table_row(4).idle
    assert row_effect(card.table[3], game.query().table_row(4), rules) == ROW_HEALS_NOTHING
    rows = table_lines(state, rules, card, 0)
    assert rows[3][0].startswith("▶4 HEAL ") and rows[3][0].endswith(f" {ROW_HEALS_NOTHING}")
    below = shaman_rolled(4, health=7, le=1)
    assert not below.query().table_row(4).idle
    assert table_lines(below.state, rules, card, 0)[3][0].endswith("the monster heals 3")
