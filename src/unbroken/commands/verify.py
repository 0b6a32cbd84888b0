"""`unbroken verify FILE...`: re-run recordings; report OK or the first divergence of each."""

from __future__ import annotations

import argparse
from pathlib import Path

from unbroken.cli import load

HELP = "re-run recorded games against the engine and report any divergence"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="replay files")


def run(args: argparse.Namespace) -> int:
    from unbroken.replay import verify_file

    ruleset = load()
    failed = 0
    for path in args.files:
        problem = verify_file(path, ruleset)
        if problem is None:
            print(f"OK    {path}")
        else:
            failed += 1
            print(f"FAIL  {problem}")
    if len(args.files) > 1:
        print(f"{len(args.files) - failed} OK, {failed} failed")
    return 1 if failed else 0
