"""Query.ambushes: an action whose time takes the track to 0 in Preparation starts the
ambush at once (R-TRAVEL-1), so a view can warn of it without knowing the rule."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import A_GAME, play_randomly

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.forecast import UNSEEN
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind, Phase, StepName
from unbroken.testing import Scenario


def _craft(game: Game) -> act.Action:
    return next(a for a in game.legal_actions() if isinstance(a, act.Craft))


def test_a_craft_whose_time_takes_the_track_to_0_ambushes() -> None:
    # R-TRAVEL-1
    game = Scenario("tomu", level=2).resources(metal=1, time=1).start("preparation")
    craft = _craft(game)
    assert game.query().ambushes(craft)
    game.apply(craft)
    assert game.state.phase == "combat"  # the engine agrees: the ambush began


def test_a_craft_with_time_to_spare_does_not() -> None:
    # R-TRAVEL-1
    game = Scenario("tomu", level=2).resources(metal=1, time=5).start("preparation")
    craft = _craft(game)
    assert not game.query().ambushes(craft)
    game.apply(craft)
    assert game.state.phase == "travel"


def _certain_ambush(game: Game, action: act.Action, depth: int = 2) -> bool:
    """Return whether taking `action` (on a fork) runs the time track to 0 in the Travel
    Phase (or enters the Ambush step) before chance shows anything, whatever is answered
    at the decisions on the way (`depth` of them)."""
    fork = game.fork()
    time = game.state.res.get("time", 0)
    for event in fork.apply(action):
        if isinstance(event, ev.StepEntered):
            return event.step == StepName.AMBUSH  # the Travel Phase ends either way
        if isinstance(event, ev.Spent | ev.Lost):
            time -= event.amounts.get("time", 0)
        elif isinstance(event, ev.Gained):
            time += event.amounts.get("time", 0)
        elif isinstance(event, ev.TimeSet):
            time = event.time
        if time <= 0:
            return True
        if isinstance(event, UNSEEN) and not isinstance(event, ev.SkillsDrawn):
            return False  # (which skills are drawn changes no time: every answer is tried)
    s = fork.state
    window = s.decision == DecisionKind.RESPONSE  # passed on the way: no depth (Flexible's)
    if (depth == 0 and not window) or fork.is_over or s.phase != Phase.TRAVEL:
        return False
    if s.decision in (DecisionKind.NONE, DecisionKind.PREPARATION):
        return False
    answers = fork.legal_actions()
    deeper = depth if window else depth - 1
    return bool(answers) and all(_certain_ambush(fork, a, deeper) for a in answers)


def _every_certain_ambush_warns(game: Game) -> None:
    if game.is_over or game.state.phase != Phase.TRAVEL:
        return
    query = game.query()
    for action in game.legal_actions():
        certain = _certain_ambush(game, action)
        assert query.ambushes(action) == certain, (action, game.state.res.get("time"))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_every_option_that_empties_the_time_track_warns(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    # R-TRAVEL-1/6: an option warns of the ambush exactly when taking it runs the time out
    # for certain (whatever is answered on the way): #28 round 4.
    game = Game.new(Scenario().rules, character, difficulty, seed)
    play_randomly(game, data, before=_every_certain_ambush_warns)


def test_keeping_a_card_that_asks_which_condition_it_removes_warns() -> None:
    # R-TRAVEL-6: the Sacred Pool (time 4) with 4 time left: Resolve asks which condition
    # it removes before its time is lost, and every answer then runs the track out
    # (#28 round 4: the keep step and Resolve had no warning, Rest had).
    game = (
        Scenario("tomu", level=3)
        .resources(time=4)
        .condition("poisoned", tokens=2)
        .condition("frightened", rounds=2)
        .encounters("sacred-pool")
        .start()
    )
    game.apply(act.Explore())
    keep = next(a for a in game.legal_actions() if a == act.ChooseEncounter("base:sacred-pool"))
    assert game.query().ambushes(keep)
    game.apply(keep)
    assert game.query().ambushes(act.Resolve()) and game.query().ambushes(act.Rest())
    _every_certain_ambush_warns(game)


def test_keeping_a_card_whose_resolve_draws_skills_warns() -> None:
    # R-TRAVEL-6: A Hard Lesson (time 3) with 3 time left: Resolve draws 2 skills to keep
    # 1, then its time is lost whatever is drawn and kept: the track runs out (#28 round
    # 5: no warning, where the Sacred Pool's question had one).
    def at(time: int) -> Game:
        return (
            Scenario("tomu", seed=3)
            .resources(se=10, me=2, time=time)
            .encounters("hard-lesson", "metal-scraps")
            .start("exploration")
        )

    keep = act.ChooseEncounter("base:hard-lesson")
    game = at(3)
    assert game.query().ambushes(keep)
    game.apply(keep)
    assert game.query().ambushes(act.Resolve())
    _every_certain_ambush_warns(game)
    game.apply(act.Resolve())
    assert game.decision is not None and game.decision.kind == DecisionKind.CHOOSE_SKILL
    game.apply(game.legal_actions()[0])
    assert game.state.step == StepName.AMBUSH or game.state.phase == Phase.COMBAT
    assert not at(4).query().ambushes(keep)  # 1 time left after it: no ambush
