"""The files SQLite leaves beside the records (`-wal`, `-shm`) after a read-only session:
made writable again when they are the player's, otherwise named with what to do; never
deleted, never a game lost.

File modes do not stop root, so when the suite runs as root each test body runs in a
forked child that has dropped to the `nobody` user, in a folder that user owns.
"""

from __future__ import annotations

import errno
import os
import pickle
import pwd
import shutil
import stat
import tempfile
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from recorded_games import GameMaker

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.records import RecordsError, add_game, open_records

T = TypeVar("T")


def _nobody() -> pwd.struct_passwd:
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root needs a 'nobody' user to test file modes")


@pytest.fixture
def player_dir(tmp_path: Path) -> Iterator[Path]:
    """Return a folder of the user the test bodies run as (see `as_the_player`)."""
    if os.geteuid() != 0:
        yield tmp_path
        return
    nobody = _nobody()
    folder = Path(tempfile.mkdtemp(prefix="unbroken-records-"))
    try:
        if not all(p.stat().st_mode & stat.S_IXOTH for p in folder.parents):
            pytest.skip(f"'nobody' cannot reach {folder.parent}")
        os.chown(folder, nobody.pw_uid, nobody.pw_gid)
        yield folder
    finally:
        shutil.rmtree(folder)


def as_the_player(folder: Path, work: Callable[[], T]) -> T:
    """Return work(), run by a user that file modes apply to.

    Not root: here. Root: in a forked child that drops to `nobody`, with the user dirs
    in `folder`; what it returns (or raises) comes back pickled.
    """
    if os.geteuid() != 0:
        return work()
    nobody = _nobody()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            for kind in ("config", "cache", "data"):
                os.environ[f"UNBROKEN_{kind.upper()}_DIR"] = str(folder / kind)
            try:
                outcome: tuple[str, Any] = ("returned", work())
            except BaseException as exc:
                outcome = ("raised", exc)
            try:
                data = pickle.dumps(outcome)
            except Exception:
                data = pickle.dumps(("raised", AssertionError(traceback.format_exc())))
            with os.fdopen(write_end, "wb") as out:
                out.write(data)
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as result:
        data = result.read()
    os.waitpid(pid, 0)
    assert data, "the child running as 'nobody' died without an answer"
    kind, value = pickle.loads(data)
    if kind == "raised":
        raise value
    return value  # type: ignore[no-any-return]  # what work() returned, through pickle


def keep_and_crash(path: Path, game: Game, rules: Ruleset) -> None:
    """Keep a game in a process that dies before closing the records: its row stays
    in the -wal, beside a -shm, not yet copied into the main file."""
    pid = os.fork()
    if pid == 0:
        try:
            add_game(open_records(path), game, rules)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def modes(folder: Path) -> dict[str, int]:
    return {p.name: stat.S_IMODE(p.stat().st_mode) for p in sorted(folder.iterdir())}


def seeds(path: Path) -> list[int]:
    with open_records(path) as store:
        return [row.seed for row in store.games(newest_first=False)]


def test_records_read_while_read_only_keep_the_next_game_once_writable_again(
    player_dir: Path, lost_game: GameMaker, rules: Ruleset
) -> None:
    # Rule: reading records whose file is read-only (0444) leaves a read-only -shm
    # (and -wal) behind; once the file is writable again, the next game is kept anyway.
    first, second = lost_game(seed=1), lost_game(seed=2)
    path = player_dir / "records" / "records.sqlite3"

    def session() -> tuple[dict[str, int], list[int]]:
        with open_records(path) as store:
            add_game(store, first, rules)
        path.chmod(0o444)
        with open_records(path) as store:
            assert store.count() == (1, 0)  # reading read-only records works
        left = modes(path.parent)
        path.chmod(0o644)
        with open_records(path) as store:
            add_game(store, second, rules)
        return left, seeds(path)

    left, kept = as_the_player(player_dir, session)
    assert left["records.sqlite3-shm"] == 0o444  # what the bug report saw
    assert kept == [1, 2]


