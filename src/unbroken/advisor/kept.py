"""Whether the analysis kept of a recording can be shown again: one check, made the same by
`unbroken analyze` and the replay viewer's `a` (#28 round 28: the viewer showed any kept
analysis of the current format, made with other rules, plugins, another release or another
count of games, where analyze weighed the game again)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from unbroken.advisor.analysis import Kept, Unreadable, cache_path, differs, read_kept


def reusable(recording: Path, made: dict[str, Any], digest: str = "") -> tuple[Kept | None, str]:
    """Return the analysis kept of the recording at `recording` when it was made as `made`
    says (`analysis.made_with`: the same rules and plugins, release, format, futures per
    option and advisor seed), else None with why not in words ("the analysis kept on 28 Nov
    2026, 18:17 UTC was made with 30 games per option", "the analysis kept at PATH cannot be
    read (damaged: not JSON)"; "" when none is kept, or one of another format). `digest`:
    of the bytes the recording was read from (`Recording.digest`, `analysis.cache_path`)."""
    try:
        found = read_kept(recording, digest)
    except Unreadable as exc:
        where = cache_path(recording, digest)
        return None, f"the analysis kept at {where} cannot be read ({exc})"
    if found is None:
        return None, ""
    other = differs(found, made)
    if other:
        when = f" on {found.when()}" if found.when() else ""
        return None, f"the analysis kept{when} {other}"
    return found, ""
