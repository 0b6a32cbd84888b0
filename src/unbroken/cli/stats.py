"""`unbroken stats`: the Records screen's charts as figures: score over time, win rates, deaths."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from unbroken.cli.command import CommandError, add_json, positive_int
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.cli.scores import Names
    from unbroken.records.stats import Stats, Tally


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--periods",
        type=positive_int,
        default=10,
        metavar="N",
        help="split the score over time into N runs of games (default 10)",
    )
    parser.add_argument(
        "--last", type=positive_int, metavar="N", help="count only the last N games"
    )
    add_json(parser)


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.cli.scores import Names, no_games, open_if_any
    from unbroken.records import RecordsError, records_path
    from unbroken.records.stats import compute, to_document

    records = open_if_any()
    if records is None:  # no records file: no games, and none made to say so
        rows, total, path = [], 0, records_path(create=False)
    else:
        with records:
            try:
                rows = records.games(limit=args.last)
                total, _ = records.count()
            except RecordsError as exc:
                raise CommandError(str(exc)) from None
            path = records.path
    stats = compute(rows)
    names = Names()
    if args.json:
        document = to_document(stats, args.periods, names.card_name, names.difficulty)
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return 0
    if not stats.games:
        print(no_games(path))
        return 0
    print(report(stats, args.periods, names, total))
    print(f"Records: {path}")
    return 0


def report(stats: Stats, periods: int, names: Names, total: int) -> str:
    """Return the figures as text: the same as the Records screen's charts."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.records.stats import killer_name

    which = plural(stats.games, "game")
    if stats.games < total:
        which += f" (the last {stats.games} of {total})"
    lines = [
        f"{which}, {stats.wins} won ({100 * stats.rate:.1f} %); "
        f"best score {stats.best}, average {stats.average:.2f} per game",
        "",
        "Score over time (a lost game scores 0):",
        f"  {'games':<11}  {'won':>9}  {'average':>7}  {'best':>4}",
    ]
    for p in stats.periods(periods):
        span = str(p.first) if p.first == p.last else f"{p.first}-{p.last}"
        won = f"{p.wins}/{p.games}"
        lines.append(f"  {span:<11}  {won:>9}  {p.average:>7.2f}  {p.best:>4}")
    difficulties = [(names.difficulty(t.key), t) for t in stats.by_difficulty]
    characters = [(names.card_name(t.key), t) for t in stats.by_character]
    killers = [(killer_name(d.killer, names.card_name), d.deaths) for d in stats.deaths]
    # One width for the names of the three lists: their figures line up.
    width = max(len(name) for name, _ in [*difficulties, *characters, *killers])
    lines += ["", "Win rate by difficulty:"]
    lines += _tallies(difficulties, width)
    lines += ["", "Win rate by character:"]
    lines += _tallies(characters, width)
    lost = stats.games - stats.wins
    lines += ["", f"Deaths by monster or cause ({lost}):"]
    if not killers:
        lines.append("  none: every game was won")
    for name, deaths in killers:
        lines.append(f"  {name:<{width}}  {deaths:>9}  {100 * deaths / lost:>5.1f} %")
    lines.append("")
    return "\n".join(lines)


def _tallies(tallies: list[tuple[str, Tally]], width: int) -> list[str]:
    """Return one line per tally: its name, won/played and the win rate."""
    return [
        f"  {label:<{width}}  {f'{t.wins}/{t.games}':>9}  {100 * t.rate:>5.1f} %"
        for label, t in tallies
    ]
