"""Recording a game as it is played: one line per decision, flushed and fsynced.

A `.jsonl.gz` recording is one sync-flushed deflate block per decision, so a
killed process leaves a readable file (and a resumable game).
"""

from __future__ import annotations

import hashlib
import os
import re
import zlib
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import msgspec

from unbroken import __version__
from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.paths import replays_dir
from unbroken.plugins.config import plugin_packages
from unbroken.replay import reader
from unbroken.replay.codec import encode, state_digest
from unbroken.replay.format import (
    _GZIP_WBITS,
    CHECK_EVERY,
    FORMAT,
    PLAIN_SUFFIX,
    SUFFIX,
    Check,
    Decision,
    Footer,
    Header,
    Setup,
    SwitchedOff,
    Ticket,
)
from unbroken.replay.reader import recording_stem


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
    """Return a card id as a safe part of a file name: letters, digits, `-`, `_` only
    (a plugin's id can never put a recording outside its folder)."""
    return _file_safe(card.split(":", 1)[-1])


def _file_safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")[:64] or "game"


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
        #: The day of the daily challenge the game is (the header's `daily`), or None.
        self.daily: str | None = None

    @classmethod
    def start(
        cls,
        game: Game,
        ruleset: Ruleset,
        directory: Path | None = None,
        created: datetime | None = None,
        name: str | None = None,
        compress: bool = True,
        daily: str | None = None,
        ticket: Ticket | None = None,
    ) -> Recorder:
        """Return a recorder that has written the header and setup lines of a new game.

        Call it before the game's first decision: every event so far is the setup.
        The file is gzip-compressed (`.jsonl.gz`) unless `compress` is false.
        `daily` is the day of the daily challenge the game is (unbroken.play.daily_game);
        `ticket` the board's ticket for it (unbroken.board.tickets), when there is one.
        """
        if directory is None:
            directory = replays_dir()
        directory.mkdir(parents=True, exist_ok=True)
        when = created or _now()
        s = game.state
        stem = name or (
            f"{when:%Y-%m-%dT%H%M}_{_short_id(s.character)}_{_file_safe(s.difficulty)}_seed{s.seed}"
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
        if daily is not None:
            header = msgspec.structs.replace(header, daily=daily)
        if ticket is not None:
            header = msgspec.structs.replace(header, ticket=ticket)

        packages = plugin_packages(dict(ruleset.plugins))
        if packages:
            header = msgspec.structs.replace(header, packages=packages)
        deflate = _deflater() if compress else None
        recorder = cls(path, file, hashlib.sha256(), 0, CHECK_EVERY, deflate)
        recorder.started = _iso(header.created)
        recorder.daily = daily
        try:
            recorder._write(encode(header) + b"\n" + encode(Setup(list(game.events))) + b"\n")
            _sync_dir(directory)
        except OSError:  # a full disk: no file that could never be verified is left behind
            recorder.abandon()
            path.unlink(missing_ok=True)
            raise
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

    def switch_off(self, plugin: str) -> None:
        """Record that `plugin`'s effect handlers are off from the next decision on."""
        self._write(encode(SwitchedOff(self.decisions + 1, plugin)) + b"\n")

    def finish(self, game: Game, assisted: bool = False) -> Path:
        """Write the footer, close the file, rename it with the outcome; return the new path.

        `assisted`: the player was shown the odds during the game (the footer says so)."""
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
        if assisted:
            footer = msgspec.structs.replace(footer, assisted=True)
        self._write(encode(footer) + b"\n", log=False)
        self.close()
        self.finished = True
        result = "won" if outcome.won else "lost"
        stem = recording_stem(self.path)
        if not stem.endswith(f"_{result}"):
            self.path = _rename_unique(self.path, f"{stem}_{result}", reader._suffix(self.path))
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
