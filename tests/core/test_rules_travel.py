"""The Travel Phase and the monster reveal: R-TRAVEL-1 .. R-TRAVEL-7, R-MONSTER-1."""

from __future__ import annotations

import dataclasses

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import rng
from unbroken.core.game import Game, IllegalAction
from unbroken.core.payment import payment, why_not_pay
from unbroken.core.state import Phase, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, assert_illegal, pass_responses
from unbroken.testing import events_of as of

RULES = load_ruleset()


def monster_rolls(events: list[ev.Event]) -> list[int]:
    return [e.value for e in of(events, ev.DieRolled) if e.purpose == "monster"]


# --------------------------------------------------------------------------- R-TRAVEL-1


def test_preparation_takes_actions_one_at_a_time_each_paid_at_once() -> None:  # R-TRAVEL-1
    g = Scenario("caellahan").resources(se=13, me=2).start("preparation")
    out = g.apply(act.Focus())
    assert of(out, ev.Spent) == [ev.Spent({"se": 4}, "focus")]
    assert of(out, ev.Gained) == [ev.Gained({"me": 1}, {}, "focus")]
    assert g.decision is not None
    assert g.decision.kind == "preparation" and g.state.step == "preparation"
    out = g.apply(act.Plan())
    assert of(out, ev.Spent) == [ev.Spent({"se": 4}, "plan")]
    assert g.decision.kind == "preparation"
    out = g.apply(act.Inspiration())
    assert of(out, ev.Spent) == [ev.Spent({"me": 2}, "inspiration")]
    out = g.apply(act.Orienteer())
    assert of(out, ev.Spent) == [ev.Spent({"se": 1}, "orienteer")]
    assert g.decision.kind == "preparation"
    assert (g.state.res["se"], g.state.res["me"], g.state.res["le"], g.state.res["cunning"]) == (
        4,
        1,
        1,
        1,
    )


def test_explore_or_fight_ends_preparation_through_the_decision_step() -> None:  # R-TRAVEL-1
    g = Scenario("caellahan").start("preparation")
    out = g.apply(act.Explore())
    steps = of(out, ev.StepEntered)
    assert steps[:2] == [
        ev.StepEntered(Phase.TRAVEL, StepName.DECISION),
        ev.StepEntered(Phase.TRAVEL, StepName.EXPLORATION),
    ]


def test_scout_bringing_time_to_zero_ambushes_at_once() -> None:  # R-TRAVEL-1 R-TRAVEL-3
    g = Scenario("caellahan").resources(se=10, time=1).dice(1).start("preparation")
    out = g.apply(act.Scout())
    assert of(out, ev.Spent) == [ev.Spent({"se": 1, "time": 1}, "scout")]
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    assert g.state.phase == "combat"
    assert g.state.monster is not None
    assert g.state.monster.id == "base:kobold"
    assert ev.Lost({"se": 2}, "base:kobold") in out  # the kobold's ambush


def test_craft_bringing_time_to_zero_ambushes_at_once() -> None:  # R-TRAVEL-1 R-TRAVEL-2
    g = Scenario("caellahan").resources(se=10, metal=1, time=1).monster("kobold").start()
    out = g.apply(act.Craft("base:knife"))
    assert of(out, ev.Spent) == [ev.Spent({"metal": 1, "time": 1}, "craft")]
    assert g.state.weapons == ["base:bare-hands", "base:knife"]
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    assert of(out, ev.StepEntered)[0] == ev.StepEntered(Phase.COMBAT, StepName.AMBUSH)


def test_character_travel_action_spending_the_last_time_ambushes() -> None:  # R-TRAVEL-1
    g = Scenario("kirilla-el-kaer").resources(se=10, time=2).monster("kobold").start()
    out = g.apply(act.Use("base:hunter", "forage"))
    assert ev.Gained({"food": 1}, {}, "base:hunter") in out  # the gain comes first
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out


def test_action_leaving_time_above_zero_stays_in_preparation() -> None:  # R-TRAVEL-1
    g = Scenario("caellahan").resources(metal=1, time=2).start()
    g.apply(act.Craft("base:knife"))
    assert g.state.res["time"] == 1
    assert g.decision is not None
    assert g.decision.kind == "preparation"
    assert g.state.phase == "travel"


