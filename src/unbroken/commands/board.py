"""`unbroken board serve`: run a leaderboard server (needs `pip install 'unbroken[board]'`)."""

from __future__ import annotations

import argparse

from unbroken.cli import CommandError, positive_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="board_command", metavar="COMMAND")
    serve = sub.add_parser("serve", help="serve the board's pages and API over HTTP")
    serve.add_argument(
        "--database",
        metavar="PATH_OR_URL",
        help="an SQLite file (default: board.db in the data dir) or a postgresql:// URL "
        "(several servers can share one)",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=positive_int, default=8000, help="the port (8000)")
    serve.add_argument(
        "--per-player",
        type=int,
        default=20,
        metavar="N",
        help="submissions a player may send a minute (0: no limit; default 20)",
    )
    serve.add_argument(
        "--per-address",
        type=int,
        default=60,
        metavar="N",
        help="submissions an address may send a minute (0: no limit; default 60)",
    )
    serve.add_argument(
        "--proxy", action="store_true", help="behind a load balancer: trust X-Forwarded-For"
    )
    serve.add_argument(
        "--max-connections",
        type=positive_int,
        default=2000,
        metavar="N",
        help="connections held at once; more are closed at once (default 2000)",
    )


def run(args: argparse.Namespace) -> int:
    if args.board_command != "serve":
        raise CommandError("say what to do: `unbroken board serve`")
    try:
        import uvicorn

        from unbroken.board.app import BoardConfig, make_app
        from unbroken.board.serving import Timeouts, server_config
        from unbroken.board.store import StoreError
    except ImportError as exc:
        raise CommandError(
            f"the board server needs its extra ({exc.name} is missing): "
            "pip install 'unbroken[board]'"
        ) from None
    from unbroken.paths import data_dir

    database = args.database or str(data_dir() / "board.db")
    config = BoardConfig(database, args.per_player, args.per_address)
    try:
        app = make_app(config)
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    shown = database.split("@")[-1] if "://" in database else database  # no password shown
    print(f"Board on http://{args.host}:{args.port}/ with {shown}", flush=True)
    served = server_config(
        app,
        args.host,
        args.port,
        Timeouts(max_connections=args.max_connections),
        proxy_headers=args.proxy,
        forwarded_allow_ips="*" if args.proxy else None,
        log_level="warning",
        access_log=False,
    )
    uvicorn.Server(served).run()
    return 0
