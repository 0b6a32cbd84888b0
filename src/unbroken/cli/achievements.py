"""`unbroken achievements`: the sheet of all achievements, with a column of ticks per
difficulty of the loaded ruleset (Easy, Normal, Hard, then those plugins add)."""

from __future__ import annotations

import argparse
import textwrap

from unbroken.cli.command import CommandError, plugins_in_use

EARNED = "[x]"
MISSING = "[ ]"
#: The descriptions wrap to fit a terminal of 80 columns.
WIDTH = 80


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--describe", action="store_true", help="show what each one asks")


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.scores import open_if_any
    from unbroken.records import RecordsError, achievement_sheet, all_achievements, sheet_columns

    plugins = plugins_in_use()
    achievements = all_achievements(plugins)
    records = open_if_any()
    if records is None:  # nothing earned yet, and no records file made to say so
        sheet = achievement_sheet({}, achievements)
    else:
        with records:
            try:
                sheet = achievement_sheet(records.first_earned(), achievements)
            except RecordsError as exc:
                raise CommandError(str(exc)) from None
    columns = sheet_columns([(d.id, d.name) for d in plugins.ruleset.settings.difficulties], sheet)
    width = max(len(row.name) for row in sheet)
    sizes = [max(6, len(label)) for _, label in columns]
    labels = (f"{label:<{n}}" for (_, label), n in zip(columns, sizes, strict=True))
    print(f"{'Achievement':<{width}}  {'  '.join(labels)}".rstrip())
    done = 0
    for row in sheet:
        marks = (EARNED if d in row.earned else MISSING for d, _ in columns)
        ticks = "  ".join(f"{mark:<{n}}" for mark, n in zip(marks, sizes, strict=True))
        done += sum(d in row.earned for d, _ in columns)
        print(f"{row.name:<{width}}  {ticks}".rstrip())
        if args.describe and row.text:
            print(textwrap.fill(row.text, WIDTH, initial_indent="    ", subsequent_indent="    "))
    total = len(sheet) * len(columns)
    print()
    print(f"{done} of {total} earned ({EARNED} earned, {MISSING} not yet).")
    return 0
