"""#28 playtest round 24: the words of the odds and of `unbroken analyze`."""

from __future__ import annotations

from unbroken.advisor.estimator import Weighing

# Round 16's race (Mae'el, Normal, decision 88): Explore, Fight (the best), Focus, Plan,
# Downgrade; Explore, Plan and Downgrade stopped after 16 futures on which Fight won 12.
EXPLORE = 0b1010000001000100
FIGHT = 0b11111000001110111110000110101000011010010000111110111101111100
FOCUS = 0b11001001010110000010000110000010101010010000111010011010001100
PLAN = 0b1010010000000100
DOWNGRADE = 0b1000000000000000


def _race() -> Weighing:
    # Fight and a copy of it (6) about equal; the rest clearly behind, Focus (3) on all 64.
    wins = (EXPLORE, FIGHT, FOCUS, PLAN, DOWNGRADE, FIGHT)
    games = (16, 64, 64, 16, 16, 64)
    return Weighing(wins, games, best=1, fresh=(1 << 46) - 1, fresh_games=100)


def test_clearly_behind_by_says_why_the_lines_gap_differs() -> None:
    """24a-9: "3 and 8 clearly behind (by 31 and 44 points)" beside "[31% behind]" and
    "[22% behind]" at 54 %: the points are on the futures the race stopped them at, their
    lines take the best's luck there out; the verdict says so of those whose gap differs."""
    race = _race()
    chance = round(100 * race.chance.rate)
    gaps = [chance - round(100 * race.shown(k).rate) for k in range(6)]
    points = [round(100 * race.lead(k).mean) for k in range(6)]
    assert (gaps[0], points[0]) == (31, 50) and gaps[2] == points[2] == 17
    assert race.ranking(lambda k: str(k + 1)) == (
        "about equal on the same futures: 2 the same as 6 (-4 to 4 points); 1, 3, 4 and 5"
        " clearly behind (by 50, 17, 50 and 69 points; 1, 4 and 5's lines take out 2's luck"
        " where the race stopped them)"
    )
    # Where the lines' gaps are the paired ones (none stopped), nothing is added.
    even = Weighing((0b0000, 0b1111, 0b1111), (4, 4, 4), best=1, fresh=0b1111, fresh_games=4)
    assert even.ranking(lambda k: str(k + 1)).endswith("1 clearly behind (by 100 points)")
