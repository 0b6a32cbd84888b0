"""v53's notes after round 37 (#28): help still said the chance here was "the best's" where
the header now reads the leading line's (or the best's, named, where no line leads);
`unbroken play`'s verdict began lower-case after the lines' full stop ("Hack. about equal
…"); and the game's `%` said "1 leads; all about equal", the "all" taking in the one that
leads, where three or more options were about equal."""

from __future__ import annotations

import re
from typing import Any, cast

from test_round31_odds import _Odds
from test_round37_no_use import OPTIONS, _basilisk, _mask, _printed

from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.tui import odds
from unbroken.tui.help_pages import KEYS

HELP = " ".join(KEYS.split())


def _four_about_equal() -> Weighing:
    """Four options, 1 ahead on its line, none clearly behind it on the same futures."""
    wins = [_mask(70), _mask(66) | _mask(3) << 80, _mask(65) | _mask(2) << 90]
    wins.append(_mask(64) | _mask(4) << 85)
    return Weighing(tuple(wins), (100,) * 4, best=0, fresh=_mask(70), fresh_games=100)


def test_help_says_the_chance_here_as_the_header_reads_it() -> None:
    # Where the race's best is of no use now and its line reads Skip's bound, the header's
    # chance is the leading line's: help says so, not "the best's is the chance here".
    race = _basilisk()
    here = odds.chance_here(race, [0, 1, 2], [0], 2)
    assert here is not None and here[0] == race.shown(1).rate != race.chance.rate
    assert "the best's is the chance here" not in HELP
    assert "the leading line's" in HELP
    # Where no line leads, the best's, named, in the header's own words.
    none = Weighing((_mask(60), _mask(20)), (100, 100), best=0, fresh=_mask(60), fresh_games=100)
    here = odds.chance_here(none, [0, 1], [0], 1)
    said = odds.status_text(cast(Any, _Odds(none)), "", "", "", here)
    shown = re.search(r"chance here \d+% \(1's\)", said)
    assert shown is not None, said
    assert f'"{shown.group()}"' in HELP, HELP


def test_the_text_games_verdict_starts_as_a_sentence() -> None:
    race = _four_about_equal()
    options = ["Chop", "Hack", "Slash", "Skip your turn"]
    actions = [act.Focus(), act.Focus(), act.Focus(), act.Skip()]
    printed = _printed(race, options, actions)
    assert "About equal on the same futures" in printed, printed
    # Every sentence the table says after a full stop begins with a capital or a number.
    for after in re.findall(r"[.] (\S)", printed):
        assert after.isupper() or after.isdigit(), printed
    assert _printed(_basilisk(), OPTIONS).count("2 leads on the lines") == 1


def test_a_lead_and_three_about_equal_are_named_never_all() -> None:
    race = _four_about_equal()
    assert race.about_equal() == [0, 1, 2, 3]
    said = odds.verdict_text(race, [0, 1, 2, 3])
    assert said == "1 leads; 2, 3 and 4 about equal", said
    assert "all" not in said
