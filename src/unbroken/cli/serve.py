"""`unbroken serve`: the full-screen game in a browser (needs `pip install 'unbroken[web]'`)."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import socket
import sys

from unbroken.cli.command import CommandError, positive_int


def positive_number(text: str) -> float:
    """argparse type: a number above 0 (minutes may be a fraction)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a number above 0")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only; "
        "anyone who can reach another can play as you)",
    )
    parser.add_argument("--port", type=positive_int, default=8000, help="the port (8000)")
    parser.add_argument(
        "--max-games",
        type=positive_int,
        metavar="N",
        help="games (browser tabs) at once (default: serve_max_games in settings.toml, 8)",
    )
    parser.add_argument(
        "--idle-minutes",
        type=positive_number,
        metavar="N",
        help="a game without a key for N minutes is ended; it is saved, Continue resumes it "
        "(default: serve_idle_minutes in settings.toml, 30)",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players type, when a reverse proxy serves the page "
        "(e.g. https://games.example.org); default: the address the browser asked for",
    )


def run(args: argparse.Namespace) -> int:
    try:
        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.web.server import GameServer
    except ImportError as exc:
        raise CommandError(
            f"playing in a browser needs the web extra ({exc.name} is missing): "
            "pip install 'unbroken[web]'"
        ) from None
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.home.paths import data_dir
    from unbroken.home.settings import load_settings

    settings, notices = load_settings()
    for notice in notices:
        print(notice)
    port_is_free(args.host, args.port)
    data = data_dir()  # made now: every tab's game shares it
    server = GameServer(
        args.host,
        args.port,
        max_games=args.max_games or settings.serve_max_games,
        idle_minutes=args.idle_minutes or settings.serve_idle_minutes,
        public_url=args.public_url,
    )
    if not _this_computer_only(args.host):
        print(
            f"Warning: --host {args.host} listens beyond this computer: anyone who can reach "
            f"port {args.port} and has the address below (with its key) can play as you, "
            "read your records and switch your plugins on or off.",
            file=sys.stderr,
            flush=True,
        )
    print(f"Unbroken in your browser: open {server.address}", flush=True)
    print(
        f"Each tab is a game (at most {server.max_games} at once); recordings and records "
        f"are in {data}. Ctrl+C stops the server.",
        flush=True,
    )
    try:
        server.serve()
    except KeyboardInterrupt:
        pass
    print("Server stopped.")
    return 0


def port_is_free(host: str, port: int) -> None:
    """Raise CommandError saying so when `host:port` cannot be listened on.

    The probe binds as the server will (aiohttp's default, SO_REUSEADDR): a port is taken
    when something listens there, not when only closed connections linger on it (TIME_WAIT,
    just after a server there stopped) or a socket bound there does not listen (the tests
    hold their servers' ports so, board/testing.py's HeldPort)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise CommandError(
                f"port {port} on {host} is taken (another program listens there); "
                "choose another with --port"
            ) from None
        why = exc.strerror or str(exc)
        raise CommandError(f"cannot listen on {host}:{port}: {why}") from None


def _this_computer_only(host: str) -> bool:
    """Return whether `host` is a loopback address (nothing else can reach it)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
