"""`unbroken daily`: play today's daily challenge (the same game for everyone today).

The day's seed, character and difficulty come from the date (unbroken.daily);
the game is the base game, recorded and kept as a daily. The first finished
attempt of a day is the one that counts; after it, when a board server is
set, the game offers to send it.
"""

from __future__ import annotations

import argparse
import sys

from unbroken.cli import CommandError, require_terminal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text", action="store_true", help="play in plain text (as `play`)")
    parser.add_argument(
        "--show",
        metavar="DAY",
        nargs="?",
        const="today",
        help="print the challenge of today (or of DAY, YYYY-MM-DD) and stop",
    )


def run(args: argparse.Namespace) -> int:
    from unbroken.daily import base_plugins, daily_for, daily_session, parse_day, today

    try:
        plugins = base_plugins()
    except Exception as exc:  # noqa: BLE001 - the base game does not load: one line
        raise CommandError(f"the base game does not load: {exc}") from None
    if args.show is not None:
        try:
            day = today() if args.show == "today" else parse_day(args.show)
        except ValueError as exc:
            raise CommandError(f"--show: {exc}") from None
        d = daily_for(day, plugins.ruleset)
        rules = plugins.ruleset
        print(
            f"Daily challenge of {d.day}: {rules.card_name(d.character)} ({d.character}), "
            f"{rules.difficulty_name(d.difficulty)}, seed {d.seed}, base game."
        )
        return 0
    from unbroken.board.offer import offer_daily

    when = today().isoformat()
    if args.text:
        from unbroken.settings import load_settings
        from unbroken.textplay import TextGame

        settings, _ = load_settings()
        session = daily_session(settings.auto_take, auto_pass=settings.auto_pass)
        status = TextGame.of(session).loop(sys.stdin, sys.stdout)
    else:
        from unbroken.tui.app import UnbrokenApp

        require_terminal("unbroken daily")
        app = UnbrokenApp(lambda: plugins.ruleset, daily=True)
        app.run()
        status = app.return_code or 0
    offer_daily(when)
    return status
