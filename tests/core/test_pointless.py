"""No pointless questions (R-DIGI-4): the engine's query, case by case and by forking.

The property test plays many random and heuristic games; wherever the query calls a
decision pointless, every other answer (followed through the same window, every
answer tried) is forked and compared with the one taken: the same table results, and
no resource, monster health or use better off.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from unbroken.bots.heuristic import heuristic_bot
from unbroken.bots.registry import Bot
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.pointless import (
    ALREADY_DEFEATED,
    ARMOR_NO_USE,
    AT_CAP,
    IDLE,
    MISSED,
    NO_BETTER,
    NO_EFFECT,
    ONLY_SKIP,
    SAME_RESULT,
    SAME_ROW,
    WORSE,
)
from unbroken.core.reducer import fold
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text

RULES = load_ruleset()
CHARACTERS = sorted(RULES.characters)
DIFFICULTIES = [d.id for d in RULES.settings.difficulties]

# ---------------------------------------------------------------- comparing by forking


class AlignedDice:
    """Die results by purpose and count, so two forks see the same future rolls for the
    same purpose however many dice the other one rolled for something else (a reroll)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.count: dict[str, int] = {}

    def __call__(self, stream: str, purpose: str) -> int:
        k = self.count.get(purpose, 0)
        self.count[purpose] = k + 1
        return random.Random(f"{self.seed}:{stream}:{purpose}:{k}").randint(1, 6)


def fork(game: Game, seed: int) -> Game:
    """Return a fork of `game` rolling AlignedDice(seed)."""
    out = game.fork()
    out.dice = AlignedDice(seed)
    return out


def _trigger(game: Game) -> str | None:
    """Return the Response window (or die choice) waiting now, or None."""
    d = game.decision
    if d is None or d.kind not in ("response", "pick_roll"):
        return None
    return game.state.trigger


#: Events that close a window: the row applied, a loss taken, the monster hit, a new turn.
_PAST_THE_WINDOW = (
    ev.CombatResult,
    ev.Lost,
    ev.MonsterChanged,
    ev.MonsterDefeated,
    ev.TurnStarted,
    ev.RoundStarted,
)


def _leaves(game: Game, trigger: str | None, since: int, depth: int = 0) -> list[Game]:
    """Return the games reached by every way of finishing the window `trigger` (each
    answer tried, a few deep) from a fork that has just answered in it once; the window
    is the same one until an event since `since` goes past it."""
    past = any(isinstance(e, _PAST_THE_WINDOW) for e in game.events[since:])
    if trigger is None or game.is_over or depth >= 3 or past or _trigger(game) != trigger:
        return [game]
    out: list[Game] = []
    for action in game.legal_actions():
        branch = game.fork()
        branch.dice = _copy_dice(game.dice)
        branch.apply(action)
        out.extend(_leaves(branch, trigger, since, depth + 1))
    return out


def _copy_dice(dice: object) -> AlignedDice:
    assert isinstance(dice, AlignedDice)
    copied = AlignedDice(dice.seed)
    copied.count = dict(dice.count)
    return copied


#: Events after which a window's effect is fully applied: the next turn, or the end.
_BOUNDARY = (ev.TurnStarted, ev.RoundStarted, ev.MonsterDefeated)


def _boundary(game: Game, since: int) -> int | None:
    """Return the index of the first boundary event since `since`, or None."""
    for i in range(since, len(game.events)):
        if isinstance(game.events[i], _BOUNDARY):
            return i
    return None


def _settled(game: Game, since: int) -> tuple[Game, int]:
    """Play on (passing every Response, else the first answer) until the window's effect
    is applied, to the next decision; return the game and the end index of the events to
    compare."""
    while not game.is_over and _boundary(game, since) is None:
        legal = game.legal_actions()
        game.apply(act.Pass() if act.Pass() in legal else legal[0])
    end = _boundary(game, since)
    if end is None:
        return game, len(game.events)
    # On to the decision reached (a condition's loss at the turn's start counts), short of
    # any die rolled after the boundary (a common future, not the answer's doing).
    dice = (i for i in range(end, len(game.events)) if isinstance(game.events[i], ev.DieRolled))
    return game, next(dice, len(game.events))


