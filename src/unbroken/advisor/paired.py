"""Two options compared on the same futures: the difference of their chances, with its interval.

Every option of a position is played out on the same resampled futures
(common random numbers), so two options differ only on the futures one won
and the other lost (the discordant ones): the difference of their chances is
(ahead - behind) / games. Its 95 % interval is the adjusted Wald interval
for paired proportions (Agresti and Min): one discordant future added each
way, so that no discordance at all still leaves an honest width (about
±2.8/games) and a clear difference needs about what the sign test needs
(at 64 futures or more 6 to 0 is clear and 5 to 0 is not; at 16 or 32, 5 to 0 is).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from unbroken.advisor.chances import Z95


@dataclass(frozen=True)
class Difference:
    """One option against another on `games` shared futures: `ahead` futures it won and the
    other lost, `behind` the other way round."""

    ahead: int
    behind: int
    games: int

    @classmethod
    def of(cls, mine: int, theirs: int, games: int) -> Difference:
        """Return the difference of two win masks (bit i: future i won) over futures 0..games-1."""
        shared = (1 << games) - 1
        return cls(
            (mine & ~theirs & shared).bit_count(), (theirs & ~mine & shared).bit_count(), games
        )

    @property
    def mean(self) -> float:
        """The difference of the two chances (-1..1)."""
        return (self.ahead - self.behind) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Return the 95 % interval of the difference (-1..1 each end)."""
        return self.interval_over(1)

    def interval_over(self, looks: int) -> tuple[float, float]:
        """Return the difference's interval when it was looked at `looks` times to stop on
        the first clear one (the race's stages): 95 % over all the looks together
        (Bonferroni: 97.5 % each for two, ...), so the look a race stopped at is not
        read as clear on its own 95 % (#28 round 16)."""
        if not self.games:
            return -1.0, 1.0
        n = self.games + 2
        ahead, behind = self.ahead + 1, self.behind + 1
        mean = (ahead - behind) / n
        spread = (ahead + behind) / n - mean * mean
        z = Z95 if looks <= 1 else NormalDist().inv_cdf(1 - 0.025 / looks)
        half = z * math.sqrt(max(spread, 0.0) / n)
        return max(-1.0, mean - half), min(1.0, mean + half)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    @property
    def better(self) -> bool:
        """True when the first option is clearly better (the interval is above 0)."""
        return self.low > 0

    @property
    def worse(self) -> bool:
        """True when the first option is clearly worse (the interval is below 0)."""
        return self.high < 0

    def within(self, points: float) -> bool:
        """True when the whole interval is within ±`points` percentage points."""
        low, high = self.interval
        return -points / 100 <= low and high <= points / 100

    def points(self) -> str:
        """Return "+20 points (12-28)": the difference and its interval, in whole points
        ("0 points (-14 to 14)", without a sign, when it rounds to 0)."""
        low, high = self.interval
        mean = _whole(self.mean)
        signed = f"{mean:+d}" if mean else "0"
        return f"{signed} {_points(mean)} ({bound(low)} to {bound(high)})"

    def lead(self, unit: str = " points") -> str:
        """Return "2 points (-5 to 9)": the difference without its sign when ahead, and its
        interval, in whole points (`unit` "" for a list that named it once)."""
        low, high = self.interval
        mean = _whole(self.mean)
        unit = unit.replace("points", _points(mean))  # "by 1 point", not "1 points"
        return f"{mean}{unit} ({bound(low)} to {bound(high)})"

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "difference": round(self.mean, 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "ahead": self.ahead,
            "behind": self.behind,
            "games": self.games,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Difference:
        return cls(int(data["ahead"]), int(data["behind"]), int(data["games"]))


def _whole(share: float) -> int:
    """Return a share in whole percentage points (never "-0")."""
    return int(round(100 * share))


def bound(share: float) -> str:
    """Return an interval's end in whole percentage points, clamped to -100..100; an end
    that rounds to 0 without being 0 reads 1 or -1, away from 0, so its side of 0 shows:
    "1 to 15" is clearly above 0, "-1 to 15" is not (#28 round 13: both read "0 to 15",
    one called "clearly ahead", the other "about equal"). In whole points as every other
    end: until round 24 such an end read to a tenth, "(-0.2 to 18)" beside whole numbers
    (round 16: "-0.07"; round 14: "-0.0")."""
    share = min(1.0, max(-1.0, share))
    whole = _whole(share)
    if whole or abs(share) < 1e-9:  # 0, or a float's dust of it
        return str(whole)
    return "1" if share > 0 else "-1"


def _points(n: int) -> str:
    """Return "point" for ±1 whole point, else "points"."""
    return "point" if abs(n) == 1 else "points"
