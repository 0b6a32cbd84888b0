"""The kept analyses that can never be shown again, removed when another is kept (a48: the
cache's `analyses` folder only grew: an unfinished recording, its bytes growing as it is
played on, got a file at each analysis, each named by bytes it will never have again).

A kept analysis says which recording it is of (`recording`: its path, resolved). When one
is kept, every other one goes that is of the same recording (of its bytes before: an
analysis is shown only for the bytes it was made of), of a recording gone from where it
was, or of another analysis format (this release never shows it). One being written or
damaged is left (its recording's next analysis says so and replaces it), and so is one
kept before it said its recording (another recording's, still there, may use it)."""

from __future__ import annotations

import json
from pathlib import Path


def sweep(kept: Path, recording: str, current: int) -> list[Path]:
    """Remove the analyses beside `kept` (the file just kept, of the recording at the
    resolved path `recording`) that can never be shown again, as the module says
    (`current`: the analysis format); return those removed."""
    removed = []
    for other in sorted(kept.parent.glob("*.json")):
        if other == kept or not gone(other, recording, current):
            continue
        try:
            other.unlink()
        except OSError:
            continue  # another run removed it, or it cannot be: it stays
        removed.append(other)
    return removed


def gone(other: Path, recording: str, current: int) -> bool:
    """Return whether the kept analysis at `other` can never be shown again, now that one of
    the recording at `recording` is kept."""
    try:
        data = json.loads(other.read_text(encoding="utf-8"))
    except (OSError, UnicodeError, ValueError):
        return False  # being written, or damaged: said when its recording asks for it
    if not isinstance(data, dict):
        return False
    if data.get("format") != current:
        return True
    of = data.get("recording")
    return isinstance(of, str) and (of == recording or not Path(of).exists())
