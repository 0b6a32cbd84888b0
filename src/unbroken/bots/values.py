"""What things are worth to the heuristic bot: resources, monster rows, battles, trickery.

The estimates behind the reference policy (unbroken.bots.heuristic): values of
resources for the bot's needs, the cost of a monster's rows and battle, the
weapon's damage rate. They read only what a player sees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import Phase

_K = TypeVar("_K")
_V = TypeVar("_V")

#: What one unit of each resource is worth, in SE.
VALUE = {
    "se": 1.0,
    "me": 4.0,
    "le": 8.0,
    "cunning": 3.0,
    "food": 3.0,
    "wood": 2.5,
    "metal": 3.0,
    "treasure": 2.0,
    "time": 1.5,
}

#: What a unit is worth in the last battle (level 4): effort is only life there, each
#: point of ME or LE paying one missing SE (R-RES-4), with nothing after it to buy.
#: Valued as later on, the bot never paid the Sword's Decisive stroke (1 LE) nor a
#: 1-ME roll modifier there and died with them unspent (playtest round 6, docs/advisor.md).
#: Wood and metal buy nothing after it either (a craft in the battle is taken before any
#: attack, heuristic._player_turn): at 3 SE a metal, Iron Spike (2 wounds through armor for
#: 1 metal) read dearer than a Cut and the bot ended the game with its metal unspent (30a-6).
LAST_BATTLE = {**VALUE, "me": 1.0, "le": 1.0, "wood": 0.0, "metal": 0.0}
#: The level whose battle is the last one.
LAST_LEVEL = 4

#: A trickery cost worth at most this many SE is paid gladly.
CHEAP_TRICK = 6.0


def worth(amounts: dict[str, int]) -> float:
    """Return what these amounts are worth in SE."""
    return sum(VALUE.get(k, 0.0) * n for k, n in amounts.items())


def in_last_battle(game: Game) -> bool:
    """True in the battle of the last level, where no resource buys anything after it."""
    s = game.state
    return s.level == LAST_LEVEL and s.phase == Phase.COMBAT


def worth_now(game: Game, amounts: dict[str, int]) -> float:
    """Return what these amounts are worth in SE at this point (`worth`, but in the last
    battle every point of effort is one SE of life: `LAST_BATTLE`)."""
    if not in_last_battle(game):
        return worth(amounts)
    return sum(LAST_BATTLE.get(k, 0.0) * n for k, n in amounts.items())


def needs(game: Game) -> dict[str, float]:
    """Return the value of one more unit of each resource now, given what the player holds.

    What does not depend on the resources held (the battle's cost, the weapon's
    upgrades, the caps) is worked out once per position of the cards (`_needs_plan`);
    the result is the same as `fresh_needs`, the computation written out.
    """
    res = game.state.res
    food_need, goal, upgrades, advanced, caps = _needs_plan(game)
    value = dict(VALUE)
    if res.get("food", 0) < food_need:
        value["food"] = 5.0
    se = res.get("se", 0)
    if se < goal:
        value["se"] = 1.0 + min(1.5, 2.0 * (goal - se) / goal)
    for k, n, bump in upgrades:
        if res.get(k, 0) < n:
            value[k] = max(value[k], bump)
    if advanced:
        value["wood"] = min(value["wood"], 1.0)
        value["metal"] = min(value["metal"], 1.5)
    for k, cap in caps:
        if res.get(k, 0) >= cap:
            value[k] = 0.0
    return value


_NeedsPlan = tuple[
    int, float, tuple[tuple[str, int, float], ...], bool, tuple[tuple[str, int], ...]
]


def _needs_plan(game: Game) -> _NeedsPlan:
    """Return what needs() reads from the cards and the position, not the resources:
    the food needed, the SE goal, the upgrades' costs (resource, amount, value when
    short), whether the weapon is advanced, and the caps (memoised)."""
    s = game.state
    mo = s.monster
    key = (
        "needs",
        s.level,
        s.weapons[-1],
        None if mo is None else (mo.id, mo.armor, mo.health),
    )
    plan: _NeedsPlan = _bounded(_memos(game.ruleset), key, lambda: _fresh_needs_plan(game))
    return plan


def _fresh_needs_plan(game: Game) -> _NeedsPlan:
    s = game.state
    rules = game.ruleset
    weapon = rules.weapons[s.weapons[-1]]
    bump = 7.0 if weapon.id.endswith("bare-hands") else 5.0
    caps = rules.settings.caps
    return (
        s.level + (1 if s.level < 4 else 0),
        battle_cost(game) * 1.3 + 3,
        tuple((k, n, bump) for up in weapon.upgrades for k, n in up.cost.items() if k != "time"),
        weapon.type == "advanced",
        tuple((k, caps.get(k, 99)) for k in VALUE if k != "time"),
    )


def fresh_needs(game: Game) -> dict[str, float]:
    """Return `needs(game)` worked out anew (no memo)."""
    s = game.state
    rules = game.ruleset
    caps = rules.settings.caps
    value = dict(VALUE)
    food_need = s.level + (1 if s.level < 4 else 0)
    if s.res.get("food", 0) < food_need:
        value["food"] = 5.0
    goal = battle_cost(game) * 1.3 + 3
    se = s.res.get("se", 0)
    if se < goal:
        value["se"] = 1.0 + min(1.5, 2.0 * (goal - se) / goal)
    weapon = rules.weapons[s.weapons[-1]]
    for up in weapon.upgrades:
        for k, n in up.cost.items():
            if k != "time" and s.res.get(k, 0) < n:
                value[k] = max(value[k], 7.0 if weapon.id.endswith("bare-hands") else 5.0)
    if weapon.type == "advanced":
        value["wood"] = min(value["wood"], 1.0)
        value["metal"] = min(value["metal"], 1.5)
    for k in value:
        if k != "time" and s.res.get(k, 0) >= caps.get(k, 99):
            value[k] = 0.0
    return value


def _value(amounts: dict[str, int], value: dict[str, float]) -> float:
    return sum(value.get(k, 0.0) * n for k, n in amounts.items())


def row_cost(game: Game, monster: str, roll: int) -> float:
    """Return how much a monster's combat-table row would cost the player, in SE."""
    mon = game.ruleset.monsters[monster]
    row = mon.table[max(1, min(6, roll)) - 1]
    return sum(effect_cost(e) for e in row.effects)


