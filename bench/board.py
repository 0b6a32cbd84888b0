"""Leaderboard load: two server instances on one PostgreSQL, many clients, thousands of uploads.

    python bench/board.py [--clients 100] [--games 1700] [--duplicates 200] [--tampered 200]
                          [--workers N] [--analysis-seconds 60]

Starts a throwaway PostgreSQL (unbroken.board.testing.TempPostgres) and two
`unbroken board serve` processes on it (rate limits off), plays the games
with a bot first (in worker processes), then has the clients (threads, one
player each, keep-alive HTTP) send every upload to the two instances in turn.
Each player sends one daily and a share of ordinary games; duplicates are
games sent again, tampered ones are games with an edited score, start or
decision line. Prints throughput, p50/p99 latency, and checks that every valid
recording is ranked exactly once, every bad one refused, and no answer is 5xx.
It also times the verify step alone (`check_upload`) to give the capacity per core.
With `--workers N`, N analysis workers (`unbroken board worker`, niced) analyse the
dailies beside the servers, and are then timed alone: analyses a minute per worker.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from unbroken.board.testing import (
    TempPostgres,
    free_port,
    played_dailies,
    played_game,
    tampered,
    wait_for_port,
)
from unbroken.play.daily_game import base_plugins, today


@dataclass
class Upload:
    player: str
    data: bytes
    kind: str  # "valid", "duplicate", "tampered"
    game: int  # index of the valid game it is (or was made from)


def _ordinary(numbers: list[int]) -> list[bytes]:
    rules = base_plugins().ruleset
    characters = sorted(rules.characters)
    difficulties = [d.id for d in rules.settings.difficulties]
    return [
        played_game(rules, characters[n % len(characters)], difficulties[n % 3], 1000 + n, n)
        for n in numbers
    ]


def make_games(count: int, jobs: int) -> list[bytes]:
    """Return `count` distinct finished ordinary recordings, played in `jobs` processes."""
    parts = [list(range(i, count, jobs)) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        done = list(pool.map(_ordinary, parts))
    return [game for part in done for game in part]


def key_of(player: str) -> str:
    return (player + "-k" * 43)[:43]


def run_clients(
    ports: list[int], plans: list[list[Upload]]
) -> tuple[list[tuple[Upload, int, bytes, float]], float]:
    """Send every client's uploads (one thread a client); return the answers and the wall time."""
    results: list[tuple[Upload, int, bytes, float]] = []
    lock = threading.Lock()
    turn = iter(range(10**9))

    def client(plan: list[Upload]) -> None:
        connections = {p: http.client.HTTPConnection("127.0.0.1", p, timeout=120) for p in ports}
        mine = []
        for upload in plan:
            port = ports[next(turn) % len(ports)]
            headers = {
                "Unbroken-Player": upload.player,
                "Authorization": f"Bearer {key_of(upload.player)}",
                "Content-Type": "application/octet-stream",
            }
            start = time.perf_counter()
            for attempt in range(2):
                try:
                    conn = connections[port]
                    conn.request("POST", "/api/submissions", upload.data, headers)
                    response = conn.getresponse()
                    body = response.read()
                    status = response.status
                    break
                except (OSError, http.client.HTTPException) as exc:
                    connections[port] = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                    status, body = 599, str(exc).encode()
                    if attempt:
                        break
            mine.append((upload, status, body, time.perf_counter() - start))
        with lock:
            results.extend(mine)

    threads = [threading.Thread(target=client, args=(plan,)) for plan in plans]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, time.perf_counter() - start


def verify_cost(games: list[bytes]) -> float:
    """Return the seconds `check_upload` takes per recording (mean, one core)."""
    from unbroken.board.checking import check_upload

    rules = base_plugins().ruleset
    now = datetime.now(UTC)
    start = time.perf_counter()
    for data in games:
        check_upload(data, rules, now)
    return (time.perf_counter() - start) / len(games)


def start_worker(url: str) -> subprocess.Popen[bytes]:
    """Start an analysis worker on `url`, niced (background work beside the servers)."""
    return subprocess.Popen(
        [sys.executable, "-m", "unbroken", "board", "worker", "--database", url, "--every", "1"],
        stdout=subprocess.DEVNULL,
        preexec_fn=lambda: os.nice(10),  # noqa: PLW1509 - no threads in this process yet
        env={**os.environ, "UNBROKEN_PLUGINS": "base"},
    )


