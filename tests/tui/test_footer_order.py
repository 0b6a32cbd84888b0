"""The footer's keys are drawn before a screen's first frame (tui/footer.py, KeysFooter)
because Textual 8.2.8 starts a screen in this order: Compose, then the screen's Mount,
then its Resume, which draws the first frame. The footer draws its keys in the screen's
turn after its Mount. These tests fail if a Textual upgrade changes that order (a blank
footer on the first frames again, #28 round 33), whatever screen is started how, and if
a screen with the footer is left out of round 34's every-screen test."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from typing import Any

import pytest
from pilot import sync
from test_round34_footer import SCREENS
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets._footer import FooterKey

import unbroken.tui
from unbroken.tui.footer import KeysFooter

#: What a screen started as Textual 8.2.8 starts it: its keys drawn before its first frame.
ORDER = ["compose", "mount", "keys", "resume", "frame"]


class Steps:
    """A screen that says when each step of its start comes (`said`)."""

    def __init__(self, said: list[str]) -> None:
        super().__init__()
        self.said = said

    def compose(self) -> ComposeResult:
        self.said.append("compose")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.said.append("mount")

    def on_screen_resume(self) -> None:
        self.said.append("resume")


class Probe(Steps, Screen[None]):
    """A screen saying its steps."""

    BINDINGS = [Binding("x", "app.bell", "Probe key")]


class ModalProbe(Steps, ModalScreen[None]):
    """The same, over another screen (as the inspector opens)."""

    BINDINGS = Probe.BINDINGS


class ProbeApp(App[None]):
    """An app that starts a Probe the way `how` says: its first screen, pushed over
    another by a key, or switched to."""

    BINDINGS = [Binding("p", "open", "Open")]

    def __init__(self, how: str) -> None:
        super().__init__()
        self.how = how
        self.said: list[str] = []

    def on_mount(self) -> None:
        if self.how == "first":
            self.push_screen(Probe(self.said))
        elif self.how == "switched":
            self.push_screen(Screen())  # switched from (not the default screen)

    def action_open(self) -> None:
        if self.how == "pushed":
            self.push_screen(Probe(self.said))
        elif self.how == "modal":
            self.push_screen(ModalProbe(self.said))
        else:
            self.switch_screen(Probe(self.said))


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Say when the footer has drawn the keys (`first_keys`) and when a Probe's frames
    are drawn, with the footer's keys on them."""
    first_keys = KeysFooter.first_keys
    display = App._display

    async def keys(footer: KeysFooter) -> None:
        await first_keys(footer)
        if isinstance(footer.screen, Steps):
            footer.screen.said.append("keys")

    def frame(app: App[Any], screen: Any, update: Any) -> None:
        if isinstance(screen, (Probe, ModalProbe)) and not any(
            s.startswith("frame") for s in screen.said
        ):
            drawn = [key.description for key in screen.query(FooterKey)]
            screen.said.append("frame" if "Probe key" in drawn else f"frame without keys {drawn}")
        display(app, screen, update)

    monkeypatch.setattr(KeysFooter, "first_keys", keys)
    monkeypatch.setattr(App, "_display", frame)
    yield


@pytest.mark.usefixtures("steps")
@pytest.mark.parametrize("how", ["first", "pushed", "modal", "switched"])
def test_a_screens_keys_are_drawn_after_its_mount_before_its_first_frame(how: str) -> None:
    app = ProbeApp(how)

    @sync
    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if how != "first":
                await pilot.press("p")
            for _ in range(5):
                await pilot.pause()
            assert isinstance(app.screen, Steps)

    run()
    assert app.said == ORDER


def footed_screens() -> set[str]:
    """Return the names of the game's screens that compose a KeysFooter."""
    for module in pkgutil.iter_modules(unbroken.tui.__path__):
        importlib.import_module(f"unbroken.tui.{module.name}")
    found, todo = set(), list(Screen.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("unbroken.") and "KeysFooter(" in inspect.getsource(cls):
            found.add(cls.__name__)
    return found


def test_every_screen_with_the_footer_is_in_the_every_screen_test() -> None:
    # Round 34's test opens each screen and looks at its first frame's keys.
    assert footed_screens() - {name for name, _, _ in SCREENS} == set()
