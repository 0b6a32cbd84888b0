"""A replay's position tells its log lines as the game did: the narrator has heard the game
so far (the board's watch page and the viewer made a fresh one at each position)."""

from __future__ import annotations

from html import escape
from pathlib import Path

from unbroken.board.pages.watch import _log
from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR
from unbroken.words.events import Narrator
from unbroken.words.retold import retold

RULES = load_ruleset()
GOLDENS = sorted(GOLDEN_DIR.glob("*.jsonl"))[:3]


def as_played(path: Path) -> list[list[str]]:
    """Return each position's log lines as one narrator said them, in order (a level's
    heading and the conditions said under it are two lines)."""
    timeline = Timeline(path, RULES)
    narrator = Narrator(RULES)
    said = [
        [line for e in timeline.events_at(i) if (line := narrator.describe(e))]
        for i in range(len(timeline))
    ]
    return [[part for line in lines for part in line.split("\n")] for lines in said]


def told_alone(timeline: Timeline, i: int) -> list[str]:
    """Return position i's lines as a narrator that has heard nothing before says them."""
    fresh = Narrator(RULES)
    return [line for e in timeline.events_at(i) if (line := fresh.describe(e))]


def test_every_position_of_a_game_is_told_as_it_was_played() -> None:
    told_differently = 0
    for path in GOLDENS:
        timeline = Timeline(path, RULES)
        played = as_played(path)
        for i in range(len(timeline)):
            before = (e for j in range(i) for e in timeline.events_at(j))
            assert retold(RULES, before, timeline.events_at(i)) == played[i], (path.name, i)
            told_differently += told_alone(timeline, i) != played[i]
    # A narrator that has not heard the game says some positions otherwise (what it was for).
    assert told_differently > 0


def test_the_watch_page_tells_a_position_as_it_was_played() -> None:
    path = GOLDENS[0]
    timeline = Timeline(path, RULES)
    played = as_played(path)
    i = next(i for i in range(len(timeline)) if told_alone(timeline, i) != played[i])
    page = _log(timeline, i)
    assert all(f"<li>{escape(line)}</li>" in page for line in played[i])
