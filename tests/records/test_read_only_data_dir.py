"""Reading the records on a read-only data dir, and write failures that name the fix (#17, case 6).

The data dir is made read-only for real with `chattr +i` (immutable), which
stops root too; where that is not available the tests that need it skip.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from recorded_games import GameMaker

from unbroken.cli.command import main
from unbroken.home.paths import data_dir
from unbroken.records import Records, RecordsError, add_game, keep_game, open_records


def can_make_immutable(tmp_path: Path) -> bool:
    probe = tmp_path / "probe"
    probe.mkdir()
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(probe)], capture_output=True).returncode:
        return False
    subprocess.run([chattr, "-i", str(probe)], check=True)
    probe.rmdir()
    return True


@pytest.fixture
def read_only_data(lost_game: GameMaker, tmp_path: Path) -> Iterator[Path]:
    """A data dir holding records of one game, made read-only (immutable) for the test."""
    if not can_make_immutable(tmp_path):
        pytest.skip("needs chattr +i (root on a file system with attributes)")
    folder = data_dir()
    game = lost_game()
    with open_records() as records:
        add_game(records, game, game.ruleset)
    subprocess.run(["chattr", "+i", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_scores_and_exports_read_a_read_only_data_dir(
    read_only_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = read_only_data / "records.sqlite3"
    before = sorted(p.name for p in read_only_data.iterdir())
    status, out, err = run(["scores"], capsys)
    assert (status, err) == (0, "")
    assert out.startswith(f"1 game, 0 won (0.0 %)\nRecords: {records}\n")
    status, out, err = run(["scores", "export", "--format", "csv"], capsys)
    assert (status, err) == (0, "")
    assert out.startswith("id,started,finished,") and len(out.splitlines()) == 2
    status, out, err = run(["scores", "export", "--format", "json"], capsys)
    assert (status, err) == (0, "") and '"schema_version": 1' in out
    status, out, err = run(["achievements"], capsys)
    assert (status, err) == (0, "") and out.startswith("Achievement ")
    assert sorted(p.name for p in read_only_data.iterdir()) == before


def test_a_game_kept_in_a_read_only_data_dir_names_the_folder_and_the_fix(
    read_only_data: Path, lost_game: GameMaker
) -> None:
    records = read_only_data / "records.sqlite3"
    game = lost_game(seed=2)
    with pytest.raises(RecordsError) as caught:
        keep_game(game, game.ruleset)
    assert str(caught.value) == (
        f"cannot write records file {records}: its folder {read_only_data} is read-only; "
        "make it writable, or choose another data dir with --data-dir or UNBROKEN_DATA_DIR"
    )


def test_records_opened_read_only_are_not_written(lost_game: GameMaker) -> None:
    game = lost_game()
    with open_records() as records:
        add_game(records, game, game.ruleset)
        path = records.path
    with Records(path, read_only=True) as reader:
        assert reader.count() == (1, 0)
        with pytest.raises(RecordsError, match="readonly"):
            add_game(reader, game, game.ruleset)


def test_a_records_file_without_read_permission_is_not_called_read_only(
    lost_game: GameMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mode 000 was called "read-only". Root reads it anyway: access() says what a user gets."""
    game = lost_game()
    with open_records() as records:
        add_game(records, game, game.ruleset)
        path = records.path
    os.chmod(path, 0)
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode: False if Path(p) == path else real_access(p, mode)
    )
    with Records(path) as records:
        error = records._error(sqlite3.OperationalError("unable to open database file"))
    assert str(error) == (
        f"records file {path} cannot be read (no read permission); "
        f"`chmod u+rw {path}` gives it back"
    )


def test_a_full_disk_is_named_with_the_fix(lost_game: GameMaker) -> None:
    with open_records() as records:
        path = records.path
        error = records._error(sqlite3.OperationalError("database or disk is full"))
    assert str(error) == (
        f"cannot write records file {path}: database or disk is full; "
        "free some space on it, or choose another data dir with --data-dir or UNBROKEN_DATA_DIR"
    )
    with open_records() as records:
        error = records._error(sqlite3.OperationalError("disk I/O error"))
    assert str(error) == (
        f"cannot write records file {path}: disk I/O error (is the disk full?); "
        "free some space on it, or choose another data dir with --data-dir or UNBROKEN_DATA_DIR"
    )
