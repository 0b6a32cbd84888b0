"""`unbroken verify FILE...`: re-run recordings; report OK or the first divergence of each."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from unbroken.cli import load, positive_int

HELP = "re-run recorded games against the engine and report any divergence"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="+", type=Path, metavar="FILE", help="replay files (.jsonl.gz or .jsonl)"
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        help="worker processes (default: one per CPU when there are many files)",
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.replay import verify_files

    ruleset = load()
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if args.jobs is None and len(args.files) < 16:
        jobs = 1  # starting workers costs more than a few files take
    failed = 0
    for path, problem in verify_files(args.files, ruleset, jobs):
        if problem is None:
            print(f"OK    {path}")
        else:
            failed += 1
            print(f"FAIL  {problem}")
    if len(args.files) > 1:
        print(f"{len(args.files) - failed} OK, {failed} failed")
    return 1 if failed else 0
