"""Reading a recording: its bytes (gzip-compressed or plain) into typed, ordered lines.

Reading a recording never unpickles or evaluates anything: every line is
decoded by msgspec into the lines of `unbroken.replay.format`, and a line
that does not fit is a `ReplayError` naming the file and the line. The
reader works within the limits of `unbroken.replay.bounds`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from unbroken import __version__
from unbroken.core.events import Event
from unbroken.replay import bounds
from unbroken.replay.errors import ReplayError
from unbroken.replay.format import (
    FORMAT,
    PLAIN_SUFFIX,
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
    SwitchedOff,
)


class _Probe(msgspec.Struct):
    """The two fields read before anything else: what the line is, and the format."""

    kind: str = ""
    format: int = 0


_line_decoder: msgspec.json.Decoder[Line] = msgspec.json.Decoder(Line)
_raw_line_decoder: msgspec.json.Decoder[RawLine] = msgspec.json.Decoder(RawLine)
_probe_decoder = msgspec.json.Decoder(_Probe)
#: What decoding a damaged line raises (msgspec reports bad UTF-8 as UnicodeDecodeError).
#: RecursionError cannot come past the nesting limit (bounds.py); it is here in case.
_BAD_LINE = (msgspec.DecodeError, UnicodeDecodeError, RecursionError)


def is_recording(path: Path) -> bool:
    """Return whether a file name is a recording's (`.jsonl.gz` or `.jsonl`)."""
    return path.name.endswith(SUFFIXES)


def _suffix(path: Path) -> str:
    return SUFFIX if path.name.endswith(SUFFIX) else PLAIN_SUFFIX


def recording_stem(path: Path) -> str:
    """Return the file name without its recording ending."""
    suffix = _suffix(path)
    return path.name[: -len(suffix)] if path.name.endswith(suffix) else path.stem


def unpack(data: bytes, path: Path | None = None) -> bytes:
    """Return the JSON Lines text of a recording's bytes, gzip-compressed or plain.

    A compressed stream that stops short (a game in progress, or a process
    killed mid-write) gives the text written so far: the reader then treats a
    cut-off last line like any torn line. Damaged compressed data, bytes after
    the end of it, or more text than `bounds.MAX_TEXT` is a
    ReplayError naming the line.
    """
    try:
        return bounds.inflate(data)
    except bounds.Breach as exc:
        raise ReplayError(path, exc.line, exc.message) from None


def _check_limits(path: Path | None, lines: list[bytes]) -> None:
    """Raise ReplayError for the first line outside the reader's limits (bounds.py)."""
    try:
        bounds.check_lines(lines)
    except bounds.Breach as exc:
        raise ReplayError(path, exc.line, exc.message) from None


@dataclass
class Recording:
    """A recording read from a file (or built in memory): its lines, checked for order."""

    header: Header
    setup: list[Event]
    decisions: list[Decision] = field(default_factory=list)
    checks: dict[int, str] = field(default_factory=dict)
    footer: Footer | None = None
    path: Path | None = None
    #: The file line of each decision (index 0 is decision 1), for messages.
    lines: list[int] = field(default_factory=list)
    #: Bytes of the good lines (the torn last line is not counted).
    size: int = 0
    #: sha256 of every line before the footer, still open for appending.
    hasher: Any = None
    #: The one-line notice when a torn last line was dropped.
    torn: str | None = None
    #: Read with `raw_events` (for `replay` only): the decision lines, their events
    #: undecoded; `decisions` is then left empty.
    raw: list[RawDecision] | None = None
    #: The plugins whose effect handlers the player switched off, by the decision
    #: from which on (SwitchedOff lines).
    switched_off: dict[int, list[str]] = field(default_factory=dict)
    #: The sha256 of the file's bytes as they were read (`read_recording`; "" when not read
    #: from a file): what names an analysis of this recording (`advisor.analysis.cache_path`),
    #: whatever the file holds by the time the analysis is kept.
    digest: str = ""


def _decode(
    path: Path | None,
    number: int,
    raw: bytes,
    decoder: msgspec.json.Decoder[Line] | msgspec.json.Decoder[RawLine] = _line_decoder,
) -> Line | RawLine:
    try:
        return decoder.decode(raw)
    except _BAD_LINE as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ReplayError(path, number, f"not a valid recording line ({text})") from None


def _read_bytes(path: Path) -> bytes:
    """Return the bytes of a recording: a regular file, within `bounds.MAX_TEXT`."""
    try:
        return bounds.read_regular_file(path)
    except bounds.Breach as exc:
        raise ReplayError(path, exc.line, exc.message) from None


