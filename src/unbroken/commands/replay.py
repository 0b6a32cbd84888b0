"""`unbroken replay FILE`: watch a recorded game in the read-only viewer."""

from __future__ import annotations

import argparse
from pathlib import Path

from unbroken.cli import CommandError, load

HELP = "watch a recorded game (step, jump, play; ? shows the keys, Esc or q quits)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a recording (.jsonl.gz or .jsonl)")


def run(args: argparse.Namespace) -> int:
    from unbroken.replay import ReplayError, Timeline
    from unbroken.tui.app import UnbrokenApp

    ruleset = load()
    try:
        Timeline(args.file, ruleset)  # a bad file is a one-line error before the screen opens
    except ReplayError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"{args.file}: {exc.strerror or exc}") from None
    app = UnbrokenApp(ruleset, animate=False, record=False, replay=args.file)
    app.run()
    return app.return_code or 0
