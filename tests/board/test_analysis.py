"""Analysis for every daily (issue #31): kept once per entry, done by a thread of the server on
SQLite, and drawn on the entry's page."""

from __future__ import annotations

import inspect
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from board_server import Server, serve

from unbroken.advisor.analysis import analyze
from unbroken.advisor.estimator import GAMES
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.board.analyses import analyse_entry, analysis_of, pending
from unbroken.board.app import BoardConfig
from unbroken.board.checking import check_upload
from unbroken.board.store import Store
from unbroken.board.testing import TempPostgres
from unbroken.core.ruleset import Ruleset
from unbroken.replay import bounds
from unbroken.replay.reader import parse_recording


def wait_for(check: Callable[[], object], seconds: float = 300) -> None:
    """Wait until `check()` is true (the analyses run on another thread or process)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "not done in time"
        time.sleep(0.2)


def test_an_entry_keeps_one_analysis_however_often_it_is_analysed(
    database: str, dailies: list[bytes], base_rules: Ruleset
) -> None:
    store = Store(database)
    try:
        now = datetime.now(UTC)
        entry, _ = store.add("ann", "k" * 43, check_upload(dailies[0], base_rules, now), "t")
        assert pending(store) == [entry]
        assert analyse_entry(store, base_rules, entry, games=2, worker="one")
        assert not analyse_entry(store, base_rules, entry, games=2, worker="two")
        assert pending(store) == []
        analysis = analysis_of(store, entry)
        assert analysis is not None and analysis.games == 2 and analysis.choices
        rows = store.query("SELECT worker FROM analyses WHERE entry_id = ?", (entry,))
        tries = store.query("SELECT worker FROM analysis_attempts WHERE entry_id = ?", (entry,))
        assert rows == [("one",)] and sorted(tries) == [("one",), ("two",)]
    finally:
        store.close()


def test_the_board_analyses_with_the_estimators_budget_and_stream(
    tmp_path: Path, dailies: list[bytes], base_rules: Ruleset
) -> None:
    # One position, one chance (#30): the entry's chart shows what `unbroken analyze`, the
    # viewer and the game's `%` show, so the board asks the estimator as they do.
    store = Store(str(tmp_path / "board.db"))
    try:
        now = datetime.now(UTC)
        entry, _ = store.add("ann", "k" * 43, check_upload(dailies[0], base_rules, now), "t")
        assert analyse_entry(store, base_rules, entry, games=3)
        kept = analysis_of(store, entry)
    finally:
        store.close()
    rec = parse_recording(bounds.inflate(dailies[0]))
    assert kept is not None and kept.seed == DEFAULT_SEED
    assert kept.as_json() == analyze(rec, base_rules, games=3).as_json()
    defaults = (
        inspect.signature(analyse_entry).parameters["games"].default,
        BoardConfig("board.db").analysis_games,
        main_parser_default(["board", "worker", "--database", "postgresql://x"], "games"),
    )
    assert defaults == (GAMES, GAMES, GAMES)


def main_parser_default(argv: list[str], name: str) -> object:
    """Return the value `unbroken ARGV` parses for option `name`."""
    from unbroken.cli.command import build_parser

    return getattr(build_parser().parse_args(argv), name)


@pytest.fixture
def analysing_board(tmp_path: Path) -> Iterator[Server]:
    config = BoardConfig(str(tmp_path / "board.db"), analyse=True, analysis_games=2)
    yield from serve(config)


def test_on_sqlite_the_server_analyses_each_daily_and_its_page_draws_the_chart(
    analysing_board: Server, dailies: list[bytes]
) -> None:
    for i, data in enumerate(dailies[:2]):
        assert analysing_board.submit(data, f"p{i}").status == 201
    store = Store(analysing_board.config.database)
    try:
        wait_for(lambda: not pending(store))
        assert store.query("SELECT COUNT(*) FROM analyses")[0][0] == 2
    finally:
        store.close()
    page = analysing_board.get("/entry/1?at=3").body.decode()
    assert '<svg class="chart"' in page and "Chance of winning" in page
    assert "misstep" in page.lower()


def _worker(url: str) -> subprocess.Popen[str]:
    # 4 games an option: a job still lasts seconds (the kill lands mid-job, polled every
    # 0.2 s), a quarter of 15's CPU (18 s a daily's analysis), which timed out under load.
    command = [sys.executable, "-m", "unbroken", "board", "worker", "--database", url]
    options = ["--games", "4", "--stalled-after", "2", "--every", "0.3"]
    return subprocess.Popen(
        [*command, *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def test_two_workers_on_postgresql_analyse_each_entry_once_though_one_is_killed(
    postgres: TempPostgres, dailies: list[bytes], base_rules: Ruleset
) -> None:
    url = postgres.new_database("two_workers")
    store = Store(url)
    now = datetime.now(UTC)
    ids = [
        store.add(f"p{i}", "k" * 43, check_upload(data, base_rules, now), "t")[0]
        for i, data in enumerate(dailies[:4])
    ]
    workers = [_worker(url), _worker(url)]
    try:
        wait_for(lambda: store.query("SELECT COUNT(*) FROM analysis_attempts")[0][0] > 0)
        entry, worker = store.query(
            "SELECT entry_id, worker FROM analysis_attempts ORDER BY started LIMIT 1"
        )[0]
        victim = next(w for w in workers if w.pid == int(worker.rsplit(":", 1)[1]))
        victim.kill()  # mid-job: no goodbye, its heartbeat just stops
        victim.wait()
        assert not store.query("SELECT 1 FROM analyses WHERE entry_id = ?", (entry,))
        wait_for(lambda: not pending(store))
        rows = dict(store.query("SELECT entry_id, worker FROM analyses"))
        assert sorted(rows) == ids  # every entry, once (entry_id is the key)
        assert rows[entry] != worker  # the killed worker's job was done by the other
        tries = store.query("SELECT COUNT(*) FROM analysis_attempts WHERE entry_id = ?", (entry,))
        assert tries[0][0] >= 2
        jobs = store.query(
            "SELECT args->>'entry_id', COUNT(*) FROM procrastinate_jobs GROUP BY 1 ORDER BY 1"
        )
        assert sorted(int(e) for e, _ in jobs) == ids and all(n == 1 for _, n in jobs)
    finally:
        for process in workers:
            if process.poll() is None:
                process.terminate()
                process.communicate(timeout=60)
        store.close()


def test_a_worker_is_for_a_postgresql_board(capsys: pytest.CaptureFixture[str]) -> None:
    from unbroken.cli.command import main

    assert main(["board", "worker", "--database", "board.db"]) == 2
    err = capsys.readouterr().err
    assert "workers take jobs from a PostgreSQL board" in err and len(err.splitlines()) == 1
