"""The quick legality check (legality.allows) says exactly what the list of legal actions says."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import A_GAME, CHARACTERS, RULES, play_randomly

from unbroken.core import actions as act
from unbroken.core.actions import Action
from unbroken.core.game import Game, IllegalAction
from unbroken.core.hand import Hand
from unbroken.core.legality import allows
from unbroken.core.resolver import Resolver
from unbroken.core.state import Phase, StepName


def candidates(game: Game) -> list[Action]:
    """Return the legal actions and many that are not: every kind, with ids from the cards."""
    r = RULES
    s = game.state
    abilities = [
        (card.id, a.id)
        for table in (r.classes, r.skills, r.conditions, r.monsters)
        for card in table.values()
        for a in card.abilities
    ]
    attacks = {a.id for w in r.weapons.values() for a in w.attacks}
    cards = [*s.revealed, *s.choices, *list(r.encounters)[:5], *list(r.skills)[:5]]
    return [
        *game.legal_actions(),
        act.Focus(),
        act.Inspiration(),
        act.Plan(),
        act.Downgrade(),
        act.Orienteer(),
        act.Scout(),
        act.Explore(),
        act.Fight(),
        act.Resolve(),
        act.Rest(),
        act.Forfeit(),
        act.Trick(),
        act.Skip(),
        act.Pass(),
        act.PayInstead(),
        act.Roll(),
        *(act.Craft(w) for w in r.weapons),
        *(act.Use(source, ability) for source, ability in abilities),
        *(act.Attack(a) for a in sorted(attacks)),
        *(act.ChooseEncounter(c) for c in cards),
        *(act.ChooseSkill(c) for c in cards),
        *(act.ChooseWeapon(w) for w in r.weapons),
        *(act.ChooseCondition(c) for c in r.conditions),
        *(act.PickRoll(v) for v in range(0, 8)),
        *(act.Eat(n) for n in range(0, 8)),
    ]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_allows_agrees_with_the_legal_list_at_every_decision(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    # R-DIGI-3: an action is accepted exactly when it is one of the legal choices.
    def check(game: Game) -> None:
        legal = game.legal_actions()
        run = Resolver(RULES, game.state)
        for action in candidates(game):
            assert allows(run, action) == (action in legal), (game.decision, action)

    play_randomly(Game.new(RULES, character, difficulty, seed), data, before=check)


def test_apply_refuses_an_illegal_action_without_listing_first() -> None:
    # R-DIGI-3: apply() checks legality itself (a replay never asks for the list first).
    game = Game.new(RULES, character=CHARACTERS[0], seed=5)
    game.apply(game.legal_actions()[0])
    while game.decision is not None and game.decision.kind != "preparation":
        game.apply(game.legal_actions()[0])
    before = list(game.events)
    fresh = Game(RULES, game.state, game.events)  # no cached list of legal actions
    try:
        fresh.apply(act.Attack("swing"))
    except IllegalAction as exc:
        assert "not possible now" in str(exc) or "not one of the choices" in str(exc)
    else:
        raise AssertionError("an attack during Preparation was accepted")
    assert fresh.events == before
    fresh.apply(act.Explore())
    assert fresh.state.step == "exploration" or fresh.decision is not None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_the_kept_hand_is_always_the_cards_in_play(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    # R-EFFECT-1: the abilities the engine uses are those of the cards in play at that moment,
    # although a Resolver keeps them until an event changes the cards.
    checked = 0
    original = Resolver.hand

    def hand(run: Resolver) -> Hand:
        nonlocal checked
        kept = original(run)
        assert kept.in_play == RULES.hand(run.cards_in_play()).in_play, run.cards_in_play()
        checked += 1
        return kept

    Resolver.hand = hand  # type: ignore[method-assign,assignment]  # a spy, put back below
    try:
        play_randomly(Game.new(RULES, character, difficulty, seed), data)
    finally:
        Resolver.hand = original  # type: ignore[method-assign]  # the method, put back
    assert checked > 0


def test_every_event_that_changes_the_cards_in_play_refreshes_the_kept_hand() -> None:
    # R-EFFECT-1: a skill kept, a condition gained or lost, a monster met or gone
    # (and the step that brings it into combat) change the abilities at once.
    from unbroken.core import events as ev

    game = Game.new(RULES, character=CHARACTERS[0], seed=11)
    run = Resolver(RULES, game.state)
    skill = next(s for s in sorted(RULES.skills) if s not in game.state.skills)
    condition = next(c for c in sorted(RULES.conditions) if RULES.conditions[c].abilities)
    monster = next(mid for mid in sorted(RULES.monsters) if RULES.monsters[mid].abilities)
    steps: list[
        tuple[ev.Event, bool]
    ] = [  # each changes the cards in play, but a monster met outside combat
        (ev.SkillKept(skill, []), True),
        (ev.ConditionGained(condition, True), True),
        (ev.MonsterRevealed(monster, 0, 3), False),
        (ev.StepEntered(Phase.COMBAT, StepName.BATTLE), True),
        (ev.ConditionRemoved(condition, "removed"), True),
        (ev.StepEntered(Phase.TRAVEL, StepName.PREPARATION), True),
        (ev.StepEntered(Phase.COMBAT, StepName.BATTLE), True),
        (ev.MonsterRemoved(monster), True),
    ]
    for event, changes in steps:
        before = run.hand()
        run.emit(event)
        assert run.hand().in_play == RULES.hand(run.cards_in_play()).in_play, event
        assert (run.hand() is not before) == changes, event


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_the_options_are_the_legal_actions_and_keep_their_places(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    # R-DIGI-3: the options a player is shown are the legal actions (in an order of their
    # own), plus the actions they have that cannot be taken now, each with why. The same
    # weapons and cards in play give the same list, so a number keeps its meaning while
    # costs change; in Preparation a new weapon moves only what comes after the abilities.
    seen: dict[tuple[object, ...], list[Action]] = {}

    def check(game: Game) -> None:
        options = game.options()
        takeable = [a for a, why in options if not why]
        legal = game.legal_actions()
        assert len(takeable) == len(legal) and set(takeable) == set(legal)
        run = Resolver(RULES, game.state)
        for action, why in options:
            assert allows(run, action) == (not why), (game.decision, action, why)
        s = game.state
        if s.decision in ("preparation", "player_turn", "extra_attack"):
            key: tuple[object, ...] = (
                s.decision,
                tuple(s.weapons),
                tuple(run.cards_in_play()),
                s.level,
            )
            actions = [a for a, _ in options]
            assert seen.setdefault(key, actions) == actions, key
        if s.decision == "preparation":
            weaponless: list[Action] = [
                a for a, _ in options if not isinstance(a, (act.Craft, act.Downgrade))
            ]
            key = ("before the weapon", tuple(run.cards_in_play()), s.level)
            assert seen.setdefault(key, weaponless) == weaponless, key
            assert [a for a, _ in options][: len(weaponless)] == weaponless  # weapon's last

    play_randomly(Game.new(RULES, character, difficulty, seed), data, before=check)


def test_downgrade_and_skip_keep_their_places_when_a_craft_changes_the_weapon() -> None:
    """The crafts come last in the option lists: crafting moves only them (issue #18)."""
    from unbroken.testing import Scenario

    game = Scenario("tomu", ruleset=RULES).resources(wood=3, metal=3).start("preparation")
    before = [a for a, _ in game.options()]
    crafts = [a for a in before if isinstance(a, act.Craft)]
    assert len(crafts) >= 2 and before[-len(crafts) :] == crafts
    game.apply(crafts[0])
    after = [a for a, _ in game.options()]
    assert after.index(act.Downgrade()) == before.index(act.Downgrade())
    assert after[: after.index(act.Downgrade()) + 1] == before[: before.index(act.Downgrade()) + 1]
    assert after != before  # the crafts of the new weapon replaced the old ones
