"""Resources and the display: R-RES-1 .. R-RES-8."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.payment import can_pay, gain, lose, spend
from unbroken.core.resolver import Death, Resolver
from unbroken.core.state import GameState, Phase, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, assert_illegal, pass_responses
from unbroken.testing import events_of as of

RULES = load_ruleset()
EFFORT = ("se", "me", "le")


def skip_turn(g: Game) -> None:
    """Skip the player's turn and decline the Responses that follow."""
    pass_responses(g)
    g.apply(act.Skip())
    pass_responses(g)


def bare_run(time_track: bool = True, **res: int) -> Resolver:
    """A Resolver on a bare state holding exactly `res` (others 0)."""
    full = {k: 0 for k in m.RESOURCES}
    full.update(res)
    return Resolver(RULES, GameState(res=full, time_track=time_track))


def expected_payment(have: dict[str, int], need: dict[str, int]) -> dict[str, int] | None:
    """R-RES-4 by hand: SE shortfall from ME then LE; ME shortfall from LE."""
    pay_se = min(have["se"], need["se"])
    short_se = need["se"] - pay_se
    me_wanted = need["me"] + short_se
    pay_me = min(have["me"], me_wanted)
    pay_le = need["le"] + (me_wanted - pay_me)
    if pay_le > have["le"]:
        return None
    return {k: v for k, v in (("se", pay_se), ("me", pay_me), ("le", pay_le)) if v}


def payable_by_brute_force(have: dict[str, int], need: dict[str, int]) -> bool:
    """Is there any upward-only assignment paying `need` from `have`?"""
    # x_ab = effort of category b paying need of category a (b >= a).
    for se_from_me in range(need["se"] + 1):
        for se_from_le in range(need["se"] - se_from_me + 1):
            se_from_se = need["se"] - se_from_me - se_from_le
            if se_from_se > have["se"]:
                continue
            for me_from_le in range(need["me"] + 1):
                me_from_me = need["me"] - me_from_le
                if se_from_me + me_from_me > have["me"]:
                    continue
                if se_from_le + me_from_le + need["le"] <= have["le"]:
                    return True
    return False


# --------------------------------------------------------------------------- R-RES-1


def test_new_game_has_every_resource_as_a_non_negative_int() -> None:  # R-RES-1
    g = Game.new(RULES, character="maxyn-zenma", difficulty="normal", seed=42)
    assert set(g.state.res) == {
        "se",
        "me",
        "le",
        "cunning",
        "food",
        "wood",
        "metal",
        "treasure",
        "time",
    }
    assert all(type(v) is int and v >= 0 for v in g.state.res.values())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_play_keeps_resources_in_range(
    seed: int, data: st.DataObject
) -> None:  # R-RES-1 R-RES-2
    g = Game.new(RULES, character="caellahan", difficulty="normal", seed=seed)
    caps = RULES.settings.caps
    for _ in range(250):
        if g.is_over:
            break
        legal = g.legal_actions()
        out = g.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
        for k, v in g.state.res.items():
            assert type(v) is int and 0 <= v <= caps.get(k, 99), (k, v)
        for e in of(out, ev.Spent) + of(out, ev.Lost):
            assert e.amounts and all(n > 0 for n in e.amounts.values()), e
        for e in of(out, ev.Gained):
            assert all(n > 0 for n in e.amounts.values()), e
            assert all(n > 0 for n in e.lost_to_cap.values()), e


# --------------------------------------------------------------------------- R-RES-2


def test_base_caps_match_the_spec() -> None:  # R-RES-2
    assert RULES.settings.caps == {
        "cunning": 7,
        "food": 7,
        "wood": 7,
        "metal": 7,
        "treasure": 7,
        "me": 7,
        "le": 7,
        "se": 20,
        "time": 31,
    }


