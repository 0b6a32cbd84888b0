"""Recorded games: the recorder (append, flush, fsync), the reader, verify, resume, timeline.

The file format is JSON Lines, described in docs/replay-format.md. The game
writes it gzip-compressed (`.jsonl.gz`, one sync-flushed deflate block per
decision, so a killed process leaves a readable file); plain `.jsonl` is read
too. Reading a recording never unpickles or evaluates anything: every line is
decoded by msgspec into the typed lines, and a line that does not fit is
a `ReplayError` naming the file and the line.
The golden recordings in replays/ are re-recorded, deliberately, by
`python tools/goldens.py` (not part of the installed package).

The modules, each importing only those above it:

- `limits`: what a hostile or broken file cannot make the reader do (MAX_TEXT, MAX_LINE...);
- `format`: the lines (Header, Setup, Decision, Check, Footer), FORMAT, the file endings;
- `errors`: ReplayError, Divergence, ContentMismatch;
- `reader`: reading a file into a `Recording` (`read_recording`, `parse_recording`, `unpack`);
- `verify`: re-running a recording with the engine (`replay`; `verdict`, `verdicts`: a
  `Verdict` on each file; `verify_file`: its problem in one line);
- `recorder`: writing a game as it is played (`Recorder`);
- `library`: the recordings in a folder, finding one by name, `resume` and `take_back`;
- `timeline`: any position of a recording, for the viewer (`Timeline`);
- `viewing`: a recording opened for the viewer, verified first (`watch`, `warning`).

This package re-exports the names other code uses, `from unbroken.replay import X`
(but those of `limits` and `viewing`, imported from those modules).
A test that patches a name patches it in the module that looks it up
(say `unbroken.replay.recorder._append`).
"""

from __future__ import annotations

from unbroken.replay.errors import ContentMismatch, Divergence, ReplayError
from unbroken.replay.format import (
    CHECK_EVERY,
    FORMAT,
    GZIP_MAGIC,
    OUTCOMES,
    PLAIN_SUFFIX,
    SNAPSHOT_EVERY,
    SUFFIX,
    SUFFIXES,
    Check,
    Decision,
    Footer,
    Header,
    Line,
    RawDecision,
    RawLine,
    Setup,
)
from unbroken.replay.library import (
    ReplayInfo,
    TakenBack,
    chosen_recording,
    continuable,
    find_recording,
    newest_finished,
    newest_recording,
    read_info,
    recorded_games,
    recording_names,
    resume,
    short_names,
    take_back,
    unfinished_games,
    why_not_take_back,
)
from unbroken.replay.reader import (
    Recording,
    is_recording,
    parse_recording,
    read_recording,
    recording_stem,
    unpack,
)
from unbroken.replay.recorder import Recorder
from unbroken.replay.timeline import Timeline
from unbroken.replay.verify import (
    Others,
    Verdict,
    VerdictKind,
    check_content,
    recorded_ruleset,
    replay,
    rules_to_verify,
    verdict,
    verdicts,
    verify_file,
)

__all__ = [
    "CHECK_EVERY",
    "FORMAT",
    "GZIP_MAGIC",
    "OUTCOMES",
    "PLAIN_SUFFIX",
    "SNAPSHOT_EVERY",
    "SUFFIX",
    "SUFFIXES",
    "Check",
    "ContentMismatch",
    "Decision",
    "Divergence",
    "Footer",
    "Header",
    "Line",
    "Others",
    "RawDecision",
    "RawLine",
    "Recorder",
    "Recording",
    "ReplayError",
    "ReplayInfo",
    "Setup",
    "TakenBack",
    "Timeline",
    "Verdict",
    "VerdictKind",
    "check_content",
    "find_recording",
    "is_recording",
    "chosen_recording",
    "continuable",
    "newest_finished",
    "newest_recording",
    "parse_recording",
    "read_info",
    "read_recording",
    "recorded_games",
    "recorded_ruleset",
    "recording_names",
    "recording_stem",
    "replay",
    "resume",
    "rules_to_verify",
    "short_names",
    "take_back",
    "unfinished_games",
    "unpack",
    "verdict",
    "verdicts",
    "verify_file",
    "why_not_take_back",
]
