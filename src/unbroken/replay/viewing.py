"""A recording opened for the replay viewer: checked by verify first, its text made printable.

The viewer folds the recorded events without re-running the engine, so it
would show a file `verify` rejects as if it were a real game. `watch` runs
verify first and returns the problem with the timeline, for the viewer to say
so (and where) before it shows anything. The strings the file holds (ids,
causes, the header's fields) are made printable (`unbroken.words.printable`) before
the viewer sees them: a recording cannot send escape sequences to the terminal.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from unbroken.core.events import Event
from unbroken.core.ruleset import Ruleset
from unbroken.replay.errors import ReplayError
from unbroken.replay.format import Decision, Footer, Header
from unbroken.replay.reader import Recording, read_recording
from unbroken.replay.timeline import Timeline
from unbroken.replay.verify import verify_file
from unbroken.words.printable import printable_strings


def watch(path: Path | str, ruleset: Ruleset) -> tuple[Timeline, str | None]:
    """Return the timeline of the recording in `path`, and verify's problem with it (None: OK).

    A file the viewer cannot read at all raises ReplayError, as Timeline does.
    An unfinished game (no footer yet) is not a problem here: it is resumable.
    """
    recording = read_recording(path)
    try:
        shown = printable_recording(recording)
    except msgspec.ValidationError as exc:  # escaped text a typed field refuses
        raise ReplayError(path, None, f"cannot be shown ({exc})") from None
    timeline = Timeline(shown, ruleset)
    problem = verify_file(path, ruleset)
    if problem is not None and recording.footer is None and "no footer" in problem:
        problem = None
    return timeline, problem


def warning(problem: str) -> str:
    """Return the notice the viewer shows for a recording that fails verification."""
    return (
        f"This recording fails verification: {problem}. The viewer shows what the file "
        "says, which is not a game the engine would play (unbroken verify checks it)."
    )


def printable_recording(recording: Recording) -> Recording:
    """Return `recording` with every string in it made printable (the same when it is clean)."""
    parts = [recording.header, recording.setup, recording.decisions, recording.footer]
    builtins = msgspec.to_builtins(parts)
    clean = printable_strings(builtins)
    if clean == builtins:
        return recording
    header, setup, decisions, footer = clean
    return Recording(
        header=msgspec.convert(header, Header),
        setup=msgspec.convert(setup, list[Event]),
        decisions=msgspec.convert(decisions, list[Decision]),
        checks=recording.checks,
        footer=None if footer is None else msgspec.convert(footer, Footer),
        path=recording.path,
        lines=recording.lines,
    )
