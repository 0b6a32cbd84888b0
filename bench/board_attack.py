"""The board under abuse: honest players among copiers, wrong keys, slow clients, foreign sockets.

    python bench/board_attack.py [--clients 100] [--games 2000] [--slow 1000] [--abuse 500]

On loopback only, bounded. Starts a throwaway PostgreSQL and two `unbroken
board serve` instances on it, each with an open-file limit of 1,024 (where
1,100 idle connections once took a board down) and a per-player limit of
100 a minute (the per-address limit is off: every client here is 127.0.0.1).
Then at once:

- `--clients` honest players (threads, keep-alive) send `--games` ordinary
  games and one daily each, to the two instances in turn;
- copiers download ranked entries from `/recordings/ID.jsonl.gz`, change the
  header's `created`, recompute the footer digest and send them under their
  own names; others send under honest players' names with wrong keys
  (`--abuse` in all, half each);
- `--slow` connections are held open (idle, headers a byte a second, or a
  body a byte a second), each opened again when the board closes it;

and, against an `unbroken serve`, websockets from another origin, with a
rebound Host, and without the key. Prints a table and the verdict: lost,
duplicated, 5xx, copies refused, wrong keys refused, the honest players'
p50/p99, how the slow connections were closed.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import random
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import msgspec

from board import key_of, make_games  # bench/board.py
from unbroken.board import wire
from unbroken.board.testing import TempPostgres, copied, free_port, played_dailies, wait_for_port
from unbroken.play.daily_game import base_plugins, today


@dataclass
class Tally:
    """What one kind of request got: statuses and latencies."""

    statuses: Counter[int] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, seconds: float) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.seconds.append(seconds)


#: Tries per request (a connection the board closes at once is tried again after 0.5 s).
ATTEMPTS = 4


class Client:
    """Keep-alive HTTP to the instances, one connection each, reconnecting once on failure."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.retries = 0
        self.connections = {
            p: http.client.HTTPConnection("127.0.0.1", p, timeout=120) for p in ports
        }

    def request(
        self,
        port: int,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:
        for attempt in range(ATTEMPTS):
            try:
                conn = self.connections[port]
                conn.request(method, path, body, headers or {})
                response = conn.getresponse()
                return response.status, response.read()
            except (OSError, http.client.HTTPException) as exc:
                self.connections[port] = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                if attempt == ATTEMPTS - 1:
                    return 599, str(exc).encode()
                self.retries += 1
                time.sleep(0.5)  # as a client would: the board may be closing new connections
        raise AssertionError("unreachable")


def submit(client: Client, port: int, player: str, key: str, data: bytes) -> tuple[int, bytes]:
    headers = {"Unbroken-Player": player, "Authorization": f"Bearer {key}"}
    return client.request(port, "POST", "/api/submissions", data, headers)


# ---------------------------------------------------------------------------- slow clients


@dataclass
class SlowStats:
    opened: int = 0
    closed_by_board: int = 0
    refused_at_connect: int = 0
    close_after: list[float] = field(default_factory=list)


async def _hold(port: int, kind: int, stop: asyncio.Event, stats: SlowStats) -> None:
    """Hold one slow connection of `kind` (0 idle, 1 slow headers, 2 slow body), reopening it."""
    request = b"GET /api/daily HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000
    body_head = (
        b"POST /api/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nUnbroken-Player: slowpoke\r\n"
        b"Authorization: Bearer " + b"s" * 43 + b"\r\nContent-Length: 100000\r\n\r\n"
    )
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            stats.refused_at_connect += 1
            await asyncio.sleep(0.5)
            continue
        stats.opened += 1
        start = time.monotonic()
        if kind == 2:
            writer.write(body_head)
        try:
            i = 0
            while not stop.is_set():
                if kind == 1:
                    writer.write(request[i : i + 1])
                elif kind == 2:
                    writer.write(b"x")
                i += 1
                await writer.drain()
                try:
                    data = await asyncio.wait_for(reader.read(4096), 1.0)
                except TimeoutError:
                    continue
                if not data:  # closed by the board
                    stats.closed_by_board += 1
                    stats.close_after.append(time.monotonic() - start)
                    break
        except (ConnectionError, OSError):
            stats.closed_by_board += 1
            stats.close_after.append(time.monotonic() - start)
        finally:
            writer.close()
        if time.monotonic() - start < 1:
            await asyncio.sleep(1)  # closed at once (the board's cap): not a busy loop here


def hold_slow(ports: list[int], count: int, stop: threading.Event, stats: SlowStats) -> None:
    """Hold `count` slow connections spread over `ports` until `stop` is set."""

    async def run() -> None:
        done = asyncio.Event()
        tasks = [
            asyncio.create_task(_hold(ports[i % len(ports)], i % 3, done, stats))
            for i in range(count)
        ]
        while not stop.is_set():
            await asyncio.sleep(0.2)
        done.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(run())


# ---------------------------------------------------------------------------- unbroken serve


def foreign_sockets(tries: int) -> Counter[str]:
    """Open `unbroken serve`'s socket as other pages would; return what each attempt got."""
    import aiohttp

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "unbroken", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        text=True,
    )
    got: Counter[str] = Counter()
    try:
        assert server.stdout is not None
        address = server.stdout.readline().strip().rpartition(" ")[2]
        key = address.partition("?key=")[2]
        wait_for_port(port, 30)
        base = f"ws://127.0.0.1:{port}"
        attempts = {
            "other origin, with the key": (f"{base}/ws/{key}", "http://evil.example", None),
            "other origin, textual-serve's /ws": (f"{base}/ws", "http://evil.example", None),
            "own origin, no key": (f"{base}/ws", f"http://127.0.0.1:{port}", None),
            "rebound Host": (
                f"{base}/ws/{key}",
                f"http://evil.example:{port}",
                f"evil.example:{port}",
            ),
        }

        async def run() -> None:
            async with aiohttp.ClientSession() as session:
                for _ in range(tries):
                    for name, (url, origin, host) in attempts.items():
                        headers = {"Host": host} if host else {}
                        try:
                            async with session.ws_connect(url, origin=origin, headers=headers):
                                got[f"{name}: OPENED"] += 1
                        except aiohttp.WSServerHandshakeError as exc:
                            got[f"{name}: refused {exc.status}"] += 1

        asyncio.run(run())
    finally:
        server.terminate()
        server.wait(30)
    return got