def _does(game: Game, e: ev.CombatResult, at: int) -> str:
    """Return what a combat result's row does: rows are compared by their effects, not
    their names (#28 round 16), but a WOUND's loss is a WOUND's; an ignored row, one
    with no effects, or a heal at full health (round 19; `at`: the event's index) does
    nothing."""
    mo = game.state.monster
    sheet = game.ruleset.monsters.get(mo.id) if mo is not None else None
    if sheet is None:
        return e.result
    row = sheet.table[e.roll - 1]
    if e.ignored or not row.effects:
        return "nothing"
    if all(isinstance(x, m.MonsterHeal) for x in row.effects):
        before = fold(game.events[:at]).monster
        if before is not None and before.health >= before.max_health:
            return "nothing"
    named = f"{row.result}:" if row.result == "WOUND" else ""
    return named + msgspec.json.encode(row.effects).decode()


def _no_better(other: Game, taken: Game, since: int, rows_differ: bool = False) -> str:
    """Return why `other` is better off than `taken` once the window is over ("" when it
    is not): compared on the states right after it, folded from the events. With
    `rows_differ` (the monster missed, or every other row is no better) another answer
    may come to a worse row: only
    what it leaves is compared."""
    other, other_end = _settled(other, since)
    taken, taken_end = _settled(taken, since)
    o_events, t_events = other.events[since:other_end], taken.events[since:taken_end]
    o_state, t_state = fold(other.events[:other_end]), fold(taken.events[:taken_end])
    if t_state.outcome is not None and t_state.outcome.won:
        return ""
    if o_state.outcome is not None:
        return "the other answer won" if o_state.outcome.won else ""
    if t_state.outcome is not None:
        return "the answer taken lost where the other did not"
    results = [
        _does(other, e, since + i) for i, e in enumerate(o_events) if isinstance(e, ev.CombatResult)
    ]
    taken_results = [
        _does(taken, e, since + i) for i, e in enumerate(t_events) if isinstance(e, ev.CombatResult)
    ]
    if results != taken_results and not rows_differ:
        return f"results differ: {results} vs {taken_results}"
    for k, n in o_state.res.items():
        if n > t_state.res.get(k, 0):
            return f"more {k}: {n} vs {t_state.res.get(k, 0)}"
    mo, mt = o_state.monster, t_state.monster
    if mo is not None and mt is not None and mo.health < mt.health:
        return f"the monster has less health: {mo.health} vs {mt.health}"
    if o_state.ability_uses > t_state.ability_uses:
        return "more ability uses"
    return ""


def check_pointless(game: Game) -> str:
    """Check the query at this decision by forking; return why it is pointless ("" when
    the query says it is not)."""
    found = game.pointless()
    if found is None:
        return ""
    answer, why_pointless = found
    legal = game.legal_actions()
    assert answer in legal
    since = len(game.events)
    trigger = _trigger(game)
    dice_seed = len(game.events) * 7919 + game.state.seed % 1000
    for other_action in legal:
        if other_action == answer:
            continue
        first = fork(game, dice_seed)
        first.apply(other_action)
        for leaf in _leaves(first, trigger, since):
            taken = fork(game, dice_seed)
            taken.apply(answer)
            rows_differ = why_pointless in (MISSED, IDLE, WORSE, NO_BETTER)
            why = _no_better(leaf, taken, since, rows_differ)
            assert not why, (
                f"{other_action!r} beats {answer!r} at {game.decision} ({why}); "
                f"seed {game.state.seed}"
            )
    return why_pointless


def play(game: Game, choose: Bot, found: Counter[str]) -> None:
    """Play a game to its end with `choose(game, n)`, checking every pointless decision
    met (counted in `found` by why)."""
    n = 0
    while not game.is_over and n < 600:
        why = check_pointless(game)
        if why:
            found[why] += 1
        game.apply(choose(game, n))
        n += 1


