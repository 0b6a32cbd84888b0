"""A running `unbroken serve` for the browser tests, and reading its page.

The server runs as a player starts it (`python -m unbroken serve`), in its own
process, on a free port of 127.0.0.1 (the `served` fixture of conftest.py starts and
stops them); the page is read through xterm.js's own buffer (the terminal the page
draws on a canvas).
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

from unbroken.board.testing import HeldPort

#: The text of the page's terminal, row by row (xterm.js's buffer).
SCREEN = """
const t = window.unbrokenTerminal;
if (!t) return "";
const lines = [];
for (let i = 0; i < t.rows; i++) {
  const line = t.buffer.active.getLine(i);
  lines.push(line ? line.translateToString(true) : "");
}
return lines.join("\\n");
"""


class Served:
    """A running `unbroken serve` and its address."""

    def __init__(self, *options: str) -> None:
        # Held until stopped: no other test's server takes the port meanwhile (xdist).
        self.held = HeldPort()
        self.port = self.held.port
        command = [sys.executable, "-m", "unbroken", "serve", "--port", str(self.port), *options]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert self.process.stdout is not None
        self.first_line = self.process.stdout.readline().strip()
        #: The address the server printed: the page with the server's key.
        self.url = self.first_line.rpartition(" ")[2]
        self.key = self.url.partition("?key=")[2]
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url, timeout=2).close()
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise AssertionError(f"the server did not answer: {self.first_line}")

    def stop(self) -> str:
        self.process.terminate()
        try:
            out, _ = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
            raise AssertionError(f"the server did not stop on SIGTERM:\n{out}") from None
        finally:
            self.held.close()
        return out


def screen(browser: Any) -> str:
    return str(browser.execute_script(SCREEN))


def wait_for(browser: Any, text: str, seconds: float = 20) -> str:
    """Return the page's screen once `text` is on it (AssertionError with the screen if not)."""
    deadline = time.monotonic() + seconds
    shown = ""
    while time.monotonic() < deadline:
        shown = screen(browser)
        if text in shown:
            return shown
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never came on the page; it shows:\n{shown}")
