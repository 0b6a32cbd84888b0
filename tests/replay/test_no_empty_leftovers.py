"""A full disk leaves no empty file behind (#29 item 7): a game started on a full disk
is played unrecorded with no 0-byte recording left (one that would fail `verify` for
ever), and a compressed game continued on a full disk leaves no 0-byte `.tmp` and its
recording as it was. The disk is full by a write that raises ENOSPC."""

from __future__ import annotations

import errno
import io
import os
from typing import IO

import pytest

from unbroken.cli.command import main
from unbroken.home.paths import replays_dir
from unbroken.play.session import GameSession
from unbroken.plugins import load_plugins
from unbroken.replay import recorder
from unbroken.replay.library import resume


def full(file: IO[bytes], data: bytes) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_game_started_on_a_full_disk_leaves_no_empty_recording(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(recorder, "_append", full)
    session = GameSession.start(load_plugins(["base"]), "tomu", "normal", seed=3, keep=False)
    assert session.recorder is None
    assert session.take_notices() == [
        "This game is not recorded (No space left on device): it cannot be continued later."
    ]
    assert list(replays_dir().iterdir()) == []  # nothing left to fail verify


def test_continuing_a_compressed_game_on_a_full_disk_leaves_no_tmp(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plugins = load_plugins(["base"])
    session = GameSession.start(plugins, "tomu", "normal", seed=3, keep=False)
    for _ in range(3):
        session.apply(session.game.legal_actions()[0])
    assert session.recorder is not None
    path = session.recorder.path
    assert session.leave()
    before = path.read_bytes()
    monkeypatch.setattr(recorder, "_append", full)
    with pytest.raises(OSError):
        resume(path, plugins.ruleset)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no .tmp
    assert path.read_bytes() == before
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status = main(["play", "--continue"])
    out = capsys.readouterr()
    assert status != 0 and "Traceback" not in out.out + out.err
    assert "No space left on device" in out.err
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    monkeypatch.undo()
    game, again = resume(path, plugins.ruleset)  # and once there is room, it goes on
    assert again.decisions == 3 and game.events == session.game.events
    again.close()
