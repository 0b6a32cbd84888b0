"""The board served for tests: uvicorn in a thread, and plain HTTP (urllib) to talk to it."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

import uvicorn

from unbroken.board.app import BoardConfig, make_app
from unbroken.board.serving import Timeouts, server_config
from unbroken.board.testing import HeldPort, wait_for_port


@dataclass
class Reply:
    """An HTTP answer: status, headers (lower-case names) and body."""

    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Server:
    """A board being served: its base URL and its config."""

    url: str
    config: BoardConfig

    def get(self, path: str) -> Reply:
        return http(self.url + path)

    def post(self, path: str, data: bytes, headers: dict[str, str] | None = None) -> Reply:
        return http(self.url + path, data, headers or {})

    def submit(self, data: bytes, player: str = "alice", key: str | None = None) -> Reply:
        key = key or key_of(player)
        headers = {"Unbroken-Player": player, "Authorization": f"Bearer {key}"}
        return self.post("/api/submissions", data, headers)


def key_of(player: str) -> str:
    """Return a fixed test key for `player` (43 URL-safe characters, as the client makes)."""
    return (player * 43)[:43].replace(".", "_")


def http(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> Reply:
    """Return the answer of a GET (or a POST of `data`) to `url`, whatever its status."""
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Reply(response.status, _lower(response.headers), response.read())
    except urllib.error.HTTPError as exc:
        return Reply(exc.code, _lower(exc.headers), exc.read())


def _lower(headers: Message) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def serve(config: BoardConfig, timeouts: Timeouts | None = None) -> Iterator[Server]:
    """Serve a board with `config` in a thread (as `unbroken board serve` does) until the
    generator is closed."""
    with HeldPort() as held:  # no other test's server takes the port meanwhile (xdist)
        port = held.port
        server = uvicorn.Server(
            server_config(
                make_app(config), "127.0.0.1", port, timeouts or Timeouts(), log_level="warning"
            )
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        wait_for_port(port)
        try:
            yield Server(f"http://127.0.0.1:{port}", config)
        finally:
            server.should_exit = True
            thread.join(10)
