"""`unbroken scores`: recent games, best scores per class and difficulty, win rate; export."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from unbroken.cli.command import CommandError, positive_int
from unbroken.words.outcomes import cause_of_death
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.records import GameRow, Records


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--recent", type=positive_int, default=10, help="recent games to list (default 10)"
    )
    sub = parser.add_subparsers(dest="scores_command", metavar="export")
    export = sub.add_parser(
        "export",
        help="write every recorded game as CSV or JSON",
        description="Write every recorded game as CSV (spreadsheets) or JSON "
        "(docs/records-schema.json), oldest first.",
    )
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records.export import FORMATS

    names = tuple(FORMATS)
    export.add_argument("--format", choices=names, required=True, help=" or ".join(names))
    export.add_argument("--output", type=Path, help="write to this file (default: stdout)")


def open_or_fail() -> Records:
    """Return the records store, or raise CommandError with the RecordsError's line."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records import RecordsError, open_records

    try:
        return open_records()
    except RecordsError as exc:
        raise CommandError(str(exc)) from None


def open_if_any() -> Records | None:
    """Return the records store, or None when there is none; create nothing.

    What the commands that only read the records use: showing no games must not
    leave a data dir and an empty records file behind. Raises CommandError.
    """
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records import RecordsError, open_existing_records

    try:
        return open_existing_records()
    except RecordsError as exc:
        raise CommandError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records import RecordsError, records_path

    records = open_if_any()
    if records is None:  # as from a records file without games
        if args.scores_command == "export":
            return export([], args.format, args.output)
        print(no_games(records_path(create=False)))
        return 0
    with records:
        try:
            if args.scores_command == "export":
                return export(records.games(newest_first=False), args.format, args.output)
            return show(records, args.recent)
        except RecordsError as exc:
            raise CommandError(str(exc)) from None


def no_games(path: Path) -> str:
    """Return what `unbroken scores` says when the records file at `path` holds no game."""
    return f"No games recorded yet (records: {path})."


def export(rows: Sequence[GameRow], fmt: str, output: Path | None) -> int:
    """Write the export of `rows` to `output` (or stdout); return the exit status."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records.export import FORMATS

    text = FORMATS[fmt](rows)
    if output is None:
        print(text, end="")
        return 0
    try:
        output.write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from None
    print(f"{plural(len(rows), 'game')} written to {output}")
    return 0


def _short(card_id: str) -> str:
    return card_id.split(":", 1)[-1]


class Names:
    """Printed names of cards, difficulties and achievements, as the game shows them.

    A card of a plugin that is not installed any more (or content that does
    not load) is shown by its id without the namespace.
    """

    def __init__(self) -> None:
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.cli.command import CommandError, plugins_in_use
        from unbroken.records import all_achievements

        try:
            plugins = plugins_in_use()
        except CommandError as exc:
            first = str(exc).splitlines()[0]
            print(f"unbroken: note: showing card ids, not names: {first}", file=sys.stderr)
            self.card_name: Callable[[str], str] = _short
            self.difficulty: Callable[[str], str] = str
            self.achievements: dict[str, str] = {}
            self.titles: dict[str, str] = {}
            return
        rules = plugins.ruleset
        #: The display names of the plugins' scoring rules and bots.
        self.titles = plugins.display_names()
        self.card_name = lambda card: _short(rules.card_name(card))
        self.difficulty = rules.difficulty_name
        self.achievements = {a.id: a.name for a in all_achievements(plugins)}

    def achievement(self, achievement: str) -> str:
        return self.achievements.get(achievement, achievement)


def result_width() -> int | None:
    """Return the width results wrap to: COLUMNS when it is set to a width (as `ls` and
    `man` take it, piped or not), else the terminal's when stdout is one, else None.

    Piped or redirected without COLUMNS, each game stays on one line, for grep and awk.
    """
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


#: Where a result that goes on to more lines continues: under the date.
HANGING = 8


def wrapped(text: str, start: int, width: int | None) -> str:
    """Return `text`, starting at column `start`, wrapped to `width` columns.

    Its further lines start at column HANGING. Without a width it is one line.
    """
    if width is None or start + len(text) <= width:
        return text
    lines = textwrap.wrap(
        text,
        width,
        initial_indent=" " * start,
        subsequent_indent=" " * HANGING,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return "\n".join(lines)[start:]


def show(records: Records, recent: int) -> int:
    """Print recent games, best scores and the win rate; return the exit status."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records import alternatives_text

    names = Names()
    titles = names.titles
    name = names.card_name
    total, wins = records.count()
    if total == 0:
        print(no_games(records.path))
        return 0
    rows = records.games(limit=recent)  # read whole before a line is printed
    rate = f"{100 * wins / total:.1f} %"
    print(f"{plural(total, 'game')}, {wins} won ({rate})")
    print(f"Records: {records.path}")
    print()
    print(f"Recent games (last {min(recent, total)}):")
    width = result_width()
    cells: list[tuple[str, ...]] = [("#", "finished", "character", "class", "diff.")]
    results = ["result"]
    for row in rows:
        if row.won:
            result = f"won, {row.score} points ({row.rank})"
            if row.alternative_scores:
                result += "; " + alternatives_text(row.alternative_scores, titles)
        else:
            cause = cause_of_death(row.cause, row.killed_by, name)
            result = f"lost on level {row.level}: {cause}"
        if row.new_achievements:
            new = ", ".join(names.achievement(a) for a in row.new_achievements)
            result += f" [new: {new}]"
        finished = row.finished[:16].replace("T", " ")
        difficulty = names.difficulty(row.difficulty)
        cells.append((str(row.id), finished, name(row.character), name(row.cls), difficulty))
        results.append(result)
    for start, result in zip(aligned(cells, right={0}), results, strict=True):
        print(start + wrapped(result, len(start), width))
    print()
    print("Best scores by class and difficulty:")
    cells = [("class", "diff.", "best", "rank", "won", "game")]
    for best in records.best_scores():
        won = f"{best.wins}/{best.games}"
        game = f"#{best.game_id} {name(best.character)}" if best.game_id else "-"
        score = str(best.score) if best.wins else "-"  # no win: no best score yet
        difficulty = names.difficulty(best.difficulty)
        cells.append((name(best.cls), difficulty, score, best.rank or "-", won, game))
    for line in aligned(cells, right={2, 4}):
        print(line.rstrip())
    return 0


def aligned(rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    """Return each row's cells as one line, each column as wide as its widest cell (so a
    long class or difficulty name keeps the columns in line, #28 round 8), two spaces
    apart and two in; the columns numbered in `right` aligned right. Every line ends with
    the two spaces that lead to what follows it."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = (
            cell.rjust(n) if i in right else cell.ljust(n)
            for i, (cell, n) in enumerate(zip(row, widths, strict=True))
        )
        lines.append("  " + "  ".join(cells) + "  ")
    return lines
