"""Plugin observers (`unbroken_game_event`) see every event, with the state right after
it, under every front end that plays or re-plays a game: the full-screen game, the text
game, `unbroken sim`, `sim --record`, `unbroken verify` and Continue. A failing or slow
observer is named and switched off; the game goes on."""

from __future__ import annotations

import asyncio
import io
import threading
import time
from pathlib import Path

import pytest

from observing import EventsOnly, Watcher, assert_saw_game, installed, loaded_with
from unbroken import hookimpl
from unbroken.cli.command import main
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.play import observers
from unbroken.play.observers import Observers
from unbroken.play.session import GameSession
from unbroken.replay import read_recording
from unbroken.sim import heuristic_bot, play
from unbroken.testing import Scenario


def test_the_full_screen_game_shows_observers_every_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from unbroken.tui.app import UnbrokenApp

    watcher = Watcher()
    loaded = installed(monkeypatch, loaded_with(("watch", watcher)))
    game = Scenario("tomu", ruleset=loaded.ruleset).start("preparation")
    app = UnbrokenApp(loaded.ruleset, animate=False, game=game, record=False)

    async def play_two() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1")
            await pilot.press("1")
            await pilot.pause()

    asyncio.run(play_two())
    assert game.state.decisions >= 2
    assert_saw_game(watcher, game.events)


def test_the_text_game_shows_observers_every_event(monkeypatch: pytest.MonkeyPatch) -> None:
    from unbroken.play.text import TextGame

    watcher = Watcher()
    installed(monkeypatch, loaded_with(("watch", watcher)))
    text = TextGame(watcher_rules(monkeypatch), "tomu", "normal", 7, {}, record=False)
    assert text.loop(io.StringIO("1\n1\n1\n"), io.StringIO()) == 0
    assert text.game.state.decisions >= 3
    assert_saw_game(watcher, text.game.events)


def watcher_rules(monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    from unbroken import plugins

    return plugins.current_plugins().ruleset


def test_sim_shows_observers_every_event_of_every_game() -> None:
    watcher = Watcher()
    loaded = loaded_with(("watch", watcher))
    game = Game.new(loaded.ruleset, "tomu", "normal", seed=5)
    watching = Observers.of(loaded)
    watching.watch(GameState(), game.events)
    play(game, heuristic_bot, observers=watching)
    assert game.is_over
    assert_saw_game(watcher, game.events)


def test_sim_command_with_an_observer_watches_each_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    counter = EventsOnly()  # declares `event` only: pluggy passes just that
    installed(monkeypatch, loaded_with(("count", counter)))
    assert main(["sim", "--games", "2", "--seed", "3", "--bot", "greedy", "--json"]) == 0
    over = [e for e in counter.events if type(e).__name__ == "GameOver"]
    assert len(over) == 2
    assert type(counter.events[0]).__name__ == "GameStarted"


def test_sim_record_plays_through_a_session_that_observes_and_keeps(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    counter = EventsOnly()
    installed(monkeypatch, loaded_with(("count", counter)))
    assert main(["sim", "--games", "3", "--seed", "4", "--record"]) == 0
    assert "3 games recorded in" in capsys.readouterr().err
    assert sum(type(e).__name__ == "GameStarted" for e in counter.events) == 3
    assert sum(type(e).__name__ == "GameOver" for e in counter.events) == 3
    assert main(["scores", "export", "--format", "json"]) == 0
    assert capsys.readouterr().out.count('"seed"') == 3


def test_verify_shows_observers_each_replayed_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    watcher = Watcher()
    loaded = installed(monkeypatch, loaded_with(("watch", watcher)))
    # A game recorded with the watcher on (a recording names the plugins it was played with).
    session = GameSession.start(loaded, "helena", "hard", seed=21, keep=False)
    while not session.game.is_over:
        session.apply(heuristic_bot(session.game, 0))
    assert session.finished is not None and session.finished.replay is not None
    watcher.seen.clear()
    assert main(["verify", str(session.finished.replay)]) == 0
    rec = read_recording(session.finished.replay)
    recorded = [*rec.setup, *(e for d in rec.decisions for e in d.events)]
    assert recorded == session.game.events
    assert_saw_game(watcher, recorded)


def test_continue_shows_observers_the_resumed_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    watcher = Watcher()
    loaded = installed(monkeypatch, loaded_with(("watch", watcher)))
    session = GameSession.start(loaded, "tomu", "normal", seed=11, keep=False)
    for _ in range(3):
        session.apply(session.game.legal_actions()[0])
    assert session.recorder is not None
    path = session.recorder.path
    assert session.leave()
    again = Watcher()
    resumed = GameSession.resume(loaded_with(("watch", again)), path)
    assert resumed.game.state.decisions == session.game.state.decisions
    assert_saw_game(again, resumed.game.events)


class Grumpy:
    """An observer that raises on its third event."""

    __version__ = "1.0.0"

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def unbroken_game_event(self, event: object) -> None:
        """Count, and fail on the third event."""
        self.calls += 1
        if self.calls == 3:
            raise ValueError("no more")


class Sleepy:
    """An observer that is slow on every event: far slower than the limit the test sets,
    so a loaded machine cannot make it look quick; `entered` is set once it has begun (a
    loaded machine may start its thread after the game has given up waiting)."""

    __version__ = "1.0.0"

    def __init__(self) -> None:
        self.calls = 0
        self.entered = threading.Event()

    @hookimpl
    def unbroken_game_event(self, event: object) -> None:
        """Count, slowly."""
        self.calls += 1
        self.entered.set()
        time.sleep(1)


def test_a_raising_observer_is_named_and_switched_off_and_the_game_goes_on() -> None:
    grumpy, watcher = Grumpy(), Watcher()
    loaded = loaded_with(("grumpy", grumpy), ("watch", watcher))
    session = GameSession.start(loaded, "tomu", "normal", seed=2, record=False, keep=False)
    while not session.game.is_over:
        session.apply(session.game.legal_actions()[0])
    assert grumpy.calls == 3  # never called again after it raised
    notices = session.take_notices()
    assert len(notices) == 1
    assert notices[0].startswith("plugin 'grumpy': unbroken_game_event raised ValueError: no more")
    assert "test_observers.py:" in notices[0]  # where it raised
    assert notices[0].endswith("it is switched off for the rest of this game")
    assert_saw_game(watcher, session.game.events)  # the other observer saw it all


def test_a_slow_observer_is_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observers, "SLOW_OBSERVER", 0.01)
    sleepy = Sleepy()
    loaded = loaded_with(("sleepy", sleepy))
    session = GameSession.start(loaded, "tomu", "normal", seed=2, record=False, keep=False)
    session.apply(session.game.legal_actions()[0])
    session.apply(session.game.legal_actions()[0])  # switched off: not called again
    assert sleepy.entered.wait(30)
    assert sleepy.calls == 1
    (notice,) = session.take_notices()
    assert notice.startswith("plugin 'sleepy': unbroken_game_event took ")
    assert "switched off" in notice


def test_no_observer_means_no_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    copies: list[int] = []

    def counted(state: GameState) -> GameState:
        copies.append(1)
        return state

    monkeypatch.setattr(observers, "_copy", counted)
    game = Game.new(loaded_with().ruleset, "tomu", "normal", seed=9)
    nobody = Observers()
    assert not nobody and nobody.before(game) is None
    play(game, heuristic_bot, observers=nobody)
    assert copies == []
