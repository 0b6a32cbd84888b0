"""`unbroken verify FILE...`: re-run recordings; report OK or the first divergence of each.

A folder stands for the recordings in it (`unbroken verify ~/.local/share/unbroken/replays`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from unbroken.cli import load, positive_int

HELP = "re-run recorded games against the engine and report any divergence"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="replay files (.jsonl.gz or .jsonl), or folders of them",
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        help="worker processes (default: one per CPU when there are many files)",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print only the failures and the count, not a line per good file",
    )


def expand(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """Return the files to verify (a folder gives its recordings, by name) and the problems."""
    from unbroken.replay import is_recording

    files: list[Path] = []
    problems: list[str] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        found = sorted(p for p in path.iterdir() if p.is_file() and is_recording(p))
        if not found:
            problems.append(f"{path}: no recordings (.jsonl.gz or .jsonl) in this folder")
        files.extend(found)
    return files, problems


def run(args: argparse.Namespace) -> int:
    from unbroken.replay import verify_files

    ruleset = load()
    files, missing = expand(args.files)
    for why in missing:
        print(f"FAIL  {why}")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if args.jobs is None and len(files) < 16:
        jobs = 1  # starting workers costs more than a few files take
    passed = failed = 0
    for path, problem in verify_files(files, ruleset, jobs):
        if problem is None:
            passed += 1
            if not args.quiet:
                print(f"OK    {path}")
        else:
            failed += 1
            print(f"FAIL  {problem}")
    failed += len(missing)
    if passed + failed > 1 or args.quiet:
        print(f"{passed} OK, {failed} failed")
    return 1 if failed else 0
