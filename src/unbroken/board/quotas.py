"""The board's limits: body size, submission rates, and how much it logs.

The rates are kept per server instance, in memory (a sliding minute): with
several instances behind a load balancer each allows its own share.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field

#: The largest request body taken: a whole game is some 20 KB compressed, 75 KB plain.
MAX_BODY = 1024 * 1024


@dataclass
class RateLimit:
    """At most `per_minute` events per key in any 60 seconds (0: no limit)."""

    per_minute: int
    _seen: dict[str, deque[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait(self, key: str, now: float | None = None) -> float:
        """Return 0 when one more event for `key` is within the limit, else the seconds
        to wait. Nothing is counted: `count` does that."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        with self._lock:
            seen = self._seen.get(key)
            if seen is None:
                return 0.0
            while seen and seen[0] <= now - 60:
                seen.popleft()
            if len(seen) >= self.per_minute:
                return max(seen[0] + 60 - now, 0.001)
            return 0.0

    def count(self, key: str, now: float | None = None) -> None:
        """Count one event for `key`."""
        if self.per_minute <= 0:
            return
        now = time.monotonic() if now is None else now
        with self._lock:
            self._seen.setdefault(key, deque()).append(now)
            if len(self._seen) > 100_000:  # forget idle keys, so memory stays bounded
                for idle in [k for k, v in self._seen.items() if not v or v[-1] <= now - 60]:
                    del self._seen[idle]


class LogLimit(logging.Filter):
    """A log filter: at most `most` lines of each kind (logger and message template) in any
    `seconds`, then one line saying how many were left out. With `one_line`, an exception's
    traceback becomes its type and message at the end of the line."""

    def __init__(self, most: int = 5, seconds: float = 60.0, one_line: bool = False) -> None:
        super().__init__()
        self.most = most
        self.seconds = seconds
        self.one_line = one_line
        self._kinds: dict[tuple[str, str], list[float]] = {}  # start, shown, left out
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, str(record.msg).split("\n", 1)[0])  # asyncio's vary below line 1
        now = time.monotonic()
        with self._lock:
            seen = self._kinds.setdefault(kind, [now, 0, 0])
            left_out = 0
            if now - seen[0] >= self.seconds:
                left_out = int(seen[2])
                seen[:] = [now, 0, 0]
            if seen[1] >= self.most:
                seen[2] += 1
                return False
            seen[1] += 1
            if len(self._kinds) > 10_000:  # kinds are templates: bounded, but never unbounded
                self._kinds = {kind: seen}
        if self.one_line:
            line = record.getMessage().replace("\n", "; ")
            if record.exc_info and record.exc_info[1] is not None:
                error = record.exc_info[1]
                line = f"{line}: {type(error).__name__}: {error}"
            record.msg, record.args = line, None
            record.exc_info = record.exc_text = None
        if left_out:
            record.msg = f"{record.getMessage()} ({left_out} more like this left out)"
            record.args = None
        return True
