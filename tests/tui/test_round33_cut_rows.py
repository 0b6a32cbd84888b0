"""Round 33 (#28, 33b-1): with cards pending, an ability's option kept to two rows was cut
at the second row's end with no "…": "8. Delve [Gravedigger] (pay 1 SE, 1 ability / use;
3 more cards pending): reveal 3 more" read as the whole of what Delve does (its last row
filled the list's 44 columns, and a cut that fits gives no mark). Every option row that
does not say all its words marks the cut with "…"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import expansions_from_source, mixed_walk
from unbroken.tui.attack_cuts import is_attack, without_verb
from unbroken.tui.option_lines import cut_first, option_lines
from unbroken.tui.option_rows import briefest, fit_options, in_rows_cut, wrap_option
from unbroken.tui.row_keeps import said_briefly
from unbroken.words.no_use_why import option_no_use

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
DELVE = (
    "8. Delve [Gravedigger] (pay 1 SE, 1 ability use; 3 more cards pending): reveal 3 more"
    " cards at the next Exploration"
)
PEEK = (
    "8. Take a Peek [Sneak] (1 ability use; 1 more card pending): reveal 1 more card at the"
    " next Exploration"
)
DOWNGRADE = "9. Downgrade: give up the Spear for good"


def words(text: str) -> str:
    """Return a row's words, its wrapping gone."""
    return " ".join(text.split())


def whole_ways(line: str) -> set[str]:
    """Return the ways a row says all of `line`: whole, its reasons said briefly, an
    attack without "Attack with " (each a shorter way, not a cut)."""
    ways = {line, said_briefly(line), said_briefly(line, shorter=True)} - {""}
    ways |= {without_verb(way) for way in ways if is_attack(way)}
    return {words(way) for way in ways}


def assert_marked(line: str, row: str) -> None:
    """A row cut short of its option's words (they go on past where it stops) ends with
    "…", kept to one row or to its first rows alike."""
    said = words(row)
    if said in whole_ways(line):
        return
    cut_short = any(way.startswith(said.removesuffix("…")) for way in whole_ways(line))
    assert not cut_short or row.endswith("…"), (line, row)


def test_delve_and_take_a_peek_kept_to_two_rows_end_in_a_cut_mark() -> None:
    for line in (DELVE, PEEK):
        row = fit_options([line, DOWNGRADE], 44, 3, None, [True, False])[0]
        assert row.count("\n") == 1 and row.endswith("…"), row
        assert all(len(part) <= 44 for part in row.split("\n")), row
    # Kept to its first two rows between words, no amount left without its unit.
    row = in_rows_cut(wrap_option(DELVE, 44), 2, 44)
    assert row == (
        "8. Delve [Gravedigger] (pay 1 SE, 1 ability\n   use; 3 more cards pending): reveal…"
    ), row


def decision_lists(
    rules: Ruleset, count: int, seed: int
) -> Iterator[tuple[list[str], list[list[str]], list[bool], list[bool]]]:
    """Yield every decision's options over `count` walked games of each character: their
    lines and shorter ways as drawn, which cannot be taken now and which are cut first."""
    for who in sorted(rules.characters):
        for i in range(count):
            game = Game.new(rules, who, "normal", seed + i)
            for now in mixed_walk(game, seed + i):
                offered = now.options()
                query = now.query()
                forecasts = {a: query.forecast(a) for a, why in offered if not why}
                lines, briefer = option_lines(now, offered, forecasts)
                no_use = [
                    None if why else option_no_use(a, now.state, now.ruleset, forecasts.get(a))
                    for a, why in offered
                ]
                off = [bool(why) for _, why in offered]
                yield lines, briefer, off, cut_first(offered, no_use)


def check_lists(rules: Ruleset, count: int, seed: int) -> int:
    """Fit every walked decision's options at widths 40-80 in rooms from one row an
    option to three more, and check each row's cut is marked; return the rows cut."""
    cut = 0
    for lines, briefer, off, wordy in decision_lists(rules, count, seed):
        for width in range(40, 81, 2):
            used = [briefest(line, ways, width) for line, ways in zip(lines, briefer, strict=True)]
            for rows in range(len(lines), len(lines) + 4):
                shown = fit_options(used, width, rows, off, wordy)
                for line, row in zip(used, shown, strict=True):
                    assert_marked(line, row)
                    cut += words(row) not in whole_ways(line)
    return cut


def test_every_option_row_cut_short_of_its_words_says_so() -> None:
    assert check_lists(load_ruleset(), 1, 3_300) > 1_000


def test_every_unearthed_option_row_cut_short_of_its_words_says_so() -> None:
    with expansions_from_source(PLUGINS, {"unearthed": "unbroken_unearthed"}) as rules:
        assert check_lists(rules, 1, 3_310) > 1_000
