"""Two processes finishing games at the same moment both keep every row."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from unbroken.records import open_records

WRITER = """
import sys, time
from pathlib import Path
from unbroken import sim
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.records import add_game, open_records

path, go, offset = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
rules = load_ruleset()
games = []
for i in range(50):
    game = Game.new(rules, character="tomu", seed=offset + i)
    sim.play(game, sim.random_bot)
    games.append(game)
Path(sys.argv[4]).touch()  # ready
while not go.exists():
    time.sleep(0.001)
records = open_records(path)  # both open a missing file: both race to create it
for game in games:
    add_game(records, game, rules)
records.close()
"""


def test_two_processes_writing_fifty_games_each_lose_no_row(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    procs = []
    for n, offset in enumerate((1000, 2000)):
        ready = tmp_path / f"ready{n}"
        procs.append(
            (
                subprocess.Popen(
                    [sys.executable, "-c", WRITER, str(path), str(go), str(offset), str(ready)],
                    env=env,
                    stderr=subprocess.PIPE,
                    text=True,
                ),
                ready,
            )
        )
    deadline = time.monotonic() + 60
    while not all(ready.exists() for _, ready in procs):
        assert time.monotonic() < deadline, "the writers never got ready"
        assert all(p.poll() is None for p, _ in procs), "a writer died while getting ready"
        time.sleep(0.01)
    go.touch()
    for proc, _ in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    with open_records(path) as records:
        rows = records.games(newest_first=False)
    assert len(rows) == 100
    assert sorted(r.seed for r in rows) == [*range(1000, 1050), *range(2000, 2050)]
    assert [r.id for r in rows] == list(range(1, 101))
    # Interleaved or not, each process's games are in its own order.
    for base in (1000, 2000):
        mine = [r.seed for r in rows if base <= r.seed < base + 50]
        assert mine == list(range(base, base + 50))
