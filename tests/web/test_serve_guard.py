"""`unbroken serve` trusts only its own page (issue #29): each attack as it was done.

Before, a page on another origin opened the game's socket, read the screen
and moved through the menus, and a name rebound by DNS to 127.0.0.1 was
answered with its Host echoed into the page.
"""

from __future__ import annotations

import http.server
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from serving import Served, wait_for

from unbroken.cli.command import main

#: The attacker's page: opens the game's socket and says what came of it in its title.
ATTACK = """<!DOCTYPE html><html><head><title>waiting</title></head><body><script>
const socket = new WebSocket("{url}");
let got = 0;
socket.onmessage = () => {{ got += 1; document.title = "read " + got; }};
socket.onopen = () => {{ socket.send(JSON.stringify(["stdin", "\\r"])); }};
socket.onclose = () => {{ if (!got) document.title = "refused"; }};
socket.onerror = () => {{ if (!got) document.title = "refused"; }};
</script></body></html>"""


@pytest.fixture
def evil_site() -> Iterator[Callable[[str], str]]:
    """A web page on another origin (another port of 127.0.0.1): returns its address."""
    pages: dict[str, bytes] = {}

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            body = pages.get(self.path, b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)  # any free port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def page(socket_url: str) -> str:
        path = f"/attack{len(pages)}.html"
        pages[path] = ATTACK.format(url=socket_url).encode()
        return f"http://127.0.0.1:{server.server_address[1]}{path}"

    yield page
    server.shutdown()
    thread.join(5)


def outcome(browser: Any, url: str) -> str:
    browser.get(url)
    deadline = time.monotonic() + 15
    while browser.title == "waiting" and time.monotonic() < deadline:
        time.sleep(0.2)
    return str(browser.title)


def test_another_origins_page_cannot_open_the_game(
    browser: Any, served: Callable[..., Served], evil_site: Callable[[str], str]
) -> None:
    server = served()
    socket = f"ws://127.0.0.1:{server.port}/ws"
    assert outcome(browser, evil_site(socket)) == "refused"  # textual-serve's own socket
    # Even with the key (leaked, say), a page of another origin is refused.
    assert outcome(browser, evil_site(f"{socket}/{server.key}")) == "refused"
    # The game's own page still plays.
    browser.get(server.url)
    wait_for(browser, "New game")


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode()


def test_a_rebound_name_and_a_page_without_the_key_are_refused(
    served: Callable[..., Served],
) -> None:
    server = served()
    # DNS rebinding: the attacker's name, pointed at 127.0.0.1, is not this server's.
    status, _, body = get(server.url, {"Host": f"evil.example:{server.port}"})
    assert status == 421 and "evil.example" not in body
    status, _, body = get(f"{server.base}/")
    assert status == 403 and "open the address `unbroken serve` printed" in body
    status, headers, body = get(server.url)
    assert status == 200 and f"/ws/{server.key}" in body
    cookie = headers["Set-Cookie"].split(";")[0]
    assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
    assert get(f"{server.base}/", {"Cookie": cookie})[0] == 200  # a reload without ?key=
    assert get(f"http://localhost:{server.port}/?key={server.key}")[0] == 200


def test_listening_beyond_this_computer_warns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli import serve
    from unbroken.web.server import GameServer

    # Nothing listens: the warning is what is checked, not a server on every network.
    monkeypatch.setattr(serve, "port_is_free", lambda host, port: None)
    monkeypatch.setattr(GameServer, "serve", lambda self, debug=False: None)
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("Warning: --host 0.0.0.0 listens beyond this computer: ")
    assert "anyone who can reach port 8123" in captured.err and "can play as you" in captured.err
    assert main(["serve", "--port", "8123"]) == 0
    assert capsys.readouterr().err == ""
