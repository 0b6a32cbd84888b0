"""The game session: the one way a played game goes (apply, record, finish, keep, take
back, leave), and what it does when the disk or the records fail."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from unbroken.play.session import GameSession
from unbroken.plugins import current_plugins
from unbroken.replay import read_recording, resume, verify_file
from unbroken.replay import recorder as recorder_module
from unbroken.sim import heuristic_bot


def play_out(session: GameSession) -> None:
    n = 0
    while not session.game.is_over:
        session.apply(heuristic_bot(session.game, n))
        n += 1


def test_a_finished_game_is_recorded_kept_and_verifies() -> None:
    session = GameSession.start(current_plugins(), "helena", "easy", seed=8)
    play_out(session)
    finished = session.finished
    assert finished is not None and finished.replay is not None and finished.record > 0
    assert session.recorder is None  # closed with the footer
    assert verify_file(finished.replay, session.ruleset) is None
    assert session.game.outcome is not None
    assert finished.won == session.game.outcome.won


def test_a_full_disk_stops_the_recording_not_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.start(current_plugins(), "tomu", "normal", seed=4)
    for _ in range(3):
        session.apply(session.game.legal_actions()[0])
    recorder = session.recorder
    assert recorder is not None
    path = recorder.path
    saved = list(session.game.events)
    real = recorder_module._append

    def full(file: object, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(recorder_module, "_append", full)
    session.apply(session.game.legal_actions()[0])
    monkeypatch.setattr(recorder_module, "_append", real)
    (notice,) = session.take_notices()
    assert notice == (
        "Recording stopped (No space left on device): the game goes on unrecorded. "
        f"The first 3 decisions are saved in {path}; "
        "`unbroken play --continue` picks the game up from there."
    )
    assert session.recorder is None
    play_out(session)  # the game goes on to its end
    assert session.finished is not None and session.finished.replay is None
    # What was saved continues: the first 3 decisions, exactly.
    again, recorder = resume(path, session.ruleset)
    assert again.events == saved
    assert recorder.decisions == 3
    recorder.close()


def test_records_that_cannot_be_opened_are_a_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    from unbroken.records import RecordsError

    def broken(*args: object, **kwargs: object) -> object:
        raise RecordsError("records file /nowhere/records.sqlite3: unable to open database file")

    monkeypatch.setattr("unbroken.records.keep_game", broken)
    session = GameSession.start(current_plugins(), "tomu", "easy", seed=3)
    play_out(session)
    assert session.finished is not None and session.finished.replay is not None
    assert session.take_notices() == [
        "The game was not kept in the records: records file /nowhere/records.sqlite3: "
        "unable to open database file."
    ]


def test_take_back_and_leave(tmp_path: Path) -> None:
    session = GameSession.start(current_plugins(), "tomu", "normal", seed=6, keep=False)
    assert session.why_not_take_back() == "There is no decision to take back."
    focus = next(a for a in session.game.legal_actions() if type(a).__name__ == "Focus")
    before = session.game.state.res["se"]
    session.apply(focus)
    assert session.why_not_take_back() == ""
    assert session.take_back() == focus
    assert session.game.state.res["se"] == before
    assert session.recorder is not None and session.recorder.decisions == 0
    path = session.recorder.path
    # Nothing of the player's is left in it: it is not kept for Continue (issue #18:
    # "same seed again" then Esc left a 0-decision game in the list).
    assert session.leave() is False
    assert not path.exists()
    session = GameSession.start(current_plugins(), "tomu", "normal", seed=6, keep=False)
    session.apply(focus)
    assert session.recorder is not None
    path = session.recorder.path
    assert session.leave() is True
    assert session.leave() is False  # already left
    assert len(read_recording(path, drop_torn=True).decisions) == 1


def test_a_new_game_needs_a_seed_from_its_caller() -> None:
    from unbroken.core.game import Game

    with pytest.raises(ValueError, match="needs a seed"):
        Game.new(current_plugins().ruleset, "tomu", "normal", None)
    # The session chooses one when none is given.
    session = GameSession.start(current_plugins(), "tomu", record=False, keep=False)
    assert 0 <= session.game.state.seed < 2**63
