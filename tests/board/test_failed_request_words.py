"""A 500's words fit the request that failed (a49's note, round 30): a page that failed said
"the submission was not kept", though nothing was submitted."""

from __future__ import annotations

import asyncio
import json

from starlette.requests import Request

from unbroken.board.app import _error_handler


def _failed(method: str, path: str) -> dict[str, object]:
    scope = {"type": "http", "method": method, "path": path, "headers": [], "query_string": b""}
    response = asyncio.run(_error_handler(Request(scope), RuntimeError("a bug")))
    assert response.status_code == 500
    said: dict[str, object] = json.loads(bytes(response.body))
    return said


def test_a_page_that_failed_says_so_not_that_a_submission_was_lost() -> None:
    said = _failed("GET", "/player/ann")
    assert said["type"] == "/problems/page-error"
    assert said["title"] == "The board failed to give this page; nothing was changed"
    assert said["detail"] == "the board failed on /player/ann; try again soon"
    assert "submission" not in json.dumps(said)


def test_a_submission_that_failed_says_it_was_not_kept() -> None:
    said = _failed("POST", "/api/submissions")
    assert said["type"] == "/problems/server-error"
    assert said["title"] == "The board failed; the submission was not kept"
