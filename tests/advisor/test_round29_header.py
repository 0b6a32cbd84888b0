"""Playtest round 29 (#28, 29a-4): `%`'s verdict beside its figures. "3 leads; 1 about
equal" beside "1. [70% 60-79]" and "3. [70% 60-78]"; "6 leads; all but 5 about equal"
beside "[54% stopped]", "[44% stopped]", "[36% stopped]" and "6. [60% 50-69]"."""

from __future__ import annotations

from unbroken.advisor.estimator import Weighing
from unbroken.tui.odds import odds_text, verdict_text


def _mask(n: int) -> int:
    """Futures 0..n-1 won."""
    return (1 << n) - 1


def test_options_whose_lines_read_the_same_share_the_lead() -> None:
    # Options 1 and 3 won the same 70 of 100 futures, 3 the best in the race's order: the
    # lines read the same (as play29a's, an interval's end apart), so neither "leads".
    race = Weighing((_mask(70), _mask(70)), (100, 100), best=1, fresh=_mask(70), fresh_games=100)
    assert [odds_text(f) for f in race.shown_all] == ["[70% 60-79]", "[70% 60-78]"]
    assert verdict_text(race, [0, 2]) == "1 and 3 share the lead"
    # A third about equal below them, a fourth clearly behind (its line says it).
    four = (_mask(70), _mask(70), _mask(67), _mask(30))
    race = Weighing(four, (100,) * 4, best=1, fresh=_mask(70), fresh_games=100)
    assert [odds_text(f)[:4] for f in race.shown_all] == ["[70%", "[70%", "[67%", "[30%"]
    assert verdict_text(race, [0, 1, 2, 3]) == "1 and 2 share the lead; 3 about equal"
    # One ahead on its line, of two: "both about equal", no lead beside "all" (31b-6).
    race = Weighing((_mask(70), _mask(67)), (100, 100), best=0, fresh=_mask(70), fresh_games=100)
    assert verdict_text(race, [0, 1]) == "both about equal"


def test_options_stopped_early_are_said_apart_from_the_about_equal() -> None:
    # 2 and 5 halved away at 32 futures (28 and 27 won where 1 won all 32): not clearly
    # behind, their figures from fewer futures well under the best's.
    wins = (_mask(60), _mask(29), _mask(57), _mask(30), _mask(28))
    race = Weighing(wins, (100, 32, 100, 100, 32), best=0, fresh=_mask(60), fresh_games=100)
    assert [odds_text(f) for f in race.shown_all] == [
        "[60% 50-69]",
        "[51% stopped]",
        "[57% 46-67]",
        "[30% behind]",
        "[48% stopped]",
    ]
    assert verdict_text(race, [0, 1, 2, 3, 4]) == (
        "1 leads; 3 about equal; 2 and 5 stopped early, not clearly behind"
    )
