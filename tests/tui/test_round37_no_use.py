"""v53's notes after 36a-1: the game's `%` names as leading only the lines that lead, yet
`unbroken play`'s long verdict still said "(1 is of no use now: ahead by chance or the play
after)" beside "1. at most Skip's 28 %" and "2. 37 % (26-48)", and both headers said the
chance here was the race's best's, 40 %, which no line showed. Both now read the lines."""

from __future__ import annotations

from typing import Any, cast

from test_round31_odds import _Odds

from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.play.text_odds import table
from unbroken.tui import odds

OPTIONS = ["Chop (no use now: …)", "Hack", "Skip your turn"]
ACTIONS = [act.Focus(), act.Focus(), act.Skip()]


def _mask(n: int) -> int:
    return (1 << n) - 1


def _basilisk() -> Weighing:
    """Chop (no use now) the race's best at 40 % of its own; Hack 3 points behind on the same
    futures, not clearly; Skip 12 behind, clearly."""
    chop, hack, skip = _mask(40), _mask(35) | _mask(2) << 60, _mask(28)
    return Weighing((chop, hack, skip), (100, 100, 100), best=0, fresh=_mask(40), fresh_games=100)


def _printed(race: Weighing, options: list[str] = OPTIONS, actions: list[Any] = ACTIONS) -> str:
    legal = list(range(len(options)))
    return " ".join(table(options, legal, race, actions).split())


def test_the_text_games_verdict_names_the_line_that_leads() -> None:
    race = _basilisk()
    rows = odds.row_texts(race, ["1", "2", "3"], [0], 2, "Skip")
    assert rows[0] == "[at most Skip's 28%]" and rows[1].startswith("[37% "), rows
    printed = _printed(race)
    assert "1. at most Skip's 28 %" in printed and "2. 37 % (26-48)" in printed, printed
    assert "ahead by chance or the play after)" not in printed, printed
    assert (
        "2 leads on the lines (1 is of no use now, ahead on the futures by chance or the play"
        " after: its line reads 3's figure as its bound); about equal on the same futures"
    ) in printed, printed
    # The chance here is the leading line's, as it reads, never Chop's 40 % no line shows.
    assert "Chance here: 37 % (26-48), with 2, the line that leads." in printed, printed
    assert "40 %" not in printed


def test_the_games_header_says_the_chance_the_leading_line_reads() -> None:
    race = _basilisk()
    here = odds.chance_here(race, [0, 1, 2], [0], 2)
    assert here == (race.shown(1).rate, "")
    verdict = odds.verdict_text(race, [0, 1, 2], [0], passing=2)
    said = odds.status_text(cast(Any, _Odds(race)), verdict, "2", "", here)
    assert ": chance here 37%; 2 leads; 1 of no use now" in said, said
    # An option of use the race's best: the position's chance, as before.
    assert odds.chance_here(race, [0, 1, 2], [], 2) is None
    assert "chance here 40%;" in odds.status_text(cast(Any, _Odds(race)), "1 leads", "1")


def test_where_its_line_reads_ahead_the_best_keeps_its_chance() -> None:
    # No Skip: Chop's line reads its own 40 % ("[40% no use]"), above Hack's 37 %.
    from unbroken.advisor.readings import chance_read

    race = _basilisk()
    two = Weighing(race.wins[:2], (100, 100), best=0, fresh=_mask(40), fresh_games=100)
    assert chance_read(two, [0], None) == (two.chance, None)
    printed = _printed(two, OPTIONS[:2], ACTIONS[:2])
    assert "(1 is of no use now: ahead by chance or the play after)" in printed, printed
    chance = two.chance.percent()
    assert f"Chance here: {chance}, the best option on 100 futures of its own." in printed


def test_where_no_line_leads_the_chance_says_whose_it_is() -> None:
    race = Weighing((_mask(60), _mask(20)), (100, 100), best=0, fresh=_mask(60), fresh_games=100)
    assert odds.row_texts(race, ["1", "2"], [0], 1, "Skip") == [
        "[at most Skip's 20%]",
        "[20% behind]",
    ]
    printed = _printed(race, [OPTIONS[0], OPTIONS[2]], [ACTIONS[0], ACTIONS[2]])
    assert "Chance here: 60 % (50-69), with 1, of no use now, on 100 futures" in printed, printed
    assert printed.count("No line leads (1 is of no use now") == 1, printed
    here = odds.chance_here(race, [0, 1], [0], 1)
    assert here == (race.chance.rate, " (1's)")
