"""Recorded games: the recorder (append, flush, fsync), the reader, verify, resume, timeline.

The file format is JSON Lines, described in docs/replay-format.md. The game
writes it gzip-compressed (`.jsonl.gz`, one sync-flushed deflate block per
decision, so a killed process leaves a readable file); plain `.jsonl` is read
too. Reading a recording never unpickles or evaluates anything: every line is
decoded by msgspec into the typed lines below, and a line that does not fit is
a `ReplayError` naming the file and the line.
The golden recordings in replays/ are re-recorded, deliberately, by
`python tools/goldens.py` (not part of the installed package).
"""

from __future__ import annotations

import hashlib
import os
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Union

import msgspec

from unbroken import __version__
from unbroken import recording_limits as limits
from unbroken.codec import encode, events_decoder, state_digest
from unbroken.core import events as ev
from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.game import Game, IllegalAction, describe_action
from unbroken.core.handlers import HandlerError
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Outcome
from unbroken.observers import Observers
from unbroken.rule_changes import explained

if TYPE_CHECKING:
    from unbroken.plugins import Plugins

#: The version of the file format this module writes and reads.
FORMAT = 1
#: A check line (state digest) follows every this many decisions.
CHECK_EVERY = 10
#: The timeline keeps a state snapshot every this many positions.
SNAPSHOT_EVERY = 10
#: The name ending of the recordings the game writes (gzip-compressed JSON Lines).
SUFFIX = ".jsonl.gz"
#: The name ending of an uncompressed recording (the goldens; a `gzip -d` copy).
PLAIN_SUFFIX = ".jsonl"
SUFFIXES = (SUFFIX, PLAIN_SUFFIX)
GZIP_MAGIC = limits.GZIP_MAGIC
_GZIP_WBITS = limits.GZIP_WBITS
OUTCOMES = ("won", "lost")


# --------------------------------------------------------------------------- the lines


class Header(msgspec.Struct, frozen=True, tag_field="kind", tag="header"):
    """Line 1: what the game was started with, and with which engine and content."""

    format: int
    engine: str
    seed: int
    character: str
    difficulty: str
    options: dict[str, Any]
    plugins: dict[str, str]
    ruleset: str
    created: str
    check_every: int = CHECK_EVERY


class Setup(msgspec.Struct, frozen=True, tag_field="kind", tag="setup"):
    """Line 2: the events Game.new produced before the first decision."""

    events: list[Event]


class Decision(msgspec.Struct, frozen=True, tag_field="kind", tag="decision"):
    """One decision: its number (from 1), the action taken and the events it produced."""

    n: int
    action: Action
    events: list[Event]


class Check(msgspec.Struct, frozen=True, tag_field="kind", tag="check"):
    """The sha256 of the game state after decision `n`."""

    n: int
    state: str


class Footer(msgspec.Struct, frozen=True, tag_field="kind", tag="footer"):
    """The last line: how the game ended, and the digest of every line before this one."""

    decisions: int
    outcome: Outcome
    score: int
    state: str
    digest: str


class RawDecision(msgspec.Struct, frozen=True, tag_field="kind", tag="decision"):
    """A decision line read for verifying: its events are left as the JSON text in the file.

    `replay` compares that text with the engine's events encoded the way the
    Recorder writes them, and decodes it only when the two differ.
    """

    n: int
    action: Action
    events: msgspec.Raw


Line = Union[Header, Setup, Decision, Check, Footer]
#: The lines as read with `raw_events`: decision events stay JSON text (still checked to be JSON).
RawLine = Union[Header, Setup, RawDecision, Check, Footer]


class _Probe(msgspec.Struct):
    """The two fields read before anything else: what the line is, and the format."""

    kind: str = ""
    format: int = 0


_line_decoder: msgspec.json.Decoder[Line] = msgspec.json.Decoder(Line)
_raw_line_decoder: msgspec.json.Decoder[RawLine] = msgspec.json.Decoder(RawLine)
_probe_decoder = msgspec.json.Decoder(_Probe)
#: What decoding a damaged line raises (msgspec reports bad UTF-8 as UnicodeDecodeError).
#: RecursionError cannot come past the nesting limit (recording_limits); it is here in case.
_BAD_LINE = (msgspec.DecodeError, UnicodeDecodeError, RecursionError)


# --------------------------------------------------------------------------- errors


