"""Serving the board with uvicorn so that slow and idle clients cannot take it down.

    config = server_config(app, "127.0.0.1", 8000)      # uvicorn.Config
    uvicorn.Server(config).run()

uvicorn closes a connection idle between requests (`timeout_keep_alive`) but
waits for ever for a request's headers and body, so a client that opens a
connection and sends nothing, or a byte a second, holds a file descriptor for
as long as it likes. `timed_protocol` adds what is missing to uvicorn's h11
protocol: the headers must be in within `header_seconds` of the request's
first byte (or of the connection), the body within `body_seconds` of the
headers, and past `max_connections` open connections the one that has waited
longest for its headers is closed to make room (an honest client sends its
headers at once, so it is the slow ones that go; when none is waiting, the
new connection is closed). Every limit is one log line, rate-limited
(`limits.LogLimit`).
"""

from __future__ import annotations

import asyncio
import logging
import resource
from dataclasses import dataclass
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from unbroken.board.quotas import LogLimit

log = logging.getLogger("unbroken.board")
#: What a connection waits for before its request is read (the header deadline's words).
HEADERS = "its request's headers"


@dataclass(frozen=True)
class Timeouts:
    """How long a client may take, and how many connections the board holds at once."""

    header_seconds: float = 10.0
    body_seconds: float = 30.0
    keep_alive_seconds: float = 5.0
    max_connections: int = 2000


def timed_protocol(timeouts: Timeouts) -> type[H11Protocol]:
    """Return uvicorn's h11 protocol with header and body deadlines and a connection cap."""

    class TimedProtocol(H11Protocol):
        #: The connections waiting for a request's headers, the longest waiting first.
        waiting: ClassVar[dict[TimedProtocol, None]] = {}
        _deadline: asyncio.TimerHandle | None = None
        _timed: object = None  # the request whose body the deadline is for

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvloop/asyncio annotate the base's transport as BaseTransport
            super().connection_made(transport)
            most = timeouts.max_connections
            if len(self.connections) > most:
                oldest = next(iter(self.waiting), None)
                if oldest is None:
                    log.warning("over %d connections: a new one is closed", most)
                    transport.abort()
                    return
                log.warning("over %d connections: closed the one waiting longest for headers", most)
                oldest._disarm()
                oldest.transport.abort()
            self._arm(timeouts.header_seconds, HEADERS)

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
                self._arm(timeouts.header_seconds, HEADERS)  # a new request
            super().data_received(data)
            cycle = self.cycle
            if cycle is None or cycle.response_complete or self._deadline is None:
                return
            if cycle is not self._timed:  # the headers are in: now the body
                self._timed = cycle
                self._arm(timeouts.body_seconds, "its request's body")
            if not cycle.more_body:
                self._disarm()

        def on_response_complete(self) -> None:
            self._disarm()  # between requests, uvicorn's keep-alive timeout holds
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self, seconds: float, what: str) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow, seconds, what)
            if what == HEADERS:
                self.waiting[self] = None

        def _disarm(self) -> None:
            self.waiting.pop(self, None)
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self, seconds: float, what: str) -> None:
            self._deadline = None
            self.waiting.pop(self, None)
            if not self.transport.is_closing():
                who = self.client[0] if self.client else "unknown"
                log.warning("closed a slow client (%s): %s took over %g s", who, what, seconds)
                self.transport.abort()

    return TimedProtocol


def raise_file_limit(wanted: int) -> int:
    """Raise this process's open-file limit toward `wanted` (within the hard limit); return it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft)


def quiet_logs() -> None:
    """Rate-limit what the board and its server log: one line per event, never a flood."""
    for name, one_line in (("unbroken.board", False), ("uvicorn.error", True), ("asyncio", True)):
        logger = logging.getLogger(name)
        if not any(isinstance(f, LogLimit) for f in logger.filters):
            logger.addFilter(LogLimit(one_line=one_line))


def server_config(
    app: Any, host: str, port: int, timeouts: Timeouts = Timeouts(), **options: Any
) -> uvicorn.Config:
    """Return uvicorn's config for the board: timed reads, a connection cap, quiet logs.

    The cap is kept under the open-file limit (raised as far as allowed), so
    the board never runs out of descriptors and floods its log saying so.
    """
    files = raise_file_limit(timeouts.max_connections + 256)
    cap = min(timeouts.max_connections, max(files - 256, 16))
    if cap < timeouts.max_connections:
        log.warning("open-file limit %d: at most %d connections at once", files, cap)
        timeouts = Timeouts(
            timeouts.header_seconds, timeouts.body_seconds, timeouts.keep_alive_seconds, cap
        )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=timed_protocol(timeouts),
        timeout_keep_alive=int(timeouts.keep_alive_seconds),
        backlog=2048,
        **options,
    )
    quiet_logs()  # after uvicorn's logging config, which resets the loggers it knows
    return config