# ---------------------------------------------------------------------------- the run


def start_boards(url: str, ports: list[int]) -> list[subprocess.Popen[bytes]]:
    def small_file_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    command = [sys.executable, "-m", "unbroken", "board", "serve", "--database", url]
    return [
        subprocess.Popen(
            [*command, "--port", str(port), "--per-player", "100", "--per-address", "0"]
            + ["--no-access-log"],  # what is counted is the lines the abuse makes
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "UNBROKEN_PLUGINS": "base"},
            preexec_fn=small_file_limit,  # noqa: PLW1509 - a bench's child, no threads yet
        )
        for port in ports
    ]


class Attack:
    """One run: the honest players' plans, the attackers, and what each got."""

    def __init__(self, ports: list[int], players: list[str], plans: list[list[bytes]]) -> None:
        self.ports = ports
        self.players = players
        self.plans = plans
        self.honest, self.copies, self.wrong = Tally(), Tally(), Tally()
        self.ranked: list[int] = []  # entry ids the honest players got, for the copiers
        self.accepted: Counter[bytes] = Counter()
        self.registered = threading.Event()  # every honest name is taken
        self.clients: list[Client] = []

    def client(self) -> Client:
        self.clients.append(Client(self.ports))
        return self.clients[-1]

    def player(self, n: int) -> None:
        client = self.client()
        name = self.players[n]
        for i, data in enumerate(self.plans[n]):
            start = time.perf_counter()
            status, body = submit(client, self.ports[(n + i) % 2], name, key_of(name), data)
            self.honest.add(status, time.perf_counter() - start)
            if len(self.honest.seconds) >= len(self.players):  # (each plan's daily is first)
                self.registered.set()
            if status == 201:
                entry = msgspec.json.decode(body, type=wire.Submitted).entry.id
                with self.honest.lock:
                    self.accepted[data] += 1
                    self.ranked.append(entry)

    def copier(self, n: int, count: int) -> None:
        """Download ranked entries, change `created`, recompute the digest, send as a thief."""
        client = self.client()
        rng = random.Random(n)
        thief = f"thief{n:02d}"
        waited = time.monotonic()
        for i in range(count):
            while not self.ranked:
                if time.monotonic() - waited > 120:
                    return  # nothing ranked: nothing to copy
                time.sleep(0.05)
            port = self.ports[i % 2]
            entry = rng.choice(self.ranked)
            _, public = client.request(port, "GET", f"/recordings/{entry}.jsonl.gz")
            copy = copied(public, created=f"2026-01-01T00:00:{i % 60:02d}Z")
            start = time.perf_counter()
            status, _ = submit(client, port, thief, key_of(thief), copy)
            self.copies.add(status, time.perf_counter() - start)

    def guesser(self, n: int, count: int, game: bytes) -> None:
        """Send under the honest players' names with a wrong key, once their names are taken."""
        client = self.client()
        self.registered.wait(120)
        for i in range(count):
            victim = self.players[(n * 7 + i) % len(self.players)]
            start = time.perf_counter()
            status, _ = submit(client, self.ports[i % 2], victim, key_of("guess"), game)
            self.wrong.add(status, time.perf_counter() - start)

    def run(self, abuse: int, game: bytes, attackers: int = 10) -> tuple[int, float]:
        """Run every client at once; return how many there were and the wall time."""
        each = abuse // 2 // attackers
        threads = [threading.Thread(target=self.player, args=(n,)) for n in range(len(self.plans))]
        threads += [threading.Thread(target=self.copier, args=(n, each)) for n in range(attackers)]
        threads += [
            threading.Thread(target=self.guesser, args=(n, each, game)) for n in range(attackers)
        ]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return len(threads), time.perf_counter() - start