# --------------------------------------------------------------------------- R-TRAVEL-2


def test_general_action_amounts() -> None:  # R-TRAVEL-2
    st = RULES.settings
    assert (st.focus, st.focus_gain) == ({"se": 4}, {"me": 1})
    assert (st.inspiration, st.inspiration_gain) == ({"me": 2}, {"le": 1})
    assert (st.plan, st.plan_gain) == ({"se": 4}, {"cunning": 1})
    g = Scenario("caellahan").resources(se=8, me=2).start()
    g.apply(act.Inspiration())
    assert (g.state.res["me"], g.state.res["le"]) == (0, 1)


def test_craft_pays_the_listed_upgrade_and_stacks_the_weapon() -> None:  # R-TRAVEL-2
    g = Scenario("caellahan").resources(wood=2, metal=2, time=7).start()
    legal = g.legal_actions()
    assert act.Craft("base:club") in legal and act.Craft("base:knife") in legal
    out = g.apply(act.Craft("base:club"))
    assert of(out, ev.Spent) == [ev.Spent({"wood": 1, "time": 1}, "craft")]
    assert g.state.weapons == ["base:bare-hands", "base:club"]
    # The club lists axe (wood 1, metal 1, time 2) and maul (wood 2, metal 1, time 2).
    legal = g.legal_actions()
    assert act.Craft("base:axe") in legal and act.Craft("base:maul") not in legal
    assert act.Craft("base:knife") not in legal  # only upgrades of the current weapon
    g.apply(act.Craft("base:axe"))
    assert g.state.weapons == ["base:bare-hands", "base:club", "base:axe"]
    assert (g.state.res["wood"], g.state.res["metal"], g.state.res["time"]) == (0, 1, 4)


def test_downgrade_returns_the_top_weapon_for_free() -> None:  # R-TRAVEL-2
    g = Scenario("caellahan").weapon("knife", "sword").start()
    before = dict(g.state.res)
    out = g.apply(act.Downgrade())
    assert g.state.weapons == ["base:bare-hands", "base:knife"]
    assert not of(out, ev.Spent) and g.state.res == before
    g.apply(act.Downgrade())
    assert g.state.weapons == ["base:bare-hands"]
    assert act.Downgrade() not in g.legal_actions()  # never Bare Hands
    assert_illegal(g, act.Downgrade())


def test_general_actions_also_in_battle_travel_actions_not() -> None:  # R-TRAVEL-2 R-TRAVEL-3
    cold_logic = next(a for a in RULES.classes["base:sage"].abilities if a.id == "cold-logic")
    cunning = cold_logic.cost["cunning"]
    g = (
        Scenario("tomu")
        .resources(se=10, me=2, cunning=cunning, metal=1, wood=1)
        .weapon("club")
        .monster("hyena")
        .start("battle")
    )
    pass_responses(g)
    legal = g.legal_actions()
    for a in (act.Focus(), act.Inspiration(), act.Plan(), act.Downgrade(), act.Craft("base:axe")):
        assert a in legal, a
    assert act.Use("base:sage", "cold-logic") in legal  # marked General
    assert act.Use("base:sage", "dangerous-idea") not in legal  # marked Travel
    assert act.Orienteer() not in legal and act.Scout() not in legal
    assert_illegal(g, act.Orienteer())
    p = Scenario("tomu").resources(cunning=cunning).start()
    assert act.Use("base:sage", "cold-logic") in p.legal_actions()
    assert act.Use("base:sage", "dangerous-idea") in p.legal_actions()


# --------------------------------------------------------------------------- R-TRAVEL-3


def test_orienteer_reveals_two_more() -> None:  # R-TRAVEL-3
    g = Scenario("caellahan").start()
    g.apply(act.Orienteer())
    out = g.apply(act.Explore())
    assert len(of(out, ev.EncountersRevealed)[0].cards) == 4
    assert len(g.state.revealed) == 4


def test_orienteers_add_up_and_are_used_once() -> None:  # R-TRAVEL-3
    g = Scenario("caellahan").resources(se=13, time=20).start()
    g.apply(act.Orienteer())
    g.apply(act.Orienteer())
    g.apply(act.Orienteer())
    assert g.state.res["se"] == 10
    g.apply(act.Explore())
    assert len(g.state.revealed) == 8
    g.apply(act.ChooseEncounter(g.state.revealed[0]))
    g.apply(act.Rest())
    assert g.decision is not None
    assert g.decision.kind == "preparation"
    g.apply(act.Explore())
    assert len(g.state.revealed) == 2


