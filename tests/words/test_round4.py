"""Playtest round 4 (#28): what the options say against what the rules then do."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import Scenario
from unbroken.words.actions import option_text

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


@pytest.fixture(scope="module")
def unearthed() -> Iterator[Ruleset]:
    """The base game with Unearthed, imported from plugins/*/src (not installed)."""
    folder = str(PLUGINS / "unbroken-unearthed" / "src")
    sys.path.insert(0, folder)
    try:
        extra = [("unearthed", importlib.import_module("unbroken_unearthed"))]
        yield load_plugins(["base", "unearthed"], extra=extra).ruleset
    finally:
        sys.path.remove(folder)
        for module in [m for m in sys.modules if m.startswith("unbroken_unearthed")]:
            del sys.modules[module]


def test_revealing_more_cards_while_committed_says_it_is_no_use(unearthed: Ruleset) -> None:
    # R-TRAVEL-7: committed, the next Exploration reveals exactly 1 card: Delve (reveal 3
    # more) would spend its SE and an ability use for nothing, as Orienteer says it would.
    for committed in (True, False):
        sc = Scenario("unearthed:orla-vane", level=2, ruleset=unearthed).resources(se=10)
        game = (sc.commit() if committed else sc).start()
        delve = act.Use("unearthed:gravedigger", "dig-deep")
        assert delve in game.legal_actions()
        text = option_text(delve, "", game.state, game.ruleset)
        assert ("(no use now: you are committed to 1 card)" in text) is committed, text
