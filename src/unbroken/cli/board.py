"""`unbroken board serve`: run a leaderboard server (needs `pip install 'unbroken[board]'`)."""

from __future__ import annotations

import argparse
import logging
import sys

from unbroken.advisor.estimator import GAMES
from unbroken.cli.command import CommandError, positive_int
from unbroken.cli.serve import positive_number

#: Seconds the requests in flight get to finish when the server is stopped.
GRACE = 30


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
        help="connections held at once; past it the one waiting longest for its headers "
        "is closed (default 2000)",
    )
    serve.add_argument(
        "--no-analysis",
        action="store_true",
        help="on SQLite: do not analyse the dailies in a thread of the server",
    )
    serve.add_argument(
        "--no-access-log",
        action="store_true",
        help="leave out the line printed for each request (method, path, status, time)",
    )

    worker = sub.add_parser(
        "worker", help="analyse the dailies of a board on PostgreSQL (run one per core)"
    )
    worker.add_argument(
        "--database", metavar="URL", required=True, help="the board's postgresql:// database"
    )
    worker.add_argument(
        "--games",
        type=positive_int,
        default=GAMES,
        metavar="N",
        help=f"the advisor's games per option of each decision at most (default {GAMES})",
    )
    worker.add_argument(
        "--stalled-after",
        type=positive_number,
        default=30.0,
        metavar="SECONDS",
        help="give a job back to the queue when its worker's heartbeat stopped this long (30)",
    )
    worker.add_argument(
        "--every",
        type=positive_number,
        default=2.0,
        metavar="SECONDS",
        help="how often to look for new dailies and stalled jobs (2)",
    )


def run(args: argparse.Namespace) -> int:
    if args.board_command == "worker":
        return _worker(args)
    if args.board_command != "serve":
        raise CommandError("say what to do: `unbroken board serve` or `unbroken board worker`")
    try:
        import uvicorn

        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.board.app import BoardConfig, make_app
        from unbroken.board.serving import Timeouts, server_config
        from unbroken.board.store import StoreError
    except ImportError as exc:
        raise CommandError(
            f"the board server needs its extra ({exc.name} is missing): "
            "pip install 'unbroken[board]'"
        ) from None
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.home.paths import data_dir

    database = args.database or str(data_dir() / "board.db")
    config = BoardConfig(database, args.per_player, args.per_address)
    config.analyse = not args.no_analysis
    try:
        app = make_app(config)
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    shown = database.split("@")[-1] if "://" in database else database  # no password shown
    migrated = app.state.board.store.migrated
    if migrated:
        print(f"Database schema brought up to version {migrated[-1]}.", flush=True)
    print(f"Board on http://{args.host}:{args.port}/ with {shown}", flush=True)
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.operations import log_to

    log_to(sys.stdout)
    # On SIGTERM or Ctrl+C uvicorn stops taking connections and lets the requests in
    # flight finish (at most GRACE seconds), then the app's lifespan closes the database.
    served = server_config(
        app,
        args.host,
        args.port,
        Timeouts(max_connections=args.max_connections),
        proxy_headers=args.proxy,
        forwarded_allow_ips="*" if args.proxy else None,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=GRACE,
    )
    if args.no_access_log:  # after uvicorn's logging config, which enables every logger
        logging.getLogger("unbroken.board.access").disabled = True
    uvicorn.Server(served).run()
    return 0


def _worker(args: argparse.Namespace) -> int:
    """Run an analysis worker on a PostgreSQL board until Ctrl+C or SIGTERM."""
    if not args.database.startswith(("postgresql://", "postgres://")):
        raise CommandError(
            "--database: workers take jobs from a PostgreSQL board (postgresql://...); "
            "on SQLite `unbroken board serve` analyses the dailies itself"
        )
    try:
        import asyncio

        import procrastinate  # noqa: F401 - said missing here rather than mid-way

        # lazy: `--help` imports this module: loaded on the path that runs
        from unbroken.board.store import StoreError
        from unbroken.board.worker import work
    except ImportError as exc:
        raise CommandError(
            f"the board worker needs the board extra ({exc.name} is missing): "
            "pip install 'unbroken[board]'"
        ) from None
    # lazy: `--help` imports this module: loaded on the path that runs
    from unbroken.board.operations import log_to
    from unbroken.play.daily_game import base_plugins

    log_to(sys.stdout)
    shown = args.database.split("@")[-1]
    print(f"Analysis worker on {shown} ({args.games} games an option).", flush=True)
    try:
        asyncio.run(
            work(args.database, base_plugins().ruleset, args.games, args.stalled_after, args.every)
        )
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    except KeyboardInterrupt:
        pass
    print("Worker stopped.", flush=True)
    return 0
