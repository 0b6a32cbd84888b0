"""`unbroken replay [FILE]`: watch a recorded game in the read-only viewer.

FILE is a path, or a recording's name (or the start of one) in the replays
folder, as `unbroken replays` lists them, or a folder (its newest game); with
none, the newest game in the replays folder.
"""

from __future__ import annotations

import argparse
import sys

from unbroken.cli import CommandError, load, require_terminal

HELP = "watch a recorded game (step, jump, play; ? shows the keys, Esc or q quits)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        help="a recording (.jsonl.gz or .jsonl): a path, or a name as `unbroken replays` "
        "lists it (its start is enough), or a folder (its newest game); default: the newest game",
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.replay import ReplayError, find_recording, newest_recording
    from unbroken.replay.viewing import warning, watch
    from unbroken.tui.app import UnbrokenApp

    ruleset = load()
    try:
        path = newest_recording() if args.file is None else find_recording(args.file)
        if path.is_dir():  # a folder of recordings: its newest game
            path = newest_recording(path)
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