def effect_cost(effect: object) -> float:
    """Return what a monster effect costs the player, in SE (a rough estimate)."""
    if isinstance(effect, m.Lose):
        return worth(effect.amounts)
    if isinstance(effect, m.Reduce):
        return worth(effect.lose) - worth(effect.gain) + 1
    if isinstance(effect, (m.MonsterHeal, m.MonsterGain)):
        return 2.0
    if isinstance(effect, (m.GainCondition, m.Downgrade, m.SkipTurn)):
        return 3.0
    return 1.0


#: What the bot works out from a ruleset, kept per ruleset OBJECT (`_memos`): the cards
#: alone (a weapon's rates, a monster's mean row, a level's monsters), and needs() and
#: battle_cost() keyed by everything each reads from the game (a rollout meets the same
#: positions again and again). Not by the ruleset's digest: a ruleset changed as a copy
#: (`dataclasses.replace`, a test's weaker monster) keeps the digest of the packs it was
#: built from, and its figures then came from whichever ruleset was asked first in the
#: process. Each memo is emptied at MEMO_LIMIT; the last RULESETS_KEPT rulesets keep theirs.
MEMO_LIMIT = 4096
RULESETS_KEPT = 8
#: id(ruleset) -> (the ruleset, its memo). The ruleset is held, so its id is not reused.
_PER_RULESET: dict[int, tuple[Ruleset, dict[tuple[Any, ...], Any]]] = {}


