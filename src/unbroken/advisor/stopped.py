"""The figure of an option the race stopped early, weighed by how much it follows the best."""

from __future__ import annotations

import math
from dataclasses import replace

from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.paired import Difference


def regressed(figure: Figure, chance: Estimate, d: Difference, mine: int, best: int) -> Figure:
    """Return a stopped option's figure weighed by how much its futures follow the best's.

    The race stops an option when it trails the leader, which is likeliest just where the
    leader's first futures went well: the paired difference on them then says more about
    the leader's luck than about the option (#28 round 16: Explore, Plan and Downgrade read
    "[0% behind]" beside Fight's 46 %: Fight had won 12 of the 16 futures they stopped at,
    75 %, where its own futures gave 46 %; Explore, 4 of 16 there, was 0 % on the page).
    The figure is the option's own rate less the best's luck on those futures, scaled by how
    much the option's results follow the best's there (the regression slope, 0..1: a
    control variate): 1 when they go together (the paired figure, as before), 0 when they
    do not (its own rate). Below the best's; its interval is the paired one's
    half-widths about it (for one clearly behind, none of it above the best's); the tag
    (`behind`, `stopped`) is the paired verdict's, unchanged."""
    n = d.games
    mask = (1 << n) - 1
    own, lead = (mine & mask).bit_count() / n, (best & mask).bit_count() / n
    both = (mine & best & mask).bit_count() / n
    spread = lead * (1 - lead)
    slope = 1.0 if spread == 0 else min(1.0, max(0.0, (both - own * lead) / spread))
    # It lost to the best on its futures: a point below the best's at least (round 7).
    guess = min(chance.rate - 0.01, max(0.0, own - slope * (lead - chance.rate)))
    # In whole points off the chance, as `Figure.against` (slope 1: the same figure).
    rate = (round(100 * chance.rate) + round(100 * (guess - chance.rate))) / 100
    c_low, c_high = chance.interval
    down = math.hypot(chance.rate - c_low, d.mean - d.low)
    up = math.hypot(c_high - chance.rate, d.high - d.mean)
    rate = max(0.0, rate)
    # Clearly behind on the paired verdict: below the best, its whole interval too.
    top = chance.rate if figure.behind else 1.0
    low, high = max(0.0, rate - down), max(rate, min(top, rate + up))
    return replace(figure, rate=round(rate, 4), low=round(low, 4), high=round(high, 4))
