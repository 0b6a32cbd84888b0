"""Running the board: one access-log line per request, /healthz, and a database away as a 503.

The access log is the `unbroken.board.access` logger at INFO: method, path,
status and milliseconds, one line a request. The query string and headers
are left out (a key or anything else a client sends never reaches a log).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from unbroken.board import wire
from unbroken.board.store import Store, StoreError

access = logging.getLogger("unbroken.board.access")


class AccessLog:
    """ASGI middleware writing one line per HTTP request to the access log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the client gets when the app fails before answering
        logged = False

        def line() -> None:
            nonlocal logged
            logged = True
            took = (time.perf_counter() - started) * 1000
            path = scope.get("path", "")
            access.info("%s %s %d %.1fms", scope.get("method", "?"), path, status, took)

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                line()  # before the last byte goes: a client that has its answer finds it logged
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if not logged:
                line()


def healthz(store: Store) -> Callable[[Request], Awaitable[Response]]:
    """Return the /healthz handler: 200 with the schema version when the database answers,
    else 503 saying why."""

    async def handler(request: Request) -> Response:
        try:
            version = await run_in_threadpool(store.schema_version)
        except StoreError as exc:
            body: dict[str, Any] = {"status": "unavailable", "detail": str(exc)}
            return Response(wire.encoder.encode(body), 503, media_type="application/json")
        body = {"status": "ok", "schema": version}
        return Response(wire.encoder.encode(body), 200, media_type="application/json")

    return handler


def log_to(stream: Any = None) -> None:
    """Print the board's log (the access log included) to `stream` (stderr when None)."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    board = logging.getLogger("unbroken.board")
    board.addHandler(handler)
    board.setLevel(logging.INFO)
