"""Playtest round 27 (#28): an option's row cut to fit says what it does, and why whole."""

from __future__ import annotations

from scenes import knife_against_the_goblin

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.option_rows import cut_kept, fit_options, option_line
from unbroken.words.actions import option_text

RULES = load_ruleset()


def _rows(health: int) -> list[str]:
    game = knife_against_the_goblin(2, "heroic-perseverance")
    assert game.state.monster is not None
    game.state.monster.health = health
    options = game.options()
    lines = [
        option_line(i, option_text(a, w, game.state, RULES)) for i, (a, w) in enumerate(options)
    ]
    off = [bool(w) for _, w in options]
    wordy = [isinstance(a, act.Use) for a, _ in options]
    return fit_options(lines, 78, 12, off, wordy)


def test_a_cut_ability_row_says_what_it_does_and_that_it_kills() -> None:
    # 27b-9: "7. Heroic Perseverance (pay 1 LE)", where the viewer and analyze said
    # "— defeats it"; its own words said nothing more than its cost.
    row = next(r for r in _rows(3) if "Heroic Perseverance" in r)
    assert row == "8. Heroic Perseverance (pay 1 LE): inflict 3 wounds that ignore… — defeats it"
    row = next(r for r in _rows(4) if "Heroic Perseverance" in r)
    assert row.startswith("8. Heroic Perseverance (pay 1 LE): inflict 3 wounds"), row
    assert "defeats" not in row and len(row) <= 78, row


def test_a_cut_dimmed_row_keeps_its_whole_reason() -> None:
    # 27a-10: "9. Craft the Axe: pay… (short of wood)" where its reason was "(needs 2 time,
    # 1 left; short of wood)": one wood card would not have been enough.
    sc = Scenario("tomu", level=2).resources(se=5, wood=0, metal=1, time=1)
    game = sc.weapon("knife", "club").start()
    options = game.options()
    why = dict(options)[act.Craft("base:axe")]
    assert why == "needs 2 time, 1 left; short of wood"
    lines = [
        option_line(i, option_text(a, w, game.state, RULES)) for i, (a, w) in enumerate(options)
    ]
    rows = fit_options(lines, 78, len(lines), [bool(w) for _, w in options])
    axe = next(r for r in rows if "Craft the Axe" in r)
    assert "\n" not in axe and axe.endswith(f"… ({why})"), rows
    # With less room, each reason said briefly, none left out.
    assert cut_kept(f"9. Craft the Axe: pay 1 wood + 1 metal + 2 time ({why})", 60) == (
        "9. Craft the Axe: pay 1 wood… (needs 2 time; short of wood)"
    )
