"""Round 34 (#28, 34a-4): against the Ogre, its armor 0/3 and its guard up, the Club's
dimmed Crack read "1. Attack with Crack…": its row kept "Attack with " and lost why it
cannot be taken, "(no armor to break; another weapon attack lowers the guard)", whole too
long for the row. Why an option is dimmed outlives "Attack with " and its later reasons:
"1. Attack with Crack (no armor to break; …)", then "1. Crack (no armor to break; …)"."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.option_lines import cut_first, option_lines
from unbroken.tui.option_rows import fit_options
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()


def crack_guarded() -> tuple[list[str], list[bool], list[bool], int]:
    """The Ogre's battle turn, its armor broken and its guard up, the Club in hand: the
    options' lines, which are dimmed, which are cut first, and Crack's index."""
    ogre = Scenario("tomu", level=3).no_time_track().monster("ogre").weapon("club")
    game = ogre.resources(se=10, me=1).start("battle")
    assert game.state.monster is not None
    game.state.monster.armor, game.state.monster.defend = 0, True
    offered = game.options()
    query = game.query()
    forecasts = {a: query.forecast(a) for a, why in offered if not why}
    lines, _ = option_lines(game, offered, forecasts)
    no_use = [
        None if why else option_no_use(a, game.state, RULES, forecasts.get(a)) for a, why in offered
    ]
    crack = next(i for i, (a, why) in enumerate(offered) if isinstance(a, act.Attack) and why)
    return lines, [bool(why) for _, why in offered], cut_first(offered, no_use), crack


def test_a_dimmed_attack_row_keeps_why_before_attack_with() -> None:
    lines, off, wordy, crack = crack_guarded()
    assert "(no armor to break; " in lines[crack], lines[crack]
    for width in range(30, 81):
        for rows in range(len(lines), len(lines) + 3):
            row = fit_options(lines, width, rows, off, wordy)[crack]
            assert "(no armor to break" in row, (width, rows, row)
            assert all(len(part) <= width for part in row.split("\n")), (width, row)
            if "\n" not in row and "Attack with" in row and row != lines[crack]:
                assert row.endswith("(no armor to break; …)"), (width, rows, row)
