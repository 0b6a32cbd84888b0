"""The board's JSON API, the same tests on SQLite and on a real PostgreSQL (issue #22)."""

from __future__ import annotations

import gzip
import json

import msgspec
from board_server import Reply, Server, key_of

from unbroken.board import wire
from unbroken.board.testing import TempPostgres, played_game, tampered, unfinished
from unbroken.core.ruleset import Ruleset
from unbroken.play.daily_game import today


def problem(reply: Reply) -> wire.Problem:
    """Return the reply's RFC 9457 problem detail, checking its media type."""
    assert reply.headers["content-type"] == "application/problem+json", reply.headers
    found = msgspec.json.decode(reply.body, type=wire.Problem)
    assert found.status == reply.status
    assert found.type.startswith("/problems/") and found.title
    return found


def submitted(reply: Reply) -> wire.Submitted:
    assert reply.status in (200, 201), reply.body
    return msgspec.json.decode(reply.body, type=wire.Submitted)


def test_a_daily_is_ranked_and_listed_with_its_recording(
    board: Server, dailies: list[bytes]
) -> None:
    answers = [submitted(board.submit(data, f"p{i}")) for i, data in enumerate(dailies[:4])]
    day = today().isoformat()
    listed = msgspec.json.decode(board.get(f"/api/days/{day}").body, type=wire.Board)
    scores = [e.score for e in listed.entries]
    assert scores == sorted(scores, reverse=True)
    assert [e.rank for e in listed.entries] == [1, 2, 3, 4]
    assert {e.player for e in listed.entries} == {"p0", "p1", "p2", "p3"}
    for answer in answers:
        assert answer.entry.daily == day and answer.board == f"daily of {day}"
        place = next(e.rank for e in listed.entries if e.id == answer.entry.id)
        assert place >= answer.rank  # a later, better entry can only push it down
    # Every entry links to its recording: the bytes as sent.
    first = answers[0].entry
    assert board.get(first.recording).body == dailies[0]
    entry = msgspec.json.decode(board.get(f"/api/entries/{first.id}").body, type=wire.Entry)
    assert entry.player == "p0" and entry.rank >= 1


def test_the_same_recording_twice_is_one_entry(board: Server, dailies: list[bytes]) -> None:
    first = board.submit(dailies[0])
    again = board.submit(dailies[0])
    assert first.status == 201 and again.status == 200
    assert submitted(again).duplicate and submitted(again).entry.id == submitted(first).entry.id
    listed = json.loads(board.get(f"/api/days/{today().isoformat()}").body)
    assert len(listed["entries"]) == 1


def test_the_first_daily_of_a_player_counts(board: Server, dailies: list[bytes]) -> None:
    assert board.submit(dailies[0]).status == 201
    later = board.submit(dailies[1])
    assert later.status == 409
    assert "first finished attempt" in problem(later).detail


def test_a_name_is_kept_for_its_key(board: Server, dailies: list[bytes]) -> None:
    assert board.submit(dailies[0], "alice").status == 201
    other = board.submit(dailies[1], "alice", key=key_of("mallory"))
    assert other.status == 403 and problem(other).type == "/problems/wrong-key"
    stolen = board.submit(dailies[0], "mallory")
    assert stolen.status == 409 and "another player" in problem(stolen).detail


