"""The Starlette handlers of the board's pages (the API's are in `board.app`)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from unbroken.board.pages import boards, days, players
from unbroken.board.pages.listing import listing
from unbroken.board.pages.tables import Names
from unbroken.board.pages.watch import Watching
from unbroken.board.store import Store
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import daily_for, parse_day

#: A month of the archive: "2026-11".
MONTH = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")


def today() -> date:
    """Return today's date (UTC), the day of the board's daily."""
    return datetime.now(UTC).date()


class Pages:
    """The board's pages over its store, naming ids with its ruleset."""

    def __init__(self, store: Store, ruleset: Ruleset) -> None:
        self.store = store
        self.ruleset = ruleset
        self.names = Names(ruleset.card_name, ruleset.difficulty_name)
        self.watching = Watching(store, ruleset)

    def routes(self) -> list[Route]:
        """Return the pages' routes."""
        return [
            Route("/", self.today),
            Route("/day/{day}", self.day),
            Route("/days", self.months),
            Route("/days/{month}", self.month),
            Route("/boards", self.boards),
            Route("/board/{difficulty}/{character}", self.board),
            Route("/player/{name}", self.player),
            Route("/entry/{entry}", self.watching.page),
        ]

    def challenge_words(self, day: date) -> str:
        d = daily_for(day, self.ruleset)
        who = self.ruleset.card_name(d.character)
        level = self.ruleset.difficulty_name(d.difficulty)
        return f"{who} on {level}, seed {d.seed} (base game)."

    async def today(self, request: Request) -> Response:
        return await self._day(request, today())

    async def day(self, request: Request) -> Response:
        try:
            day = parse_day(request.path_params["day"])
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None
        return await self._day(request, day)

    async def _day(self, request: Request, day: date) -> Response:
        sort, number, unassisted = listing(request)
        found = await run_in_threadpool(self.store.day, day.isoformat(), sort, number, unassisted)
        words = self.challenge_words(day)
        html = days.day_page(day, today(), words, found, self.names, sort, unassisted)
        return HTMLResponse(html)

    async def months(self, request: Request) -> Response:
        return HTMLResponse(days.months_page(await run_in_threadpool(self.store.months)))

    async def month(self, request: Request) -> Response:
        month = request.path_params["month"]
        if not MONTH.fullmatch(month):
            raise HTTPException(404, "a month is written 2026-11")
        found = await run_in_threadpool(self.store.days, month)
        return HTMLResponse(days.month_page(month, found, today()))

    async def boards(self, request: Request) -> Response:
        found = await run_in_threadpool(self.store.boards)
        return HTMLResponse(boards.boards_page(found, self.names))

    async def board(self, request: Request) -> Response:
        difficulty, character = request.path_params["difficulty"], request.path_params["character"]
        sort, number, unassisted = listing(request)
        found = await run_in_threadpool(
            self.store.board, difficulty, character, sort, number, unassisted
        )
        free = await run_in_threadpool(self.store.free_play, difficulty, character)
        html = boards.board_page(difficulty, character, found, free, self.names, sort, unassisted)
        return HTMLResponse(html)

    async def player(self, request: Request) -> Response:
        name = request.path_params["name"]
        rows = await run_in_threadpool(self.store.player, name)
        html = players.player_page(name, rows, self.names, today())
        return HTMLResponse(html, 200 if rows else 404)
