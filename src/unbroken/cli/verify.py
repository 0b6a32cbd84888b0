"""`unbroken verify FILE...`: re-run recordings; report OK or the first divergence of each.

A folder stands for the recordings in it (`unbroken verify ~/.local/share/unbroken/replays`),
a bare name for the recording of that name (or starting so) in the replays folder,
and no FILE at all for the replays folder itself.
An unfinished game (no footer yet) is not a broken file: its decisions are
checked, and it is reported as unfinished, not as a failure.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from unbroken.bots import workers
from unbroken.cli.command import add_jobs, plugins_in_use
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.replay import Verdict


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="replay files (.jsonl.gz or .jsonl), folders of them, or names as "
        "`unbroken replays` lists them; default: the replays folder",
    )
    add_jobs(parser)
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print only the failures and the count, not a line per good file",
    )


def expand(names: list[str]) -> tuple[list[Path], list[str]]:
    """Return the files to verify (a folder gives its recordings, by name) and the problems."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.home.paths import replays_dir
    from unbroken.replay import ReplayError, find_recording, is_recording

    files: list[Path] = []
    problems: list[str] = []
    paths: list[Path] = []
    for name in names:
        try:
            paths.append(find_recording(name))
        except ReplayError as exc:
            problems.append(str(exc))
    if not names:
        paths.append(replays_dir())
    for path in paths:
        try:
            folder = path.is_dir()
        except OSError as exc:  # a folder on the way cannot be searched
            problems.append(f"{path}: cannot read the file ({exc.strerror or exc})")
            continue
        if not folder:
            files.append(path)
            continue
        try:
            # Not only regular files: a FIFO or socket named so is reported, never skipped.
            found = sorted(p for p in path.iterdir() if is_recording(p) and not p.is_dir())
        except OSError as exc:
            problems.append(f"{path}: cannot read this folder ({exc.strerror or exc})")
            continue
        if not found:
            problems.append(f"{path}: no recordings (.jsonl.gz or .jsonl) in this folder")
        files.extend(found)
    return files, problems


def unfinished(verdict: Verdict) -> str:
    """Return what an unfinished recording holds, every decision of it checked."""
    n = verdict.decisions
    checked = f"{plural(n, 'decision')} {'checks' if n == 1 else 'check'} out"
    if verdict.over:  # the footer was never written (the game stopped as it ended)
        return f"{checked}; the game is over but has no footer: continuing it writes one"
    return f"{checked}; continue it from the title screen or with unbroken play --continue"


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.replay import VerdictKind, verdicts

    plugins = plugins_in_use()  # their observers see every game verified
    ruleset = plugins.ruleset
    if not args.files:  # your own games: none yet is nothing to verify, not a failure
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.home.paths import replays_dir
        from unbroken.replay import recording_names

        folder = replays_dir(create=False)
        if not recording_names(folder):
            print(f"No recorded games in {folder} yet: nothing to verify.")
            return 0
    files, missing = expand(args.files)
    for why in missing:
        print(f"FAIL  {why}")
    # Unasked, a few files take less than starting workers costs.
    asked = 1 if args.jobs is None and len(files) < 16 else args.jobs
    jobs = workers.worker_count(asked, len(files))
    passed = failed = left = 0
    for verdict in verdicts(files, ruleset, jobs, plugins):
        if verdict.kind == VerdictKind.OK:
            passed += 1
            if not args.quiet:
                print(f"OK    {verdict.path}")
        elif verdict.kind == VerdictKind.UNFINISHED:
            left += 1
            if not args.quiet:
                print(f"unfinished  {verdict.path} ({unfinished(verdict)})")
        else:
            failed += 1
            print(f"FAIL  {verdict.problem}")
    failed += len(missing)
    if passed + failed + left > 1 or args.quiet:
        also = f" {left} unfinished," if left else ""
        print(f"{passed} OK,{also} {failed} failed")
    return 1 if failed else 0
