"""The test PostgreSQL never outlives the test run that started it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

#: Starts a server, says where it is, then waits to be killed without any teardown.
STARTER = """
import sys, time
from unbroken.board.testing import TempPostgres
pg = TempPostgres()
print(pg.port, pg.root, flush=True)
time.sleep(600)
"""


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_server_whose_test_run_is_killed_stops_and_leaves_no_folder() -> None:
    run = subprocess.Popen(
        [sys.executable, "-c", STARTER], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    assert run.stdout is not None
    port_text, root_text = run.stdout.readline().split()
    port, root = int(port_text), Path(root_text)
    assert _listening(port) and root.exists()
    os.kill(run.pid, signal.SIGKILL)  # as a SIGTERM'd pytest: no finally, no atexit
    run.wait()
    deadline = time.monotonic() + 60
    while (_listening(port) or root.exists()) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _listening(port), f"the server on port {port} outlived its test run"
    assert not root.exists(), f"{root} was left behind"


def test_a_closed_server_leaves_no_watcher_behind() -> None:
    from unbroken.board.testing import TempPostgres

    with TempPostgres() as pg:
        watcher = pg._watchdog
        assert watcher.poll() is None
    assert watcher.poll() is not None
    assert not _listening(pg.port) and not pg.root.exists()
