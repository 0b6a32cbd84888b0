"""The balance targets of the base content and how a batch of games is checked against them.

Each target gives one Target: PASS or FAIL with its numbers (`unbroken balance`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unbroken.bots.batch import Summary
    from unbroken.core.ruleset import Ruleset

#: Heuristic win-rate targets by difficulty, in percent (low, high).
TARGETS = {"easy": (45.0, 70.0), "normal": (25.0, 45.0), "hard": (8.0, 25.0)}
#: Every class within this many points of the mean win rate, on every difficulty.
CLASS_SPREAD = 6.0
#: Every character within this many points of the mean win rate, on this difficulty.
CHARACTER_SPREAD = 8.0
CHARACTER_DIFFICULTY = "normal"
#: Every monster's deaths between these multiples of its level's average.
MONSTER_RATIO = (0.4, 2.0)
#: Monsters allowed a higher ceiling: the Basilisk is the game's signature boss.
MONSTER_CEILING = {"base:basilisk": 2.5}
RANDOM_CEILING = 3.0


@dataclass(frozen=True)
class Target:
    """One balance target's verdict: what it is, whether it holds, and the numbers."""

    name: str
    ok: bool
    detail: str

    def line(self) -> str:
        """Return the target's one-line verdict, "PASS  name: detail" or "FAIL  ..."."""
        return f"{'PASS' if self.ok else 'FAIL'}  {self.name}: {self.detail}"


def verdict(targets: list[Target]) -> str:
    """Return the one-line summary of the targets: all held, or how many failed."""
    failed = [t.name for t in targets if not t.ok]
    if not failed:
        return f"every target met ({len(targets)} targets)"
    return f"{len(failed)} of {len(targets)} targets failed: {', '.join(failed)}"


def win_rate(row: list[int]) -> float:
    """Return the percentage won of a [games, won, ...] row (0 when no games)."""
    return 100.0 * row[1] / row[0] if row[0] else 0.0


@dataclass(frozen=True)
class Spread:
    """Win rates of a group (classes or characters) on one difficulty, against their mean."""

    #: (name, games, win rate) for each member.
    rows: list[tuple[str, int, float]]
    mean: float
    limit: float

    def gap(self, rate: float) -> float:
        """Return how far a rate is from the mean, in points."""
        return rate - self.mean

    def holds(self, rate: float) -> bool:
        """True when a rate is within the limit of the mean (rounded as printed)."""
        return abs(round(self.gap(rate), 1)) <= self.limit


def spread(named: Iterable[tuple[str, list[int]]], limit: float) -> Spread:
    """Return the win rates of (name, [games, wins, score]) rows and their unweighted mean."""
    rows = [(name, row[0], win_rate(row)) for name, row in named if row[0]]
    mean = sum(rate for _, _, rate in rows) / max(len(rows), 1)
    return Spread(rows, mean, limit)


def spread_target(name: str, group: str, s: Spread) -> Target:
    """Return the target "every member within the limit of the mean", naming the outliers."""
    off = [(who, s.gap(rate)) for who, _, rate in s.rows if not s.holds(rate)]
    limit = f"{s.limit:g} points"
    if not s.rows:
        return Target(name, False, f"no games (target: every {group} within {limit})")
    if off:
        listed = ", ".join(f"{who} {gap:+.1f}" for who, gap in off)
        return Target(name, False, f"{listed} from the mean {s.mean:.1f} % (target within {limit})")
    who, gap = max(((w, s.gap(r)) for w, _, r in s.rows), key=lambda t: abs(t[1]))
    return Target(
        name,
        True,
        f"every {group} within {limit} of the mean {s.mean:.1f} % (widest {who} {gap:+.1f})",
    )


def class_spreads(ruleset: Ruleset, heuristic: Summary) -> dict[str, Spread]:
    """Return each difficulty's class win rates against their mean."""
    return {
        d.id: spread(
            (
                (ruleset.card_name(k.split("/")[0]), v)
                for k, v in sorted(heuristic.by_class_difficulty.items())
                if k.split("/")[1] == d.id
            ),
            CLASS_SPREAD,
        )
        for d in ruleset.settings.difficulties
    }


