"""The browser server: textual-serve's, with a cap on games and an end to idle ones.

textual-serve runs one process of the command per browser tab (its
websocket) and relays the terminal to xterm.js in the page. This subclass
adds what a home server needs: a cap on concurrent games (a clear page when
full), an idle game is told to quit (the game is recorded decision by
decision, so nothing is lost: Continue resumes it), and Unbroken's own page.

It trusts only its own page (`Guard`): every request must name this server
in its Host (no DNS rebinding), the page needs the server's key (in the
address it prints, then a cookie), and a websocket needs the key in its
path and an Origin that is the page's own (no other web page can play).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import shlex
import sys
import time
from functools import partial
from importlib import resources
from pathlib import Path

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from unbroken.web.guard import COOKIE, Guard

log = logging.getLogger("textual-serve")

#: Concurrent games when the settings do not say (`serve_max_games`).
MAX_GAMES = 8
#: Minutes without a key before a game is saved and its process ends (`serve_idle_minutes`).
IDLE_MINUTES = 30


def game_command() -> str:
    """Return the shell command of one browser tab's game: this interpreter's `unbroken`."""
    return f"{shlex.quote(sys.executable)} -m unbroken tui"


class GameServer(Server):
    """Serve the full-screen game, one process per tab, at most `max_games` at once."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 8000,
        *,
        max_games: int = MAX_GAMES,
        idle_minutes: float = IDLE_MINUTES,
        command: str | None = None,
        public_url: str | None = None,
    ) -> None:
        page = Path(str(resources.files("unbroken.web"))) / "templates"
        statics = Path(str(resources.files("textual_serve"))) / "static"
        super().__init__(
            command or game_command(),
            host=host,
            port=port,
            title="Unbroken",
            statics_path=statics,
            templates_path=page,
            public_url=public_url,
        )
        #: The address players type when a proxy serves the page; else the request's own.
        self.fixed_url = public_url.rstrip("/") if public_url else None
        self.max_games = max_games
        self.idle_seconds = idle_minutes * 60
        #: The games running now, each with the time of its last key.
        self.games: dict[AppService, float] = {}
        #: The open tabs' links, closed when the server stops (so their games end saved).
        self.links: set[web.WebSocketResponse] = set()
        #: The server's key: in the address it prints, required by the page and its socket.
        self.key = secrets.token_urlsafe(24)
        self.guard = Guard(host, port, self.key, public_url)

    @property
    def address(self) -> str:
        """Return the address to open: the page with the server's key."""
        base = self.fixed_url or f"http://{self.guard.shown_host}:{self.port}"
        return f"{base}/?key={self.key}"

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, the page's script, the keyed socket, and the guard."""
        app = await super()._make_app()
        app.router.add_get("/unbroken.js", self.handle_script)
        app.router.add_get("/ws/{key}", self.handle_websocket)
        app.middlewares.append(self.guard.middleware)
        return app

    async def handle_script(self, request: web.Request) -> web.Response:
        """textual-serve's textual.js, with its xterm.js terminal kept as `window.unbrokenTerminal`.

        Then the page's text can be read (`terminal.buffer.active`): by the browser
        tests, and by anything a player adds to the page (a screen reader's helper).
        """
        return web.Response(text=page_script(), content_type="application/javascript")

    def initialize_logging(self) -> None:
        """Log warnings only: the command prints its own URL line."""
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    async def on_startup(self, app: web.Application) -> None:
        """Say where to point the browser (the command prints it; nothing else)."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's link: each game is told to quit (its decisions are recorded)."""
        for link in list(self.links):
            await link.close(code=1001, message=b"server stopped")

    def full(self) -> bool:
        return len(self.games) >= self.max_games

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page with the game, or a page saying that every seat is taken."""
        if self.full():
            return web.Response(
                status=503,
                content_type="text/html",
                headers={"Retry-After": "60"},
                text=FULL_PAGE.format(games=self.max_games),
            )
        # The page's websocket address: where the browser found the page (a Host the guard
        # let in), unless given; its path holds the key.
        base = self.fixed_url or f"{request.scheme}://{request.host}"
        socket = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{socket}/ws/{self.key}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        if request.cookies.get(COOKIE) != self.key:  # a reload without ?key= still works
            response.set_cookie(
                COOKIE, self.key, httponly=True, samesite="Strict", path="/", max_age=None
            )
        return response

    async def _process_messages(self, websocket: web.WebSocketResponse, app: AppService) -> None:
        """Relay the page's messages to the game, noting the time of each key."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
                kind, data = envelope[0], envelope[1]
            except (ValueError, TypeError, IndexError, KeyError):
                continue  # not the page's protocol: ignored
            if kind == "stdin" and isinstance(data, str):
                self.games[app] = time.monotonic()
                await app.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width = to_int(str(data.get("width", 80)), 80)
                height = to_int(str(data.get("height", 24)), 24)
                await app.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app.blur()
            elif kind == "focus":
                await app.focus()

    async def _end_when_idle(self, app: AppService, websocket: web.WebSocketResponse) -> None:
        """Tell the game to quit once no key came for `idle_seconds`; then close the tab's link."""
        while True:
            idle = time.monotonic() - self.games.get(app, time.monotonic())
            if idle >= self.idle_seconds:
                log.warning("a game idle for %.0f minutes ends (it is saved)", idle / 60)
                await app.stop()
                await websocket.close(message=b"idle")
                return
            await asyncio.sleep(min(30.0, self.idle_seconds - idle + 0.05))

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's game: start its process, relay until either side ends, then stop it."""
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if self.full():
            await websocket.close(message=b"full")
            return websocket
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=partial(_close, websocket),
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.games[app] = time.monotonic()
        self.links.add(websocket)
        watchdog = asyncio.create_task(self._end_when_idle(app, websocket))
        try:
            await app.start(width, height)
            await self._process_messages(websocket, app)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's failure never ends the server
            log.warning("a game ended with an error: %s", error)
        finally:
            watchdog.cancel()
            self.games.pop(app, None)
            self.links.discard(websocket)
            await app.stop()
        return websocket

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (textual-serve's loop, our logging)."""
        super().serve(debug=debug)


async def _close(websocket: web.WebSocketResponse) -> None:
    """Close a tab's link (the game's process ended)."""
    await websocket.close()


#: Where textual.js makes its terminal; the script keeps it on `window` there.
_TERMINAL = "this.terminal=new "


@functools.cache
def page_script() -> str:
    """Return textual-serve's textual.js, keeping its terminal as `window.unbrokenTerminal`."""
    script = (resources.files("textual_serve") / "static" / "js" / "textual.js").read_text("utf-8")
    if _TERMINAL not in script:  # another textual-serve: the page works, its text is not kept
        log.warning("textual-serve's textual.js changed: the page's terminal is not kept")
        return script
    return script.replace(_TERMINAL, "this.terminal=window.unbrokenTerminal=new ", 1)


FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Unbroken: all seats taken</title>
<meta http-equiv="refresh" content="60">
<style>body{{background:#0c181f;color:#eee;font-family:monospace;max-width:40em;margin:4em auto}}
</style></head><body>
<h1>All {games} games are in play</h1>
<p>This server runs at most {games} games at once, and each browser tab is one game.
Close another tab of yours, or wait: this page tries again every minute.</p>
</body></html>
"""
