"""What the caps take of a gain, asked before it is made (R-RES-2): `Query.hunger`'s SE
gained and lost to the cap for the food eaten (R-HUNGER-2), `Query.rest`'s for a Rest
(R-TRAVEL-5). Each answer is checked against the `Gained` event `Game.apply` then records,
on constructed states and at every Hunger and Rest decision of random games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import A_GAME, play_randomly

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario

RULES = load_ruleset()
CAP = RULES.settings.caps["se"]


def gained_by(game: Game, action: act.Action, source: str) -> ev.Gained:
    """Return the `Gained` event from `source` that taking `action` on a fork records (an
    empty one when none)."""
    events = game.fork().apply(action)
    found = [e for e in events if isinstance(e, ev.Gained) and e.source == source]
    assert len(found) <= 1, found
    return found[0] if found else ev.Gained({}, {}, source)


def hunger_at(se: int, food: int) -> Game:
    """Tomu at level 2's Hunger step (2 food due) with `se` SE and `food` food."""
    scenario = Scenario("tomu", level=2).resources(time=RULES.settings.level_start_time[2])
    return scenario.resources(se=se, food=food).start("hunger")


def test_eating_at_the_cap_says_what_the_cap_takes() -> None:  # R-HUNGER-2, R-RES-2
    game = hunger_at(CAP - 1, 3)
    eat = game.query().hunger(2)
    assert (eat.gained, eat.lost_to_cap) == (1, 1)
    assert gained_by(game, act.Eat(2), "hunger") == ev.Gained({"se": 1}, {"se": 1}, "hunger")
    full = game.query().hunger(1)
    assert (full.gained, full.lost_to_cap) == (1, 0)
    none = hunger_at(CAP, 3).query().hunger(2)
    assert (none.gained, none.lost_to_cap) == (0, 2)


def test_a_rest_at_the_cap_says_what_the_cap_takes() -> None:  # R-TRAVEL-5, R-RES-2
    # Juicy Bats asks 1 LE (none held): only the Rest is left once it is kept.
    for se in (CAP - 3, CAP - 1, CAP):
        game = (
            Scenario("caellahan")
            .resources(se=se, le=0)
            .encounters("juicy-bats")
            .start("exploration")
        )
        forecast = game.query().rest("base:juicy-bats")
        game.apply(act.ChooseEncounter("base:juicy-bats"))
        assert game.legal_actions() == [act.Rest()]
        assert game.query().rest("base:juicy-bats") == forecast
        assert gained_by(game, act.Rest(), "base:juicy-bats") == forecast
    assert forecast.amounts == {} and forecast.lost_to_cap["se"] > 0


def check_gains(game: Game) -> None:
    """At a Hunger or Rest decision, the core's answer equals what taking it gains."""
    d = game.decision
    if d is None:
        return
    if d.kind == DecisionKind.HUNGER:
        for action in game.legal_actions():
            assert isinstance(action, act.Eat)
            eat = game.query().hunger(action.food)
            real = gained_by(game, action, "hunger")
            assert (eat.gained, eat.lost_to_cap) == (
                real.amounts.get("se", 0),
                real.lost_to_cap.get("se", 0),
            ), (action, real)
    elif d.kind == DecisionKind.RESOLVE_OR_REST and act.Rest() in game.legal_actions():
        card = game.state.chosen
        assert game.query().rest(card) == gained_by(game, act.Rest(), card)


@settings(max_examples=60, deadline=None)
@given(**A_GAME)
def test_the_caps_forecast_equals_what_apply_gains(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:  # R-RES-2
    play_randomly(Game.new(RULES, character, difficulty, seed), data, check_gains)
