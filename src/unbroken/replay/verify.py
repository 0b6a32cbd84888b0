"""Verifying a recording: the engine re-runs it, and every event and digest must match.

`replay` re-runs a recording with the rules it was recorded with (or says
which plugin, version or content differs); `verdict` and `verdicts` give each
file's Verdict (ok, unfinished, failed at a line and why, unreadable), in
worker processes if asked; `verify_file` its problem in one line.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from unbroken.bots import workers
from unbroken.core.events import Event
from unbroken.core.game import Game, IllegalAction, describe_action
from unbroken.core.handlers import HandlerError
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.play.challenge import DAILY_PLUGINS, daily_for, parse_day
from unbroken.play.observers import Observers
from unbroken.plugins import config as plugin_config
from unbroken.plugins import load_plugins, report
from unbroken.replay import reader
from unbroken.replay.codec import encode, encoder, events_decoder, state_digest
from unbroken.replay.errors import ContentMismatch, Divergence, ReplayError
from unbroken.replay.format import Decision, RawDecision
from unbroken.replay.reader import Recording, parse_recording
from unbroken.replay.rule_changes import explained

if TYPE_CHECKING:
    from unbroken.plugins import Plugins


def check_content(rec: Recording, ruleset: Ruleset) -> None:
    """Raise ContentMismatch saying which plugin, version or content differs from `ruleset`."""
    recorded, here = rec.header.plugins, ruleset.plugins
    packages = rec.header.packages if isinstance(rec.header.packages, dict) else {}
    problems = []
    for name in sorted(set(recorded) | set(here)):
        if name not in here:
            why = _why_not_in_use(name)
            if why == NOT_INSTALLED:
                package = packages.get(name)
                how = (
                    f"pip install {package}=={recorded[name]}"
                    if package
                    else f"install the package that brings it (usually unbroken-{name}), "
                    f"version {recorded[name]}"
                )
                why = f"{why}: {how}"
            problems.append(f"plugin {name!r} {recorded[name]} was used but {why}")
        elif name not in recorded:
            problems.append(f"plugin {name!r} {here[name]} is enabled here but was not used")
        elif recorded[name] != here[name]:
            # The package the recording names says how to get its version back.
            package = packages.get(name)
            how = f" (to replay it: pip install {package}=={recorded[name]})" if package else ""
            problems.append(f"plugin {name!r} was {recorded[name]}, here it is {here[name]}{how}")
    if problems:
        raise ContentMismatch(rec.path, 1, "recorded with other plugins: " + "; ".join(problems))
    if rec.header.ruleset != ruleset.digest:
        others = [f"{n} {v}" for n, v in sorted(here.items()) if n != "base"]
        which = (
            f"the content of {' or '.join(others)} changed without a version bump"
            if others
            else "the base game's content changed without a version bump"
        )
        raise ContentMismatch(
            rec.path,
            1,
            f"recorded with other content under the same plugins and versions: {which} "
            f"(ruleset digest {rec.header.ruleset[:12]} in the file, {ruleset.digest[:12]} "
            "here); a plugin's version must change whenever its cards do",
        )


#: Why a recorded plugin is not in use, when it is not installed at all.
NOT_INSTALLED = "is not installed here"


def _why_not_in_use(name: str) -> str:
    """Return why an installed or missing plugin is not in this run's rules, with the fix."""
    if name not in plugin_config.installed_names():
        return NOT_INSTALLED
    requested = plugin_config.requested_plugins()
    if requested is not None and name not in requested:
        return "is left out by --plugins / UNBROKEN_PLUGINS here"
    if name in plugin_config.disabled_plugins():
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
    names = list(rec.header.plugins)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            other = load_plugins(names, strict=names).ruleset
    except Exception as exc:  # noqa: BLE001 - not installed or broken: say why, in one line
        why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        if NOT_INSTALLED in problem.message and "is not installed" in why:
            raise problem from None  # said already, with the command that installs it
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
    except reader._BAD_LINE as exc:
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