@pytest.mark.parametrize(
    "level,cost",
    [
        (1, {"se": 1, "time": 1}),
        (2, {"se": 2, "time": 2}),
        (3, {"cunning": 1, "time": 1}),
        (4, {"cunning": 1, "se": 2, "time": 2}),
    ],
)
def test_scout_cost_by_level(level: int, cost: dict[str, int]) -> None:  # R-TRAVEL-3
    g = Scenario("caellahan", level=level).resources(se=10, cunning=2).dice(3).start()
    before = dict(g.state.res)
    out = g.apply(act.Scout())
    assert of(out, ev.Spent) == [ev.Spent(cost, "scout")]
    for k, n in before.items():
        assert g.state.res[k] == n - cost.get(k, 0)
    assert g.state.monster is not None
    assert g.decision is not None
    assert g.decision.kind == "preparation"


def test_scout_needs_its_cost() -> None:  # R-TRAVEL-3
    g = Scenario("caellahan", level=3).resources(se=10, cunning=0).start()
    assert act.Scout() not in g.legal_actions()
    assert_illegal(g, act.Scout())
    g = Scenario("caellahan", level=4).resources(se=1, me=0, le=0, cunning=1).start()
    assert act.Scout() not in g.legal_actions()
    g = Scenario("caellahan", level=4).resources(se=0, me=2, cunning=1).dice(1).start()
    out = g.apply(act.Scout())  # the 2 SE substituted by ME
    assert of(out, ev.Spent) == [ev.Spent({"cunning": 1, "me": 2, "time": 2}, "scout")]


def test_scout_only_while_the_monster_is_unrevealed() -> None:  # R-TRAVEL-3
    g = Scenario("caellahan").resources(se=10).dice(2).start()
    assert act.Scout() in g.legal_actions()
    g.apply(act.Scout())
    assert act.Scout() not in g.legal_actions()
    assert_illegal(g, act.Scout())
    g = Scenario("caellahan").monster("hyena").start()
    assert act.Scout() not in g.legal_actions()


def test_scouting_does_not_prevent_the_ambush() -> None:  # R-TRAVEL-3
    g = (
        Scenario("caellahan")
        .resources(se=10, time=3)
        .encounters("rusted-cage", "metal-scraps")  # time 4
        .dice(1)
        .start()
    )
    g.apply(act.Scout())
    assert g.state.monster is not None
    assert g.state.monster.id == "base:kobold"
    g.apply(act.Explore())
    g.apply(act.ChooseEncounter("base:rusted-cage"))
    out = g.apply(act.Rest())
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    assert ev.Lost({"se": 2}, "base:kobold") in out  # the ambush effect still applies
    assert monster_rolls(g.events) == [1]  # no second reveal


# --------------------------------------------------------------------------- R-TRAVEL-4


def test_explore_goes_to_exploration() -> None:  # R-TRAVEL-4
    g = Scenario("caellahan").encounters("metal-scraps", "sickly-berries").start()
    assert act.Explore() in g.legal_actions() and act.Fight() in g.legal_actions()
    g.apply(act.Explore())
    assert g.state.step == "exploration"
    assert g.decision is not None
    assert g.decision.kind == "choose_encounter"
    assert g.state.revealed == ["base:metal-scraps", "base:sickly-berries"]


def test_fight_now_goes_to_trickery() -> None:  # R-TRAVEL-4
    g = Scenario("caellahan").resources(cunning=2).dice(1).start()
    out = g.apply(act.Fight())
    steps = of(out, ev.StepEntered)
    assert steps[:2] == [
        ev.StepEntered(Phase.TRAVEL, StepName.DECISION),
        ev.StepEntered(Phase.COMBAT, StepName.TRICKERY),
    ]
    assert g.decision is not None
    assert g.decision.kind == "trickery"  # kobold: 2 cunning
    assert g.state.monster is not None
    assert g.state.monster.id == "base:kobold"