def test_a_read_only_wal_holding_games_is_made_writable_and_its_games_kept(
    player_dir: Path, lost_game: GameMaker, rules: Ruleset
) -> None:
    # Rule: a -wal may hold games not yet in the main file: it is never deleted; a
    # read-only one of the player's own is made writable and its games are kept.
    games = [lost_game(seed=s) for s in (1, 2, 3)]
    path = player_dir / "records" / "records.sqlite3"

    def session() -> tuple[int, dict[str, int], list[int]]:
        with open_records(path) as store:
            add_game(store, games[0], rules)
        keep_and_crash(path, games[1], rules)
        wal = path.with_name("records.sqlite3-wal")
        waiting = wal.stat().st_size
        for leftover in ("records.sqlite3-wal", "records.sqlite3-shm"):
            path.with_name(leftover).chmod(0o444)
        with open_records(path) as store:
            made_writable = modes(path.parent)
            add_game(store, games[2], rules)
        return waiting, made_writable, seeds(path)

    waiting, made_writable, kept = as_the_player(player_dir, session)
    assert waiting > 0, "the crashed game should be waiting in the -wal"
    assert made_writable["records.sqlite3-wal"] == made_writable["records.sqlite3"]
    assert made_writable["records.sqlite3-shm"] == made_writable["records.sqlite3"]
    assert kept == [1, 2, 3]


@pytest.mark.parametrize(
    ("leftover", "mode", "expected"),
    [
        ("-shm", 0o444, "is read-only; delete it (with no game running) or make it writable"),
        ("-shm", 0o000, "is unreadable; delete it (with no game running) or make it writable"),
        (
            "-wal",
            0o444,
            "is read-only; make it writable (do not delete it: it may hold games not yet "
            "in records.sqlite3)",
        ),
    ],
    ids=["read-only-shm", "unreadable-shm", "read-only-wal"],
)
def test_a_leftover_that_cannot_be_made_writable_is_named_with_what_to_do(
    leftover: str,
    mode: int,
    expected: str,
    player_dir: Path,
    lost_game: GameMaker,
    rules: Ruleset,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Rule: a -wal or -shm the player cannot write (another user's: its mode cannot be
    # changed) is named in the one-line error, with what to do, instead of the main
    # file; it is left in place, and once fixed the records carry on with every game.
    games = [lost_game(seed=s) for s in (1, 2, 3)]
    path = player_dir / "records" / "records.sqlite3"
    side = path.with_name(path.name + leftover)

    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted", str(self))

    def session() -> tuple[str, bool, list[int]]:
        with open_records(path) as store:
            add_game(store, games[0], rules)
        keep_and_crash(path, games[1], rules)
        side.chmod(mode)
        with monkeypatch.context() as patch:
            patch.setattr(Path, "chmod", refuse)
            with pytest.raises(RecordsError) as caught:
                with open_records(path) as store:
                    add_game(store, games[2], rules)
        still_there = side.exists()
        side.chmod(0o644)  # what the message says to do
        with open_records(path) as store:
            add_game(store, games[2], rules)
        return str(caught.value), still_there, seeds(path)

    message, still_there, kept = as_the_player(player_dir, session)
    assert message == f"cannot write records file {path}: {side} {expected}"
    assert still_there
    assert kept == [1, 2, 3]


def test_records_whose_file_is_read_only_say_so_and_stay_read_only(
    player_dir: Path, lost_game: GameMaker, rules: Ruleset
) -> None:
    # Rule: records whose main file is read-only can be read, are not made writable,
    # and keeping a game there names that file and what to do.
    first, second = lost_game(seed=1), lost_game(seed=2)
    path = player_dir / "records" / "records.sqlite3"

    def session() -> tuple[tuple[int, int], str, dict[str, int]]:
        with open_records(path) as store:
            add_game(store, first, rules)
        path.chmod(0o444)
        store = open_records(path)
        try:
            count = store.count()
            with pytest.raises(RecordsError) as caught:
                add_game(store, second, rules)
        finally:
            store.close()
        return count, str(caught.value), modes(path.parent)

    count, message, left = as_the_player(player_dir, session)
    assert count == (1, 0)
    assert message == f"records file {path} is read-only; make it writable to keep new games"
    assert left == {name: 0o444 for name in left}
