"""Plugin code on a leash everywhere (#29 item 2): an observer or a bot that never returns —
asleep, or looping in pure Python — is given up on after its limit, named with its plugin,
hook and line, and switched off; the game, the batch and every front end go on.

Small limits keep these quick; asserted is what the player reads and that play goes on.
"""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from observing import EventsOnly, installed, loaded_with
from unbroken import hookimpl
from unbroken.bots import batch
from unbroken.cli.command import main
from unbroken.play.session import GameSession
from unbroken.plugins import Plugins, PluginWarning, load_plugins
from unbroken.testing import FolderPlugin, write_pack

#: Set at the end of each test: the threads left asleep wake and end.
WAKE = threading.Event()


@pytest.fixture(autouse=True)
def short_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr("unbroken.play.observers.SLOW_OBSERVER", 0.2)
    monkeypatch.setattr("unbroken.plugins.time_limits.BOT_LIMIT", 0.2)
    WAKE.clear()
    yield
    WAKE.set()


def hang(how: str) -> None:
    """Never return: asleep (blocked in C) or spinning in pure Python."""
    if how == "sleeps":
        WAKE.wait()  # the line reported for a sleeper
    n = 0
    while not WAKE.is_set():  # the line reported for a spinner
        n += 1


def line_of(mark: str) -> int:
    """Return the line of this file that ends with `mark`."""
    lines = Path(__file__).read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if text.endswith(mark))


SLEEP_LINE, SPIN_LINE = line_of("reported for a sleeper"), line_of("reported for a spinner")


class Stuck:
    """A plugin whose observer hangs on the third event it is shown."""

    __version__ = "1.0.0"

    def __init__(self, how: str) -> None:
        self.how = how
        self.calls = 0

    @hookimpl
    def unbroken_game_event(self, event: object) -> None:
        """Count; on the third event, never return."""
        self.calls += 1
        if self.calls == 3:
            hang(self.how)


def said(how: str) -> str:
    line = SLEEP_LINE if how == "sleeps" else SPIN_LINE
    return (
        f"plugin 'stuck': unbroken_game_event took longer than 0.2 s on one event "
        f"(test_plugin_leash.py:{line}); it is switched off for the rest of this run"
    )


HOW = pytest.mark.parametrize("how", ["sleeps", "spins"])


@HOW
def test_a_hung_observer_is_given_up_on_and_the_game_goes_on(how: str) -> None:
    stuck, counter = Stuck(how), EventsOnly()
    loaded = loaded_with(("stuck", stuck), ("count", counter))
    session = GameSession.start(loaded, "tomu", "normal", seed=2, record=False, keep=False)
    while not session.game.is_over:
        session.apply(session.game.legal_actions()[0])
    assert session.take_notices() == [said(how)]
    assert stuck.calls == 3  # never shown another event
    assert counter.events == session.game.events  # the other observer saw the whole game
    assert [name for name, _ in loaded.observers] == ["count"]  # off for the rest of the run