def make_plans(args: argparse.Namespace) -> tuple[list[str], list[list[bytes]]]:
    """Return the honest players and each one's uploads (their daily first)."""
    rules = base_plugins().ruleset
    t0 = time.perf_counter()
    games = make_games(args.games, args.jobs)
    dailies = played_dailies(rules, today().isoformat(), args.clients)
    took = time.perf_counter() - t0
    print(f"played {len(games)} games and {len(dailies)} dailies in {took:.0f} s")
    players = [f"honest{i:03d}" for i in range(args.clients)]
    plans: list[list[bytes]] = [[dailies[i]] for i in range(args.clients)]
    for i, game in enumerate(games):
        plans[i % args.clients].append(game)
    for plan in plans:  # the daily first: every name is taken before strangers try it
        plan[1:] = random.Random(len(plan)).sample(plan[1:], len(plan) - 1)
    return players, plans


def database_counts(url: str) -> tuple[int, int, int]:
    """Return the entries, the plays kept more than once, and the entries under a thief."""
    import psycopg

    with psycopg.connect(url) as db:
        (total,) = db.execute("SELECT COUNT(*) FROM entries").fetchone() or (0,)
        (doubled,) = db.execute(
            "SELECT COUNT(*) FROM (SELECT play FROM entries GROUP BY play HAVING COUNT(*) > 1) x"
        ).fetchone() or (0,)
        (stolen,) = db.execute(
            "SELECT COUNT(*) FROM entries WHERE player LIKE 'thief%'"
        ).fetchone() or (0,)
    return int(total), int(doubled), int(stolen)


