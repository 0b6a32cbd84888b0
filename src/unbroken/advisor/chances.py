"""A chance of winning estimated from games: the count, the rate and its 95 % interval."""

from __future__ import annotations

import math
from dataclasses import dataclass

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
        if not self.games:
            return "?"
        return f"{100 * self.rate:.0f} % ({100 * self.low:.0f}-{100 * self.high:.0f})"

    def as_json(self) -> dict[str, float | int]:
        return {
            "chance": round(self.rate, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "games": self.games,
        }
