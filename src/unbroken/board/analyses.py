"""The advisor's analysis of every ranked daily on the board: done outside requests, kept once.

An analysis (`unbroken.advisor.analysis.Analysis`, as JSON) is kept in the
`analyses` table under its entry's id, so an entry has at most one whatever
the workers do: a job retried after its worker died, or run twice, keeps the
first analysis finished and drops the other. Every start is noted in
`analysis_attempts` (which worker, when), so the retries can be seen.

Who analyses: on PostgreSQL, `unbroken board worker` processes, through a job
queue in the database (`board.worker`, procrastinate); on SQLite, one thread
of `unbroken board serve` (`InProcess`). Both call `analyse_entry`.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
from datetime import UTC, datetime

from unbroken.advisor import estimator, rollouts
from unbroken.advisor.analysis import Analysis, Unreadable, analyze
from unbroken.board.store import Store, StoreError
from unbroken.core.ruleset import Ruleset
from unbroken.replay import bounds
from unbroken.replay.errors import ReplayError
from unbroken.replay.reader import parse_recording

log = logging.getLogger("unbroken.board.analysis")

#: Futures per option of every decision at most: the estimator's, so the entry's chart
#: shows the chances the game's `%`, `unbroken analyze` and the viewer show.
GAMES = estimator.GAMES
#: The advisor's stream for the board's analyses: the estimator's, for the same reason
#: (and every worker gives the same game the same analysis).
SEED = rollouts.DEFAULT_SEED


def worker_name() -> str:
    """Return this process's name in the attempts: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


def pending(store: Store, most: int = 20) -> list[int]:
    """Return the ids of ranked dailies without an analysis, oldest first."""
    sql = (
        "SELECT id FROM entries WHERE daily IS NOT NULL AND NOT EXISTS "
        "(SELECT 1 FROM analyses WHERE analyses.entry_id = entries.id) ORDER BY id LIMIT ?"
    )
    return [int(row[0]) for row in store.query(sql, (most,))]


def analyse_entry(
    store: Store, ruleset: Ruleset, entry_id: int, games: int = GAMES, worker: str = ""
) -> bool:
    """Analyse the entry and keep it; return whether this call's analysis was kept (False:
    one was there already, or the entry is gone or cannot be re-run)."""
    worker = worker or worker_name()
    now = datetime.now(UTC).isoformat()
    store.write(
        "INSERT INTO analysis_attempts (entry_id, worker, started) VALUES (?, ?, ?)",
        (entry_id, worker, now),
    )
    if store.query("SELECT 1 FROM analyses WHERE entry_id = ?", (entry_id,)):
        return False
    data = store.recording(entry_id)
    if data is None:
        return False
    try:
        rec = parse_recording(bounds.inflate(data))
        analysis = analyze(rec, ruleset, games=games, seed=SEED)
    except (ReplayError, bounds.Breach) as exc:  # it was verified when sent: cannot happen
        log.warning("entry %d cannot be analysed: %s", entry_id, exc)
        return False
    kept = store.write(
        "INSERT INTO analyses (entry_id, games, analysis, worker, finished) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (entry_id) DO NOTHING RETURNING entry_id",
        (entry_id, games, json.dumps(analysis.as_json()), worker, datetime.now(UTC).isoformat()),
    )
    log.info("entry %d analysed (%d decisions weighed)%s", entry_id, len(analysis.choices),
             "" if kept else ", another worker's was kept")  # fmt: skip
    return bool(kept)


def analysis_of(store: Store, entry_id: int) -> Analysis | None:
    """Return the entry's analysis, or None while there is none.

    Raises Unreadable, saying why, when the one kept cannot be read: of a format this
    release does not read (a newer release's worker kept it), or damaged. The entry's page
    says so instead of failing (its page raised: a 500)."""
    found = store.query("SELECT analysis FROM analyses WHERE entry_id = ?", (entry_id,))
    if not found:
        return None
    try:
        data = json.loads(found[0][0])
    except (ValueError, TypeError):
        raise Unreadable("damaged: not JSON") from None
    if not isinstance(data, dict):
        raise Unreadable("not an analysis")
    try:
        return Analysis.from_json(data)
    except ValueError as exc:  # "unknown analysis format 12 (this release reads 1 to 11)"
        raise Unreadable(str(exc)) from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise Unreadable(f"not an analysis ({type(exc).__name__}: {exc})") from None


class InProcess:
    """The analysis worker of a board on SQLite: one thread of the server, analysing each
    daily without an analysis in turn, until stopped."""

    def __init__(self, store: Store, ruleset: Ruleset, games: int = GAMES, idle: float = 2.0):
        self.store = store
        self.ruleset = ruleset
        self.games = games
        self.idle = idle
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, name="board-analysis", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        """Stop after the analysis under way (its result is dropped if the store closes)."""
        self.stopping.set()
        self.thread.join(5)

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                found = pending(self.store, 1)
                if found:
                    analyse_entry(self.store, self.ruleset, found[0], self.games)
                    continue
            except StoreError as exc:
                log.warning("the analysis worker could not use the database: %s", exc)
            except Exception:  # noqa: BLE001 - the server goes on; the next entry is tried
                if self.stopping.is_set():
                    return  # the store was closed under the analysis: shutting down
                log.exception("the analysis worker failed")
            self.stopping.wait(self.idle)