def report(
    attack: Attack,
    slow: SlowStats,
    sockets: Counter[str],
    logs: list[bytes],
    counts: tuple[int, int, int],
) -> bool:
    """Print the table and the verdict; return whether every check holds."""
    honest, copies, wrong = attack.honest, attack.copies, attack.wrong
    print(f"{'requests':<36}{'sent':>6}  statuses")
    for name, tally in (
        ("honest players", honest),
        ("copies of ranked entries", copies),
        ("wrong keys", wrong),
    ):
        statuses = dict(sorted(tally.statuses.items()))
        print(f"{name:<36}{sum(tally.statuses.values()):>6}  {statuses}")
    median_close = statistics.median(slow.close_after or [0])
    print(
        f"{'slow connections opened':<36}{slow.opened:>6}  closed by the board "
        f"{slow.closed_by_board} (median after {median_close:.1f} s), "
        f"refused at connect {slow.refused_at_connect}"
    )
    for name, n in sorted(sockets.items()):
        print(f"{'serve: ' + name:<36}{n:>6}")
    times = sorted(honest.seconds)
    p99 = times[max(int(len(times) * 0.99) - 1, 0)]
    print(
        f"honest latency: p50 {statistics.median(times) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
    )
    retries = sum(c.retries for c in attack.clients)
    print(f"connections the board closed at once, tried again after 0.5 s: {retries}")
    print(f"board log lines per instance: {[len(t.splitlines()) for t in logs]}; the first:")
    for line in logs[0].decode(errors="replace").splitlines()[:8]:
        print(f"  {line[:150]}")
    sent = sum(len(p) for p in attack.plans)
    lost = sent - sum(1 for p in attack.plans for d in p if attack.accepted[d] == 1)
    total, doubled, stolen = counts
    doubled += sum(1 for n in attack.accepted.values() if n > 1)
    tallies = (honest, copies, wrong)
    errors = sum(n for t in tallies for s, n in t.statuses.items() if 500 <= s < 599)
    unreached = sum(t.statuses[599] for t in tallies)  # no answer after ATTEMPTS tries
    opened = sum(n for k, n in sockets.items() if "OPENED" in k)
    print(
        f"lost {lost}, duplicated {doubled}, 5xx {errors}, unanswered {unreached}, "
        f"copies refused {copies.statuses[409]}/"
        f"{sum(copies.statuses.values())} (ranked under a thief: {stolen}), wrong keys refused "
        f"{wrong.statuses[403]}/{sum(wrong.statuses.values())}, honest 429s "
        f"{honest.statuses[429]}, foreign sockets opened {opened}, entries {total}/{sent}"
    )
    return (
        not lost
        and not doubled
        and not errors
        and not unreached
        and not stolen
        and total == sent
        and copies.statuses[409] == sum(copies.statuses.values())
        and wrong.statuses[403] == sum(wrong.statuses.values())
        and not honest.statuses[429]
        and not opened
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--games", type=int, default=2000, help="honest ordinary games")
    parser.add_argument("--slow", type=int, default=1000, help="slow connections held")
    parser.add_argument("--abuse", type=int, default=500, help="copies and wrong-key requests")
    parser.add_argument("--sockets", type=int, default=25, help="rounds of foreign sockets")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing the games")
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the bench's own sockets
    players, plans = make_plans(args)
    slow = SlowStats()
    with TempPostgres() as pg:
        url = pg.new_database("attack")
        ports = [free_port(), free_port()]
        boards = start_boards(url, ports)
        try:
            for port in ports:
                wait_for_port(port, 60)
            stop = threading.Event()
            slow_thread = threading.Thread(target=hold_slow, args=(ports, args.slow, stop, slow))
            slow_thread.start()
            time.sleep(3)  # the slow connections open before the players start
            attack = Attack(ports, players, plans)
            clients, wall = attack.run(args.abuse, plans[0][-1])
            time.sleep(max(0.0, 15 - wall))  # past the board's header deadline
            stop.set()
            slow_thread.join()
            counts = database_counts(url)
        finally:
            for board in boards:
                board.terminate()
            logs = [board.communicate(timeout=30)[0] for board in boards]
    sockets = foreign_sockets(args.sockets)
    print(
        f"\n{clients} clients and {args.slow} slow connections for {wall:.1f} s against 2 "
        "instances on one PostgreSQL (open files: 1024 each)"
    )
    ok = report(attack, slow, sockets, logs, counts)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
