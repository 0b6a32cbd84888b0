"""Help's Keys say every key of every screen (k52's leftover: they did not say `i`'s
PgUp/PgDn, which README did, nor the title's, Records', New game's… keys). Each screen
is said under a heading of its own (`KEYS_OF`); a key bound later and not said there, or a
screen added and not mapped, fails here."""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

import unbroken.tui
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.help_pages import KEYS_OF

#: How help spells a key Textual names otherwise (a letter or digit: as itself).
SPELLED = {
    "escape": "Esc",
    "enter": "Enter",
    "pagedown": "PgDn",
    "pageup": "PgUp",
    "question_mark": "?",
    "slash": "/",
    "percent_sign": "%",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "tab": "Tab",
    "shift+tab": "Shift+Tab",
    "home": "Home",
    "end": "End",
    "space": "Space",
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
}


def spelled(key: str) -> str:
    """Return a key as help's Keys spell it ("ctrl+s": "Ctrl+S")."""
    if key in SPELLED:
        return SPELLED[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    assert len(key) == 1 and key.isalnum(), f"say how help spells {key!r} in SPELLED"
    return key


def keys_said() -> dict[str, set[str]]:
    """Return each heading of help's Keys (the game's: "Keys") with the keys its table's
    first column says, as help shows them (opened from a game, and from the viewer)."""
    said: dict[str, set[str]] = {}
    for screen in (HelpScreen(), HelpScreen(viewer=True)):
        heading = ""
        for line in dict(screen.sections)["Keys"].splitlines():
            if line.startswith("#"):
                heading = line.lstrip("#").strip()
            elif line.startswith("|") and not set(line) <= set("|-: "):
                cell = line.split("|")[1].replace("`", "")
                said.setdefault(heading, set()).update(re.split(r"[\s,()]+|(?<=\w)/(?=\w)", cell))
    return said


def bound(cls: type) -> list[Binding]:
    """Return the bindings the game's own classes give a screen (or the app: Textual's
    App's too, and its command palette's key)."""
    found = []
    for base in cls.__mro__:
        if base.__module__.startswith("unbroken.") or base is App:
            for binding in base.__dict__.get("BINDINGS", []):
                found.append(binding if isinstance(binding, Binding) else Binding(*binding))
    if issubclass(cls, App):
        found.append(Binding(cls.COMMAND_PALETTE_BINDING, "command_palette", "palette"))
    return found


def screens() -> list[type[Any]]:
    """Return the game's screens (every module of unbroken.tui imported)."""
    for module in pkgutil.iter_modules(unbroken.tui.__path__):
        importlib.import_module(f"unbroken.tui.{module.name}")
    found, todo = [], list(Screen.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("unbroken."):
            found.append(cls)
    return found


def test_every_screen_is_said_under_a_heading_of_helps_keys() -> None:
    names = {cls.__name__ for cls in screens()}
    assert names - set(KEYS_OF) == set(), "add the screen's keys to help's Keys, and KEYS_OF"
    said = keys_said()
    assert set(KEYS_OF.values()) <= set(said), set(KEYS_OF.values()) - set(said)


def test_every_key_of_every_screen_is_in_helps_keys() -> None:
    said = keys_said()
    missing = []
    classes: list[type[Any]] = [*screens(), UnbrokenApp]
    for cls in classes:
        for binding in bound(cls):
            if binding.action.startswith("take("):
                continue  # an option's key: "1-9, 0, a, b, …" (below)
            for key in binding.key.split(","):
                if spelled(key.strip()) not in said[KEYS_OF[cls.__name__]]:
                    missing.append((cls.__name__, key, binding.description))
    assert missing == []
    assert {"1-9", "0", "a", "b"} <= said["Keys"]  # the options' keys


def test_the_inspectors_page_keys_are_said_as_in_the_readme() -> None:
    # k52: README said `i`'s Page Up/Down (the card, the offers side by side); help did not.
    rows = [r for r in dict(HelpScreen().sections)["Keys"].splitlines() if "PgUp/PgDn" in r]
    assert any("in `i`" in row and "side by side" in row for row in rows), rows
