"""The unbroken_help_sections and unbroken_game_end_lines hooks (#28 round 23): a plugin's
section in the help, found by its search, and its lines at every finished game's end."""

from __future__ import annotations

import io
from typing import Any

import pytest

from games import starving, winning
from unbroken import hookimpl
from unbroken.api import HelpSection
from unbroken.core.events import GameOver
from unbroken.core.state import StepName
from unbroken.play.text import TextGame
from unbroken.plugins import PluginError, Plugins, load_plugins
from unbroken.tui.help_plugins import plugin_sections


class Told:
    """A plugin with a help section and a line at each game's end."""

    @hookimpl
    def unbroken_help_sections(self) -> list[HelpSection]:
        """Return one section."""
        return [HelpSection("Runs", "A **run** is a row of games; `my-runs` starts one.")]

    @hookimpl
    def unbroken_game_end_lines(self, events: list[Any], state: Any) -> list[str]:
        """Say how the game ended (declaring only some of the hook's arguments)."""
        over = next(e for e in events if isinstance(e, GameOver))
        return [f"Runs: this game was {'won' if over.won else 'lost'} with {state.res['se']} SE."]


def told() -> Plugins:
    return load_plugins(["base", "told"], strict=["told"], extra=[("told", Told())])


def test_hook_unbroken_help_sections() -> None:
    loaded = told()
    [section] = loaded.help_sections
    assert (section.title, section.plugin) == ("Runs", "told")
    [info] = [i for i in loaded.infos if i.name == "told"]
    assert info.help_sections == ["Runs"]  # `unbroken plugins` lists it
    # In the help's contents with the plugin's name, headed with it.
    [(title, text)] = plugin_sections(loaded)
    assert title == "Runs (Told)"
    assert text.startswith("## Runs (Told)\n\nA **run** is a row of games")


def test_a_help_section_shows_no_control_character() -> None:
    class Loud:
        @hookimpl
        def unbroken_help_sections(self) -> list[HelpSection]:
            """Return a section with a terminal escape in it."""
            return [HelpSection("Red\x1b[31m", "Line one\n\x1b]0;title\x07line two")]

    [section] = load_plugins(["base", "l"], strict=["l"], extra=[("l", Loud())]).help_sections
    assert section.title == "Red\\x1b[31m"
    assert section.text == "Line one\n\\x1b]0;title\\x07line two"


def test_hook_unbroken_game_end_lines() -> None:
    loaded = told()
    game = starving()
    out = io.StringIO()
    # The plain-text game's end says the plugin's lines: a game continued (`unbroken play
    # --continue`) as much as a new one (#28 round 23: a campaign game finished so said
    # nothing of what carries over).
    TextGame.resumed(game.ruleset, game, None, plugins=loaded).loop(io.StringIO("1\n" * 9), out)
    said = out.getvalue()
    assert game.is_over, said
    assert said.rstrip().endswith("Runs: this game was lost with 0 SE."), said
    # Asked again (the end screen drawn again), it says the same.
    assert loaded.end_lines(game.events, game.state) == ["Runs: this game was lost with 0 SE."]


@pytest.mark.parametrize(
    ("returned", "said"),
    [
        ("Runs", "expected a list of unbroken.api.HelpSection"),
        ([("Runs", "text")], "expected a list of unbroken.api.HelpSection"),
        ([HelpSection("", "text")], "each with a title and a text"),
    ],
)
def test_help_sections_of_the_wrong_shape_skip_the_plugin_naming_it(
    returned: Any, said: str
) -> None:
    class Wrong:
        @hookimpl
        def unbroken_help_sections(self) -> Any:
            """Return junk."""
            return returned

    with pytest.raises(PluginError) as caught:
        load_plugins(["base", "w"], strict=["w"], extra=[("w", Wrong())])
    message = str(caught.value)
    assert "plugin 'w'" in message and "unbroken_help_sections returned" in message
    assert said in message


def test_a_help_hook_that_raises_skips_the_plugin_with_a_warning_naming_it() -> None:
    class Raising:
        @hookimpl
        def unbroken_help_sections(self) -> Any:
            """Raise."""
            raise RuntimeError("no help today")

    with pytest.warns(UserWarning) as caught:
        loaded = load_plugins(["base", "r"], extra=[("r", Raising())])
    said = " ".join(str(w.message) for w in caught)
    assert "plugin 'r'" in said and "unbroken_help_sections raised RuntimeError: no help" in said
    assert loaded.help_sections == []


@pytest.mark.parametrize(
    ("hook", "said"),
    [
        (lambda events, state: 1 / 0, "unbroken_game_end_lines raised ZeroDivisionError"),
        (lambda events, state: "Runs: won", "unbroken_game_end_lines returned 'Runs: won'"),
        (lambda events, state: [3], "returned [3], not a list of texts"),
    ],
)
def test_end_lines_that_fail_are_said_in_a_line_naming_the_plugin(hook: Any, said: str) -> None:
    class Failing:
        @hookimpl
        def unbroken_game_end_lines(self, events: list[Any], state: Any) -> Any:
            """Fail as the test says."""
            return hook(events, state)

    loaded = load_plugins(["base", "f", "told"], extra=[("f", Failing()), ("told", Told())])
    game = winning()
    lost = [*game.events, GameOver(won=False, level=4, step=StepName.BATTLE)]
    lines = loaded.end_lines(lost, game.state)
    assert len(lines) == 2 and lines[0].startswith("(plugin 'f': ") and said in lines[0]
    assert lines[1] == "Runs: this game was lost with 20 SE."  # the others still speak
