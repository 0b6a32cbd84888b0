"""`unbroken tui`: the full-screen Textual game (the default command)."""

from __future__ import annotations

import argparse

from unbroken.cli.command import add_seed, require_terminal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_seed(parser, "seed offered for new games")
    parser.add_argument(
        "--no-animation", action="store_true", help="show die results without the roll animation"
    )


def run(args: argparse.Namespace) -> int:
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.app_rules import rules_in_use

    require_terminal("unbroken")
    # The rules load right after the first frame; broken content ends the app
    # with a one-line error and exit status 2.
    app = UnbrokenApp(rules_in_use, animate=False if args.no_animation else None, seed=args.seed)
    app.run()
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.offer import offer_daily
    from unbroken.play.daily_game import today

    offer_daily(today().isoformat())  # a daily played from the title: offer to send it
    return app.return_code or 0
