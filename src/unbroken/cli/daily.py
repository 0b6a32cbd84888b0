"""`unbroken daily`: play today's daily challenge (the same game for everyone today).

The day's seed, character and difficulty come from the date (unbroken.play.daily_game);
the game is the base game, recorded and kept as a daily. The first finished
attempt of a day is the one that counts. When a board server is set, the
game first asks it for the day's ticket (written into the recording; offline
the game is played without one), and after it offers to send it.
"""

from __future__ import annotations

import argparse
import sys

from unbroken.cli.command import CommandError, require_terminal


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
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.play.daily_game import base_plugins, daily_for, daily_session, parse_day, today

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
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.offer import offer_daily

    when = today().isoformat()
    ask_ticket(when)
    if args.text:
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.home.settings import load_settings
        from unbroken.play.text import TextGame

        settings, _ = load_settings()
        session = daily_session(settings.auto_take, auto_pass=settings.auto_pass)
        status = TextGame.of(session).loop(sys.stdin, sys.stdout)
    else:
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.tui.app import UnbrokenApp

        require_terminal("unbroken daily")
        app = UnbrokenApp(lambda: plugins.ruleset, daily=True)
        app.run()
        status = app.return_code or 0
    offer_daily(when)
    return status


def ask_ticket(day: str) -> None:
    """Get and keep the board's ticket for `day` when a board is set; say what happened."""
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.client import BoardError, fetch_ticket
    from unbroken.board.player import PlayerError, board_address, load_player, save_player
    from unbroken.play.daily_game import keep_ticket, kept_ticket

    try:
        player = load_player()
    except PlayerError as exc:
        print(f"No board ticket: {exc}")
        return
    if player is None or not player.server:
        return
    kept = kept_ticket(day)
    here = board_address(player.server)
    if kept is not None and kept.player == player.name and board_address(kept.board) == here:
        return  # asked already today
    try:
        if not player.has_key(player.server):
            player.key_for(player.server)
            save_player(player)
        ticket = fetch_ticket(player.server, player)
    except (BoardError, PlayerError) as exc:
        print(f"No board ticket ({exc}): the game can still be sent, marked unticketed.")
        return
    keep_ticket(ticket)
    print(f"Ticket for the daily of {day} from {player.server} as {player.name}.")
