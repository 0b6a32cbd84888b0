"""Round 30's analysis items (#28): what analyze and the viewer say of a weighed decision."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis, _choice, _Position
from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.tui.analysis import head_words

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
