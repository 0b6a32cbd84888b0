"""The recorded games in a folder: the listing, finding one by name, resume and take back."""

from __future__ import annotations

import contextlib
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.history import last_decision, reveals
from unbroken.core.ruleset import Ruleset
from unbroken.home.paths import replays_dir
from unbroken.replay import reader
from unbroken.replay import recorder as recorder_module
from unbroken.replay.errors import ReplayError
from unbroken.replay.format import GZIP_MAGIC, Check, Decision, Footer, Header, SwitchedOff
from unbroken.replay.reader import (
    is_recording,
    parse_recording,
    read_recording,
    recording_stem,
    unpack,
)
from unbroken.replay.recorder import Recorder
from unbroken.replay.verify import recorded_ruleset, replay


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
    data = reader._read_bytes(path)
    lines = unpack(data, path).split(b"\n")
    reader._check_limits(path, lines)
    reader._check_header(path, lines[0])
    header = reader._decode(path, 1, lines[0])
    if not isinstance(header, Header):
        raise ReplayError(path, 1, "missing header: line 1 must be the header")
    decisions, outcome, score = 0, "unfinished", None
    for raw in reversed([t for t in lines[1:] if t]):
        try:
            line = reader._line_decoder.decode(raw)
        except reader._BAD_LINE:
            continue
        if isinstance(line, Footer):
            decisions, score = line.decisions, line.score
            outcome = "won" if line.outcome.won else "lost"
        elif isinstance(line, (Decision, Check)):
            decisions = line.n
        elif isinstance(line, SwitchedOff):  # written before its decision `n`
            decisions = line.n - 1
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
        directory = replays_dir(create=False)  # reading creates nothing
    infos, _ = recorded_games(directory)
    if not infos:
        raise ReplayError(directory, None, "no recorded games here yet")
    return infos[0].path


def newest_finished(directory: Path | None = None) -> tuple[Path, list[ReplayInfo]]:
    """Return the most recently started finished game and the unfinished games started
    after it, newest first (with none finished: the newest game, and every game); ReplayError when
    there is no game. `unbroken replay` with no name watches it (28a-18: it opened the game
    still in progress, at its 0th decision, not the last one played to its end)."""
    if directory is None:
        directory = replays_dir(create=False)  # reading creates nothing
    infos, _ = recorded_games(directory)
    if not infos:
        raise ReplayError(directory, None, "no recorded games here yet")
    done = next((i for i, info in enumerate(infos) if info.outcome != "unfinished"), None)
    return (infos[0].path, infos) if done is None else (infos[done].path, infos[:done])


def chosen_recording(name: str | None) -> Path:
    """Return the recording a command's argument names: a path, a name or its start, a
    folder (its newest game); None: the newest finished game (`newest_finished`: the
    newest game when none is finished). ReplayError when there is none."""
    path = newest_finished()[0] if name is None else find_recording(name)
    return newest_recording(path) if path.is_dir() else path


def continuable(info: ReplayInfo) -> bool:
    """Return whether a recorded game is one to continue: unfinished, with a decision in
    it. One with none is not kept when left (`GameSession.leave`, as the leave question
    says); one left on disk all the same, by a crash or a kill, is not offered either
    (34b-1's aftermath: Continue listed the game, "Decisions 0")."""
    return info.outcome == "unfinished" and info.decisions > 0


def unfinished_games(directory: Path | None = None) -> list[ReplayInfo]:
    """Return the games that were left unfinished with a decision in them (`continuable`:
    resumable), newest first."""
    return [i for i in recorded_games(directory)[0] if continuable(i)]


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
    data = reader._read_bytes(path)
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
        deflate = recorder_module._deflater()
        scratch = path.with_name(path.name + ".tmp")
        file = open(scratch, "wb")  # noqa: SIM115 - held open for the rest of the game
        try:
            recorder_module._append(
                file, deflate.compress(text[: rec.size]) + deflate.flush(zlib.Z_SYNC_FLUSH)
            )
            os.replace(scratch, path)
        except OSError:  # a full disk: the recording stays as it was, no .tmp beside it
            with contextlib.suppress(OSError):
                file.close()
            scratch.unlink(missing_ok=True)
            raise
        recorder_module._sync_dir(path.parent)
    else:
        file = open(path, "r+b")  # noqa: SIM115 - held open for the rest of the game
        file.truncate(rec.size)
        file.seek(rec.size)
    every = rec.header.check_every or 1
    recorder = Recorder(path, file, rec.hasher, len(rec.decisions), every, deflate)
    recorder.started = recorder_module._iso(rec.header.created)
    recorder.daily = rec.header.daily if isinstance(rec.header.daily, str) else None
    if rec.torn:
        recorder.notices.append(f"{path.name}: {rec.torn}")
    if game.is_over:
        recorder.finish(game)
    return game, recorder


def why_not_take_back(game: Game, recorder: Recorder | None) -> str:
    """Return why the game's last decision cannot be taken back, or "" when it can.

    It can when the game is recorded and the decision showed nothing new
    (`unbroken.core.history.reveals`): no die roll, shuffle, card or monster.
    """
    if recorder is None:
        return "This game is not recorded, so no decision can be taken back."
    if recorder.decisions == 0 or game.is_over:
        return "There is no decision to take back."
    if reveals(last_decision(game.events)):
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
