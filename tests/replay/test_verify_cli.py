"""`unbroken verify` on a replays folder as the game leaves it: unfinished games are
checked up to their last decision, not failed; folders it cannot read are FAIL lines."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest

from unbroken.cli.command import main
from unbroken.replay import read_recording


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def verify(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(["verify", *argv])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out.splitlines()


def unfinished(recording: Path, folder: Path, keep: int) -> Path:
    """Write the recording's first `keep` lines (header, setup, decisions) as an unfinished game."""
    folder.mkdir(exist_ok=True)
    path = folder / "unfinished.jsonl"
    path.write_bytes(b"".join(lines_of(recording)[:keep]))
    return path


def test_an_unfinished_game_is_checked_not_failed(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = unfinished(recording, tmp_path, 8)
    decisions = len(read_recording(path, drop_torn=False).decisions)
    status, out = verify([str(path)], capsys)
    assert status == 0
    assert out == [
        f"unfinished  {path} ({decisions} decisions check out; continue it from the title "
        "screen or with unbroken play --continue)"
    ]


def test_a_replays_folder_with_unfinished_games_verifies(
    recording: Path, compressed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "replays"
    unfinished(recording, folder, 3)
    shutil.copy(compressed, folder / "won.jsonl.gz")
    status, out = verify([str(folder)], capsys)
    assert status == 0
    assert out[0].startswith(f"unfinished  {folder / 'unfinished.jsonl'} (1 decision checks out")
    assert out[1:] == [f"OK    {folder / 'won.jsonl.gz'}", "1 OK, 1 unfinished, 0 failed"]
    status, out = verify(["--quiet", str(folder)], capsys)
    assert status == 0 and out == ["1 OK, 1 unfinished, 0 failed"]


def test_a_torn_last_line_is_still_a_failure(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "torn.jsonl"
    data = b"".join(lines_of(recording)[:8])
    path.write_bytes(data[:-20])
    status, out = verify([str(path)], capsys)
    assert status == 1
    assert out == [f"FAIL  {path}:8: the last line is cut off (the file is truncated)"]


def test_an_unfinished_game_that_diverges_is_a_failure(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = lines_of(recording)[:8]
    data = msgspec.json.decode(lines[4])
    data["events"][0] = {"type": "rested", "card": "base:nowhere"}
    lines[4] = msgspec.json.encode(data) + b"\n"
    path = tmp_path / "edited.jsonl"
    path.write_bytes(b"".join(lines))
    status, out = verify([str(path)], capsys)
    assert status == 1
    assert len(out) == 1 and out[0].startswith(f"FAIL  {path}:5: diverges at decision 3")


def test_a_folder_that_cannot_be_read_is_a_fail_line(
    recording: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    inside = locked / "game.jsonl"
    shutil.copy(recording, inside)
    real_iterdir, real_is_dir = Path.iterdir, Path.is_dir

    def iterdir(self: Path) -> Any:
        if self == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_iterdir(self)

    def is_dir(self: Path) -> bool:
        if self.parent == locked:  # as when the folder cannot be searched (no x bit)
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_is_dir(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    monkeypatch.setattr(Path, "is_dir", is_dir)
    status, out = verify([str(locked), str(inside), str(recording)], capsys)
    assert status == 1
    assert out == [
        f"FAIL  {locked}: cannot read this folder (Permission denied)",
        f"FAIL  {inside}: cannot read the file (Permission denied)",
        f"OK    {recording}",
        "1 OK, 2 failed",
    ]


def test_a_game_over_without_its_footer_says_continuing_writes_it(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nofooter.jsonl"
    path.write_bytes(b"".join(lines_of(recording)[:-1]))
    status, out = verify([str(path)], capsys)
    assert status == 0
    assert len(out) == 1 and out[0].startswith(f"unfinished  {path} (")
    assert out[0].endswith("; the game is over but has no footer: continuing it writes one)")