def random_bot(seed: int) -> Bot:
    rnd = random.Random(seed)
    return lambda game, n: rnd.choice(game.legal_actions())


def test_passing_is_never_worse_in_random_and_heuristic_games() -> None:  # R-DIGI-4
    found: Counter[str] = Counter()
    for seed in range(2000):
        character = CHARACTERS[seed % len(CHARACTERS)]
        difficulty = DIFFICULTIES[seed % len(DIFFICULTIES)]
        play(Game.new(RULES, character, difficulty, seed), random_bot(seed), found)
        if seed < 1000:
            game = Game.new(RULES, character, difficulty, 10_000 + seed)
            play(game, heuristic_bot, found)
    # The games met every case the base game has, many times over.
    cases = {SAME_ROW, SAME_RESULT, ALREADY_DEFEATED, ONLY_SKIP, AT_CAP, MISSED, NO_BETTER}
    cases.add(NO_EFFECT)  # Snare against no armor, power a wound cap takes
    cases |= {WORSE, IDLE}  # round 19: the Wyvern's lose 3 SE to 4; a HEAL at full health
    cases.add(ARMOR_NO_USE)  # round 26: Snare with Weak Spot
    assert set(found) == cases, found
    assert min(found.values()) >= 10, found


# ---------------------------------------------------------------- the cases, one by one


def at_monster_roll(character: str, monster: str, roll: int, **res: int) -> Game:
    """A battle where the monster has just rolled `roll` and a Response is offered."""
    game = (
        Scenario(character, level=2)
        .resources(se=10, me=3, **res)
        .monster(monster)
        .dice(roll)  # the monster's combat roll
        .start("battle")
    )
    while game.decision is not None and not (
        game.decision.kind == "response" and game.state.trigger == "after_monster_roll"
    ):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    return game


def first_row_same_as_second(monster: str) -> bool:
    table = RULES.monsters[monster].table
    return table[0] == table[1]


def test_dodge_at_a_roll_of_one_is_pointless() -> None:  # R-DIGI-4
    # Dodge lowers the roll by 1; at 1 it stays 1 (R-EFFECT-4).
    game = at_monster_roll("maxyn-zenma", "goblin", 1)
    assert act.Use("base:sneak", "dodge") in game.legal_actions()
    assert game.state.roll == 1 and game.state.roll_bonus == 0
    assert game.pointless() == (act.Pass(), SAME_ROW)


def test_a_reroll_after_a_miss_is_pointless_and_says_so() -> None:  # R-DIGI-4
    # I've Seen Worse re-rolls the monster's die; the Goblin's 1 is a MISS and every other
    # row only costs (#28 round 4: the game asked "Use a Response?" after the MISS).
    game = at_monster_roll("caellahan", "goblin", 1)
    seen_worse = act.Use("base:brawler", "ive-seen-worse")
    assert seen_worse in game.legal_actions()
    assert game.pointless() == (act.Pass(), MISSED)
    text = option_text(seen_worse, "", game.state, game.ruleset)
    assert text.endswith("(no use now: the monster missed)"), text


def test_a_reroll_after_a_harmless_miss_is_asked_where_a_row_may_help() -> None:
    # The Troglodyte's DAZE trades 1 ME for 2 SE: a re-roll might be wanted, so it is asked.
    game = at_monster_roll("caellahan", "troglodyte", 1)
    rows = [row.result for row in RULES.monsters["base:troglodyte"].table]
    assert rows[0] == "MISS" and "DAZE" in rows, rows
    assert game.pointless() is None


def test_dodge_that_changes_the_row_is_asked() -> None:  # R-DIGI-4
    # The Goblin's 6 (WOUND: lose 2 SE) lowered to 5 (DISARM): a trade, asked.
    game = at_monster_roll("maxyn-zenma", "goblin", 6)
    table = RULES.monsters["base:goblin"].table
    assert table[5] != table[4]
    assert game.pointless() is None


