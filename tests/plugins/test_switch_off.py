"""A plugin's effect handler that always fails would refuse every battle decision: the
game could only be quit (#29 item 7, a soft-lock). The player is offered to switch the
plugin's handlers off for the rest of the game; the game goes on, and the recording says
from which decision on, so it replays, continues and verifies the same."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from observing import installed
from unbroken import hookimpl
from unbroken.cli.command import main
from unbroken.core import model as m
from unbroken.plugins import Plugins, load_plugins
from unbroken.replay import read_recording
from unbroken.testing import FolderPlugin, write_pack

#: Six level-1 monsters, one per die face: every level-1 battle is against one of them, and
#: each of its rows runs the broken handler (after a wound, so that they still hurt with it off).
ROW = '{ result = "WOUND", effects = [LOSE, { kind = "handler", name = "bad:act" }] }'
ROWS = ", ".join([ROW.replace("LOSE", '{ kind = "lose", amounts = { se = 2 } }')] * 6)
MONSTERS = "".join(
    f"""
[[monsters]]
id = "imp{face}"
name = "Broken Imp {face}"
level = 1
number = {face}
armor = 0
health = 3
text = "Its claws are not of this world."
table = [{ROWS}]
"""
    for face in range(1, 7)
)


def gains_a_negative(ctx: Any, params: dict[str, Any]) -> None:
    ctx.apply(m.Gain({"food": -3}))


class Bad(FolderPlugin):
    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        return {"act": gains_a_negative}


@pytest.fixture
def bad(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Plugins:
    folder = write_pack(tmp_path / "bad", {"monsters.toml": MONSTERS})
    return installed(monkeypatch, load_plugins(["base", "bad"], extra=[("bad", Bad(folder))]))


class Screen(io.StringIO):
    """The text game's output, remembering what was written last."""

    last = ""

    def write(self, text: str) -> int:
        if text:
            self.last = text
        return super().write(text)


class Player(io.StringIO):
    """Answers 1, 2, 3, 4, 1, ... (so a choice that is not possible now is passed by), and
    `switch` when asked to switch a plugin off; the end of input after `most` lines."""

    def __init__(self, out: Screen, switch: str, most: int = 4000) -> None:
        super().__init__()
        self.out, self.switch, self.left, self.n = out, switch, most, 0

    # typeshed's _IOBase.readline returns bytes, TextIOBase's str: no override fits both.
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.left -= 1
        if self.left < 0:
            return ""
        if self.out.last.endswith("[y/N]: "):
            if self.switch == "y, then leave\n":
                self.left = 0
                return "y\n"
            return self.switch
        self.n += 1
        return f"{self.n % 4 + 1}\n"


def test_the_text_game_offers_to_switch_the_plugin_off_and_goes_on(
    bad: Plugins, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.play.text import TextGame

    text = TextGame(bad.ruleset, "tomu", "easy", 5, {})
    out = Screen()
    assert text.loop(Player(out, "y\n"), out) == 0
    said = out.getvalue()
    assert "plugin 'bad': effect handler 'bad:act' on 'bad:imp" in said
    assert said.count("Switched off for this game: bad:act.") == 1  # asked once: it held
    assert text.game.is_over  # played to its end
    finished = text.session.finished
    assert finished is not None and finished.replay is not None
    rec = read_recording(finished.replay)
    assert [p for ps in rec.switched_off.values() for p in ps] == ["bad"]
    capsys.readouterr()
    assert main(["verify", str(finished.replay)]) == 0  # it replays the same
    assert capsys.readouterr().out.startswith("OK")


def test_saying_no_leaves_the_game_as_it_was(bad: Plugins) -> None:
    from unbroken.play.text import TextGame

    text = TextGame(bad.ruleset, "tomu", "easy", 5, {}, record=False)
    out = Screen()
    assert text.loop(Player(out, "n\n", most=600), out) == 0
    said = out.getvalue()
    assert said.count("[y/N]: ") > 1  # refused again and again, offered each time
    assert "Switched off" not in said
    assert not text.game.is_over


def test_a_continued_game_keeps_the_handlers_off(bad: Plugins) -> None:
    from unbroken.play.session import GameSession
    from unbroken.play.text import TextGame
    from unbroken.replay import unfinished_games

    text = TextGame(bad.ruleset, "tomu", "easy", 5, {})
    out = Screen()
    text.loop(Player(out, "y, then leave\n"), out)  # leaves it unfinished at once
    assert "Switched off for this game: bad:act." in out.getvalue()
    assert not text.game.is_over
    [unfinished] = unfinished_games()
    resumed = GameSession.resume(bad, unfinished.path)
    assert resumed.game.events == text.game.events
    assert resumed.game.ruleset.handlers["bad:act"] is text.game.ruleset.handlers["bad:act"]
    assert bad.ruleset.handlers["bad:act"] is not text.game.ruleset.handlers["bad:act"]
    while not resumed.game.is_over:  # and it plays on to its end without a refusal
        resumed.apply(resumed.game.legal_actions()[-1])


def test_the_full_screen_game_offers_to_switch_the_plugin_off(bad: Plugins) -> None:
    import asyncio

    from unbroken.testing import Scenario
    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.switching import SwitchOffScreen

    game = Scenario("tomu", ruleset=bad.ruleset).monster("bad:imp1").start("battle")
    app = UnbrokenApp(bad.ruleset, animate=False, game=game, record=False)
    decisions = game.state.decisions

    def offered() -> bool:
        """True while the switch-off screen is up (asked afresh each time: mypy would keep
        an `isinstance(app.screen, ...)` across the key presses that change the screen)."""
        return isinstance(app.screen, SwitchOffScreen)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for key in "123456789":  # the first option that can be taken now
                await pilot.press(key)
                await pilot.pause()
                if offered():
                    break
            assert offered()
            assert game.state.decisions == decisions  # refused: the game is as it was
            await pilot.press("y")
            await pilot.pause()
            assert not offered()
            await pilot.press(key)  # the same choice again: made this time
            await pilot.pause()
            assert not offered()

    asyncio.run(play())
    assert game.state.decisions > decisions  # the game went on
    assert game.ruleset.handlers["bad:act"] is not bad.ruleset.handlers["bad:act"]
