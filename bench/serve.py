"""Browser play under load: N concurrent tabs' games on one `unbroken serve`.

    python bench/serve.py [--clients N] [--keys K]

Starts `unbroken serve` on a free loopback port with a temporary data dir,
then N clients speak the page's websocket protocol (what textual.js sends:
["stdin", keys], ["resize", ...]) at once: each starts a new game and takes
K decisions with the key "1". Reported: memory per game (the resident size
of each tab's game process, read from /proc), the server's own, and the time
from a key sent to the first screen update received (median, p90), beside
the terminal game's key-to-frame (bench/tui.py's measure, one game in this
process). Numbers from a shared machine compare only within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).parent))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def descendants(root: int) -> list[int]:
    """Return the pids of every process below `root` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = [], [root]
    while frontier:
        pid = frontier.pop()
        children = [child for child, parent in parents.items() if parent == pid]
        found.extend(children)
        frontier.extend(children)
    return found


async def quiet(ws: aiohttp.ClientWebSocketResponse, seconds: float = 0.6) -> None:
    """Read until the screen has not changed for `seconds`."""
    while True:
        try:
            await asyncio.wait_for(ws.receive(), seconds)
        except TimeoutError:
            return


async def key(ws: aiohttp.ClientWebSocketResponse, data: str) -> float:
    """Send keys; return the seconds until the first screen update comes back."""
    start = time.perf_counter()
    await ws.send_json(["stdin", data])
    while True:
        message = await asyncio.wait_for(ws.receive(), 30)
        if message.type == aiohttp.WSMsgType.BINARY:
            return time.perf_counter() - start
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            raise RuntimeError("the server closed the game")


async def client(url: str, keys: int, started: asyncio.Event) -> list[float]:
    base, _, secret = url.partition("?key=")  # the page's own origin and the server's key
    async with aiohttp.ClientSession() as session:
        socket = f"{base}ws/{secret}?width=80&height=24"
        async with session.ws_connect(socket, origin=base.rstrip("/")) as ws:
            await ws.send_json(["resize", {"width": 80, "height": 24}])
            await quiet(ws, 2.0)
            await key(ws, "\r")  # New game
            await quiet(ws)
            await key(ws, "\x13")  # Ctrl+S: start
            await quiet(ws)
            await started.wait()
            times = []
            for _ in range(keys):
                times.append(await key(ws, "1"))
                await quiet(ws, 0.3)
            await ws.send_json(["stdin", "\x1b"])  # back to the title: the game is kept
            await quiet(ws)
            return times


async def load(url: str, clients: int, keys: int, server: int) -> None:
    started = asyncio.Event()
    tasks = [asyncio.create_task(client(url, keys, started)) for _ in range(clients)]
    await asyncio.sleep(3 + clients * 0.8)  # every game open and on its first screen
    games = [pid for pid in descendants(server) if b"\x00-m\x00unbroken\x00tui" in _cmdline(pid)]
    memory = [rss_kib(pid) for pid in games]
    started.set()
    results = await asyncio.gather(*tasks)
    times = sorted(t for r in results for t in r)
    print(f"{clients} tabs' games at once, {keys} decisions each:")
    print(f"  game processes {len(games)}: median {statistics.median(memory) / 1024:.0f} MiB each")
    print(f"  the server itself {rss_kib(server) / 1024:.0f} MiB")
    p90 = times[int(len(times) * 0.9)]
    print(
        f"  key sent -> first screen update back: median {statistics.median(times) * 1000:.0f} ms,"
        f" p90 {p90 * 1000:.0f} ms ({len(times)} keys)"
    )


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--keys", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "UNBROKEN_DATA_DIR": f"{home}/data", "UNBROKEN_CONFIG_DIR": home}
        port = free_port()
        command = [sys.executable, "-m", "unbroken", "serve", "--port", str(port)]
        command += ["--max-games", str(args.clients)]
        server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            address = server.stdout.readline().strip().rpartition(" ")[2]  # with its ?key=
            time.sleep(1)
            asyncio.run(load(address, args.clients, args.keys, server.pid))
        finally:
            server.terminate()
            server.wait(30)
    from tui import key_to_frame  # bench/tui.py

    terminal = sorted(asyncio.run(key_to_frame())[0])  # to the frame drawn (not the app's)
    p90 = terminal[int(len(terminal) * 0.9)]
    print(
        f"the terminal game (one game, in process): key -> frame median "
        f"{statistics.median(terminal) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