def _switch_off(rec: Recording, game: Game, n: int, line: int | None) -> None:
    """Switch off the plugins whose handlers the player switched off before decision `n`."""
    for plugin in rec.switched_off.get(n, ()):
        if not game.switch_off(plugin):
            raise ReplayError(
                rec.path, line, f"switches off plugin {plugin!r}, which has no effect handlers"
            )


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
    as_bytes = encoder.encode  # the Recorder's `encode`, called once per decision
    for decision, number in zip(steps, numbers, strict=True):
        if rec.switched_off:
            _switch_off(rec, game, decision.n, number)
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
        elif recorded != msgspec.Raw(as_bytes(events)):
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
    _switch_off(rec, game, len(steps) + 1, None)  # just before the next decision
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


def check_daily(rec: Recording, ruleset: Ruleset) -> None:
    """Raise ReplayError when the header marks the game as a daily it is not: a day that
    is no date, plugins beside the base game, or a seed, character or difficulty other
    than that day's (unbroken.play.daily_game's formula)."""

    claim = rec.header.daily
    if not isinstance(claim, str):
        return
    try:
        day = parse_day(claim)
    except ValueError as exc:
        raise ReplayError(rec.path, 1, f"marked as a daily, but its day {exc}") from None
    h = rec.header
    others = sorted(set(h.plugins) - {DAILY_PLUGINS})
    if others:
        raise ReplayError(
            rec.path,
            1,
            f"marked as the daily of {claim} but played with plugins ({', '.join(others)}); "
            "a daily is played with the base game alone",
        )
    want = daily_for(day, ruleset)
    if (h.seed, h.character, h.difficulty) != (want.seed, want.character, want.difficulty):
        raise ReplayError(
            rec.path,
            1,
            f"marked as the daily of {claim} but played with seed {h.seed}, {h.character}, "
            f"{h.difficulty}; that day's daily is seed {want.seed}, {want.character}, "
            f"{want.difficulty}",
        )


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
    if plugin_config.requested_plugins() is not None:
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


class VerdictKind(StrEnum):
    """What verifying one recording found."""

    OK = "ok"  # it re-runs exactly, to its footer
    UNFINISHED = "unfinished"  # every decision re-runs exactly, but there is no footer yet
    FAILED = "failed"  # the first problem, at a line of the file (or the file as a whole)
    UNREADABLE = "unreadable"  # the file cannot be read (missing, a folder, too large...)


@dataclass(frozen=True)
class Verdict:
    """The verdict on one recording: ok, unfinished, failed (line and reason) or unreadable."""

    path: Path
    kind: VerdictKind
    line: int | None = None  # failed: the file's line of the problem; None: the whole file
    reason: str = ""  # failed, unreadable: why, in one line
    decisions: int = 0  # unfinished: the decisions recorded (every one re-runs exactly)
    over: bool = False  # unfinished: the game ended, but its footer was never written

    @property
    def problem(self) -> str | None:
        """Return the one-line problem, "FILE:LINE: why" (None when the recording is ok)."""
        if self.kind == VerdictKind.OK:
            return None
        reason = self.reason
        if self.kind == VerdictKind.UNFINISHED:
            reason = f"no footer: the game is unfinished ({self.decisions} decisions recorded)"
        where = f"{self.path}:{self.line}" if self.line is not None else str(self.path)
        return f"{where}: {reason}"


def _failed(exc: ReplayError, path: Path) -> Verdict:
    return Verdict(path, VerdictKind.FAILED, exc.line, exc.message)


