"""The key clock (tui/key_clock.py) is the one Textual stamps its events with, read
through Textual's public API: no module of the game imports Textual's private ones
(`textual._time` was imported for key timestamps; a Textual upgrade could remove it)."""

from __future__ import annotations

import re
from pathlib import Path

from textual import events

from unbroken.tui.key_clock import get_time

SRC = Path(__file__).resolve().parents[2] / "src" / "unbroken"


def test_the_key_clock_is_the_clock_of_textuals_events() -> None:
    before = events.Key("a", "a")
    now = get_time()
    after = events.Key("b", "b")
    # Fails loudly if events stop carrying `time`, or take it from another clock than
    # the one read here (a key is compared with when its question was drawn).
    assert before.time <= now <= after.time
    assert after.time - before.time < 1.0


def test_no_module_imports_textuals_private_modules() -> None:
    private = re.compile(r"^\s*(?:from|import)\s+textual\.(_\w+)", re.MULTILINE)
    found = {
        str(path.relative_to(SRC)): private.findall(path.read_text(encoding="utf-8"))
        for path in SRC.rglob("*.py")
    }
    assert {path: names for path, names in found.items() if names} == {}