def test_tampered_unfinished_and_wrong_games_are_refused_with_a_reason(
    board: Server, dailies: list[bytes], base_rules: Ruleset
) -> None:
    cases = {
        "tampered": [tampered(dailies[0], i) for i in range(3)],
        "unfinished": [unfinished(dailies[1])],
        "unreadable": [b"hello", gzip.compress(b"\xff\xfe"), b"\x1f\x8b\x08garbage"],
    }
    text = gzip.decompress(dailies[2])
    day = b'"daily":"' + today().isoformat().encode() + b'"'
    cases["wrong-day"] = [
        gzip.compress(text.replace(day, b'"daily":"2020-02-29"', 1)),
        gzip.compress(text.replace(day, b'"daily":"someday"', 1)),
    ]
    cases["wrong-ruleset"] = [
        gzip.compress(text.replace(b'"plugins":{', b'"plugins":{"unearthed":"1.0.0",', 1))
    ]
    cases["wrong-engine"] = [gzip.compress(text.replace(b'"engine":"', b'"engine":"0.0.', 1))]
    # Another seed and character marked as today's daily.
    plain = gzip.decompress(played_game(base_rules, "base:helena", "easy", 11, 3))
    marked = b'"check_every":10,"daily":"' + today().isoformat().encode() + b'"}'
    cases["not-the-daily"] = [gzip.compress(plain.replace(b'"check_every":10}', marked, 1))]
    for kind, uploads in cases.items():
        for data in uploads:
            reply = board.submit(data, "tester")
            found = problem(reply)
            assert reply.status == 422, (kind, reply.body)
            assert found.type == f"/problems/{kind}", (kind, found)
            assert found.detail
            if data is cases["wrong-day"][0]:
                assert "a daily of 2020-02-29; this board takes today's" in found.detail
    listed = json.loads(board.get(f"/api/days/{today().isoformat()}").body)
    assert listed["entries"] == []


def test_free_play_is_listed_unranked_under_its_all_time_board(
    board: Server, base_rules: Ruleset
) -> None:
    games = [played_game(base_rules, "base:helena", "easy", seed, seed) for seed in (1, 2, 3)]
    for data in games:
        reply = board.submit(data, "bob")
        assert reply.status == 201 and "free play" in json.loads(reply.body)["message"]
    listed = json.loads(board.get("/api/boards/easy/base:helena").body)
    assert listed["entries"] == []  # only dailies rank: a chosen seed could be picked
    free = listed["unranked"]
    assert len(free) == 3 and all(e["daily"] is None and e["rank"] == 0 for e in free)
    assert {e["seed"] for e in free} == {"1", "2", "3"}
    page = json.loads(board.get("/api/players/bob").body)
    assert [e["player"] for e in page["entries"]] == ["bob"] * 3
    missing = board.get("/api/players/nobody")
    assert missing.status == 404 and problem(missing).type == "/problems/not-found"


def test_bad_requests_are_problem_details(board: Server, dailies: list[bytes]) -> None:
    nameless = board.post("/api/submissions", dailies[0], {"Authorization": "Bearer " + "k" * 43})
    assert nameless.status == 401 and "Unbroken-Player" in problem(nameless).detail
    keyless = board.post("/api/submissions", dailies[0], {"Unbroken-Player": "alice"})
    assert keyless.status == 401 and "Authorization" in problem(keyless).detail
    huge = board.submit(b"x" * (board.config.max_body + 1))
    assert huge.status == 413 and problem(huge).type == "/problems/too-large"
    assert board.submit(b"").status == 400
    for path in ("/api/entries/99999", "/api/entries/abc", "/api/days/yesterday", "/api/nothing"):
        reply = board.get(path)
        assert reply.status == 404 and problem(reply).type == "/problems/not-found", path
    assert board.get("/recordings/5.jsonl.gz").status == 404
    wrong_method = board.get("/api/submissions")
    assert wrong_method.status == 405 and problem(wrong_method).status == 405


def test_the_day_challenge_is_served(board: Server, base_rules: Ruleset) -> None:
    info = msgspec.json.decode(board.get("/api/daily").body, type=wire.DailyInfo)
    assert info.day == today().isoformat() and info.plugins == {"base": base_rules.plugins["base"]}
    assert info.character in base_rules.characters


def test_the_board_connects_again_when_postgresql_drops_it(
    postgres: TempPostgres, dailies: list[bytes]
) -> None:
    import psycopg
    from board_server import serve

    from unbroken.board.app import BoardConfig

    url = postgres.new_database("board_dropped")
    for board in serve(BoardConfig(url)):
        assert board.submit(dailies[0]).status == 201
        with psycopg.connect(postgres.url(), autocommit=True) as db:
            db.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = 'board_dropped' AND pid <> pg_backend_pid()"
            )
        statuses = [board.get(f"/api/days/{today().isoformat()}").status for _ in range(45)]
        # At most one failure per connection the pool held, then answers again.
        assert statuses[-1] == 200 and all(s in (200, 500) for s in statuses)
        assert json.loads(board.get(f"/api/days/{today().isoformat()}").body)["entries"]