def time_workers(url: str, workers: int, seconds: float) -> None:
    """Print how many analyses the workers finish in `seconds` (a minute by default)."""
    import psycopg

    def done() -> int:
        with psycopg.connect(url) as db:
            found = db.execute("SELECT COUNT(*) FROM analyses").fetchone()
        return int(found[0]) if found else 0

    before, start = done(), time.perf_counter()
    time.sleep(seconds)
    after, took = done(), time.perf_counter() - start
    per_minute = (after - before) / took * 60 / workers
    print(
        f"analyses: {before} during the uploads, {after - before} more in {took:.0f} s by "
        f"{workers} worker(s) -> {per_minute:.1f} a minute per worker (games of 40 an option)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--games", type=int, default=1700, help="distinct ordinary games")
    parser.add_argument("--duplicates", type=int, default=200)
    parser.add_argument("--tampered", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2, help="processes playing the games")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="`unbroken board worker` processes analysing the dailies beside the servers "
        "(niced: analysis is background work)",
    )
    parser.add_argument(
        "--analysis-seconds",
        type=float,
        default=60.0,
        help="with --workers: how long to let them analyse after the uploads, to time them",
    )
    args = parser.parse_args()

    rules = base_plugins().ruleset
    t0 = time.perf_counter()
    games = make_games(args.games, args.jobs)
    dailies = played_dailies(rules, today().isoformat(), args.clients)
    print(
        f"played {len(games)} games and {len(dailies)} dailies in {time.perf_counter() - t0:.1f} s"
    )
    cost = verify_cost(games[:300])
    sizes = [len(g) for g in games]
    print(
        f"verify cost of these games (mean {statistics.mean(sizes) / 1024:.1f} KB gzip): "
        f"{cost * 1000:.2f} ms a recording -> {1 / cost:.0f} verifies/s per core"
    )
    goldens = [p.read_bytes() for p in sorted(Path("replays").glob("*.jsonl"))]
    if goldens:
        cost = verify_cost(goldens * 3)
        print(
            f"verify cost of the {len(goldens)} golden games (whole games played to the end): "
            f"{cost * 1000:.2f} ms a recording -> {1 / cost:.0f} verifies/s per core"
        )

    rng = random.Random(1)
    players = [f"bench{i:03d}" for i in range(args.clients)]
    valid = [Upload(players[i % args.clients], g, "valid", i) for i, g in enumerate(games)]
    valid += [Upload(p, dailies[i], "valid", len(games) + i) for i, p in enumerate(players)]
    all_valid = list(valid)
    uploads = list(valid)
    for _ in range(args.duplicates):
        first = rng.choice(all_valid)
        uploads.append(Upload(first.player, first.data, "duplicate", first.game))
    for i in range(args.tampered):
        first = rng.choice(all_valid)
        uploads.append(Upload(first.player, tampered(first.data, i), "tampered", first.game))
    rng.shuffle(uploads)
    plans: list[list[Upload]] = [[] for _ in range(args.clients)]
    for upload in uploads:  # each player's uploads go through its own client
        plans[players.index(upload.player)].append(upload)

    with TempPostgres() as pg:
        url = pg.new_database("bench")
        ports = [free_port(), free_port()]
        servers = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "unbroken",
                    "board",
                    "serve",
                    "--database",
                    url,
                    "--port",
                    str(port),
                    "--per-player",
                    "0",
                    "--per-address",
                    "0",
                ],
                stdout=subprocess.DEVNULL,
                env={**os.environ, "UNBROKEN_PLUGINS": "base"},
            )  # fmt: skip
            for port in ports
        ]
        workers: list[subprocess.Popen[bytes]] = []
        try:
            for port in ports:
                wait_for_port(port, 60)
            workers = [start_worker(url) for _ in range(args.workers)]
            results, wall = run_clients(ports, plans)
            import psycopg

            with psycopg.connect(url) as db:
                rows = db.execute("SELECT digest, COUNT(*) FROM entries GROUP BY digest").fetchall()
                total = db.execute("SELECT COUNT(*) FROM entries").fetchone()
            if workers:
                time_workers(url, len(workers), args.analysis_seconds)
        finally:
            for worker in workers:  # an analysis under way would hold up a graceful stop
                worker.kill()
                worker.wait()
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(30)

    statuses = Counter(status for _, status, _, _ in results)
    by_kind: dict[str, Counter[int]] = {}
    for upload, status, _, _ in results:
        by_kind.setdefault(upload.kind, Counter())[status] += 1
    latencies = sorted(seconds for *_, seconds in results)
    created = Counter(u.game for u, status, _, _ in results if status == 201)
    valid_games = {u.game for u in all_valid}
    lost = [g for g in valid_games if created[g] == 0]
    doubled = [g for g, n in created.items() if n > 1]
    server_errors = sum(n for s, n in statuses.items() if s >= 500)
    bad_accepted = by_kind.get("tampered", Counter())[201] + by_kind.get("tampered", Counter())[200]

    print(f"uploads: {len(results)} from {args.clients} clients to 2 instances on one PostgreSQL")
    print(f"  by kind and status: { {k: dict(v) for k, v in sorted(by_kind.items())} }")
    print(f"throughput: {len(results) / wall:.1f} uploads/s ({wall:.1f} s wall)")
    p50 = statistics.median(latencies)
    p99 = latencies[int(len(latencies) * 0.99) - 1]
    print(
        f"latency: p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {latencies[-1] * 1000:.0f} ms"
    )
    print(
        f"entries in the database: {total[0] if total else 0} "
        f"(valid recordings: {len(valid_games)}); rows per digest > 1: "
        f"{sum(1 for _, n in rows if n > 1)}"
    )
    print(
        f"lost: {len(lost)}, duplicated: {len(doubled)}, server errors (5xx): {server_errors}, "
        f"tampered accepted: {bad_accepted}"
    )
    ok = (
        not lost
        and not doubled
        and not server_errors
        and not bad_accepted
        and (total or [0])[0] == len(valid_games)
    )
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