def test_committed_player_cannot_fight_now() -> None:  # R-TRAVEL-4 R-TRAVEL-7
    g = Scenario("caellahan").commit().start()
    assert act.Fight() not in g.legal_actions()
    assert act.Explore() in g.legal_actions()
    assert_illegal(g, act.Fight())


# --------------------------------------------------------------------------- R-TRAVEL-5


def test_reveal_two_keep_one_discard_the_rest() -> None:  # R-TRAVEL-5
    g = Scenario("caellahan").encounters("metal-scraps", "sickly-berries").start("exploration")
    top = list(g.state.encounter_deck[:3])
    assert g.legal_actions() == [
        act.ChooseEncounter("base:metal-scraps"),
        act.ChooseEncounter("base:sickly-berries"),
    ]
    out = g.apply(act.ChooseEncounter("base:sickly-berries"))
    assert of(out, ev.EncounterChosen) == [
        ev.EncounterChosen("base:sickly-berries", ["base:metal-scraps"])
    ]
    assert g.state.encounter_discard == ["base:metal-scraps"]
    assert g.state.chosen == "base:sickly-berries"
    assert g.state.encounter_deck[:3] == top  # nothing else drawn
    assert g.legal_actions() == [act.Resolve(), act.Rest()]
    assert_illegal(g, act.ChooseEncounter("base:metal-scraps"))


