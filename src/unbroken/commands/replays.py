"""`unbroken replays`: list the recorded games (date, character, difficulty, outcome, score)."""

from __future__ import annotations

import argparse
import sys

from unbroken.cli import load
from unbroken.narrate import plural

HELP = "list recorded games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--unfinished", action="store_true", help="only games that can be continued"
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.paths import replays_dir
    from unbroken.replay import recorded_games

    ruleset = load()
    directory = replays_dir()
    infos, problems = recorded_games(directory)
    if args.unfinished:
        infos = [i for i in infos if i.outcome == "unfinished"]
    for problem in problems:
        print(f"unbroken: skipped unreadable {problem}", file=sys.stderr)
    if not infos:
        print(f"No recorded games in {directory}.")
        return 0
    print(f"{'date':<17} {'character':<22} {'difficulty':<10} {'outcome':<10} {'score':>5}  file")
    for i in infos:
        score = "" if i.score is None else str(i.score)
        print(
            f"{i.created[:16].replace('T', ' '):<17} {ruleset.card_name(i.character):<22} "
            f"{ruleset.difficulty_name(i.difficulty):<10} {i.outcome:<10} {score:>5}  "
            f"{i.path.name}"
        )
    print(f"({plural(len(infos), 'game')} in {directory})")
    return 0
