"""A costly Scout (playtest round 4, #30): the verdict blamed Scout, which only "revealed
the monster". Measured (docs/advisor.md): Scout's information never hurt the reference
bot (0 to +18 points against the same Scout with the monster kept hidden), its cost is
real where it runs the time out, and the verdict says so in the forecast's words."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, _choice, _Position
from unbroken.advisor.changes import NOTHING_SURE, what_it_changes
from unbroken.advisor.estimator import weigh
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.chart_words import head_lines

RULES = load_ruleset()


def low_on_time() -> Game:
    """Level 2's Preparation step with 2 time left: Scout costs 2 SE + 2 time there, so the
    time runs out and the monster ambushes; fighting now does not."""
    return Scenario("tomu", level=2).resources(time=2, se=20).start("preparation")


def test_a_scout_that_runs_the_time_out_is_clearly_worse_and_the_verdict_says_why() -> None:
    game = low_on_time()
    legal: list[act.Action] = [act.Fight(), act.Scout()]
    weighing = weigh(game, legal)
    assert weighing.best == 0 and weighing.clearly_worse(1)
    at = _Position(7, 2, "preparation", game, legal, 1, 0)  # taken: Scout; the reference: Fight
    choice = _choice(at, weighing)
    assert choice.clearly_worse
    assert choice.verdict().startswith("Fight the monster now instead: +")
    assert choice.verdict().endswith(
        "; Scout: pays 2 SE + 2 time, ⚠ time runs out: the monster ambushes you; "
        f"Fight the monster now: {NOTHING_SURE}"
        # What its figures average over, as `%` says it (round 25).
        " (monster unknown when this was decided: averaged over the 6 it might be)"
    )
    # The viewer's words hold it whole at 80 columns (it was cut at "+50 poi").
    said = " ".join(head_lines(Analysis(100, 20, 9, "lost", [choice]), 7, 76))
    # Then the games its figures come from (round 26: 26b-12).
    assert said.endswith(
        f"the monster ambushes you; Fight the monster now: {NOTHING_SURE}"
        " (monster unknown when this was decided: averaged over the 6 it might be)."
        " From up to 100 games per option: another count may judge it otherwise."
    )


def test_an_option_that_pays_nothing_is_not_said_to_cost_nothing() -> None:
    # #28 round 19: "Fight the monster now: costs nothing" on a decision the same analysis
    # marked costly (!): what it changes for certain is said as resources, not as a cost.
    said = what_it_changes(low_on_time(), act.Fight())
    assert said == NOTHING_SURE and "cost" not in said