def character_spread(ruleset: Ruleset, heuristic: Summary) -> Spread:
    """Return the characters' win rates on CHARACTER_DIFFICULTY against their mean."""
    return spread(
        (
            (ruleset.card_name(k.split("/")[0]), v)
            for k, v in sorted(heuristic.by_character_difficulty.items())
            if k.split("/")[1] == CHARACTER_DIFFICULTY
        ),
        CHARACTER_SPREAD,
    )


@dataclass(frozen=True)
class MonsterDeaths:
    """One monster's deaths against its level's average."""

    level: int
    id: str
    name: str
    faced: int
    deaths: int
    average: float

    @property
    def ratio(self) -> float:
        return self.deaths / self.average if self.average else 0.0

    @property
    def bounds(self) -> tuple[float, float]:
        return MONSTER_RATIO[0], MONSTER_CEILING.get(self.id, MONSTER_RATIO[1])

    def holds(self) -> bool:
        """True when the ratio (rounded as printed) is within the bounds."""
        low, high = self.bounds
        return low <= round(self.ratio, 2) <= high


def monster_deaths(ruleset: Ruleset, heuristic: Summary) -> dict[int, list[MonsterDeaths]]:
    """Return each level's monsters with their deaths and the level's average."""
    levels: dict[int, list[MonsterDeaths]] = {}
    for level in sorted({mo.level for mo in ruleset.monsters.values()}):
        mons = sorted(ruleset.monsters_of_level(level).items())
        counts = [heuristic.monsters.get(mo.id, [0, 0]) for _, mo in mons]
        average = sum(c[1] for c in counts) / max(len(counts), 1)
        levels[level] = [
            MonsterDeaths(level, mo.id, mo.name, c[0], c[1], average)
            for (_, mo), c in zip(mons, counts, strict=True)
        ]
    return levels


def _bounds_text(mons: list[MonsterDeaths]) -> str:
    low, high = MONSTER_RATIO
    text = f"target {low:g}-{high:.1f}x"
    for mo in mons:
        if mo.bounds != MONSTER_RATIO:
            text += f", {mo.name} up to {mo.bounds[1]:.1f}x"
    return text


def monster_target(level: int, mons: list[MonsterDeaths]) -> Target:
    """Return the target "every monster of the level within its bounds", naming the outliers."""
    name = f"Level {level} monster deaths"
    off = [mo for mo in mons if not mo.holds()]
    if off:
        listed = ", ".join(f"{mo.name} {mo.ratio:.2f}x" for mo in off)
        return Target(name, False, f"{listed} of the level average ({_bounds_text(mons)})")
    low = min(mons, key=lambda mo: mo.ratio)
    high = max(mons, key=lambda mo: mo.ratio)
    return Target(
        name,
        True,
        f"every monster within its bounds, from {low.name} {low.ratio:.2f}x to "
        f"{high.name} {high.ratio:.2f}x of the level average ({_bounds_text(mons)})",
    )


def check_targets(ruleset: Ruleset, heuristic: Summary, randomly: Summary) -> list[Target]:
    """Return the verdict of every balance target, in the report's order."""
    targets = []
    for d in ruleset.settings.difficulties:
        row = heuristic.by_difficulty.get(d.id, [0, 0, 0])
        lo, hi = TARGETS.get(d.id, (0.0, 100.0))
        rate = win_rate(row)
        targets.append(
            Target(
                f"{d.name} win rate",
                lo <= round(rate, 1) <= hi,
                f"{rate:.1f} % of {row[0]} games (target {lo:.0f}-{hi:.0f} %)",
            )
        )
    for d in ruleset.settings.difficulties:
        s = class_spreads(ruleset, heuristic)[d.id]
        targets.append(spread_target(f"{d.name} class spread", "class", s))
    normal = ruleset.difficulty_name(CHARACTER_DIFFICULTY)
    targets.append(
        spread_target(
            f"{normal} character spread", "character", character_spread(ruleset, heuristic)
        )
    )
    for level, mons in monster_deaths(ruleset, heuristic).items():
        targets.append(monster_target(level, mons))
    rate = 100.0 * randomly.wins / max(randomly.games, 1)
    targets.append(
        Target(
            "Random bot win rate",
            rate < RANDOM_CEILING,
            f"{rate:.2f} % of {randomly.games} games (target under {RANDOM_CEILING:g} %)",
        )
    )
    return targets
