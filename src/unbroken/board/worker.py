"""`unbroken board worker`: the analyses of a board on PostgreSQL, taken from a job queue there.

The queue is procrastinate's, in the board's own database: any number of
worker processes, on any number of machines, take jobs from it. Each worker:

- finds the ranked dailies with no analysis and no job yet, and queues one job
  for each (under an advisory lock, so two workers never queue one entry twice);
- runs jobs one at a time (`analyse_entry`: an analysis is CPU work; run one
  worker per core);
- beats its heartbeat, and gives back to the queue the jobs of a worker whose
  heartbeat stopped (a killed or crashed machine): another worker runs them.

An entry keeps the first analysis finished (`board.analyses`), so a job run
again after a crash never gives it two.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from unbroken.board.analyses import GAMES, analyse_entry, worker_name
from unbroken.board.store import Store
from unbroken.core.ruleset import Ruleset

log = logging.getLogger("unbroken.board.analysis")

#: The analysis task's name in the queue.
TASK = "unbroken.analyse"
#: Advisory locks: creating the queue's tables; queueing the entries without a job.
SCHEMA_LOCK = 4129
QUEUE_LOCK = 4130

#: The dailies without an analysis and without a job (any state: a job that failed for
#: good is not queued again every few seconds).
UNQUEUED = f"""
SELECT id FROM entries WHERE daily IS NOT NULL
AND NOT EXISTS (SELECT 1 FROM analyses WHERE analyses.entry_id = entries.id)
AND NOT EXISTS (SELECT 1 FROM procrastinate_jobs j WHERE j.task_name = '{TASK}'
                AND j.args->>'entry_id' = entries.id::text)
ORDER BY id LIMIT 100
"""


def ensure_queue(database: str) -> None:
    """Create procrastinate's tables in the board's database when they are not there."""
    import psycopg
    from procrastinate.schema import SchemaManager

    with psycopg.connect(database) as db:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        found = db.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()
        if found is None or found[0] is None:
            db.execute(SchemaManager.get_schema())


def queue_app(database: str, store: Store, ruleset: Ruleset, games: int) -> Any:
    """Return the procrastinate app of the board's queue, with the analysis task."""
    from procrastinate import App, PsycopgConnector

    app = App(connector=PsycopgConnector(conninfo=database))

    @app.task(name=TASK, retry=2)
    def analyse(entry_id: int) -> None:
        analyse_entry(store, ruleset, entry_id, games)

    return app


async def queue_unqueued(app: Any, database: str) -> int:
    """Queue a job for each daily without an analysis or a job; return how many."""
    import psycopg

    queued = 0
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as db:
        await db.execute("SELECT pg_advisory_lock(%s)", (QUEUE_LOCK,))
        try:
            found = await (await db.execute(UNQUEUED)).fetchall()
            for (entry_id,) in found:
                await app.configure_task(TASK).defer_async(entry_id=int(entry_id))
                queued += 1
        finally:
            await db.execute("SELECT pg_advisory_unlock(%s)", (QUEUE_LOCK,))
    return queued


async def give_back_stalled(app: Any, stalled_after: float) -> int:
    """Put back in the queue the jobs of workers whose heartbeat stopped; return how many."""
    given = 0
    for job in await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=stalled_after):
        try:
            await app.job_manager.retry_job(job)
        except Exception as exc:  # noqa: BLE001 - another worker gave it back first
            log.debug("job %s not given back: %s", job.id, exc)
            continue
        log.info("job %s (entry %s) given back: its worker stopped", job.id, job.task_kwargs)
        given += 1
    return given


async def _every(seconds: float, step: Any) -> None:
    while True:
        try:
            await step()
        except Exception:  # noqa: BLE001 - the worker goes on; the next round tries again
            log.exception("the worker's upkeep failed")
        await asyncio.sleep(seconds)


async def work(
    database: str,
    ruleset: Ruleset,
    games: int = GAMES,
    stalled_after: float = 30.0,
    every: float = 2.0,
) -> None:
    """Run one analysis worker on the board's database until it is stopped (a signal)."""
    ensure_queue(database)
    store = Store(database)
    app = queue_app(database, store, ruleset, games)
    name = worker_name()
    try:
        async with app.open_async():
            upkeep = [
                asyncio.create_task(_every(every, lambda: queue_unqueued(app, database))),
                asyncio.create_task(_every(every, lambda: give_back_stalled(app, stalled_after))),
            ]
            try:
                await app.run_worker_async(
                    name=name,
                    concurrency=1,
                    update_heartbeat_interval=max(stalled_after / 4, 0.2),
                    stalled_worker_timeout=stalled_after,
                    fetch_job_polling_interval=every,
                    delete_jobs="never",
                )
            finally:
                for task in upkeep:
                    task.cancel()
    finally:
        store.close()
