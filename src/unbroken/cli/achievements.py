"""`unbroken achievements`: the sheet of all achievements, with Easy/Normal/Hard ticks."""

from __future__ import annotations

import argparse
import textwrap

from unbroken.cli.command import CommandError, plugins_in_use

DIFFICULTIES = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))
EARNED = "[x]"
MISSING = "[ ]"
#: The descriptions wrap to fit a terminal of 80 columns.
WIDTH = 80


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--describe", action="store_true", help="show what each one asks")


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.scores import open_if_any
    from unbroken.records import RecordsError, achievement_sheet, all_achievements

    achievements = all_achievements(plugins_in_use())
    records = open_if_any()
    if records is None:  # nothing earned yet, and no records file made to say so
        sheet = achievement_sheet({}, achievements)
    else:
        with records:
            try:
                sheet = achievement_sheet(records.first_earned(), achievements)
            except RecordsError as exc:
                raise CommandError(str(exc)) from None
    width = max(len(row.name) for row in sheet)
    header = f"{'Achievement':<{width}}  " + "  ".join(f"{label:<6}" for _, label in DIFFICULTIES)
    print(header.rstrip())
    done = 0
    for row in sheet:
        ticks = "  ".join(f"{EARNED if d in row.earned else MISSING:<6}" for d, _ in DIFFICULTIES)
        done += sum(d in row.earned for d, _ in DIFFICULTIES)
        print(f"{row.name:<{width}}  {ticks}".rstrip())
        if args.describe and row.text:
            print(textwrap.fill(row.text, WIDTH, initial_indent="    ", subsequent_indent="    "))
    total = len(sheet) * len(DIFFICULTIES)
    print()
    print(f"{done} of {total} earned ({EARNED} earned, {MISSING} not yet).")
    return 0
