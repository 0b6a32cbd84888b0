"""Round 31 (#28, 31a-2): the `%` header said "Odds (16 games each, race ended early)" above
"1. [42% 33-52]", an interval of about ±10, which the help says comes from about 100 games:
the best's figure is the chance weighed on 100 futures of its own. The header says how
many games the figures shown rest on."""

from __future__ import annotations

from typing import Any, cast

from unbroken.advisor.estimator import Weighing
from unbroken.tui import odds


class _Odds:
    """What `status_text` reads of the odds: `race` weighed, the race at 16 games each."""

    error = ""
    games = 16

    def __init__(self, race: Weighing, finished: bool = True) -> None:
        self.race_ = race
        self.finished = finished

    class race:
        decided = True

        @staticmethod
        def cut_short() -> str:
            return "not 100: the race ended there, every other option clearly behind"

    def weighing(self) -> Weighing:
        return self.race_

    def under_way(self) -> tuple[int, int]:
        return (40, 100) if not self.finished else (0, 0)


def _race(fresh_games: int) -> Weighing:
    """Two options raced on 16 futures each, the best's chance on `fresh_games` of its own
    (0: still to come)."""
    fresh = (1 << (fresh_games * 42 // 100)) - 1
    if not fresh_games:
        return Weighing(((1 << 8) - 1, (1 << 4) - 1), (16, 16), best=0, partial=True)
    return Weighing(
        ((1 << 8) - 1, (1 << 4) - 1), (16, 16), best=0, fresh=fresh, fresh_games=fresh_games
    )


def test_the_header_says_the_games_the_figures_rest_on() -> None:
    done = _race(100)
    shown = [f.games for f in done.shown_all]
    assert shown == [100, 16]  # the best's figure: the chance's 100 futures
    said = odds.status_text(cast(Any, _Odds(done)), "1 leads", "1")
    assert said.startswith("Odds (16-100 games each, race ended early): chance here 42%"), said
    # While the chance is still weighed, its figures rest on the futures played so far.
    running = odds.status_text(cast(Any, _Odds(_race(40), finished=False)), "", "1")
    assert running.startswith("Odds (16-40 games each, race ended early): running, 40 of 100"), (
        running
    )
    # Before any figure ("[  …  ]" on every line), no count: the running count says it.
    none = odds.status_text(cast(Any, _Odds(_race(0), finished=False)), "", "1")
    assert none.startswith("Odds (race ended early): running, 40 of 100"), none
    # All on as many: one number.
    even = Weighing(
        ((1 << 8) - 1, (1 << 4) - 1), (16, 16), best=0, fresh=(1 << 8) - 1, fresh_games=16
    )
    assert odds.status_text(cast(Any, _Odds(even)), "1 leads").startswith("Odds (16 games each,")


def test_unbroken_plays_table_says_the_same_games() -> None:
    from unbroken.play.text_odds import table

    printed = table(["Rest", "Explore"], [0, 1], _race(100), (), "")
    assert printed.splitlines()[0].startswith("  Odds after 16-100 games each"), printed