def read_recording(path: Path | str, drop_torn: bool = False) -> Recording:
    """Return the recording in `path`; raise ReplayError naming the line that is wrong.

    With `drop_torn`, a last line cut off mid-write (or unreadable) is left out
    and described in `Recording.torn`; otherwise it is an error.
    """
    path = Path(path)
    data = _read_bytes(path)
    rec = parse_recording(data, path, drop_torn)
    rec.digest = hashlib.sha256(data).hexdigest()
    return rec


def parse_recording(
    data: bytes, path: Path | None = None, drop_torn: bool = False, raw_events: bool = False
) -> Recording:
    """Return the recording held in `data` (the bytes of a .jsonl or .jsonl.gz file).

    With `raw_events` (what `verdict` reads for `replay`), the decisions'
    events are checked to be JSON but not decoded: they are in `Recording.raw`
    and `decisions` is empty. A line whose events do not fit the event types
    is then found by `replay` only if the engine's events differ from it.
    """
    data = unpack(data, path)
    if not data:
        raise ReplayError(path, 1, "empty file: no header line")
    chunks = data.split(b"\n")
    complete = chunks[:-1]
    tail = chunks[-1]
    torn: str | None = None
    _check_limits(path, chunks)
    _check_header(path, chunks[0])
    if tail:
        if not drop_torn:
            raise ReplayError(path, len(chunks), "the last line is cut off (the file is truncated)")
        torn = f"line {len(chunks)} was cut off mid-write and has been dropped"
    decoder = _raw_line_decoder if raw_events else _line_decoder
    try:
        decoded: list[Line | RawLine] = [decoder.decode(raw) for raw in complete]
    except _BAD_LINE:
        decoded = []  # again line by line, to name the bad line
    for i, raw in enumerate(complete[len(decoded) :], 1):
        try:
            decoded.append(_decode(path, i, raw, decoder))
        except ReplayError:
            if drop_torn and i == len(complete) and i > 2 and torn is None:
                torn = f"line {i} was unreadable (cut off mid-write) and has been dropped"
                break
            raise
    if not decoded:
        raise ReplayError(path, 1, "missing header: the file holds no lines")

    header = decoded[0]
    if not isinstance(header, Header):
        raise ReplayError(path, 1, "missing header: line 1 must be the header")
    setup = decoded[1] if len(decoded) > 1 else None
    if not isinstance(setup, Setup):
        raise ReplayError(path, 2, "line 2 must be the setup line (the game's first events)")
    rec = Recording(header=header, setup=list(setup.events), path=path, torn=torn)
    raws: list[RawDecision] = []
    if raw_events:
        rec.raw = raws
    footer_at = 0  # the index of the footer line: the log digest covers the lines before it
    for number, line in enumerate(decoded[2:], 3):
        if rec.footer is not None:
            raise ReplayError(path, number, "a line after the footer")
        if isinstance(line, (Decision, RawDecision)):
            expected = len(rec.lines) + 1
            if line.n != expected:
                raise ReplayError(
                    path, number, f"decision {line.n} out of order (expected decision {expected})"
                )
            if isinstance(line, Decision):
                rec.decisions.append(line)
            else:
                raws.append(line)
            rec.lines.append(number)
        elif isinstance(line, Check):
            if line.n != len(rec.lines) or line.n in rec.checks:
                raise ReplayError(
                    path,
                    number,
                    f"check line for decision {line.n} out of place "
                    f"(after decision {len(rec.lines)})",
                )
            rec.checks[line.n] = line.state
        elif isinstance(line, SwitchedOff):
            if line.n != len(rec.lines) + 1:
                raise ReplayError(
                    path, number, f"switched_off line for decision {line.n} out of place"
                )
            rec.switched_off.setdefault(line.n, []).append(line.plugin)
        elif isinstance(line, Footer):
            rec.footer = line
            footer_at = number - 1
        else:
            raise ReplayError(path, number, f"a second {type(line).__name__.lower()} line")
    rec.size = len(data) - len(tail)  # the complete lines, but a dropped unreadable last one
    if len(decoded) < len(complete):
        rec.size -= len(complete[-1]) + 1
    body = rec.size - (len(complete[footer_at]) + 1 if rec.footer is not None else 0)
    rec.hasher = hashlib.sha256(memoryview(data)[:body])
    return rec


def _check_header(path: Path | None, raw: bytes) -> None:
    try:
        probe = _probe_decoder.decode(raw)
    except _BAD_LINE:
        raise ReplayError(
            path, 1, "missing header: line 1 is not a recording header (is this a replay file?)"
        ) from None
    if probe.kind != "header":
        raise ReplayError(path, 1, "missing header: line 1 must be the header")
    if probe.format != FORMAT:
        raise ReplayError(
            path,
            1,
            f"format version {probe.format}; this unbroken {__version__} reads version {FORMAT}",
        )
