"""A row of the monster's table as it would act now (R-BATTLE-6, R-EFFECT-3):
`Query.table_row` against what the engine then does when the monster's roll comes to that
row, on a constructed state (the Vampire against Armored's Plates) and at every decision of
random games, for every row."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import A_GAME, play_randomly

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import steps
from unbroken.core.driver import drive, take
from unbroken.core.game import Game
from unbroken.core.query import RowOutcome
from unbroken.core.resolver import Resolver
from unbroken.core.state import DecisionKind, Phase, copy_state
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario

RULES = load_ruleset()


def rolled(game: Game, roll: int) -> list[ev.Event]:
    """Return the events the engine emits when the monster's combat roll comes to `roll`
    now, its rules run as `Game.apply` runs them (every Response window passed) up to the
    next decision that is not a window."""
    state = copy_state(game.state)
    r = Resolver(game.ruleset, state)
    if state.roll_bonus:
        r.emit(ev.RollBonusSet(0))
    r.emit(ev.RollSet(roll, [], "combat roll"))
    r.push(steps.MONSTER_RESOLVE)
    drive(r)
    events = list(r.emitted)
    for _ in range(8):  # each window passed on a fresh Resolver, as Game.apply takes it
        if state.outcome is not None or state.decision != DecisionKind.RESPONSE:
            break
        r = Resolver(game.ruleset, state)
        take(r, act.Pass())
        events += r.emitted
    return events


def real_row(game: Game, roll: int) -> RowOutcome:
    """Return the row's outcome read off the engine's events (`rolled`)."""
    events = rolled(game, roll)
    result = next(e for e in events if isinstance(e, ev.CombatResult))
    mo = game.state.monster
    assert mo is not None
    if result.ignored or result.rerolled:
        ignored = (("", ""),) if result.ignored else ()  # by which Passive: not in the event
        return RowOutcome(roll, result.result, ignored=ignored, rerolled=result.rerolled)
    # The WOUND losses: each PendingLossSet the row sets, then the Lost paid for it.
    # The WOUND losses: the SE each Lost from the monster asked (as paid, or as asked when
    # substitution paid it otherwise, R-RES-4) once the row's pending loss is cleared to be
    # paid; up to the next roll or turn (the rest of the flow is not the row's).
    lost, pending, paying = 0, False, False
    for e in events[2:]:
        if isinstance(e, ev.RollSet | ev.TurnStarted):
            break
        if isinstance(e, ev.PendingLossSet):
            paying, pending = pending and not e.amount, e.amount > 0
        elif isinstance(e, ev.Lost) and e.source == mo.id and paying:
            lost += (e.asked or e.amounts).get("se", 0)
            paying = False
    return RowOutcome(roll, result.result, loss=lost)


def vampire(*conditions: str) -> Game:
    """Tomu against the Vampire at level 4, at his first battle turn, with `conditions`."""
    scenario = Scenario("tomu", level=4).no_time_track().resources(se=15).monster("vampire")
    for c in conditions:
        scenario = scenario.condition(c)
    return scenario.dice(*[6] * 20).start("battle")


def test_the_vampire_s_wound_rows_lose_one_less_against_armored() -> None:  # R-EFFECT-3
    game = vampire("armored")
    row = game.query().table_row(2)
    assert (row.result, row.printed_loss, row.loss) == ("WOUND", 3, 2)
    assert row.changed_by == (("base:armored", "Plates"),)
    assert real_row(game, 2).loss == 2
    plain = vampire().query().table_row(2)
    assert (plain.printed_loss, plain.loss, plain.changed_by) == (3, 3, ())
    assert real_row(vampire(), 2).loss == 3
    # A MISS and a DAZE (its loss is no WOUND's) are as printed.
    assert game.query().table_row(1) == RowOutcome(1, "MISS")
    assert game.query().table_row(3).loss == 0


def check_rows(game: Game) -> None:
    """At a decision of the battle, every row's outcome equals what the engine does."""
    s = game.state
    if s.phase != Phase.COMBAT or s.monster is None or s.monster.health <= 0:
        return
    if s.decision != DecisionKind.PLAYER_TURN:  # the monster's roll not yet under way
        return
    for roll in range(1, 7):
        said = game.query().table_row(roll)
        real = real_row(game, roll)
        assert bool(said.ignored) == bool(real.ignored), (roll, said, real)
        assert said.rerolled == real.rerolled, (roll, said, real)
        if not (said.ignored or said.rerolled) and not real_row_dies(game, roll):
            assert said.loss == real.loss, (roll, said, real)


def real_row_dies(game: Game, roll: int) -> bool:
    """Return whether the row ends the game (its loss then is no Lost event)."""
    return any(isinstance(e, ev.GameOver) for e in rolled(game, roll))


@settings(max_examples=40, deadline=None)
@given(**A_GAME)
def test_every_row_s_outcome_equals_what_the_engine_does(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:  # R-BATTLE-6, R-EFFECT-3
    play_randomly(Game.new(RULES, character, difficulty, seed), data, check_rows)


def test_a_result_a_passive_ignores_says_so() -> None:  # R-EFFECT-3
    game = (
        Scenario("tomu", level=4)
        .no_time_track()
        .monster("vampire")
        .skills("steady-nerves")
        .dice(*[6] * 20)
        .start("battle")
    )
    daze = game.query().table_row(3)
    assert daze.result == "DAZE"
    assert daze.ignored == (("base:steady-nerves", "Steady Nerves"),)
    assert real_row(game, 3).ignored


#: The Passives and conditions that change a row: ignore a result, lower a WOUND's loss.
CHANGERS = ["steady-nerves", "clear-headed", "iron-grip", "hidden-pockets", "wrecker"]
CONDITIONS = sorted(RULES.conditions)


@settings(max_examples=60, deadline=None)
@given(
    monster=st.sampled_from(sorted(RULES.monsters)),
    skills=st.lists(st.sampled_from(CHANGERS), unique=True, max_size=3),
    conditions=st.lists(st.sampled_from(CONDITIONS), unique=True, max_size=3),
    data=st.data(),
)
def test_rows_against_passives_equal_what_the_engine_does(
    monster: str, skills: list[str], conditions: list[str], data: st.DataObject
) -> None:  # R-BATTLE-6, R-EFFECT-3
    level = RULES.monsters[monster].level
    scenario = Scenario("tomu", level=level).no_time_track().monster(monster).skills(*skills)
    for c in conditions:
        scenario = scenario.condition(c)
    play_randomly(scenario.start("battle"), data, check_rows)
