"""The board's ASGI app (Starlette): the pages, the JSON API under /api/, and submitting.

    app = make_app(BoardConfig("board.db"))      # uvicorn serves it: `unbroken board serve`

A submission is verified (the engine re-runs it, `checking`) in a worker
thread, then stored (`store`). Every error of the API is an RFC 9457 problem
detail (`application/problem+json`) with a type naming it and the reason in
words; no traceback ever reaches a client.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from html import escape
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from unbroken.board import operations, pages, ranking, wire
from unbroken.board.analyses import GAMES as ANALYSIS_GAMES
from unbroken.board.analyses import InProcess
from unbroken.board.checking import Refused, check_upload
from unbroken.board.pages.listing import listing
from unbroken.board.pages.routes import Pages
from unbroken.board.quotas import MAX_BODY, RateLimit
from unbroken.board.share import share_line
from unbroken.board.store import Copied, Page, Store, StoreError, Taken, WrongKey
from unbroken.board.tickets import issue
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import DAILY_PLUGINS, base_plugins, daily_for, parse_day

log = logging.getLogger("unbroken.board")

#: A player name: 1-32 letters, digits, `_`, `-` or `.`, starting with a letter or digit.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
#: A player key as the client makes it (secrets.token_urlsafe(32)): 43 URL-safe characters.
KEY = re.compile(r"[A-Za-z0-9_-]{32,128}")

#: What each problem type means, for /problems/<type> and the `title` of a problem.
PROBLEMS = {
    "bad-request": "The request is not one the board takes",
    "not-found": "No such page, entry, day or player",
    "too-large": "The body is larger than the board takes",
    "rate-limited": "Too many submissions; wait and send again",
    "unauthorized": "No player name or key, or a malformed one",
    "wrong-key": "That player name is another player's (the key does not match)",
    "unreadable": "The upload is not a readable recording",
    "unfinished": "The game is unfinished",
    "wrong-engine": "Recorded by another version of the game",
    "wrong-ruleset": "Recorded with other plugins or content than the board's",
    "wrong-day": "A daily of another day",
    "not-the-daily": "Marked as a daily but not played as the day's challenge",
    "tampered": "The engine does not re-play the recording as written",
    "taken": "Already on the board in another entry",
    "copied": "The same game (the same decisions) is another player's entry",
    "bad-ticket": "The daily's ticket is this board's for another player or day",
    "server-error": "The board failed; the submission was not kept",
    "page-error": "The board failed to give this page; nothing was changed",
    "unavailable": "The board's database does not answer now; try again soon",
}


@dataclass
class BoardConfig:
    """How a board runs: its database (a path or a postgresql:// URL) and its limits."""

    database: str
    per_player_minute: int = 20
    per_address_minute: int = 60
    grace: timedelta = timedelta(hours=1)
    max_body: int = MAX_BODY
    #: On SQLite, analyse each daily in a thread of the server (board.analyses); on
    #: PostgreSQL the `unbroken board worker` processes do it, whatever this says.
    analyse: bool = False
    analysis_games: int = ANALYSIS_GAMES


class ProblemError(Exception):
    """An API error: the problem type (a key of PROBLEMS), the status and the detail."""

    def __init__(self, kind: str, status: int, detail: str, **headers: str) -> None:
        self.kind = kind
        self.status = status
        self.detail = detail
        self.headers = headers
        super().__init__(detail)


def problem(kind: str, status: int, detail: str, instance: str = "", **headers: str) -> Response:
    """Return an RFC 9457 problem detail response."""
    body = wire.Problem(
        type=f"{wire.PROBLEM_BASE}{kind}",
        title=PROBLEMS[kind],
        status=status,
        detail=detail,
        instance=instance,
    )
    return Response(
        wire.encoder.encode(body), status, headers=headers, media_type=wire.PROBLEM_TYPE
    )


def _json(value: Any, status: int = 200) -> Response:
    return Response(wire.encoder.encode(value), status, media_type="application/json")


class Board:
    """The board's handlers over one store and the rules it verifies with."""

    def __init__(self, config: BoardConfig, ruleset: Ruleset, store: Store) -> None:
        self.config = config
        self.ruleset = ruleset
        self.store = store
        self.per_player = RateLimit(config.per_player_minute)
        self.per_address = RateLimit(config.per_address_minute)

    # ------------------------------------------------------------------ shapes

    def entry(self, row: wire.Entry, rank: int | None = None) -> wire.Entry:
        """Return `row` as the API gives it: with its addresses, and its own rank unless
        `rank` is given."""
        return msgspec.structs.replace(
            row,
            recording=pages.recording_href(row.id),
            page=f"/player/{row.player}#entry-{row.id}",
            rank=row.rank if rank is None else rank,
            watch=pages.watch_href(row.id),
        )

    def listed(self, title: str, found: Page) -> wire.Board:
        entries = [self.entry(row) for row in found.rows]
        return wire.Board(title, entries, found.page, found.pages, found.total, ranking.RULE)

    def challenge(self, day: str) -> wire.DailyInfo:
        d = daily_for(_day(day), self.ruleset)
        return wire.DailyInfo(d.day, d.seed, d.character, d.difficulty, dict(self.ruleset.plugins))

    # ------------------------------------------------------------------ submitting

    async def _authenticated(self, request: Request) -> tuple[str, str]:
        """Return the player a request is keyed for and the key, or raise ProblemError.

        Limits come after the key is checked: a wrong key counts against the
        sender's address only, so nobody can use up another player's share.
        A request over a limit is not counted.
        """
        player, key = _credentials(request)
        address = request.client.host if request.client else "unknown"
        _limited(self.per_address, address, f"address {address}")
        known = await run_in_threadpool(self.store.key_matches, player, key)
        if known is False:
            self.per_address.count(address)
            raise ProblemError("wrong-key", 403, _wrong_key(player))
        _limited(self.per_player, player, player)
        self.per_address.count(address)
        self.per_player.count(player)
        return player, key

    async def submit(self, request: Request) -> Response:
        player, key = await self._authenticated(request)
        data = await _body(request, self.config.max_body)
        return await run_in_threadpool(self._submit, player, key, data)

    async def ticket(self, request: Request) -> Response:
        """A daily ticket for the keyed player and today (docs/leaderboard.md)."""
        player, _ = await self._authenticated(request)
        base = str(request.base_url).rstrip("/")
        now = datetime.now(UTC)
        return _json(issue(self.store.ticket_secret, base, player, now.date().isoformat(), now))

    def _submit(self, player: str, key: str, data: bytes) -> Response:
        now = datetime.now(UTC)
        secret = self.store.ticket_secret
        try:
            checked = check_upload(data, self.ruleset, now, self.config.grace, player, secret)
        except Refused as exc:
            raise ProblemError(exc.code, exc.status, exc.reason) from None
        try:
            entry_id, duplicate = self.store.add(player, key, checked, now.isoformat())
        except WrongKey:
            raise ProblemError("wrong-key", 403, _wrong_key(player)) from None
        except Copied as exc:
            raise ProblemError("copied", 409, str(exc)) from None
        except Taken as exc:
            raise ProblemError("taken", 409, str(exc)) from None
        row = self.store.entry(entry_id)
        assert row is not None, "an entry just added or found is there"
        rank = self.store.rank(row)
        if row.daily:
            board = f"daily of {row.daily}"
            said = "already on the board" if duplicate else "ranked"
            message = f"{said}: #{rank} on the {board} board with {row.score} points"
        else:
            board = f"{row.character}, {row.difficulty}"
            said = "already kept" if duplicate else "kept"
            message = (
                f"{said} as free play with {row.score} points: listed unranked under the "
                f"{board} board (only dailies rank)"
            )
        answer = wire.Submitted(self.entry(row, rank), board, rank, duplicate, message)
        answer.share = share_line(row, rank, self.ruleset)
        return _json(answer, 200 if duplicate else 201)

    # ------------------------------------------------------------------ API

    async def api_daily(self, request: Request) -> Response:
        return _json(self.challenge(_today()))

    async def api_day(self, request: Request) -> Response:
        day = _day(request.path_params["day"]).isoformat()
        found = await run_in_threadpool(self.store.day, day, *listing(request))
        return _json(self.listed(f"Daily challenge of {day}", found))

    async def api_board(self, request: Request) -> Response:
        difficulty, character = request.path_params["difficulty"], request.path_params["character"]
        found = await run_in_threadpool(self.store.board, difficulty, character, *listing(request))
        free = await run_in_threadpool(self.store.free_play, difficulty, character)
        listed = self.listed(f"All-time: {character}, {difficulty}", found)
        listed.unranked = [self.entry(row) for row in free]
        return _json(listed)

    async def api_player(self, request: Request) -> Response:
        name = request.path_params["name"]
        rows = await run_in_threadpool(self.store.player, name)
        if not rows:
            raise ProblemError("not-found", 404, f"no player {name!r} has entries here")
        return _json(wire.PlayerPage(name, [self.entry(r) for r in rows]))

    async def api_entry(self, request: Request) -> Response:
        row = await run_in_threadpool(self.store.entry, _entry_id(request))
        if row is None:
            raise ProblemError("not-found", 404, "no such entry")
        return _json(self.entry(row, await run_in_threadpool(self.store.rank, row)))

    async def recording(self, request: Request) -> Response:
        entry_id = _entry_id(request)
        data = await run_in_threadpool(self.store.recording, entry_id)
        if data is None:
            raise ProblemError("not-found", 404, f"no entry {entry_id}")
        plain = not data.startswith(b"\x1f\x8b")
        name = f"unbroken-board-{entry_id}.jsonl{'' if plain else '.gz'}"
        return Response(
            data,
            media_type="application/jsonl" if plain else "application/gzip",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    # ------------------------------------------------------------------ problems

    async def page_problem(self, request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in PROBLEMS:
            raise HTTPException(404, "no such problem type")
        return HTMLResponse(pages.page(kind, f"<p>{escape(PROBLEMS[kind])}.</p>"))


def _today() -> str:
    return datetime.now(UTC).date().isoformat()


def _day(text: str) -> Any:
    try:
        return parse_day(text)
    except ValueError as exc:
        raise ProblemError("not-found", 404, str(exc)) from None


def _limited(limit: RateLimit, counted: str, who: str) -> None:
    """Raise ProblemError (429) when one more request for `counted` is over `limit`."""
    wait = limit.wait(counted)
    if wait:
        raise ProblemError(
            "rate-limited",
            429,
            f"too many submissions from {who}; send again in {int(wait) + 1} s",
            **{"Retry-After": str(int(wait) + 1)},
        )


def _wrong_key(player: str) -> str:
    return (
        f"the name {player!r} is another player's: choose another name "
        "(`unbroken submit --name NAME`)"
    )


def _entry_id(request: Request) -> int:
    text = request.path_params["entry"]
    # ASCII digits only: str.isdigit() takes "①" and "²", which int() refuses.
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise ProblemError("not-found", 404, f"{text[:40]!r} is not an entry number")
    return int(text)


def _credentials(request: Request) -> tuple[str, str]:
    """Return the player name and key a submission is sent with, or raise ProblemError."""
    player = request.headers.get("unbroken-player", "")
    scheme, _, key = request.headers.get("authorization", "").partition(" ")
    if not NAME.fullmatch(player):
        raise ProblemError(
            "unauthorized",
            401,
            "the Unbroken-Player header must hold a player name: 1-32 letters, digits, "
            "'_', '-' or '.', starting with a letter or digit",
        )
    if scheme.lower() != "bearer" or not KEY.fullmatch(key):
        raise ProblemError(
            "unauthorized", 401, "the Authorization header must be 'Bearer KEY' (the player key)"
        )
    return player, key


async def _body(request: Request, most: int) -> bytes:
    """Return the request body, or raise ProblemError once it passes `most` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > most:
        raise ProblemError("too-large", 413, f"the body is larger than {most} bytes (the limit)")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > most:
                raise ProblemError(
                    "too-large", 413, f"the body is larger than {most} bytes (the limit)"
                )
            chunks.append(chunk)
    except ClientDisconnect:
        address = request.client.host if request.client else "unknown"
        log.warning("a client (%s) hung up mid-upload after %d bytes", address, size)
        raise ProblemError("bad-request", 400, "the upload was cut off") from None
    if not size:
        raise ProblemError("bad-request", 400, "the body is empty: send a recording's bytes")
    return b"".join(chunks)


Handler = Callable[[Request], Awaitable[Response]]


def make_app(config: BoardConfig, ruleset: Ruleset | None = None) -> Starlette:
    """Return the board's ASGI app over `config.database` (created when missing)."""
    if ruleset is None:
        ruleset = base_plugins().ruleset
    assert list(ruleset.plugins) == [DAILY_PLUGINS], "the board verifies base-game games"
    board = Board(config, ruleset, Store(config.database))
    routes = [
        *Pages(board.store, ruleset).routes(),
        Route("/healthz", operations.healthz(board.store)),
        Route("/recordings/{entry}.jsonl.gz", board.recording),
        Route("/problems/{kind}", board.page_problem),
        Route("/api/daily", board.api_daily),
        Route("/api/days/{day}", board.api_day),
        Route("/api/boards/{difficulty}/{character}", board.api_board),
        Route("/api/players/{name}", board.api_player),
        Route("/api/entries/{entry}", board.api_entry),
        Route("/api/submissions", board.submit, methods=["POST"]),
        Route("/api/tickets", board.ticket, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            ProblemError: _problem_handler,
            HTTPException: _http_handler,
            StoreError: _store_handler,
            Exception: _error_handler,
        },
        middleware=[Middleware(operations.AccessLog)],
        lifespan=_closing(board.store, _analysing(config, board.store, ruleset)),
    )
    app.state.board = board
    return app


def _analysing(config: BoardConfig, store: Store, ruleset: Ruleset) -> InProcess | None:
    if not config.analyse or store.postgres:
        return None
    return InProcess(store, ruleset, config.analysis_games)


def _closing(store: Store, worker: InProcess | None) -> Callable[[Starlette], Any]:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if worker is not None:
            worker.start()
        yield
        if worker is not None:
            worker.stopping.set()
        store.close()

    return lifespan


async def _problem_handler(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ProblemError)
    return problem(exc.kind, exc.status, exc.detail, request.url.path, **exc.headers)


async def _http_handler(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    kind = "not-found" if exc.status_code == 404 else "bad-request"
    if not request.url.path.startswith("/api/") and exc.status_code == 404:
        return HTMLResponse(pages.problem_page(404, "Not found", "No such page."), 404)
    return problem(kind, exc.status_code, str(exc.detail), request.url.path)


async def _store_handler(request: Request, exc: Exception) -> Response:
    log.warning("the database failed on %s: %s", request.url.path, exc)
    return problem("unavailable", 503, str(exc), request.url.path, **{"Retry-After": "5"})


async def _error_handler(request: Request, exc: Exception) -> Response:
    log.exception("the board failed on %s", request.url.path)
    path = request.url.path
    if request.method in ("GET", "HEAD"):  # a page or a read: no submission to lose
        return problem("page-error", 500, f"the board failed on {path}; try again soon", path)
    return problem("server-error", 500, "the board failed; nothing was kept", path)
