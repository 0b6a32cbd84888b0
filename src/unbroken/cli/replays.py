"""`unbroken replays`: list the recorded games (date, character, difficulty, outcome, score)."""

from __future__ import annotations

import argparse
import sys

from unbroken.cli.command import load
from unbroken.words.printable import printable
from unbroken.words.vocabulary import cut, plural

#: The widest the character column grows to a name; a longer one is cut with "…".
CHARACTER_WIDTH = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--unfinished", action="store_true", help="only games that can be continued"
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.home.paths import replays_dir
    from unbroken.records import finish_times
    from unbroken.replay import continuable, recorded_games, recording_names, short_names

    ruleset = load()
    directory = replays_dir()
    infos, problems = recorded_games(directory)
    if args.unfinished:
        infos = [i for i in infos if continuable(i)]  # none with no decision
    for problem in problems:
        print(f"unbroken: skipped unreadable {problem}", file=sys.stderr)
    if not infos and args.unfinished:  # as the Continue list says it
        print(f"No unfinished games in {directory}: a game you leave before its end waits here.")
        return 0
    if not infos and problems:  # as the TUI's list says it: none can be read, not none yet
        print(f"No recorded games in {directory} can be read.")
        return 0
    if not infos:  # as the TUI's list says it (35's note: "No recorded games in DIR.")
        print(f"No recorded games in {directory} yet: every game you play is kept here.")
        return 0
    found = short_names([i.path.name for i in infos], recording_names(directory))
    names = [printable(name) for name in found]
    width = max(len("name"), *(len(n) for n in names))
    # When each game finished, as Records shows it ("11-27 14:56"): a name is the time its
    # game started (round 11 looked for Records' finish time among the names).
    finished = {name: at[5:16].replace("T", " ") for name, at in finish_times().items()}
    # Made printable before it is cut to its column: a file's text, shown as it is. The
    # column is as wide as its longest name (#28 round 18: "Kirilla el Kae", cut, no "…").
    who = [printable(ruleset.card_name(i.character)) for i in infos]
    wide = min(CHARACTER_WIDTH, max(len("character"), *(len(w) for w in who)))
    level = [printable(ruleset.difficulty_name(i.difficulty)) for i in infos]
    hard = max(len("difficulty"), *(len(d) for d in level))
    head = (
        f"{'name':<{width}}  {'finished':<11}  {'character':<{wide}} {'difficulty':<{hard}} "
        f"{'outcome':<10} {'score':>5}"
    )
    print(head.rstrip())
    for i, name, char, difficulty in zip(infos, names, who, level, strict=True):
        score = "" if i.score is None else str(i.score)
        end = printable(finished.get(i.path.name, "-"))
        row = (
            f"{name:<{width}}  {end:<11}  {cut(char, wide):<{wide}} {difficulty:<{hard}} "
            f"{i.outcome:<10} {score:>5}"
        )
        print(row.rstrip())
    print(
        f"({plural(len(infos), 'game')} in {directory}, each named by the time it started; "
        "`unbroken replay NAME` watches one)"
    )
    return 0
