"""Round 27's leftover (#28, 27a-11, again in round 28): the Display's "(eat 3) −6 SE"
was not understood. It keeps its place (no row of its own at 80x24); help's screen page
and README say what it is, and `i` lists the Hunger step's rule whenever the Display
shows it (it listed the rules only the prompt and options named)."""

from __future__ import annotations

from pathlib import Path

from unbroken.testing import Scenario
from unbroken.tui.help_pages import THE_SCREEN
from unbroken.tui.rule_terms import terms_named

README = Path(__file__).resolve().parents[2] / "README.md"


def test_i_lists_the_hunger_step_while_the_display_shows_its_cost() -> None:
    game = Scenario("tomu", level=3).resources(se=20, food=0).start("preparation")
    assert "rule:hunger-step" in terms_named(game)


def test_help_and_readme_say_what_the_food_figure_is() -> None:
    page = " ".join(THE_SCREEN.split())
    assert "food 0 (eat 3) −6 SE" in page and "Hunger step" in page, page
    assert "if nothing changes" in page
    readme = " ".join(README.read_text(encoding="utf-8").split())
    assert '"food 0 (eat 3) −6 SE" is the food the level-end Hunger step asks' in readme