def test_resolve_pays_spend_and_gains_gain() -> None:  # R-TRAVEL-5
    g = (
        Scenario("caellahan")
        .resources(se=5, treasure=1)
        .encounters("bribing-the-whelps", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:bribing-the-whelps"))
    out = g.apply(act.Resolve())
    assert of(out, ev.Spent) == [ev.Spent({"treasure": 1}, "base:bribing-the-whelps")]
    assert of(out, ev.Gained) == [ev.Gained({"cunning": 1, "se": 2}, {}, "base:bribing-the-whelps")]
    assert (g.state.res["treasure"], g.state.res["cunning"], g.state.res["se"]) == (0, 1, 7)


def test_resolve_only_if_spend_is_affordable() -> None:  # R-TRAVEL-5
    g = (
        Scenario("caellahan")
        .resources(food=0)
        .encounters("starving-goblins", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:starving-goblins"))
    assert g.legal_actions() == [act.Rest()]
    assert_illegal(g, act.Resolve())


def test_rest_gains_se_equal_to_time_value() -> None:  # R-TRAVEL-5
    g = (
        Scenario("caellahan")
        .resources(se=3)
        .encounters("curious-tracks", "metal-scraps")  # time 5
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:curious-tracks"))
    out = g.apply(act.Rest())
    assert of(out, ev.Rested) == [ev.Rested("base:curious-tracks")]
    assert of(out, ev.Gained) == [ev.Gained({"se": 5}, {}, "base:curious-tracks")]
    assert not of(out, ev.Spent)
    assert g.state.res["se"] == 8 and g.state.res["cunning"] == 0


def test_reveal_modifiers_have_a_minimum_of_one() -> None:  # R-TRAVEL-5
    g = Scenario("caellahan").condition("crippled").start("exploration")
    assert len(g.state.revealed) == 1
    g = Scenario("caellahan").condition("crippled").condition("crippled").start("exploration")
    assert len(g.state.revealed) == 1
    g = Scenario("caellahan").condition("crippled").start()
    g.apply(act.Orienteer())
    g.apply(act.Explore())
    assert len(g.state.revealed) == 3


def test_other_reveal_modifiers_add() -> None:  # R-TRAVEL-5
    g = Scenario("maxyn-zenma").start()
    g.apply(act.Use("base:sneak", "take-a-peek"))
    g.apply(act.Orienteer())
    g.apply(act.Explore())
    assert len(g.state.revealed) == 5


# --------------------------------------------------------------------------- R-TRAVEL-6


def test_time_lost_and_card_discarded_then_back_to_preparation() -> None:  # R-TRAVEL-6
    g = (
        Scenario("caellahan")
        .resources(time=7)
        .encounters("steep-ledge", "metal-scraps")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:steep-ledge"))
    out = g.apply(act.Resolve())
    kinds = [type(e) for e in out]
    assert kinds.index(ev.Gained) < kinds.index(ev.EncounterDiscarded) < kinds.index(ev.Lost)
    assert ev.Lost({"time": 3}, "base:steep-ledge") in out
    assert g.state.res["time"] == 4
    assert g.state.encounter_discard == ["base:metal-scraps", "base:steep-ledge"]
    assert g.state.chosen == ""
    assert g.decision is not None
    assert g.decision.kind == "preparation" and g.state.phase == "travel"


def test_full_benefit_even_when_time_goes_below_zero() -> None:  # R-TRAVEL-6
    g = (
        Scenario("caellahan")
        .resources(se=5, me=1, time=1)
        .encounters("boar-ambush", "metal-scraps")  # spend 1 ME, gain 3 food, time 4
        .monster("hyena")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:boar-ambush"))
    out = g.apply(act.Resolve())
    assert ev.Gained({"food": 3}, {}, "base:boar-ambush") in out
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    # The hyena's ambush takes 1 of the 3 food gained.
    assert g.state.res["food"] == 2


def test_rest_full_benefit_even_when_time_runs_out() -> None:  # R-TRAVEL-6
    g = (
        Scenario("caellahan")
        .resources(se=2, time=1)
        .encounters("rusted-cage", "metal-scraps")  # time 4
        .monster("hyena")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:rusted-cage"))
    out = g.apply(act.Rest())
    assert ev.Gained({"se": 4}, {}, "base:rusted-cage") in out
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out


def test_time_reaching_exactly_zero_ambushes() -> None:  # R-TRAVEL-6
    g = (
        Scenario("caellahan")
        .resources(time=1)
        .encounters("metal-scraps", "sickly-berries")
        .monster("gibberling")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:metal-scraps"))
    out = g.apply(act.Resolve())
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    assert ev.Lost({"se": 3}, "base:gibberling") in out
    assert g.state.step == "battle"


def test_time_above_zero_does_not_ambush() -> None:  # R-TRAVEL-6
    g = (
        Scenario("caellahan")
        .resources(time=2)
        .encounters("metal-scraps", "sickly-berries")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:metal-scraps"))
    out = g.apply(act.Resolve())
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) not in out
    assert g.decision is not None
    assert g.state.res["time"] == 1 and g.decision.kind == "preparation"


def test_empty_deck_reshuffles_the_discard_seeded() -> None:  # R-TRAVEL-6
    # A 17-name deck (21 cards, an odd number): draining all 88 would cost more SE than the cap.
    small = dataclasses.replace(RULES, encounters=dict(list(RULES.encounters.items())[:17]))
    g = Scenario("caellahan", seed=77, ruleset=small).resources(se=20, time=31).start()
    total = len(g.state.encounter_deck)
    for _ in range(total // 2 - 1):
        g.apply(act.Orienteer())
    g.apply(act.Explore())
    assert len(g.state.revealed) == total - 1
    g.apply(act.ChooseEncounter(g.state.revealed[0]))
    g.apply(act.Rest())
    assert g.decision is not None
    assert g.decision.kind == "preparation"
    assert len(g.state.encounter_deck) == 1
    last = g.state.encounter_deck[0]
    discard = list(g.state.encounter_discard)
    assert len(discard) == total - 1
    counter = g.state.counters["encounters"]
    out = g.apply(act.Explore())
    shuffles = of(out, ev.DeckShuffled)
    assert len(shuffles) == 1 and shuffles[0].from_discard and shuffles[0].deck == "encounters"
    order = shuffles[0].order
    assert sorted(order) == sorted(discard)
    assert order == rng.shuffled(77, "encounters", counter, discard)
    assert g.state.revealed == [last, order[0]]
    assert g.state.encounter_deck == order[1:]
    assert g.state.encounter_discard == []
    revealed = of(out, ev.EncountersRevealed)
    assert [r.cards for r in revealed] == [[last], [order[0]]]


# --------------------------------------------------------------------------- R-TRAVEL-7


def test_commit_card_commits_to_the_next_encounter() -> None:  # R-TRAVEL-7
    g = Scenario("caellahan").encounters("eavesdropping", "metal-scraps").start("exploration")
    g.apply(act.ChooseEncounter("base:eavesdropping"))
    out = g.apply(act.Resolve())
    assert ev.CommitSet(True) in out
    assert g.state.committed is True
    assert act.Fight() not in g.legal_actions()


def test_committed_exploration_reveals_exactly_one_despite_modifiers() -> None:  # R-TRAVEL-7
    g = Scenario("maxyn-zenma").commit().start()
    g.apply(act.Orienteer())
    g.apply(act.Orienteer())
    g.apply(act.Use("base:sneak", "take-a-peek"))
    g.apply(act.Explore())
    assert len(g.state.revealed) == 1
    g = Scenario("caellahan").commit().condition("crippled").start("exploration")
    assert len(g.state.revealed) == 1


def test_committed_card_must_be_resolved_no_rest() -> None:  # R-TRAVEL-7
    g = Scenario("caellahan").commit().encounters("metal-scraps").start("exploration")
    g.apply(act.ChooseEncounter("base:metal-scraps"))
    assert g.legal_actions() == [act.Resolve()]
    assert_illegal(g, act.Rest())
    out = g.apply(act.Resolve())
    assert ev.CommitSet(False) in out
    assert ev.Gained({"metal": 1}, {}, "base:metal-scraps") in out
    assert g.state.committed is False
    assert act.Fight() in g.legal_actions()


def test_committed_card_that_cannot_be_paid_gives_nothing_but_costs_time() -> None:  # R-TRAVEL-7
    g = (
        Scenario("caellahan")
        .resources(se=5, food=0, time=7)
        .commit()
        .encounters("starving-goblins")  # spend 1 food, gain 2 cunning, time 3
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:starving-goblins"))
    assert g.legal_actions() == [act.Forfeit()]
    assert_illegal(g, act.Rest())
    assert_illegal(g, act.Resolve())
    before = dict(g.state.res)
    out = g.apply(act.Forfeit())
    assert of(out, ev.Gained) == [] and of(out, ev.Spent) == []
    assert ev.EncounterResolved("base:starving-goblins", paid=False) in out
    assert of(out, ev.Lost) == [ev.Lost({"time": 3}, "base:starving-goblins")]
    assert g.state.res == {**before, "time": 4}
    assert g.state.committed is False
    assert "base:starving-goblins" in g.state.encounter_discard
    assert g.decision is not None
    assert g.decision.kind == "preparation"


def test_forfeit_can_still_run_out_the_time() -> None:  # R-TRAVEL-7 R-TRAVEL-6
    g = (
        Scenario("caellahan")
        .resources(se=5, time=2, le=0)
        .commit()
        .encounters("mumbling-kobold")  # spend 1 LE, time 2
        .monster("kobold")
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:mumbling-kobold"))
    out = g.apply(act.Forfeit())
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out


def test_committed_commit_card_commits_again() -> None:  # R-TRAVEL-7
    g = Scenario("caellahan").commit().encounters("discarded-weaponry").start("exploration")
    g.apply(act.ChooseEncounter("base:discarded-weaponry"))
    g.apply(act.Resolve())
    assert g.state.committed is True
    assert act.Fight() not in g.legal_actions()


# --------------------------------------------------------------------------- R-MONSTER-1


@pytest.mark.parametrize("level", [1, 2, 3, 4])
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_monster_is_the_one_with_the_die_number(level: int, face: int) -> None:  # R-MONSTER-1
    g = Scenario("caellahan", level=level).resources(se=10, cunning=2).dice(face).start()
    out = g.apply(act.Scout())
    (sheet,) = [mo for mo in RULES.monsters.values() if mo.level == level and mo.number == face]
    assert monster_rolls(out) == [face]
    assert of(out, ev.MonsterRevealed) == [ev.MonsterRevealed(sheet.id, sheet.armor, sheet.health)]
    mo = g.state.monster
    assert mo is not None
    assert (mo.id, mo.armor, mo.max_armor, mo.health, mo.max_health) == (
        sheet.id,
        sheet.armor,
        sheet.armor,
        sheet.health,
        sheet.health,
    )


def test_six_monsters_numbered_one_to_six_per_level() -> None:  # R-MONSTER-1
    for level in (1, 2, 3, 4):
        assert sorted(RULES.monsters_of_level(level)) == [1, 2, 3, 4, 5, 6]


def test_fight_now_reveals_by_die() -> None:  # R-MONSTER-1
    g = Scenario("caellahan", level=2).dice(4).start()
    out = g.apply(act.Fight())
    assert monster_rolls(out) == [4]
    assert g.state.monster is not None
    assert g.state.monster.id == "base:gremlin"


def test_ambush_reveals_by_die() -> None:  # R-MONSTER-1
    g = (
        Scenario("caellahan", level=3)
        .resources(time=1, metal=1)
        .encounters("metal-scraps", "sickly-berries")
        .dice(4)
        .start("exploration")
    )
    g.apply(act.ChooseEncounter("base:metal-scraps"))
    out = g.apply(act.Resolve())
    assert monster_rolls(out) == [4]
    assert g.state.monster is not None
    assert g.state.monster.id == "base:hobgoblin"


def test_revealed_monster_stays_revealed_for_the_level() -> None:  # R-MONSTER-1
    g = Scenario("caellahan").resources(se=10, cunning=2).dice(5).start()
    g.apply(act.Scout())
    assert g.state.monster is not None
    assert g.state.monster.id == "base:shrieking-fungus"
    g.apply(act.Explore())
    g.apply(act.ChooseEncounter(g.state.revealed[0]))
    g.apply(act.Rest())
    assert g.decision is not None
    if g.decision.kind == "preparation":
        g.apply(act.Fight())
    assert monster_rolls(g.events) == [5]
    assert g.state.monster.id == "base:shrieking-fungus"


def test_next_level_reveals_a_new_monster() -> None:  # R-MONSTER-1
    g = Scenario("caellahan").resources(se=10, food=1).monster("kobold").dice(2).start("hunger")
    g.apply(act.Eat(1))
    pass_responses(g)
    assert (g.state.level, g.state.monster) == (2, None)
    assert act.Scout() in g.legal_actions()
    g.apply(act.Scout())
    assert g.state.monster is not None
    assert g.state.monster.id == "base:bear"


# --------------------------------------------------------------------------- R-TRAVEL-8


def test_orienteer_unused_at_the_fight_does_not_carry_into_the_next_level() -> None:  # R-TRAVEL-8
    g = Scenario("caellahan").resources(se=13, food=4).monster("kobold").dice(*[1] * 30).start()
    g.apply(act.Orienteer())
    assert g.state.reveal_bonus == 2
    out = g.apply(act.Fight())
    assert ev.RevealBonus(0) in out  # lost as the Travel Phase ends
    assert g.state.reveal_bonus == 0
    while g.state.level == 1:  # fight it out (a Kobold against rolls of 1), eat, level up
        pass_responses(g)
        legal = g.legal_actions()
        attack = [a for a in legal if isinstance(a, act.Attack)]
        g.apply(attack[0] if attack else legal[0])
    assert g.state.level == 2
    while g.decision is not None and g.decision.kind != "preparation":
        g.apply(g.legal_actions()[0])
    out = g.apply(act.Explore())
    assert len(of(out, ev.EncountersRevealed)[0].cards) == RULES.settings.reveal


def test_orienteer_used_in_the_same_level_still_reveals_more() -> None:  # R-TRAVEL-8
    g = Scenario("caellahan").resources(se=13, time=20).start()
    g.apply(act.Orienteer())
    g.apply(act.Plan())  # another action in between: the bonus waits for the Exploration
    out = g.apply(act.Explore())
    assert len(of(out, ev.EncountersRevealed)[0].cards) == RULES.settings.reveal + 2


# --------------------------------------------------------------------------- R-TRAVEL-9


def why_dimmed(game: Game, action: act.Action) -> str:
    """Return the reason the game lists `action` dimmed with ("" when it can be taken)."""
    return dict(game.options()).get(action, "missing")


def refused_with(game: Game, action: act.Action) -> str:
    """Return the message `Game.apply` refuses `action` with, the game unchanged."""
    assert_illegal(game, action)
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    return str(refused.value)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_scout_needs_its_time_in_full(level: int) -> None:  # R-TRAVEL-9 R-TRAVEL-3
    need = RULES.settings.scout_cost[level - 1]["time"]
    short = Scenario("caellahan", level=level).resources(se=10, cunning=2, time=need - 1).start()
    reason = f"needs {need} time, {need - 1} left"
    assert why_dimmed(short, act.Scout()) == reason
    assert reason in refused_with(short, act.Scout())
    # Exactly the time left is legal, paid in full, and ambushes (R-TRAVEL-1).
    exact = (
        Scenario("caellahan", level=level).resources(se=10, cunning=2, time=need).dice(3).start()
    )
    assert why_dimmed(exact, act.Scout()) == ""
    out = exact.apply(act.Scout())
    assert of(out, ev.Spent)[0].amounts["time"] == need
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out


def test_craft_in_travel_needs_its_time_in_full() -> None:  # R-TRAVEL-9 R-WEAPON-3
    # Knife -> Sword costs 2 metal and 2 time.
    g = Scenario("caellahan").resources(metal=2, time=1).weapon("knife").start()
    assert why_dimmed(g, act.Craft("base:sword")) == "needs 2 time, 1 left"
    assert "needs 2 time, 1 left" in refused_with(g, act.Craft("base:sword"))
    g = Scenario("caellahan").resources(metal=2, time=2).weapon("knife").dice(3).start()
    out = g.apply(act.Craft("base:sword"))
    assert of(out, ev.Spent) == [ev.Spent({"metal": 2, "time": 2}, "craft")]
    assert g.state.weapons[-1] == "base:sword"


def test_the_hunters_forage_needs_its_time_in_full() -> None:  # R-TRAVEL-9
    forage = act.Use("base:hunter", "forage")
    g = Scenario("kirilla-el-kaer").resources(se=10, time=1).monster("kobold").start()
    assert why_dimmed(g, forage) == "needs 2 time, 1 left"
    assert "needs 2 time, 1 left" in refused_with(g, forage)
    assert g.state.res.get("food", 0) == 0
    g = Scenario("kirilla-el-kaer").resources(se=10, time=2).monster("kobold").start()
    out = g.apply(forage)
    assert ev.Gained({"food": 1}, {}, "base:hunter") in out
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out


def test_the_trappers_set_traps_needs_its_time_in_full() -> None:  # R-TRAVEL-9
    traps = act.Use("base:trapper", "trapper-set-traps")
    g = Scenario("caellahan").skills("trapper").resources(wood=1, time=1).dice(3).start()
    assert why_dimmed(g, traps) == ""  # exactly the time left: legal, and it ambushes
    out = g.apply(traps)
    assert of(out, ev.Spent)[0].amounts == {"wood": 1, "time": 1}
    assert ev.StepEntered(Phase.COMBAT, StepName.AMBUSH) in out
    # With the time gone (a loss in the Exploration step can leave 0), it is dimmed.
    g = Scenario("caellahan").skills("trapper").resources(wood=1, time=0).start()
    if g.decision is not None and g.decision.kind == "preparation":
        assert why_dimmed(g, traps) == "needs 1 time, 0 left"
    assert why_not_pay(g.state, {"wood": 1, "time": 1}) == "needs 1 time, 0 left"


def test_every_time_cost_in_the_base_content_is_paid_in_full() -> None:  # R-TRAVEL-9
    # Every action with a time cost, one time short: listed dimmed with the reason.
    costs = [("scout", RULES.settings.scout_cost[0])]
    costs += [
        (f"craft {up.to}", up.cost)
        for w in RULES.weapons.values()
        for up in w.upgrades
        if up.cost.get("time")
    ]
    costs += [
        (f"{card} {ab.id}", ab.cost)
        for card, abilities in (
            *((c.id, c.abilities) for c in RULES.classes.values()),
            *((s.id, s.abilities) for s in RULES.skills.values()),
        )
        for ab in abilities
        if ab.cost.get("time")
    ]
    assert len(costs) >= 9, costs  # scout, six crafts, Forage, Set Traps
    for name, cost in costs:
        need = cost["time"]
        held = {"se": 10, **{k: n for k, n in cost.items() if k != "time"}}  # time alone short
        short = Scenario("caellahan").resources(time=need - 1, **held).start()
        assert payment_reason(short, cost) == f"needs {need} time, {need - 1} left", name


def payment_reason(game: Game, cost: dict[str, int]) -> str:
    """Return why the game says `cost` cannot be paid now ("" when it can)."""
    return why_not_pay(game.state, cost)


def test_losses_of_time_still_stop_at_zero() -> None:  # R-TRAVEL-9 R-RES-8
    g = Scenario("caellahan").resources(time=1).start()
    assert payment(g.state, {"time": 3}) is None  # a cost: in full or not at all
    assert payment(g.state, {"time": 3}, loss=True) == {"time": 1}  # a loss: down to 0
