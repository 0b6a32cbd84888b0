"""What `unbroken serve` lets in: its own Host, its own page's Origin, and its key.

A browser lets any web page open a websocket to 127.0.0.1, and a name that
an attacker's DNS points at 127.0.0.1 reaches it as the page's own origin
(DNS rebinding). So every request must carry a Host naming this server (its
--host, `localhost`, an IP address, or --public-url's host, on its port);
the page needs the server's key (`?key=` in the address the server prints,
then an HttpOnly cookie); a websocket needs the key in its path (`/ws/KEY`)
and an Origin equal to the page's own.
"""

from __future__ import annotations

import hmac
import ipaddress
import socket
import urllib.parse
from collections.abc import Awaitable, Callable

from aiohttp import web

#: The cookie that keeps the key after the first page (so a reload without ?key= works).
COOKIE = "unbroken_serve_key"
#: Paths anyone may fetch: textual-serve's static files and the page's script (no game).
OPEN = ("/static/", "/unbroken.js")
#: Addresses that listen on every network.
EVERYWHERE = ("0.0.0.0", "::", "")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _split_host(host: str) -> tuple[str, int | None]:
    """Return the name and port of a Host header (`[::1]:8000`, `example.org`)."""
    parts = urllib.parse.urlsplit(f"//{host}")
    try:
        port = parts.port
    except ValueError:
        return "", -1
    return (parts.hostname or "").lower(), port


class Guard:
    """The checks of every request to `unbroken serve`, as an aiohttp middleware."""

    def __init__(self, host: str, port: int, key: str, public_url: str | None = None) -> None:
        self.port = port
        self.key = key
        self.everywhere = host in EVERYWHERE
        self.names = {"localhost", host.lower().strip("[]")}
        if self.everywhere:
            self.names.add(socket.gethostname().lower())
        self.public: tuple[str, int | None] | None = None
        if public_url:
            parts = urllib.parse.urlsplit(public_url)
            default = 443 if parts.scheme == "https" else 80
            self.public = ((parts.hostname or "").lower(), parts.port or default)
        self.shown_host = socket.gethostname() if self.everywhere else _url_host(host)

    def host_allowed(self, host: str) -> bool:
        """Return whether a Host header names this server."""
        name, port = _split_host(host)
        if self.public is not None and name == self.public[0]:
            return port in (None, self.public[1])
        if port != self.port:
            return False
        # An IP address cannot be rebound by DNS; a name must be one the server listens as.
        return name in self.names or (_is_ip(name) and (self.everywhere or _loopback(name)))

    def origin_allowed(self, request: web.Request) -> bool:
        """Return whether a websocket's Origin is the page's own (scheme, Host and port)."""
        origin = request.headers.get("Origin", "")
        parts = urllib.parse.urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return False
        if self.public is not None and (parts.hostname or "").lower() == self.public[0]:
            return True
        return parts.netloc.lower() == request.host.lower()

    def key_in(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.key.encode())

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse what is not from this server's own page (403, a line saying why)."""
        if not self.host_allowed(request.host):
            return _refused("this server does not answer to that Host (DNS rebinding?)", 421)
        path = request.path
        if path.startswith(OPEN):
            return await handler(request)
        if path == "/ws" or path.startswith("/ws/"):
            if not self.origin_allowed(request):
                return _refused("a game's socket opens only from its own page (Origin)")
            if not self.key_in(request.match_info.get("key")):
                return _refused("a game's socket needs the server's key")
            return await handler(request)
        if not (self.key_in(request.query.get("key")) or self.key_in(request.cookies.get(COOKIE))):
            return _refused(
                "open the address `unbroken serve` printed: it holds the server's key (?key=...)"
            )
        return await handler(request)


def _loopback(name: str) -> bool:
    return ipaddress.ip_address(name).is_loopback


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _refused(why: str, status: int = 403) -> web.Response:
    return web.Response(status=status, text=f"Unbroken: {why}\n", content_type="text/plain")
