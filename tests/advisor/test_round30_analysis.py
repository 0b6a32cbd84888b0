"""Round 30's analysis items (#28): what analyze and the viewer say of a weighed decision."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, _choice, _Position
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import Weighing
from unbroken.advisor.paired import Difference
from unbroken.cli.analyze import report_title, text_report
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.tui.chart_words import head_words

RULES = load_ruleset()


def test_the_unrevealed_monster_is_said_of_the_moment_decided_not_of_the_stage() -> None:
    """30a-7: the viewer at "Decision 77: Fight the monster now" showed the Gnoll on the stage
    (the position after it: the die picked it) beside "(monster unknown: averaged over the 6
    it may be)". The figures did average over the 6 (the monster was unknown when it was
    decided, it is rolled on Fight); the words say so of that moment."""
    game = Game.new(RULES, "tomu", "normal", 9)
    assert game.state.step == StepName.PREPARATION and game.state.monster is None
    legal = game.legal_actions()
    fight = next(k for k, a in enumerate(legal) if isinstance(a, act.Fight))
    p = _Position(1, 1, game.state.decision, game, legal, fight, fight)
    every = (1 << 16) - 1
    race = Weighing(
        (every,) * len(legal), (16,) * len(legal), best=fight, fresh=every, fresh_games=16
    )
    choice = _choice(p, race)
    after = Game.new(RULES, "tomu", "normal", 9)
    after.apply(legal[fight])
    assert after.state.monster is not None  # what the viewer's stage shows at the decision
    said = head_words(Analysis(16, 20, 2, "won", [choice]), 1)
    assert "(monster unknown when this was decided: averaged over the 6 it might be)" in said


def test_analyzes_title_keeps_the_characters_name_whole() -> None:
    """30a-20: `unbroken analyze`'s title wrapped at 80 columns inside the name: "…won.jsonl.gz
    (Maxyn" / "Zenma, Normal): won, …"."""
    file = "2026-11-29T0103_maxyn-zenma_normal_seed1388035387796060990_won.jsonl.gz"
    title = report_title(file, "Maxyn Zenma", "Normal")
    report = text_report(Analysis(16, 20, 134, "won", []), title, 80, wrap=True).splitlines()
    assert all(len(line) <= 80 for line in report[:3])
    head = "\n".join(report[:3])
    assert "(Maxyn Zenma, Normal): won, 134 decisions" in head.replace("\n  ", " ")
    assert not any(line.endswith("(Maxyn") for line in report)
    assert "\x1f" not in "\n".join(report)
    # Not wrapped (a file): the name as it is.
    assert "(Maxyn Zenma, Normal)" in text_report(Analysis(16, 20, 134, "won", []), title, None)


def test_a_free_gain_leading_far_above_says_the_jump_is_the_bots_play() -> None:
    """30b-11: decision 22, Rummager's free +1 wood, read "10 %* 52 %" with "10 % here is the
    reference bot's own play …": a 42-point jump on a free wood looked broken. The 10 % is
    the bot playing on from here, worse at the next decision than its best there: the
    verdict says the jump is the bot's and what it then plays."""
    wood = Choice(
        22, 1, "t", 2, "Rummager: Gain 1 wood", "Rummager: Gain 1 wood", "Rummager: Gain 1 wood",
        Estimate(10, 100), Figure.of(Estimate(52, 100)), Difference(0, 0, 100),
        led_to=Estimate(52, 100),
        bot_next="it then plays Downgrade at decision 23: Explore there +40 points (29 to 51)",
    )  # fmt: skip
    assert wood.reads_low
    assert wood.verdict() == (
        "the best option; the jump from 10 % is the reference bot's, not this option's: where"
        " this led (52 % (42-62), nothing random between) the bot plays worse than its best"
        " option (it then plays Downgrade at decision 23: Explore there +40 points (29 to"
        " 51)), and the 10 % here counts that play"
    )
