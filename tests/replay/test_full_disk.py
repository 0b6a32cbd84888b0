"""The text game survives a full disk as the full-screen game does (issue #17, case 4).

The game session (`unbroken.play.session`) does the work; these tests hold the
text game to it, from the command line, with the message a player sees.

The disk fills for real: after some decisions the recording's own file
descriptor is pointed at /dev/full, where every write fails with ENOSPC.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest

from unbroken.cli.command import main
from unbroken.home.paths import replays_dir
from unbroken.replay import Recorder, read_recording, recorded_games

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")

SAFE = 3


def fill_the_disk_after(decisions: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the recording's writes fail with ENOSPC once `decisions` are on disk."""
    record = Recorder.record

    def filling(self: Recorder, *args: Any) -> None:
        if self.decisions == decisions:
            assert self._file is not None
            full = os.open("/dev/full", os.O_WRONLY)
            os.dup2(full, self._file.fileno())
            os.close(full)
        record(self, *args)

    monkeypatch.setattr(Recorder, "record", filling)


def test_the_text_game_plays_on_after_the_disk_fills(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fill_the_disk_after(SAFE, monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 400))
    argv = ["play", "--character", "maxyn-zenma", "--difficulty", "normal", "--seed", "42"]
    status = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and out.err == ""
    [path] = list(replays_dir().iterdir())
    warning = (
        "Warning: recording stopped (No space left on device): the game goes on unrecorded. "
        f"The first {SAFE} decisions are saved in {path}; `unbroken play --continue` "
        "picks the game up from there."
    )
    # The text game wraps its lines between words at 80 columns (the path kept whole).
    said = " ".join(out.out.split())
    assert " ".join(warning.split()) in said
    assert status == 0
    assert not said.endswith(" ".join(warning.split()))  # the game went on after it
    assert "unbroken: error" not in out.out
    # The file holds the safe decisions and is offered to continue.
    assert len(read_recording(path, drop_torn=True).decisions) == SAFE
    [info] = recorded_games()[0]
    assert (info.outcome, info.decisions) == ("unfinished", SAFE)


def test_leaving_a_game_on_a_full_disk_is_not_an_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Closing the recording (its gzip trailer) on a full disk writes nothing that can fail."""
    fill_the_disk_after(SAFE, monkeypatch)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * (SAFE + 1) + "q\n"))
    argv = ["play", "--character", "maxyn-zenma", "--difficulty", "normal", "--seed", "42"]
    assert main(argv) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out.endswith("Game left unfinished (seed 42).\n")