def verdict(
    path: Path | str,
    ruleset: Ruleset,
    others: Others | None = None,
    observers: Observers | None = None,
) -> Verdict:
    """Return the verdict on the recording in `path`, the file read once and parsed once
    (twice when a line of it is not a recording line, to word that as the reader does).

    A recording made with other plugins is verified with those when they are
    installed and no plugins were named for this run (`rules_to_verify`). The
    decisions' events are read undecoded and compared as bytes with the
    engine's (see `replay`); when anything is wrong, a decision line whose
    events do not fit the event types is named first, wherever it is, as
    `read_recording` would. The observers see a recording that is ok re-played.
    """
    path = Path(path)
    try:
        return _verdict(path, ruleset, others, observers)
    except Exception as exc:  # noqa: BLE001 - one bad file never stops a batch
        why = f"cannot be verified ({type(exc).__name__}: {exc})"
        return Verdict(path, VerdictKind.FAILED, None, why)


def _verdict(
    path: Path, ruleset: Ruleset, others: Others | None, observers: Observers | None
) -> Verdict:
    try:
        data = reader._read_bytes(path)
    except ReplayError as exc:
        return Verdict(path, VerdictKind.UNREADABLE, exc.line, exc.message)
    try:
        rec = parse_recording(data, path, raw_events=True)
    except ReplayError as exc:
        # Not a recording line: worded (and found) as `read_recording` would, reading
        # every line in full (msgspec words a malformed line by the type it expected).
        try:
            parse_recording(data, path)
        except ReplayError as first:
            return _failed(first, path)
        return _failed(exc, path)
    try:
        rules = rules_to_verify(rec, ruleset, others)
        game = replay(rec, rules, require_footer=False)
        check_daily(rec, rules)
    except ReplayError as exc:
        return _failed(_bad_events(rec) or exc, path)
    if rec.footer is None:
        return Verdict(path, VerdictKind.UNFINISHED, decisions=len(rec.lines), over=game.is_over)
    if observers:  # the plugins' observers see the re-played game, event by event
        observers.watch(GameState(), game.events)
        _tell(observers)
    return Verdict(path, VerdictKind.OK)


def _bad_events(rec: Recording) -> ReplayError | None:
    """Return the error of the first decision line whose events are not events, if any."""
    for decision, line in zip(rec.raw or (), rec.lines, strict=False):
        try:
            _raw_events(rec, line, decision.events)
        except ReplayError as exc:
            return exc
    return None


def _tell(observers: Observers) -> None:
    """Warn (one `unbroken: warning:` line each) of the observers that were switched off."""

    for notice in observers.notices:
        report(notice)
    observers.notices.clear()


def verify_file(path: Path | str, ruleset: Ruleset) -> str | None:
    """Return None when the recording in `path` re-runs exactly, else its one-line problem
    (an unfinished one's is "no footer: the game is unfinished"); see `verdict`."""
    return verdict(path, ruleset).problem


def _verify_chunk(paths: list[Path]) -> list[Verdict]:
    """Verify a chunk of files in a worker process."""

    rules = workers.ruleset()
    observers = Observers.of(workers.plugins())
    others: Others = {}
    with workers.collecting_less():
        return [verdict(path, rules, others, observers) for path in paths]


def verdicts(
    paths: Sequence[Path], ruleset: Ruleset, jobs: int = 1, plugins: Plugins | None = None
) -> Iterator[Verdict]:
    """Yield the verdict on each path, in the order given.

    With `jobs` above 1 the files are verified by that many worker processes.
    The observers of `plugins` see every verified game re-played.
    """
    if jobs <= 1 or len(paths) < 2:
        others: Others = {}
        observers = Observers.of(plugins)
        with workers.collecting_less():
            for path in paths:
                yield verdict(path, ruleset, others, observers)
        return
    parts = workers.chunks(paths, jobs, most=20)
    done = 0
    try:
        for found in workers.map_chunks(_verify_chunk, parts, ruleset, jobs, plugins):
            for one in found:
                yield one
                done += 1
    except BrokenProcessPool:  # a worker died (killed, out of memory): the rest here, in order
        loaded: Others = {}
        observers = Observers.of(plugins)
        for path in paths[done:]:
            yield verdict(path, ruleset, loaded, observers)
