"""Playtest round 27 (#28): an option's row cut to fit says what it does, and why whole."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.option_rows import fit_options, option_line
from unbroken.words.actions import option_text

RULES = load_ruleset()


def _rows(health: int) -> list[str]:
    sc = Scenario("tomu", level=2, seed=3).resources(se=13, le=5).weapon("knife")
    game = sc.skills("heroic-perseverance").monster("goblin").dice(*[3] * 30).start("battle")
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
