"""Fair ranking (issue #31), the same on SQLite and on a real PostgreSQL: the tie-breaks,
each player's best on the all-time boards, free play unranked, the assisted filter, and the
rank in every API answer."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from itertools import count

import pytest
from board_server import Server

from unbroken.board.checking import Checked
from unbroken.board.ranking import NOT_IN_BATTLE, Sort
from unbroken.board.store import PAGE, Store

_digests = count(1)
DAY = "2026-11-20"


def checked(
    score: int = 0,
    level: int = 1,
    health: int = 5,
    decisions: int = 50,
    daily: str | None = DAY,
    assisted: bool = False,
    character: str = "base:helena",
    seed: int = 7,
) -> Checked:
    """Return a fabricated verified entry (the store ranks what it is given)."""
    number = next(_digests)
    return Checked(
        digest=f"digest-{number}",
        play=f"play-{number}",
        character=character,
        cls="base:warrior",
        difficulty="easy",
        seed=seed,
        daily=daily,
        won=False,
        score=score,
        level=level,
        decisions=decisions,
        engine="0",
        created="2026-11-20T10:00:00Z",
        recording=b"not read by the ranking",
        health_left=health,
        assisted=assisted,
    )


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    found = Store(database)
    yield found
    found.close()


def add(store: Store, player: str, entry: Checked, second: int) -> int:
    return store.add(player, "k" * 43, entry, f"2026-11-20T12:00:{second:02d}+00:00")[0]


def test_ties_go_to_score_level_health_left_decisions_then_the_first_sent(store: Store) -> None:
    # Sent worst first, so that the order sent cannot explain the ranks.
    plan = [
        ("fewer-decisions", checked(10, 2, 3, 40)),
        ("more-decisions", checked(10, 2, 3, 60)),
        ("more-health-left", checked(10, 2, 6, 10)),
        ("outside-battle", checked(10, 2, NOT_IN_BATTLE, 5)),
        ("lower-level", checked(10, 1, 0, 5)),
        ("lower-score", checked(0, 9, 0, 5)),
        ("higher-level", checked(10, 3, 9, 90)),
        ("best-score", checked(20, 1, 9, 90)),
    ]
    ids = {player: add(store, player, entry, 59 - i) for i, (player, entry) in enumerate(plan)}
    ranked = [row.player for row in store.day(DAY).rows]
    assert ranked == [
        "best-score",
        "higher-level",
        "fewer-decisions",
        "more-decisions",
        "more-health-left",
        "outside-battle",
        "lower-level",
        "lower-score",
    ]
    # Each entry's own rank agrees with its place on the board.
    for place, row in enumerate(store.day(DAY).rows, 1):
        alone = store.entry(ids[row.player])
        assert alone is not None and row.rank == place == store.rank(alone)


def test_equal_games_go_to_the_one_sent_first(store: Store) -> None:
    add(store, "later", checked(5, 2, 3, 40), 30)
    add(store, "earlier", checked(5, 2, 3, 40), 10)
    assert [r.player for r in store.day(DAY).rows] == ["earlier", "later"]


def test_all_time_boards_rank_each_players_best_daily_and_list_free_play_apart(
    store: Store,
) -> None:
    add(store, "ann", replace(checked(30), daily="2026-11-18"), 1)
    add(store, "ann", replace(checked(50), daily="2026-11-19"), 2)
    add(store, "bob", replace(checked(40), daily="2026-11-19"), 3)
    add(store, "cat", checked(99, daily=None, seed=123), 4)  # a chosen seed: unranked
    board = store.board("easy", "base:helena")
    assert [(r.player, r.score, r.rank) for r in board.rows] == [("ann", 50, 1), ("bob", 40, 2)]
    free = store.free_play("easy", "base:helena")
    assert [(r.player, r.seed, r.rank) for r in free] == [("cat", "123", 0)]
    assert store.boards() == [("easy", "base:helena", 2, 1)]


def test_the_unassisted_filter_leaves_assisted_games_out(store: Store) -> None:
    add(store, "helped", checked(50, assisted=True), 1)
    add(store, "alone", checked(40), 2)
    assert [(r.player, r.assisted) for r in store.day(DAY).rows] == [
        ("helped", True),
        ("alone", False),
    ]
    only = store.day(DAY, unassisted=True).rows
    assert [(r.player, r.rank) for r in only] == [("alone", 1)]


def test_boards_sort_by_a_column_and_come_in_pages(store: Store) -> None:
    for i in range(PAGE + 3):
        add(store, f"p{i:03d}", checked(i, decisions=100 - i), i % 60)
    first = store.day(DAY)
    assert first.total == PAGE + 3 and first.pages == 2 and len(first.rows) == PAGE
    second = store.day(DAY, page=2)
    assert [r.rank for r in second.rows] == [PAGE + 1, PAGE + 2, PAGE + 3]
    by_decisions = store.day(DAY, Sort.DECISIONS).rows
    assert by_decisions[0].decisions == 100 - (PAGE + 2) and by_decisions[0].rank == 1
    by_player = store.day(DAY, Sort.PLAYER).rows
    assert by_player[0].player == "p000" and by_player[0].rank == PAGE + 3


def test_a_players_entries_carry_their_rank_on_their_day(store: Store) -> None:
    add(store, "ann", checked(10), 1)
    add(store, "bob", checked(20), 2)
    add(store, "ann", checked(5, daily=None), 3)
    ranks = {(r.daily, r.rank) for r in store.player("ann")}
    assert ranks == {(DAY, 2), (None, 0)}


def test_the_api_gives_every_entry_its_rank(board: Server, dailies: list[bytes]) -> None:
    for i, data in enumerate(dailies[:4]):
        assert board.submit(data, f"p{i}").status == 201
    for i in range(4):
        (entry,) = json.loads(board.get(f"/api/players/p{i}").body)["entries"]
        alone = json.loads(board.get(f"/api/entries/{entry['id']}").body)
        assert entry["rank"] == alone["rank"] >= 1  # not 0 (issue #31)
    day = json.loads(board.get(f"/api/days/{entry['daily']}").body)
    assert sorted(e["rank"] for e in day["entries"]) == [1, 2, 3, 4]
    assert "level reached" in day["rule"]
