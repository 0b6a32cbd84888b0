"""A chance of winning estimated from games: the count, the rate and its 95 % interval."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Protocol

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of `wins` out of `games` (0..1 each end).

    Unlike the normal approximation it stays inside 0..1 and is honest for
    few games and rates near 0 or 1 (no games: the whole of 0..1).
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    # The ends are exactly 0 and 1 at no wins and all wins (rounding must not move them).
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


class Shown(Protocol):
    """A chance as the front ends say it and as analyses keep it (Estimate, Figure)."""

    @property
    def rate(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...
    @property
    def games(self) -> int: ...


def percent(chance: Shown) -> str:
    """Return "41 % (35-47)": the chance and its interval, in whole percent."""
    if not chance.games:
        return "?"
    return f"{100 * chance.rate:.0f} % ({100 * chance.low:.0f}-{100 * chance.high:.0f})"


def as_json(chance: Shown) -> dict[str, float | int]:
    """Return a chance as an analysis file keeps it (4 decimals, and its games)."""
    return {
        "chance": round(chance.rate, 4),
        "low": round(chance.low, 4),
        "high": round(chance.high, 4),
        "games": chance.games,
    }


@dataclass(frozen=True)
class Estimate:
    """A chance of winning: `wins` of `games` rollouts, with its 95 % Wilson interval."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        """The share of games won (0 when there are none)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    def percent(self) -> str:
        """Return "41 % (35-47)": the chance and its interval, in whole percent."""
        return percent(self)

    def as_json(self) -> dict[str, float | int]:
        return as_json(self)


def _four(share: float) -> float:
    """Return a share to 4 decimals, as the analysis keeps it (a kept one reads the same)."""
    return round(share, 4)


@dataclass(frozen=True)
class Figure:
    """An option's chance as every front end shows it, on the position's own scale: the
    position's chance (its best option's, on futures of its own) and what the option lost
    against the best on the futures both played (a paired difference, `paired.Difference`).

    The best option's figure is the position's chance itself; any other's is that chance
    less its paired difference, so no option reads above the best and the gap between two
    figures is the difference the verdict gives. `stopped`: the option left the race early
    (clearly behind, or halved away) and played fewer futures (`games`) than the best.
    `at_most`: it stopped without losing to the best on the futures both played (halved
    away on a tie, or behind others there): nothing measured puts it below the best, yet
    the race left it behind, so its figure is a bound, "≤ 38 %", never the best's own
    "38 %" (playtest round 7: "[38% stopped]" beside the best's "[38% 23-55]").
    `behind`: clearly behind the best, its paired interval below 0 — what the verdict
    calls "clearly behind", and the only option a tag calls behind (playtest round 10:
    "[40% behind]" beside a verdict calling it about equal, "[48% 34-62]" beside one
    calling it clearly behind).
    `early`: not stopped, but the race ended early (one option left, or all settled) with
    this option behind the best there, so its figure allows for the best's luck on those
    few futures as a stopped option's does (`stopped.regressed`): it is then not the chance
    less the paired loss, which analyze and the viewer say (34a-6: "74 %  30 %  38!").
    """

    rate: float
    low: float
    high: float
    games: int
    stopped: bool = False
    at_most: bool = False
    behind: bool = False
    early: bool = False

    @classmethod
    def of(cls, estimate: Estimate) -> Figure:
        """Return an estimate as a figure (the best option's, or one without a race)."""
        low, high = estimate.interval
        return cls(_four(estimate.rate), _four(low), _four(high), estimate.games)

    @classmethod
    def against(
        cls, chance: Estimate, mean: float, low: float, high: float, games: int, stopped: bool
    ) -> Figure:
        """Return the figure of an option `mean` (its interval `low`..`high`) ahead of the best
        on shared futures, in whole points (at most 0 shown: an option still in the race
        that led on its futures reads as the best, never above it; one stopped early
        without a loss reads "at most" the best's, `at_most`), its interval the chance's
        and the difference's half-widths added in quadrature; `behind` when the interval
        lies below 0."""
        if not chance.games:
            return cls(0.0, 0.0, 1.0, games, stopped)
        if stopped and round(100 * mean) >= 0:
            best = cls.of(chance)
            return replace(best, high=best.rate, games=games, stopped=True, at_most=True)
        if mean > 0:
            return replace(cls.of(chance), games=games, stopped=stopped)
        c_low, c_high = chance.interval
        # In whole points as shown, so the gap read between two lines is the verdict's.
        rate = (round(100 * chance.rate) + round(100 * mean)) / 100
        down = math.hypot(chance.rate - c_low, mean - low)
        up = math.hypot(c_high - chance.rate, high - mean)
        behind = high < 0  # the paired interval below 0: clearly behind, as the verdict says
        low, high = max(0.0, rate - down), min(1.0, max(0.0, rate + up))
        return cls(_four(max(0.0, rate)), _four(low), _four(high), games, stopped, behind=behind)

    def percent(self) -> str:
        """Return "41 % (35-47)": the chance and its interval, in whole percent ("≤ 38 %"
        for a bound: `at_most`)."""
        if self.at_most and self.games:
            # "≤ 0 %" read as a riddle (#28 round 15): a bound that rounds to 0 is the best's
            # own "0 %", as it reads ("< 1 %" read above it, 31b-5).
            return f"≤ {100 * self.rate:.0f} %" if round(100 * self.rate) else "0 %"
        return percent(self)

    def as_json(self) -> dict[str, float | int]:
        said = as_json(self)
        if self.stopped:
            said["stopped"] = True
        if self.at_most:
            said["at_most"] = True
        if self.behind:
            said["behind"] = True
        if self.early:
            said["early"] = True
        return said

    @classmethod
    def from_json(cls, data: dict[str, float | int]) -> Figure:
        """Return a kept figure (one of an analysis before #30 without its interval: the
        Wilson interval of its count)."""
        games = int(data["games"])
        if "low" not in data:
            return cls.of(Estimate(round(data["chance"] * games), games))
        stopped, at_most = bool(data.get("stopped")), bool(data.get("at_most"))
        low, high = float(data["low"]), float(data["high"])
        behind, early = bool(data.get("behind")), bool(data.get("early"))
        return cls(float(data["chance"]), low, high, games, stopped, at_most, behind, early)


def no_use_figure(own: Figure | None, passing: Figure | None, name: str) -> str:
    """Return the figure of an option marked "no use now" (#28 round 19: 88 % beside a Focus
    of no use, above the Skip beside it): the option that does nothing's (`passing`,
    named `name`: "Pass", "Skip") as its bound, in words: "at most Skip's 85%" (what it
    adds to that is nothing, so only chance or the play after it could put it higher; #28
    round 27 could not read "≤85% as Skip", explained nowhere), or with none its own
    labelled, "88% no use"; "" before any figure."""
    if passing is not None and passing.games:
        # As the option's own line reads it ("<1%" beside its "0%" read higher, 31b-5).
        return f"at most {name}'s {100 * passing.rate:.0f}%"
    if own is None or not own.games:
        return ""
    return f"{100 * own.rate:.0f}% no use"
