"""Malformed uploads for the board: damaged recordings and bad requests, and what came back.

    tally = fuzz_board("http://127.0.0.1:8000", valid_recordings, count=1000, seed=1)
    assert tally.server_errors == 0 and tally.unexplained == 0

Each upload is a real recording mutated as `unbroken.fuzz.mutations` does
(bytes flipped, lines dropped, JSON changed, deep nesting, gzip bombs...), or
a request with a bad name, key or body. The board must answer each with a
status below 500, and every refusal with a problem detail saying why.
"""

from __future__ import annotations

import http.client
import random
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field

import msgspec

from unbroken.board import wire
from unbroken.fuzz.mutations import mutate_recording


@dataclass
class Tally:
    """What the board answered: statuses, problem types, and the uploads it failed on."""

    statuses: Counter[int] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    #: Uploads answered 5xx (what was done, the status).
    server_errors: list[tuple[str, int]] = field(default_factory=list)
    #: Refusals without a problem detail and a reason (what was done, the status).
    unexplained: list[tuple[str, int]] = field(default_factory=list)


def malformed(rng: random.Random, valid: list[bytes]) -> tuple[bytes, dict[str, str], str]:
    """Return a malformed upload: its body, its headers and what was done."""
    import gzip

    data = rng.choice(valid)
    headers = {
        "Unbroken-Player": f"fuzz{rng.randrange(1000)}",
        "Authorization": "Bearer " + "k" * 43,
    }
    roll = rng.random()
    if roll < 0.05:
        headers["Unbroken-Player"] = rng.choice(["", "a" * 40, "<b>", "ä", "a b", "-x"])
        return data, headers, "bad name"
    if roll < 0.1:
        headers["Authorization"] = rng.choice(
            ["", "Bearer", "Basic abc", "Bearer short", "x" * 300]
        )
        return data, headers, "bad key"
    if roll < 0.12:
        return b"", headers, "empty body"
    plain = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    body, done = mutate_recording(rng, plain)
    return body, headers, done


def fuzz_board(url: str, valid: list[bytes], count: int, seed: int) -> Tally:
    """Send `count` malformed uploads to the board at `url`; return what it answered."""
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(count):
        body, headers, done = malformed(rng, valid)
        status, answer = _post(f"{url}/api/submissions", body, headers)
        tally.statuses[status] += 1
        if status >= 500:
            tally.server_errors.append((done, status))
            continue
        if status < 300:
            continue  # a mutation that left the game as it was (or only its compression)
        try:
            found = wire.problem_decoder.decode(answer)
        except msgspec.DecodeError:
            tally.unexplained.append((done, status))
            continue
        if not found.detail:
            tally.unexplained.append((done, status))
        tally.problems[found.type.rsplit("/", 1)[-1]] += 1
    return tally


def _post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    """Return the status and body of a POST; a board that answers before the whole body
    is sent (413) and closes is read as it answered."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
    try:
        try:
            conn.request("POST", parts.path, body, headers)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the answer may be waiting: read it
        response = conn.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException) as exc:  # no answer at all
        return 599, str(exc).encode()
    finally:
        conn.close()