def test_rest_above_the_se_cap_records_the_loss() -> None:  # R-RES-2
    g = (
        Scenario("caellahan")
        .resources(se=19)
        .encounters("steep-ledge", "metal-scraps")  # steep-ledge: time 3
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:steep-ledge"))
    out = g.apply(act.Rest())
    gained = of(out, ev.Gained)
    assert gained == [ev.Gained({"se": 1}, {"se": 2}, "base:steep-ledge")]
    assert g.state.res["se"] == 20


def test_encounter_gain_at_cap_is_all_lost_and_recorded() -> None:  # R-RES-2
    g = (
        Scenario("caellahan")
        .resources(food=7)
        .encounters("sickly-berries", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:sickly-berries"))
    out = g.apply(act.Resolve())
    assert of(out, ev.Gained) == [ev.Gained({}, {"food": 1}, "base:sickly-berries")]
    assert g.state.res["food"] == 7


def test_focus_at_me_cap_pays_and_loses_the_gain() -> None:  # R-RES-2
    g = Scenario("caellahan").resources(se=8, me=7).start("preparation")
    out = g.apply(act.Focus())
    assert of(out, ev.Spent) == [ev.Spent({"se": 4}, "focus")]
    assert of(out, ev.Gained) == [ev.Gained({}, {"me": 1}, "focus")]
    assert g.state.res["me"] == 7


def test_monster_reward_above_cap_partly_lost() -> None:  # R-RES-2
    g = Scenario("caellahan").resources(food=6).monster("hyena").start("rewards")
    gained = [e for e in of(g.events, ev.Gained) if e.source == "base:hyena"]
    assert gained == [ev.Gained({"food": 1}, {"food": 1}, "base:hyena")]
    assert g.state.res["food"] == 7


@given(
    resource=st.sampled_from(m.RESOURCES),
    held=st.integers(0, 40),
    amount=st.integers(1, 40),
)
def test_gain_never_exceeds_cap_and_accounts_for_every_point(
    resource: str, held: int, amount: int
) -> None:  # R-RES-2
    cap = RULES.settings.caps[resource]
    held = min(held, cap)
    run = bare_run(time_track=True, **{resource: held})
    gain(run, {resource: amount}, "test")
    (event,) = run.emitted
    assert isinstance(event, ev.Gained)
    got = event.amounts.get(resource, 0)
    lost = event.lost_to_cap.get(resource, 0)
    assert got + lost == amount
    assert got == min(amount, cap - held)
    assert run.state.res[resource] == min(cap, held + amount)


# --------------------------------------------------------------------------- R-RES-3


def test_unaffordable_focus_is_not_offered_and_refused_unchanged() -> None:  # R-RES-3, R-DIGI-3
    g = Scenario("caellahan").resources(se=3).start("preparation")
    assert act.Focus() not in g.legal_actions()
    assert act.Plan() not in g.legal_actions()
    assert_illegal(g, act.Focus())


def test_unaffordable_encounter_can_only_be_rested() -> None:  # R-RES-3
    g = (
        Scenario("caellahan")
        .resources(treasure=0)
        .encounters("greedy-goblin", "metal-scraps")  # spend 1 treasure
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:greedy-goblin"))
    assert g.legal_actions() == [act.Rest()]
    assert_illegal(g, act.Resolve())


def test_unaffordable_craft_is_not_offered() -> None:  # R-RES-3
    g = Scenario("caellahan").resources(metal=0, wood=0).start("preparation")
    assert not [a for a in g.legal_actions() if isinstance(a, act.Craft)]
    assert_illegal(g, act.Craft("base:knife"))
    g2 = Scenario("caellahan").resources(metal=1).start("preparation")
    assert act.Craft("base:knife") in g2.legal_actions()
    assert act.Craft("base:club") not in g2.legal_actions()


def test_unaffordable_trickery_is_not_offered() -> None:  # R-RES-3
    g = Scenario("caellahan").resources(cunning=1).monster("kobold").start("trickery")
    assert g.decision is not None
    assert g.decision.kind != "trickery"
    assert g.state.step == "battle"
    g2 = Scenario("caellahan").resources(cunning=2).monster("kobold").start("trickery")
    assert g2.decision is not None
    assert g2.decision.kind == "trickery"
    assert act.Trick() in g2.legal_actions()


def test_lose_is_mandatory_even_when_it_hurts() -> None:  # R-RES-3
    # The kobold's ambush makes you lose 2 SE; there is no choice offered.
    g = Scenario("caellahan").resources(se=5).monster("kobold").dice(1).start("ambush")
    assert ev.Lost({"se": 2}, "base:kobold") in g.events
    assert g.state.res["se"] == 3


# --------------------------------------------------------------------------- R-RES-4


def test_se_shortfall_is_paid_with_me_first() -> None:  # R-RES-4
    g = Scenario("caellahan").resources(se=2, me=3, le=2).start("preparation")
    out = g.apply(act.Focus())
    assert of(out, ev.Spent) == [ev.Spent({"se": 2, "me": 2}, "focus")]
    # The ME gained by Focus comes after the payment.
    assert g.state.res["se"] == 0 and g.state.res["me"] == 2 and g.state.res["le"] == 2


def test_se_shortfall_uses_le_once_me_runs_out() -> None:  # R-RES-4
    g = Scenario("caellahan").resources(se=1, me=1, le=5).start("preparation")
    out = g.apply(act.Plan())
    assert of(out, ev.Spent) == [ev.Spent({"se": 1, "me": 1, "le": 2}, "plan")]
    assert (g.state.res["se"], g.state.res["me"], g.state.res["le"]) == (0, 0, 3)


def test_higher_effort_is_used_only_when_needed() -> None:  # R-RES-4
    g = Scenario("caellahan").resources(se=10, me=5, le=5).start("preparation")
    out = g.apply(act.Focus())
    assert of(out, ev.Spent) == [ev.Spent({"se": 4}, "focus")]


def test_me_shortfall_is_paid_with_le() -> None:  # R-RES-4
    g = Scenario("caellahan").resources(se=0, me=1, le=3).start("preparation")
    out = g.apply(act.Inspiration())
    assert of(out, ev.Spent) == [ev.Spent({"me": 1, "le": 1}, "inspiration")]


def test_substitution_is_only_upward() -> None:  # R-RES-4
    # LE cannot be paid with SE or ME; ME cannot be paid with SE.
    g = (
        Scenario("caellahan")
        .resources(se=20, me=7, le=0)
        .encounters("mumbling-kobold", "metal-scraps")  # spend 1 LE
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:mumbling-kobold"))
    assert g.legal_actions() == [act.Rest()]
    g = (
        Scenario("caellahan")
        .resources(se=20, me=0, le=0)
        .encounters("cryptic-markings", "metal-scraps")  # spend 1 ME
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:cryptic-markings"))
    assert g.legal_actions() == [act.Rest()]
    assert act.Inspiration() not in Scenario("caellahan").resources(se=20).start().legal_actions()


def test_encounter_me_cost_substituted_with_le() -> None:  # R-RES-4
    g = (
        Scenario("caellahan")
        .resources(se=5, me=0, le=2)
        .encounters("cryptic-markings", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:cryptic-markings"))
    assert act.Resolve() in g.legal_actions()
    out = g.apply(act.Resolve())
    assert of(out, ev.Spent) == [ev.Spent({"le": 1}, "base:cryptic-markings")]


def test_hunger_loss_substitutes_and_records_exact_payment() -> None:  # R-RES-4
    # Level 3, no food: lose 1+2+3 = 6 SE with 2 SE, 1 ME, 5 LE.
    g = Scenario("caellahan", level=3).resources(se=2, me=1, le=5, food=0).start("hunger")
    out = g.apply(act.Eat(0))
    assert ev.Lost({"se": 2, "me": 1, "le": 3}, "hunger", asked={"se": 6}) in out
    assert not g.is_over


@settings(max_examples=300)
@given(
    have=st.fixed_dictionaries({k: st.integers(0, 6) for k in EFFORT}),
    need=st.fixed_dictionaries({k: st.integers(0, 6) for k in EFFORT}),
)
def test_substitution_property_spend(have: dict[str, int], need: dict[str, int]) -> None:  # R-RES-4
    run = bare_run(time_track=True, **have)
    cost = {k: n for k, n in need.items() if n}
    affordable = can_pay(run.state, cost)
    assert affordable == payable_by_brute_force(have, need)
    assert affordable == (expected_payment(have, need) is not None)
    if not affordable:
        return
    spend(run, cost, "test")
    spent = of(run.emitted, ev.Spent)
    if not cost:
        assert spent == []
        return
    (event,) = spent
    assert event.amounts == expected_payment(have, need)
    assert sum(event.amounts.values()) == sum(need.values())
    for k in EFFORT:
        assert run.state.res[k] == have[k] - event.amounts.get(k, 0) >= 0


@settings(max_examples=300)
@given(
    have=st.fixed_dictionaries({k: st.integers(0, 6) for k in EFFORT}),
    need=st.fixed_dictionaries({k: st.integers(0, 6) for k in EFFORT}),
)
def test_substitution_property_lose_or_die(
    have: dict[str, int], need: dict[str, int]
) -> None:  # R-RES-4 R-RES-5
    run = bare_run(time_track=True, **have)
    amounts = {k: n for k, n in need.items() if n}
    payment = expected_payment(have, need)
    if payment is None:
        with pytest.raises(Death):
            lose(run, amounts, "base:kobold")
        assert all(run.state.res[k] == have[k] for k in EFFORT)  # nothing partly paid
        return
    lose(run, amounts, "base:kobold")
    lost = of(run.emitted, ev.Lost)
    assert [e.amounts for e in lost] == ([payment] if payment else [])
    for k in EFFORT:
        assert run.state.res[k] >= 0
    assert sum(have.values()) - sum(run.state.res[k] for k in EFFORT) == sum(need.values())


# --------------------------------------------------------------------------- R-RES-5


def test_zero_effort_is_not_death() -> None:  # R-RES-5
    g = Scenario("caellahan").resources(se=0, me=0, le=0).start("preparation")
    assert not g.is_over
    assert g.decision is not None
    assert g.decision.kind == "preparation"
    assert act.Explore() in g.legal_actions()
    g.apply(act.Explore())
    card = g.state.revealed[0]
    g.apply(act.ChooseEncounter(card))
    assert act.Rest() in g.legal_actions()
    assert not g.is_over


def test_starvation_kills_when_effort_cannot_pay() -> None:  # R-RES-5
    # Level 2 without food: lose 1+2 = 3 SE, holding only 2 effort in all.
    g = Scenario("caellahan", level=2).resources(se=1, me=1, le=0, food=0).start("hunger")
    g.apply(act.Eat(0))
    assert g.is_over
    assert g.outcome is not None
    assert g.outcome.won is False
    assert g.outcome.cause == "starvation"
    assert g.outcome.level == 2 and g.outcome.step == "hunger"
    assert g.decision is None and g.legal_actions() == []
    # Nothing was partly paid before death.
    assert of(g.events, ev.Lost) == []


def test_hunger_paid_exactly_with_all_effort_is_survived() -> None:  # R-RES-5
    g = Scenario("caellahan", level=2).resources(se=1, me=1, le=1, food=0).start("hunger")
    g.apply(act.Eat(0))
    assert not g.is_over
    assert (g.state.res["se"], g.state.res["me"], g.state.res["le"]) == (0, 0, 0)


def test_ambush_effort_loss_that_cannot_be_paid_kills_at_once() -> None:  # R-RES-5
    g = Scenario("caellahan").resources(se=1, me=0, le=0).monster("kobold").start("ambush")
    assert g.is_over
    assert g.outcome is not None
    assert g.outcome.won is False
    assert g.outcome.level == 1 and g.outcome.step == "ambush"
    assert g.outcome.cause  # the effect that killed is named
    assert "kobold" in g.outcome.cause.lower() and g.outcome.source == "base:kobold"


def test_wound_that_cannot_be_paid_kills() -> None:  # R-RES-5
    # Goblin roll 6: WOUND, lose 2 SE. The player holds 1 effort.
    g = Scenario("caellahan", level=2).resources(se=1).monster("goblin").dice(6).start("battle")
    skip_turn(g)
    assert g.is_over
    assert g.outcome is not None
    assert g.outcome.won is False
    assert g.outcome.step == "battle"
    assert (g.outcome.cause, g.outcome.source) == ("wounds", "base:goblin")


# --------------------------------------------------------------------------- R-RES-6


def test_missing_resource_applies_the_alternative() -> None:  # R-RES-6
    # Hyena ambush: lose 1 food (lose 2 SE if unable).
    g = Scenario("caellahan").resources(se=5, food=0).monster("hyena").start("ambush")
    lost = of(g.events, ev.Lost)
    assert lost == [ev.Lost({"se": 2}, "base:hyena")]
    assert g.state.res["se"] == 3 and g.state.res["food"] == 0


def test_held_resource_is_lost_and_alternative_skipped() -> None:  # R-RES-6
    g = Scenario("caellahan").resources(se=5, food=1).monster("hyena").start("ambush")
    assert of(g.events, ev.Lost) == [ev.Lost({"food": 1}, "base:hyena")]
    assert g.state.res["se"] == 5 and g.state.res["food"] == 0


def test_partial_loss_applies_alternative_in_full() -> None:  # R-RES-6
    # Troll roll 5: STEAL, lose 2 food (lose 4 SE if unable). Holding 1 food.
    g = (
        Scenario("caellahan", level=4)
        .resources(se=10, food=1)
        .no_time_track()
        .monster("troll")
        .dice(5)
        .start("battle")
    )
    skip_turn(g)
    lost = of(g.events, ev.Lost)
    assert lost == [ev.Lost({"se": 4}, "base:troll")]
    assert g.state.res["food"] == 1
    assert g.state.res["se"] == 6


def test_alternative_effort_loss_substitutes() -> None:  # R-RES-6 R-RES-4
    g = Scenario("caellahan").resources(se=1, me=2, food=0).monster("hyena").start("ambush")
    assert of(g.events, ev.Lost) == [ev.Lost({"se": 1, "me": 1}, "base:hyena", asked={"se": 2})]


def test_missing_resource_without_alternative_does_nothing() -> None:  # R-RES-6
    # Gremlin ambush: lose 2 cunning, no alternative.
    g = Scenario("caellahan", level=2).resources(se=5, cunning=0).monster("gremlin").start("ambush")
    assert of(g.events, ev.Lost) == []
    assert g.state.res["se"] == 5 and g.state.res["cunning"] == 0
    assert not g.is_over


def test_partly_held_resource_without_alternative_is_not_partly_lost() -> None:  # R-RES-6
    # "No partial loss": holding 1 of the 2 cunning the gremlin takes, nothing happens.
    g = Scenario("caellahan", level=2).resources(se=5, cunning=1).monster("gremlin").start("ambush")
    assert of(g.events, ev.Lost) == []
    assert g.state.res["cunning"] == 1


def test_fully_held_resource_without_alternative_is_lost() -> None:  # R-RES-6
    g = Scenario("caellahan", level=2).resources(se=5, cunning=3).monster("gremlin").start("ambush")
    assert of(g.events, ev.Lost) == [ev.Lost({"cunning": 2}, "base:gremlin")]
    assert g.state.res["cunning"] == 1


def test_reduce_without_the_resource_applies_alternative() -> None:  # R-RES-6
    # Kobold roll 5: CONFUSE, reduce 1 ME to 2 SE (lose 1 SE if unable); LE does not count.
    g = Scenario("caellahan").resources(se=5, me=0, le=2).monster("kobold").dice(5).start("battle")
    skip_turn(g)
    assert of(g.events, ev.Lost) == [ev.Lost({"se": 1}, "base:kobold")]
    assert of(g.events, ev.Gained) == []
    assert g.state.res["le"] == 2
    g = Scenario("caellahan").resources(se=5, me=1).monster("kobold").dice(5).start("battle")
    skip_turn(g)
    assert of(g.events, ev.Lost) == [ev.Lost({"me": 1}, "base:kobold")]
    assert ev.Gained({"se": 2}, {}, "base:kobold") in g.events
    assert g.state.res["se"] == 7


# --------------------------------------------------------------------------- R-RES-7


def test_level4_ambush_removes_the_time_track() -> None:  # R-RES-7
    g = (
        Scenario("caellahan", level=4)
        .resources(se=10, time=1)
        .monster("troll")
        .encounters("sickly-berries", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:sickly-berries"))
    g.apply(act.Resolve())
    assert ev.TimeSet(0, False) in g.events
    assert g.state.time_track is False
    assert g.state.res["time"] == 0
    assert g.state.step == "battle"


def test_level4_trickery_step_removes_the_time_track() -> None:  # R-RES-7
    g = Scenario("caellahan", level=4).resources(se=10, cunning=7).monster("troll").start()
    assert g.state.time_track is True
    g.apply(act.Fight())
    # level-4 monsters have no trickery cost (one tuple: mypy keeps `is True` across apply)
    assert (g.state.time_track, g.state.step) == (False, "battle")


def test_level4_time_before_the_ambush_is_still_tracked() -> None:  # R-RES-7
    g = (
        Scenario("caellahan", level=4)
        .resources(se=10, time=5)
        .encounters("sickly-berries", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:sickly-berries"))
    out = g.apply(act.Resolve())
    assert ev.Lost({"time": 1}, "base:sickly-berries") in out
    assert g.state.res["time"] == 4 and g.state.res["se"] == 9


def test_level4_time_cost_is_paid_in_se() -> None:  # R-RES-7
    g = (
        Scenario("caellahan", level=4)
        .resources(se=5, wood=1)
        .no_time_track()
        .monster("troll")
        .dice(1)
        .start("battle")
    )
    out = g.apply(act.Craft("base:club"))  # wood 1 + time 1
    assert of(out, ev.Spent) == [ev.Spent({"wood": 1, "se": 1}, "craft")]
    assert g.state.res["time"] == 0 and g.state.res["se"] == 4


def test_level4_time_cost_substitutes_and_gates_affordability() -> None:  # R-RES-7 R-RES-4
    g = (
        Scenario("caellahan", level=4)
        .resources(se=0, me=1, le=0, wood=1)
        .no_time_track()
        .monster("troll")
        .dice(1)
        .start("battle")
    )
    out = g.apply(act.Craft("base:club"))
    assert of(out, ev.Spent) == [ev.Spent({"wood": 1, "me": 1}, "craft")]
    g = (
        Scenario("caellahan", level=4)
        .resources(se=0, me=0, le=0, wood=1)
        .no_time_track()
        .monster("troll")
        .start("battle")
    )
    assert act.Craft("base:club") not in g.legal_actions()


def test_level4_time_loss_is_lost_as_se_and_can_kill() -> None:  # R-RES-7 R-RES-5
    run = bare_run(time_track=False, se=1, me=1)
    lose(run, {"time": 2}, "base:shrieking-fungus")
    assert of(run.emitted, ev.Lost) == [
        ev.Lost({"se": 1, "me": 1}, "base:shrieking-fungus", asked={"time": 2})
    ]
    run = bare_run(time_track=False, se=1)
    with pytest.raises(Death):
        lose(run, {"time": 2}, "base:shrieking-fungus")


def test_time_gained_without_a_track_is_dropped() -> None:  # R-RES-7
    run = bare_run(time_track=False, se=3)
    gain(run, {"time": 2}, "test")
    assert run.emitted == [ev.Gained({}, {"time": 2}, "test")]
    assert run.state.res["time"] == 0


# --------------------------------------------------------------------------- R-RES-8


def test_time_loss_beyond_zero_is_dropped() -> None:  # R-RES-8
    g = (
        Scenario("caellahan")
        .resources(time=2)
        .encounters("boar-ambush", "metal-scraps")  # time 4
        .monster("kobold")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:boar-ambush"))
    out = g.apply(act.Rest())
    assert ev.Lost({"time": 2}, "base:boar-ambush", asked={"time": 4}) in out
    # ...and the time reached 0 in the Travel Phase: the ambush (then the reset).
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    i = out.index(ev.Lost({"time": 2}, "base:boar-ambush", asked={"time": 4}))
    assert ev.TimeSet(RULES.settings.level_start_time[1], True) in out[i:]


def test_time_loss_in_battle_stops_at_zero() -> None:  # R-RES-8
    # Shrieking Fungus roll 2: WARN, lose 1 time; time is already 0.
    g = (
        Scenario("caellahan")
        .resources(time=0)
        .monster("shrieking-fungus")
        .dice(2, 1)
        .start("battle")
    )
    skip_turn(g)
    assert ev.CombatResult(2, "WARN") in g.events
    assert of(g.events, ev.Lost) == []
    assert g.state.res["time"] == 0
    assert not g.is_over


@given(time=st.integers(0, 31), loss=st.integers(0, 40))
def test_time_is_never_stored_below_zero(time: int, loss: int) -> None:  # R-RES-8
    run = bare_run(time=time)
    lose(run, {"time": loss}, "test")
    assert run.state.res["time"] == max(0, time - loss)
    lost = of(run.emitted, ev.Lost)
    assert [e.amounts for e in lost] == ([{"time": min(time, loss)}] if min(time, loss) else [])