def test_dodge_to_a_row_no_better_is_passed() -> None:  # R-DIGI-4
    # The Goblin's 4 (WOUND: lose 1 SE) lowered to 3 (STEAL, no metal held: lose 3 SE),
    # and the Dodge paid for: no better, so passed (#28 round 5: one rule for every
    # roll window, each other row played out by the forecast).
    game = at_monster_roll("maxyn-zenma", "goblin", 4)
    assert game.state.res.get("metal", 0) == 0
    assert game.pointless() == (act.Pass(), NO_BETTER)
    # At 2 (WOUND: lose 1 SE), a Dodge to the MISS costs the SE it saves and a use.
    assert at_monster_roll("maxyn-zenma", "goblin", 2).pointless() == (act.Pass(), NO_BETTER)


def test_a_single_skip_is_pointless_and_a_real_choice_is_not() -> None:  # R-DIGI-4
    game = Scenario("caellahan", level=2).monster("goblin").start("battle")
    assert game.decision is not None and game.decision.kind == "player_turn"
    assert len(game.legal_actions()) > 1
    assert game.pointless() is None


@pytest.mark.parametrize("seed", range(40))
def test_every_pointless_answer_is_legal_and_passes(seed: int) -> None:  # R-DIGI-4
    # Whatever the query answers is a legal answer that spends nothing.
    game = Game.new(RULES, CHARACTERS[seed % len(CHARACTERS)], "normal", seed)
    rnd = random.Random(seed)
    while not game.is_over:
        found = game.pointless()
        if found is not None:
            answer, why = found
            assert answer in game.legal_actions()
            assert isinstance(answer, (act.Pass, act.Skip, act.PickRoll)), answer
            assert why
            before = dict(game.state.res)
            events = game.fork().apply(answer)
            assert not [e for e in events if isinstance(e, ev.Spent)], (answer, before)
        game.apply(rnd.choice(game.legal_actions()))


def test_a_free_gain_at_its_cap_is_passed_and_marked() -> None:
    # R-DIGI-4, R-RES-2: Light Sleeper's Wide Awake (gain 4 SE on an ambush) with SE at
    # 20/20 gains nothing: passed for the player, and its option says so; below the cap
    # it is a choice.
    from unbroken.words.actions import option_text

    def ambushed(se: int) -> Game:
        return (
            Scenario("tomu")
            .resources(se=se)
            .skills("light-sleeper")
            .monster("goblin")
            .dice(1, 1, 1, 1)
            .start("ambush")
        )

    game = ambushed(20)
    assert game.pointless() == (act.Pass(), AT_CAP)
    use = next(a for a in game.legal_actions() if isinstance(a, act.Use))
    # (Passing now, it is offered again after the Goblin's ambush takes 3 SE: R-EFFECT-2.)
    assert "(no use now: SE is at the cap)" in option_text(use, "", game.state, game.ruleset)
    game = ambushed(15)
    assert game.pointless() is None
    assert "no use now" not in option_text(use, "", game.state, game.ruleset)


def test_a_reroll_after_a_miss_is_passed_when_the_trade_row_would_fall_back() -> None:
    # R-DIGI-4, #28 round 5: the Shaman's CONFUSE trades 1 LE for 2 SE, or costs 3 SE
    # when no LE is held. With no LE every other row only costs: re-rolling the MISS
    # (I've Seen Worse, Lucky Break) can only do as well or worse, so it is passed.
    game = at_monster_roll("caellahan", "shaman", 1, le=0)
    assert act.Use("base:brawler", "ive-seen-worse") in game.legal_actions()
    assert game.pointless() == (act.Pass(), MISSED)
    # Holding 1 LE, CONFUSE is a trade the player may want: asked.
    assert at_monster_roll("caellahan", "shaman", 1, le=1).pointless() is None
    # With SE at its cap the trade gains nothing: only the LE is lost, so it is passed.
    capped = at_monster_roll("caellahan", "shaman", 1, le=1)
    assert capped.state.res["se"] < 20
    capped.state.res["se"] = 20
    assert capped.pointless() == (act.Pass(), MISSED)
