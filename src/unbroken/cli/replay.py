"""`unbroken replay [FILE]`: watch a recorded game in the read-only viewer.

FILE is a path, or a recording's name (or the start of one) in the replays
folder, as `unbroken replays` lists them, or a folder (its newest game); with
none, the newest finished game in the replays folder (said on the terminal, with the
unfinished games started after it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from unbroken.cli.command import CommandError, load, require_terminal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        help="a recording (.jsonl.gz or .jsonl): a path, or a name as `unbroken replays` "
        "lists it (its start is enough), or a folder (its newest game), or an http(s) URL "
        "(a board's recording link: fetched first); default: the newest finished game "
        "(the newest game when none is finished)",
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.replay import ReplayError
    from unbroken.replay.viewing import warning, watch
    from unbroken.tui.app import UnbrokenApp

    ruleset = load()
    if args.file is not None and args.file.startswith(("http://", "https://")):
        args.file = str(fetched(args.file))
    try:
        path = named_recording(args.file, "replay")
        _, problem = watch(path, ruleset)  # a bad file is a one-line error before the screen opens
    except ReplayError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        where = args.file or "the replays folder"
        raise CommandError(f"{where}: {exc.strerror or exc}") from None
    if problem is not None:  # said before the screen opens too: it stays in the scrollback
        print(f"unbroken: warning: {warning(problem)}", file=sys.stderr)
    require_terminal("unbroken replay")  # after the file is known to be readable: that says more
    app = UnbrokenApp(ruleset, animate=False, record=False, replay=path)
    app.run()
    return app.return_code or 0


#: What each command that takes a recording does with it, in the line `named_recording`
#: says: "Watching the newest finished game, …", "unbroken replay NAME watches it".
DOING = {"replay": ("Watching", "watches"), "analyze": ("Analysing", "analyses")}


def named_recording(name: str | None, command: str) -> Path:
    """Return the recording `unbroken COMMAND [NAME]` takes: the one `name` names (a path,
    a name or its start, a folder's newest game); with none, the newest finished game,
    said on stderr (`newest_said`). One finder for `replay` and `analyze` (a48: analyze
    took the newest game even when it was still being played). ReplayError when none."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.replay import chosen_recording, newest_finished

    if name is not None:
        return chosen_recording(name)
    path, later = newest_finished()
    print(newest_said(path, [info.path for info in later], command), file=sys.stderr)
    return path


def newest_said(path: Path, later: list[Path], command: str = "replay") -> str:
    """Return the line saying which game `unbroken COMMAND` with no name takes: the newest
    finished one (`path`), and how to name the unfinished games started after it."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.replay import recording_stem

    verb, does = DOING[command]
    if later and path == later[0]:
        return f"{verb} the newest game, {recording_stem(path)} (no game is finished yet)."
    said = f"{verb} the newest finished game, {recording_stem(path)}."
    if later:
        names = ", ".join(recording_stem(p) for p in later)
        one = len(later) == 1
        said += (
            f" {'An unfinished game' if one else 'Unfinished games'} started after it: "
            f"{names} (unbroken {command} NAME {does} {'it' if one else 'one'}; "
            "Continue on the title screen plays on)."
        )
    return said


def fetched(url: str) -> Path:
    """Return the file a recording at `url` was fetched into (in the cache dir).

    The file is named by the sha256 of its bytes, never by anything in the URL.
    """
    import hashlib

    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.client import BoardError, fetch
    from unbroken.home.paths import cache_dir, make_dir

    try:
        data = fetch(url)
    except BoardError as exc:
        raise CommandError(str(exc)) from None
    suffix = ".jsonl.gz" if data.startswith(b"\x1f\x8b") else ".jsonl"
    folder = make_dir(cache_dir() / "fetched", "cache folder")
    path = folder / f"{hashlib.sha256(data).hexdigest()[:24]}{suffix}"
    path.write_bytes(data)
    print(f"Fetched {url} into {path}", file=sys.stderr)
    return path
