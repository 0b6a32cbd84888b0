"""The board's limits on what one client can send: body size and submission rates.

The rates are kept per server instance, in memory (a sliding minute): with
several instances behind a load balancer each allows its own share.
"""

from __future__ import annotations

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