class ReplayError(Exception):
    """A recording that cannot be read or does not match the engine: file, line and why."""

    def __init__(self, path: Path | str | None, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = str(path) if path is not None else "<recording>"
        if line is not None:
            where += f":{line}"
        super().__init__(f"{where}: {message}")


class Divergence(ReplayError):
    """The engine produced something else than the recording says."""

    def __init__(self, path: Path | str | None, line: int | None, decision: int, text: str) -> None:
        self.decision = decision
        super().__init__(path, line, text)


class ContentMismatch(ReplayError):
    """The recording was made with other plugins, versions or content than this ruleset."""


# --------------------------------------------------------------------------- reading


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
    the end of it, or more text than `recording_limits.MAX_TEXT` is a
    ReplayError naming the line.
    """
    try:
        return limits.inflate(data)
    except limits.Breach as exc:
        raise ReplayError(path, exc.line, exc.message) from None


def _check_limits(path: Path | None, lines: list[bytes]) -> None:
    """Raise ReplayError for the first line outside the reader's limits (recording_limits)."""
    try:
        limits.check_lines(lines)
    except limits.Breach as exc:
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
    """Return the bytes of a recording: a regular file, within `recording_limits.MAX_TEXT`."""
    try:
        return limits.read_regular_file(path)
    except limits.Breach as exc:
        raise ReplayError(path, exc.line, exc.message) from None


def read_recording(path: Path | str, drop_torn: bool = False) -> Recording:
    """Return the recording in `path`; raise ReplayError naming the line that is wrong.

    With `drop_torn`, a last line cut off mid-write (or unreadable) is left out
    and described in `Recording.torn`; otherwise it is an error.
    """
    path = Path(path)
    data = _read_bytes(path)
    return parse_recording(data, path, drop_torn)


def parse_recording(
    data: bytes, path: Path | None = None, drop_torn: bool = False, raw_events: bool = False
) -> Recording:
    """Return the recording held in `data` (the bytes of a .jsonl or .jsonl.gz file).

    With `raw_events` (what `verify_file` reads for `replay`), the decisions'
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


# --------------------------------------------------------------------------- verify


def check_content(rec: Recording, ruleset: Ruleset) -> None:
    """Raise ContentMismatch saying which plugin, version or content differs from `ruleset`."""
    recorded, here = rec.header.plugins, ruleset.plugins
    problems = []
    for name in sorted(set(recorded) | set(here)):
        if name not in here:
            why = _why_not_in_use(name)
            problems.append(f"plugin {name!r} {recorded[name]} was used but {why}")
        elif name not in recorded:
            problems.append(f"plugin {name!r} {here[name]} is enabled here but was not used")
        elif recorded[name] != here[name]:
            problems.append(f"plugin {name!r} was {recorded[name]}, here it is {here[name]}")
    if problems:
        raise ContentMismatch(rec.path, 1, "recorded with other plugins: " + "; ".join(problems))
    if rec.header.ruleset != ruleset.digest:
        raise ContentMismatch(
            rec.path,
            1,
            "recorded with other content (same plugins and versions): ruleset digest "
            f"{rec.header.ruleset[:12]} in the file, {ruleset.digest[:12]} here",
        )


def _why_not_in_use(name: str) -> str:
    """Return why an installed or missing plugin is not in this run's rules, with the fix."""
    from unbroken.plugins.config import disabled_plugins, installed_entry_points, requested_plugins

    if name not in {ep.name for ep in installed_entry_points()}:
        return "is not installed here"
    requested = requested_plugins()
    if requested is not None and name not in requested:
        return "is left out by --plugins / UNBROKEN_PLUGINS here"
    if name in disabled_plugins():
        return f"is disabled here (`unbroken plugins enable {name}` turns it on)"
    return "is not enabled here"


def recorded_ruleset(rec: Recording, ruleset: Ruleset) -> Ruleset:
    """Return the rules `rec` was recorded with, to watch it.

    That is `ruleset` when it matches the header; otherwise the recorded
    plugins are loaded again, which works when they are installed at the
    recorded versions (say, a plugin that is disabled now). Raises
    ContentMismatch, naming the plugin or version that differs, when not.
    """
    try:
        return _recorded_ruleset(rec, ruleset)
    except ContentMismatch as exc:
        raise _explained(rec, exc) from None


def _recorded_ruleset(rec: Recording, ruleset: Ruleset) -> Ruleset:
    try:
        check_content(rec, ruleset)
        return ruleset
    except ContentMismatch as mismatch:
        problem = mismatch
    import warnings

    from unbroken.plugins import load_plugins

    names = list(rec.header.plugins)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            other = load_plugins(names, strict=names).ruleset
    except Exception as exc:  # noqa: BLE001 - not installed or broken: say why, in one line
        why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ContentMismatch(rec.path, 1, f"{problem.message} ({why})") from None
    check_content(rec, other)  # installed, but at other versions or with other content
    return other


def _short(value: Any) -> str:
    if value is None:
        return "nothing"
    text = encode(value).decode()
    return text if len(text) <= 160 else text[:157] + "..."


def _compare(
    rec: Recording, line: int | None, decision: int, expected: list[Event], actual: list[Event]
) -> None:
    if expected == actual:
        return
    for j in range(max(len(expected), len(actual))):
        want = expected[j] if j < len(expected) else None
        got = actual[j] if j < len(actual) else None
        if want != got:
            where = "setup" if decision == 0 else f"decision {decision}"
            raise Divergence(
                rec.path,
                line,
                decision,
                f"diverges at {where}, event {j + 1}: expected {_short(want)}, "
                f"the engine produced {_short(got)}",
            )


def _raw_events(rec: Recording, line: int | None, raw: msgspec.Raw) -> list[Event]:
    """Return the events of a decision line read with `raw_events`, decoded now."""
    try:
        return events_decoder.decode(raw)
    except _BAD_LINE as exc:
        # Word it as the reader does, with the path of the events in the line.
        text = str(exc).splitlines()[0].replace("`$", "`$.events", 1)
        raise ReplayError(rec.path, line, f"not a valid recording line ({text})") from None


def _explained(rec: Recording, exc: ReplayError) -> ReplayError:
    """Return `exc`, saying which release changed the rules when `rec` is older than it."""
    message = explained(rec.header.engine, exc.message)
    if message == exc.message:
        return exc
    if isinstance(exc, Divergence):
        return Divergence(exc.path, exc.line, exc.decision, message)
    return type(exc)(exc.path, exc.line, message)


def replay(rec: Recording, ruleset: Ruleset, require_footer: bool = True) -> Game:
    """Return the game re-run from `rec`, checking every event, digest and the footer.

    Raises ContentMismatch, Divergence or ReplayError at the first problem; a
    recording made before the rules last changed says so (rule_changes.py).
    """
    try:
        return _replay(rec, ruleset, require_footer)
    except (Divergence, ContentMismatch) as exc:
        raise _explained(rec, exc) from None


def _replay(rec: Recording, ruleset: Ruleset, require_footer: bool) -> Game:
    check_content(rec, ruleset)
    h = rec.header
    try:
        game = Game.new(ruleset, h.character, h.difficulty, h.seed, h.options)
    except ValueError as exc:
        raise ReplayError(rec.path, 1, f"the header cannot start a game: {exc}") from None
    _compare(rec, 2, 0, rec.setup, game.events)
    checks = rec.checks
    steps: Sequence[Decision | RawDecision] = rec.decisions if rec.raw is None else rec.raw
    numbers: Sequence[int | None] = rec.lines or [None] * len(steps)
    for decision, number in zip(steps, numbers, strict=True):
        try:
            events = game.apply(decision.action)
        except IllegalAction as exc:
            raise Divergence(
                rec.path,
                number,
                decision.n,
                f"decision {decision.n}: the recorded action "
                f"{describe_action(decision.action)} is not legal here ({exc})",
            ) from None
        except HandlerError as exc:
            raise ReplayError(rec.path, number, f"decision {decision.n}: {exc}") from None
        recorded = decision.events
        if not isinstance(recorded, msgspec.Raw):
            _compare(rec, number, decision.n, recorded, events)
        elif recorded != msgspec.Raw(encode(events)):
            # The Recorder writes `encode(events)`: the same bytes are the same events,
            # and other bytes (say, a line written by hand) are decoded and compared.
            _compare(rec, number, decision.n, _raw_events(rec, number, recorded), events)
        want = checks.get(decision.n)
        if want is not None and want != state_digest(game.state):
            raise Divergence(
                rec.path,
                number,
                decision.n,
                f"diverges at decision {decision.n}: the state digest differs from the check line",
            )
    footer = rec.footer
    if footer is None:
        if require_footer:
            where = f"{len(steps)} decisions recorded"
            raise ReplayError(rec.path, None, f"no footer: the game is unfinished ({where})")
        return game
    last = (rec.lines[-1] if rec.lines else 2) + 1
    if not game.is_over:
        raise ReplayError(rec.path, None, "the footer comes before the game is over")
    if footer.decisions != len(steps):
        raise ReplayError(
            rec.path,
            None,
            f"footer says {footer.decisions} decisions, the file has {len(steps)}",
        )
    if footer.outcome != game.outcome or footer.score != footer.outcome.score:
        raise Divergence(
            rec.path,
            None,
            len(steps),
            f"the outcome differs: expected {_short(footer.outcome)}, "
            f"the engine produced {_short(game.outcome)}",
        )
    if footer.state != state_digest(game.state):
        raise Divergence(rec.path, None, len(steps), "the final state digest differs")
    if rec.hasher is not None and footer.digest != rec.hasher.hexdigest():
        raise ReplayError(
            rec.path,
            None,
            f"the log digest differs: the file was edited (footer after line {last - 1})",
        )
    return game


#: Rulesets of recorded plugin sets already loaded in one verify run (or why not).
Others = dict[tuple[tuple[tuple[str, str], ...], str], "Ruleset | ContentMismatch"]


def rules_to_verify(rec: Recording, ruleset: Ruleset, others: Others | None = None) -> Ruleset:
    """Return the rules to verify `rec` with: `ruleset`, or the plugins it was recorded with.

    With plugins named for this run (`--plugins`, UNBROKEN_PLUGINS) it is
    `ruleset`, and `replay` names what differs. Otherwise a recording made
    with other plugins is checked with those (`recorded_ruleset`), when they
    are installed at the recorded versions, as the viewer and Continue do.
    `others` keeps what was loaded for the next file of the same run.
    """
    h = rec.header
    if h.plugins == ruleset.plugins and h.ruleset == ruleset.digest:
        return ruleset
    from unbroken.plugins import requested_plugins

    if requested_plugins() is not None:
        return ruleset
    if others is None:
        return recorded_ruleset(rec, ruleset)
    key = (tuple(sorted(h.plugins.items())), h.ruleset)
    if key not in others:
        try:
            others[key] = recorded_ruleset(rec, ruleset)
        except ContentMismatch as exc:
            others[key] = exc
    found = others[key]
    if isinstance(found, ContentMismatch):
        raise ContentMismatch(rec.path, 1, found.message)
    return found


def verify_file(
    path: Path | str,
    ruleset: Ruleset,
    others: Others | None = None,
    observers: Observers | None = None,
) -> str | None:
    """Return None when the recording in `path` re-runs exactly, else the one-line problem.

    A recording made with other plugins is verified with those when they are
    installed and no plugins were named for this run (`rules_to_verify`).

    The decisions' events are read undecoded and compared as bytes with the
    engine's (see `replay`). When anything is wrong, the file is read again
    the full way, so the problem named is the one `read_recording` then
    `replay` name first (a line whose events do not fit the event types,
    anywhere in the file, before any divergence).
    """
    path = Path(path)
    try:
        return _problem(path, ruleset, others, observers)
    except Exception as exc:  # noqa: BLE001 - one bad file never stops a batch
        return f"{path}: cannot be verified ({type(exc).__name__}: {exc})"


def _problem(
    path: Path, ruleset: Ruleset, others: Others | None, observers: Observers | None
) -> str | None:
    """Return the first problem of the recording in `path` (see `verify_file`), or None."""
    try:
        data = _read_bytes(path)
    except ReplayError as exc:
        return str(exc)
    try:
        rec = parse_recording(data, path, raw_events=True)
        game = replay(rec, rules_to_verify(rec, ruleset, others))
        if observers:  # the plugins' observers see the re-played game, event by event
            observers.watch(GameState(), game.events)
    except ReplayError as exc:
        try:
            parse_recording(data, path)
        except ReplayError as first:
            return str(first)
        return str(exc)
    return None


def _verify_chunk(paths: list[Path]) -> list[str | None]:
    """Verify a chunk of files in a worker process."""
    from unbroken import workers

    rules = workers.ruleset()
    observers = Observers.of(workers.plugins())
    others: Others = {}
    return [verify_file(path, rules, others, observers) for path in paths]


def verify_files(
    paths: Sequence[Path], ruleset: Ruleset, jobs: int = 1, plugins: Plugins | None = None
) -> Iterator[tuple[Path, str | None]]:
    """Yield each path with its problem (None when it verifies), in the order given.

    With `jobs` above 1 the files are verified by that many worker processes.
    The observers of `plugins` see every verified game re-played.
    """
    if jobs <= 1 or len(paths) < 2:
        others: Others = {}
        observers = Observers.of(plugins)
        for path in paths:
            yield path, verify_file(path, ruleset, others, observers)
        return
    from concurrent.futures.process import BrokenProcessPool

    from unbroken import workers

    parts = workers.chunks(paths, jobs, most=20)
    done = 0
    try:
        for problems in workers.map_chunks(_verify_chunk, parts, ruleset, jobs, plugins):
            for problem in problems:
                yield paths[done], problem
                done += 1
    except BrokenProcessPool:  # a worker died (killed, out of memory): the rest here, in order
        loaded: Others = {}
        observers = Observers.of(plugins)
        for path in paths[done:]:
            yield path, verify_file(path, ruleset, loaded, observers)


# --------------------------------------------------------------------------- recording


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(created: str) -> str | None:
    """Return a header's `created` ("2026-11-23T17:28:45Z") as the records write times."""
    try:
        when = datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return None  # a hand-made header: the records then use the finish time
    return when.replace(tzinfo=UTC).isoformat()


def _short_id(card: str) -> str:
    return card.split(":", 1)[-1]


class Recorder:
    """Writes a game's recording as it goes: one line per decision, flushed and fsynced.

    The TUI and the text game call `start` once, `record` after every
    decision, and `finish` when the game is over (the file is then renamed
    with `_won` or `_lost`).
    """

    def __init__(
        self,
        path: Path,
        file: IO[bytes],
        hasher: Any,
        decisions: int,
        check_every: int,
        deflate: Any = None,
    ) -> None:
        self.path = path
        self._file: IO[bytes] | None = file
        #: The gzip compressor of a `.jsonl.gz` recording (None: plain JSON Lines).
        self._deflate = deflate
        self._hasher = hasher
        self.decisions = decisions
        self.check_every = check_every
        self.finished = False
        #: One-line notices for the player (a dropped torn line on resume).
        self.notices: list[str] = []
        #: When the game began (the header's `created`, as ISO 8601 with +00:00),
        #: which the records keep as the game's start.
        self.started: str | None = None

    @classmethod
    def start(
        cls,
        game: Game,
        ruleset: Ruleset,
        directory: Path | None = None,
        created: datetime | None = None,
        name: str | None = None,
        compress: bool = True,
    ) -> Recorder:
        """Return a recorder that has written the header and setup lines of a new game.

        Call it before the game's first decision: every event so far is the setup.
        The file is gzip-compressed (`.jsonl.gz`) unless `compress` is false.
        """
        if directory is None:
            from unbroken.paths import replays_dir

            directory = replays_dir()
        directory.mkdir(parents=True, exist_ok=True)
        when = created or _now()
        s = game.state
        stem = name or (
            f"{when:%Y-%m-%dT%H%M}_{_short_id(s.character)}_{s.difficulty}_seed{s.seed}"
        )
        suffix = SUFFIX if compress else PLAIN_SUFFIX
        path = directory / f"{stem}{suffix}"
        copy = 1
        while True:
            try:
                file = open(path, "xb")  # noqa: SIM115 - held open for the whole game
                break
            except FileExistsError:
                copy += 1
                path = directory / f"{stem}-{copy}{suffix}"
        header = Header(
            format=FORMAT,
            engine=__version__,
            seed=s.seed,
            character=s.character,
            difficulty=s.difficulty,
            options=dict(s.options),
            plugins=dict(ruleset.plugins),
            ruleset=ruleset.digest,
            created=when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        )
        deflate = _deflater() if compress else None
        recorder = cls(path, file, hashlib.sha256(), 0, CHECK_EVERY, deflate)
        recorder.started = _iso(header.created)
        recorder._write(encode(header) + b"\n" + encode(Setup(list(game.events))) + b"\n")
        _sync_dir(directory)
        return recorder

    def _write(self, data: bytes, log: bool = True) -> None:
        if self._file is None:
            raise ValueError(f"the recording {self.path} is closed")
        if log:
            self._hasher.update(data)
        if self._deflate is not None:
            # A sync flush ends the deflate data on a byte boundary: what is
            # on disk after the fsync inflates to every line written so far.
            data = self._deflate.compress(data) + self._deflate.flush(zlib.Z_SYNC_FLUSH)
        _append(self._file, data)

    def record(self, action: Action, events: list[Event], game: Game) -> None:
        """Append one decision (and a check line every `check_every`), then fsync."""
        self.decisions += 1
        n = self.decisions
        data = encode(Decision(n, action, list(events))) + b"\n"
        if n % self.check_every == 0:
            data += encode(Check(n, state_digest(game.state))) + b"\n"
        self._write(data)

    def finish(self, game: Game) -> Path:
        """Write the footer, close the file, rename it with the outcome; return the new path."""
        if self.finished:
            return self.path
        outcome = game.outcome
        if outcome is None:
            raise ValueError("the game is not over: it has no outcome to record")
        footer = Footer(
            decisions=self.decisions,
            outcome=outcome,
            score=outcome.score,
            state=state_digest(game.state),
            digest=self._hasher.hexdigest(),
        )
        self._write(encode(footer) + b"\n", log=False)
        self.close()
        self.finished = True
        result = "won" if outcome.won else "lost"
        stem = recording_stem(self.path)
        if not stem.endswith(f"_{result}"):
            self.path = _rename_unique(self.path, f"{stem}_{result}", _suffix(self.path))
            _sync_dir(self.path.parent)
        return self.path

    def abandon(self) -> None:
        """Close the file without writing anything more (after a failed write: what is
        on disk up to the last whole line stays resumable)."""
        file, self._file, self._deflate = self._file, None, None
        if file is not None:
            try:
                file.close()
            except OSError:
                pass  # the data it still buffered could not be written either

    def close(self) -> None:
        """Close the file (an unfinished game stays resumable)."""
        if self._file is not None:
            if self._deflate is not None:
                # End the gzip stream (its trailer holds a CRC): `zcat` reads it cleanly.
                _append(self._file, self._deflate.flush(zlib.Z_FINISH))
                self._deflate = None
            self._file.close()
            self._file = None


def _rename_unique(path: Path, stem: str, suffix: str) -> Path:
    """Rename `path` to `stem` + `suffix` beside it, or `stem-2`... if taken; return the name.

    Never over another file: the same seed played twice in a minute has two
    recordings. A hard link claims the name atomically; where the file system
    has none, a name seen free is taken.
    """
    copy = 1
    while True:
        target = path.with_name(f"{stem}{'' if copy == 1 else f'-{copy}'}{suffix}")
        try:
            os.link(path, target)
        except FileExistsError:
            copy += 1
            continue
        except OSError:  # no hard links here
            if target.exists():
                copy += 1
                continue
            os.replace(path, target)
            return target
        os.unlink(path)
        return target


def _deflater() -> Any:
    """Return a gzip-format zlib compressor for a recording."""
    return zlib.compressobj(6, zlib.DEFLATED, _GZIP_WBITS)


def _append(file: IO[bytes], data: bytes) -> None:
    """Write, flush and fsync: the bytes are on disk when this returns."""
    file.write(data)
    file.flush()
    os.fsync(file.fileno())


def _sync_dir(directory: Path) -> None:
    """fsync a folder so a new or renamed file survives a crash (POSIX only)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- listing and resume


@dataclass(frozen=True)
class ReplayInfo:
    """What the list of recorded games shows about one file."""

    path: Path
    created: str
    character: str
    difficulty: str
    seed: int
    decisions: int
    outcome: str  # won | lost | unfinished
    score: int | None


def read_info(path: Path) -> ReplayInfo:
    """Return the summary of a recording from its header and last line."""
    data = _read_bytes(path)
    lines = unpack(data, path).split(b"\n")
    _check_limits(path, lines)
    _check_header(path, lines[0])
    header = _decode(path, 1, lines[0])
    if not isinstance(header, Header):
        raise ReplayError(path, 1, "missing header: line 1 must be the header")
    decisions, outcome, score = 0, "unfinished", None
    for raw in reversed([t for t in lines[1:] if t]):
        try:
            line = _line_decoder.decode(raw)
        except _BAD_LINE:
            continue
        if isinstance(line, Footer):
            decisions, score = line.decisions, line.score
            outcome = "won" if line.outcome.won else "lost"
        elif isinstance(line, (Decision, Check)):
            decisions = line.n
        break
    return ReplayInfo(
        path,
        header.created,
        header.character,
        header.difficulty,
        header.seed,
        decisions,
        outcome,
        score,
    )


def recorded_games(directory: Path | None = None) -> tuple[list[ReplayInfo], list[str]]:
    """Return the recorded games, newest first, and one line per unreadable file."""
    if directory is None:
        from unbroken.paths import replays_dir

        directory = replays_dir()
    infos, problems = [], []
    for path in sorted(p for p in directory.glob("*.jsonl*") if is_recording(p)):
        try:
            infos.append(read_info(path))
        except ReplayError as exc:
            problems.append(str(exc))
        except Exception as exc:  # noqa: BLE001 - one bad file never stops the list
            problems.append(f"{path}: cannot be read ({type(exc).__name__}: {exc})")
    infos.sort(key=lambda i: (i.created, i.path.name), reverse=True)
    return infos, problems


def recording_names(directory: Path) -> list[str]:
    """Return the file names of the recordings in a folder, sorted ([] for no folder)."""
    try:
        return sorted(p.name for p in directory.iterdir() if is_recording(p))
    except OSError:
        return []


def _named(name: str, names: Sequence[str]) -> list[str]:
    """Return the recordings of `names` that `name` stands for: the one it names whole
    (with or without its ending), else every one it starts."""
    return [n for n in names if name in (n, recording_stem(Path(n)))] or [
        n for n in names if n.startswith(name)
    ]


def find_recording(name: str, directory: Path | None = None) -> Path:
    """Return the recording `name` stands for, or raise ReplayError saying why none.

    A path to a file is itself. Otherwise `name` is looked up in the replays
    folder (`directory`): a whole file name, with or without its ending, or the
    start of one that only one recording has ("2026-11-24T0302").
    """
    path = Path(name)
    try:
        exists = path.exists()
    except OSError:  # a folder on the way cannot be searched: reading it says so
        return path
    if exists or not name or path.name != name:
        return path  # a path (or nothing to look up): reading it says what is wrong
    if directory is None:
        from unbroken.paths import replays_dir

        directory = replays_dir(create=False)  # looking a name up creates nothing
    found = _named(name, recording_names(directory))
    if len(found) == 1:
        return directory / found[0]
    if not found:
        raise ReplayError(
            name,
            None,
            f"no such file here, and no recording in {directory} is named so "
            "(unbroken replays lists them)",
        )
    shown = ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
    raise ReplayError(
        name,
        None,
        f"{len(found)} recordings in {directory} start so: {shown}; say more of the name",
    )


#: The date and time a recording's name starts with (2026-11-24T0302).
_STAMP = len("YYYY-MM-DDTHHMM")


def short_names(names: Sequence[str], among: Sequence[str]) -> list[str]:
    """Return for each file name the shortest start of it, from its date and time on
    ("2026-11-24T0302"), that `find_recording` takes for it among `among`."""
    out = []
    for name in names:
        stem = recording_stem(Path(name))
        size = min(_STAMP, len(stem))
        while size < len(stem) and _named(stem[:size], among) != [name]:
            size += 1
        out.append(stem[:size])
    return out


def newest_recording(directory: Path | None = None) -> Path:
    """Return the most recently started recorded game, or raise ReplayError when none."""
    if directory is None:
        from unbroken.paths import replays_dir

        directory = replays_dir(create=False)  # reading creates nothing
    infos, _ = recorded_games(directory)
    if not infos:
        raise ReplayError(directory, None, "no recorded games here yet")
    return infos[0].path


def unfinished_games(directory: Path | None = None) -> list[ReplayInfo]:
    """Return the games that were left unfinished (resumable), newest first."""
    return [i for i in recorded_games(directory)[0] if i.outcome == "unfinished"]


def resume(
    path: Path | str, ruleset: Ruleset, decisions: int | None = None
) -> tuple[Game, Recorder]:
    """Return the game re-run from an unfinished recording, and its recorder appending to it.

    Every recorded event and digest is checked. A torn last line is cut from
    the file, and the one-line notice is in `recorder.notices`. With
    `decisions`, only the first that many decisions are kept: the ones after
    are taken back, cut from the file as a torn line is.
    """
    path = Path(path)
    data = _read_bytes(path)
    text = unpack(data, path)
    rec = parse_recording(text, path, drop_torn=True)
    if rec.footer is not None:
        raise ReplayError(path, None, "this game is already over; there is nothing to resume")
    if decisions is not None and 0 <= decisions < len(rec.decisions):
        # The file up to decision `decisions`, with its check line if it has one.
        last = rec.lines[decisions - 1] if decisions else 2
        if decisions in rec.checks:
            last += 1
        end = 0
        for _ in range(last):
            end = text.index(b"\n", end) + 1
        torn = rec.torn
        rec = parse_recording(text[:end], path)
        rec.torn = torn
        text = text[:end]
    # A game goes on with the plugins it was started with (if still installed).
    game = replay(rec, recorded_ruleset(rec, ruleset), require_footer=False)
    deflate = None
    file: IO[bytes]
    if data.startswith(GZIP_MAGIC):
        # A deflate stream cannot be continued by a new process: write the good
        # lines to a new file and swap it in atomically, then append to it.
        deflate = _deflater()
        scratch = path.with_name(path.name + ".tmp")
        file = open(scratch, "wb")  # noqa: SIM115 - held open for the rest of the game
        _append(file, deflate.compress(text[: rec.size]) + deflate.flush(zlib.Z_SYNC_FLUSH))
        os.replace(scratch, path)
        _sync_dir(path.parent)
    else:
        file = open(path, "r+b")  # noqa: SIM115 - held open for the rest of the game
        file.truncate(rec.size)
        file.seek(rec.size)
    every = rec.header.check_every or 1
    recorder = Recorder(path, file, rec.hasher, len(rec.decisions), every, deflate)
    recorder.started = _iso(rec.header.created)
    if rec.torn:
        recorder.notices.append(f"{path.name}: {rec.torn}")
    if game.is_over:
        recorder.finish(game)
    return game, recorder


def why_not_take_back(game: Game, recorder: Recorder | None) -> str:
    """Return why the game's last decision cannot be taken back, or "" when it can.

    It can when the game is recorded and the decision showed nothing new
    (`unbroken.core.events.reveals`): no die roll, shuffle, card or monster.
    """
    if recorder is None:
        return "This game is not recorded, so no decision can be taken back."
    if recorder.decisions == 0 or game.is_over:
        return "There is no decision to take back."
    if ev.reveals(ev.last_decision(game.events)):
        return (
            "The last decision showed something new (a die roll or a card), "
            "so it cannot be taken back."
        )
    return ""


@dataclass
class TakenBack:
    """What `take_back` did: the game to go on with, its recorder, and the action taken back.

    When the file failed, `action` is None, `problem` says why in one line, and
    the game goes on as it was (recorded again if its file can be resumed).
    """

    game: Game
    recorder: Recorder | None
    action: Action | None = None
    problem: str = ""


def take_back(game: Game, recorder: Recorder, ruleset: Ruleset) -> TakenBack:
    """Take back the recorded game's last decision (see `why_not_take_back`).

    The recording is closed and cut back to the decision before (`resume`
    with `decisions`), and the game is re-run to there.
    """
    path, kept = recorder.path, recorder.decisions - 1
    recorder.close()
    try:
        action = read_recording(path, drop_torn=True).decisions[-1].action
        before, again = resume(path, ruleset, decisions=kept)
    except (ReplayError, OSError) as exc:
        problem = f"Could not take the decision back: {exc}"
        try:  # the file is as it was: go on recording the same game
            game, reopened = resume(path, ruleset)
        except (ReplayError, OSError):
            return TakenBack(game, None, problem=problem)
        return TakenBack(game, reopened, problem=problem)
    return TakenBack(before, again, action)


# --------------------------------------------------------------------------- timeline


class Timeline:
    """Positions of a recording for the viewer: 0 is after setup, i after decision i.

    `state_at` folds events from the nearest snapshot (one every
    SNAPSHOT_EVERY positions), so any position — back or forward — is instant.
    The timeline folds the recorded events and does not re-run the engine; use
    `replay`/`verify_file` to check a recording against the engine.
    """

    def __init__(
        self, source: Path | str | Recording, ruleset: Ruleset, every: int = SNAPSHOT_EVERY
    ) -> None:
        self.recording = source if isinstance(source, Recording) else read_recording(source)
        #: The rules of the recording (its plugins, when they differ from those on).
        self.ruleset = recorded_ruleset(self.recording, ruleset)
        self.every = every
        rec = self.recording
        self._events: list[list[Event]] = [rec.setup] + [d.events for d in rec.decisions]
        self._snapshots: list[bytes] = []
        state = GameState()
        for i, events in enumerate(self._events):
            try:
                fold(events, state)
            except Exception as exc:  # noqa: BLE001 - the file is untrusted input
                # The timeline folds events without re-running the engine, so a
                # hand-edited event can break the reducer: report the line.
                line = rec.lines[i - 1] if i and rec.lines else 2 if not i else None
                where = "the setup events" if not i else f"the events of decision {i}"
                raise ReplayError(
                    rec.path, line, f"{where} cannot be applied ({type(exc).__name__}: {exc})"
                ) from None
            if i % every == 0:
                self._snapshots.append(encode(state))

    @property
    def header(self) -> Header:
        return self.recording.header

    @property
    def footer(self) -> Footer | None:
        return self.recording.footer

    def __len__(self) -> int:
        return len(self._events)

    def _index(self, i: int) -> int:
        if not 0 <= i < len(self._events):
            raise IndexError(f"position {i} outside 0..{len(self._events) - 1}")
        return i

    def state_at(self, i: int) -> GameState:
        """Return a fresh copy of the state at position i (after decision i)."""
        i = self._index(i)
        base = i // self.every
        state = msgspec.json.decode(self._snapshots[base], type=GameState)
        for events in self._events[base * self.every + 1 : i + 1]:
            fold(events, state)
        return state

    def events_at(self, i: int) -> list[Event]:
        """Return the events of position i (the setup events at 0)."""
        return list(self._events[self._index(i)])

    def action_at(self, i: int) -> Action | None:
        """Return the action taken at decision i (None at position 0)."""
        i = self._index(i)
        return self.recording.decisions[i - 1].action if i else None

    def _is(self, kind: str, i: int) -> bool:
        for e in self._events[i]:
            if kind == "level" and isinstance(e, ev.LevelStarted):
                return True
            if kind == "battle" and isinstance(e, ev.BattleStarted):
                return True
            if kind == "death" and isinstance(e, ev.GameOver) and not e.won:
                return True
        return False

    def next_index(self, kind: str, i: int) -> int | None:
        """Return the first position after i where a level or battle starts, or death comes."""
        if kind not in ("level", "battle", "death"):
            raise ValueError(f"unknown kind {kind!r}: level, battle or death")
        return next((j for j in range(i + 1, len(self._events)) if self._is(kind, j)), None)

    def previous_index(self, kind: str, i: int) -> int | None:
        """Return the last position before i where a level or battle starts, or death comes."""
        if kind not in ("level", "battle", "death"):
            raise ValueError(f"unknown kind {kind!r}: level, battle or death")
        return next((j for j in range(i - 1, -1, -1) if self._is(kind, j)), None)