@HOW
def test_sim_finishes_with_a_hung_observer(
    how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    installed(monkeypatch, loaded_with(("stuck", Stuck(how))))
    with pytest.warns(PluginWarning) as caught:
        assert main(["sim", "--games", "4", "--seed", "3"]) == 0
    assert [str(w.message) for w in caught] == [said(how)]  # once, not once per game


def test_sim_jobs_and_record_finish_with_a_hung_observer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    installed(monkeypatch, loaded_with(("stuck", Stuck("sleeps"))))
    assert main(["sim", "--games", "4", "--seed", "3", "--jobs", "2"]) == 0  # (told by each worker)
    installed(monkeypatch, loaded_with(("stuck", Stuck("spins"))))
    with pytest.warns(PluginWarning) as caught:
        assert main(["sim", "--games", "2", "--seed", "3", "--record"]) == 0
    assert [str(w.message) for w in caught] == [said("spins")]
    assert "2 games recorded in" in capsys.readouterr().err


def test_verify_finishes_with_a_hung_observer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    recorded = loaded_with(("stuck", Stuck("spins")))
    recorded.observers.clear()  # the game is recorded with the plugin on, not watched
    session = GameSession.start(recorded, "tomu", "normal", seed=21, keep=False)
    while not session.game.is_over:
        session.apply(session.game.legal_actions()[0])
    assert session.finished is not None and session.finished.replay is not None
    installed(monkeypatch, loaded_with(("stuck", Stuck("sleeps"))))
    with pytest.warns(PluginWarning) as caught:
        assert main(["verify", str(session.finished.replay)]) == 0
    assert [str(w.message) for w in caught] == [said("sleeps")]
    assert "OK" in capsys.readouterr().out


def test_the_text_game_goes_on_with_a_hung_observer(monkeypatch: pytest.MonkeyPatch) -> None:
    from unbroken.play.text import TextGame

    loaded = installed(monkeypatch, loaded_with(("stuck", Stuck("sleeps"))))
    text = TextGame(loaded.ruleset, "tomu", "normal", 7, {}, record=False)
    out = io.StringIO()
    assert text.loop(io.StringIO("1\n1\n1\n1\n"), out) == 0
    assert text.game.state.decisions >= 4
    warning = said("sleeps")
    shown = " ".join(out.getvalue().split())  # wrapped between words at 80 columns
    assert f"Warning: {warning[:1].lower()}{warning[1:]}" in shown


def test_the_full_screen_game_goes_on_and_quits_with_a_hung_observer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.app import App

    from unbroken.testing import Scenario
    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.game import GameScreen
    from unbroken.tui.hints import HintBox

    loaded = installed(monkeypatch, loaded_with(("stuck", Stuck("spins"))))
    sent: list[str] = []
    monkeypatch.setattr(App, "notify", lambda self, message, **options: sent.append(message))
    # The session's notices are said on the game screen's notice line (#28 round 14).
    monkeypatch.setattr(GameScreen, "say", lambda self, message, seconds=4: sent.append(message))
    # Several at once are said in turn (#28 round 32).
    monkeypatch.setattr(HintBox, "say_each", lambda self, messages, seconds: sent.extend(messages))
    game = Scenario("tomu", ruleset=loaded.ruleset).start("preparation")
    app = UnbrokenApp(loaded.ruleset, animate=False, game=game, record=False)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await pilot.press("1")
            await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert app.return_code == 0  # Ctrl+Q still answered: the game quits

    asyncio.run(play())
    assert game.state.decisions >= 3
    assert any("unbroken_game_event took longer than 0.2 s" in m for m in sent)


def sleeper(game: Any, n: int) -> Any:
    hang("sleeps")


def spinner(game: Any, n: int) -> Any:
    hang("spins")


class Bots(FolderPlugin):
    @hookimpl
    def unbroken_bots(self) -> dict[str, Any]:
        return {"sleeps": sleeper, "spins": spinner}


@HOW
def test_a_hung_bot_is_named_with_its_game_and_switched_off(how: str, tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "botty", {"none.toml": ""})
    loaded = load_plugins(["base", "botty"], extra=[("botty", Bots(folder))])
    policy = loaded.bots[f"botty:{how}"]
    line = SLEEP_LINE if how == "sleeps" else SPIN_LINE
    message = (
        f"plugin 'botty': bot 'botty:{how}' took longer than 0.2 s on one decision "
        f"(test_plugin_leash.py:{line}); it is switched off for the rest of this run "
        "in game {} (game seed 5, base:tomu, normal)"
    )
    for number in (1, 2):  # the second game at once, in the same words
        with pytest.raises(batch.GameFailed) as caught:
            batch.play_numbered(loaded.ruleset, policy, (number, 5, "base:tomu", "normal"))
        assert str(caught.value) == message.format(number)


def test_sim_with_a_hung_bot_stops_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_pack(tmp_path / "botty", {"none.toml": ""})
    installed(monkeypatch, load_plugins(["base", "botty"], extra=[("botty", Bots(folder))]))
    assert main(["sim", "--games", "3", "--bot", "botty:spins"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("unbroken: error: plugin 'botty': bot 'botty:spins' took longer than")
    assert "Traceback" not in err


ENCOUNTER = """
[[encounters]]
id = "trap-{how}"
name = "A Trap That {how}"
group = "food"
time = 1
text = "It never springs."
effects = [{{ kind = "handler", name = "stuck:{how}" }}]
"""


def sleeps(*args: Any) -> Any:
    hang("sleeps")


def spins(*args: Any) -> Any:
    hang("spins")


class Hooks(FolderPlugin):
    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        return {"sleeps": sleeps, "spins": spins}

    @hookimpl
    def unbroken_scoring_rules(self) -> list[Any]:
        from unbroken.plugins.hookspecs import ScoringRule

        return [ScoringRule("sleeps", "Asleep.", sleeps), ScoringRule("spins", "Busy.", spins)]


@pytest.fixture
def hooks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Plugins:
    monkeypatch.setattr("unbroken.plugins.time_limits.PLAY_LIMIT", 0.2)
    text = ENCOUNTER.format(how="sleeps") + ENCOUNTER.format(how="spins")
    folder = write_pack(tmp_path / "stuck", {"encounters.toml": text})
    return load_plugins(["base", "stuck"], extra=[("stuck", Hooks(folder))])


@HOW
def test_a_hung_handler_refuses_the_decision_naming_its_line(how: str, hooks: Plugins) -> None:
    from unbroken.core import actions as act
    from unbroken.core.handlers import HandlerError
    from unbroken.testing import Scenario, play

    trap = f"stuck:trap-{how}"
    game = Scenario("tomu", ruleset=hooks.ruleset).encounters(trap).start("preparation")
    play(game, act.Explore(), act.ChooseEncounter(trap))
    with pytest.raises(HandlerError) as caught:
        game.apply(act.Resolve())
    line = SLEEP_LINE if how == "sleeps" else SPIN_LINE
    assert str(caught.value) == (
        f"plugin 'stuck': effect handler 'stuck:{how}' on '{trap}' took longer than 0.2 s "
        f"(test_plugin_leash.py:{line}); it is switched off for the rest of this run"
    )


def test_hung_scoring_rules_are_named_and_switched_off(hooks: Plugins) -> None:
    from unbroken.core.game import Game

    game = Game.new(hooks.ruleset, "tomu", seed=1)
    with pytest.warns(PluginWarning) as caught:
        assert hooks.alternative_scores(game.events, game.state) == {}
    assert [str(w.message) for w in caught] == [
        f"scoring rule 'stuck:{how}' took longer than 0.2 s (test_plugin_leash.py:{line}); "
        "it is switched off for the rest of this run"
        for how, line in (("sleeps", SLEEP_LINE), ("spins", SPIN_LINE))
    ]
    assert hooks.scoring_rules == []