def _memos(rules: Ruleset) -> dict[tuple[Any, ...], Any]:
    """Return the memo of this ruleset object (a new one the first time it is asked)."""
    found = _PER_RULESET.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    while len(_PER_RULESET) >= RULESETS_KEPT:
        del _PER_RULESET[next(iter(_PER_RULESET))]  # the oldest asked first
    memo: dict[tuple[Any, ...], Any] = {}
    _PER_RULESET[id(rules)] = (rules, memo)
    return memo


def _bounded(memo: dict[_K, _V], key: _K, compute: Callable[[], _V]) -> _V:
    """Return `memo[key]`, computed on a miss; the memo is emptied at MEMO_LIMIT."""
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = compute()
    return found


def _memo(game: Game, kind: str, card: str, compute: Callable[[], Any]) -> Any:
    return _bounded(_memos(game.ruleset), (kind, card), compute)


def weapon_rate(game: Game) -> tuple[float, float]:
    """Return the current weapon's best (SE per armor broken, SE per wound)."""
    weapon = game.ruleset.weapons[game.state.weapons[-1]]

    def rates() -> tuple[float, float]:
        best = {"break": 9.0, "wound": 9.0}
        for a in weapon.attacks:
            best[a.type] = min(best[a.type], worth(a.cost) / max(a.power, 1))
        return best["break"], best["wound"]

    result: tuple[float, float] = _memo(game, "weapon_rate", weapon.id, rates)
    return result


def likely_monsters(game: Game) -> list[m.Monster]:
    """Return the revealed monster, or every monster the level's roll may give."""
    s = game.state
    if s.monster is not None:
        return [game.ruleset.monsters[s.monster.id]]
    level = s.level

    def of_level() -> list[m.Monster]:
        return list(game.ruleset.monsters_of_level(level).values())

    monsters: list[m.Monster] = _memo(game, "level", str(level), of_level)
    return list(monsters)


def mean_row_cost(game: Game, monster: str) -> float:
    """Return what one of the monster's combat rolls costs the player on average, in SE."""

    def mean() -> float:
        return sum(row_cost(game, monster, r) for r in range(1, 7)) / 6

    cost: float = _memo(game, "mean_row_cost", monster, mean)
    return cost


def battle_cost(game: Game) -> float:
    """Return the SE the next battle is expected to cost (unknown monster: the level's mean).

    Memoised: it depends only on the ruleset, the weapon held and the monster in play
    (its trackers) or, before one is revealed, the level (see `fresh_battle_cost`).
    """
    s = game.state
    mo = s.monster
    key = ("battle", s.weapons[-1], s.level if mo is None else (mo.id, mo.armor, mo.health))
    cost: float = _bounded(_memos(game.ruleset), key, lambda: fresh_battle_cost(game))
    return cost


def fresh_battle_cost(game: Game) -> float:
    """Return `battle_cost(game)` worked out anew (no memo)."""
    s = game.state
    candidates = likely_monsters(game)
    per_break, per_wound = weapon_rate(game)
    total = 0.0
    for mon in candidates:
        armor = mon.armor if s.monster is None else s.monster.armor
        health = mon.health if s.monster is None else s.monster.health
        attack = armor * per_break + health * per_wound
        rounds = armor + max(1, round(health / 2))
        hurt = mean_row_cost(game, mon.id)
        total += attack + rounds * hurt
    return total / len(candidates)


def prepared(game: Game) -> bool:
    """True when the SE held covers the expected battle with a margin."""
    return game.state.res.get("se", 0) >= battle_cost(game) * 1.2 + 2


def can_trick(game: Game) -> bool:
    """True when the player can pay the trickery cost of the (revealed or likely) monster."""
    s = game.state
    mons = likely_monsters(game)
    payable = [
        mo.trickery is not None and all(s.res.get(k, 0) >= n for k, n in mo.trickery.cost.items())
        for mo in mons
    ]
    return sum(payable) * 2 > len(payable)
