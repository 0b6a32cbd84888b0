"""#28 playtest round 17: what a key does after the options changed."""

from __future__ import annotations

import asyncio

import pytest
from pilot import paced, played, prompt, settle
from scenes import forge, hovel_with_no_se
from test_auto_taken import rest_taken_for_you

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.careful import costly
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


def test_an_option_that_spends_only_an_ability_use_is_costly() -> None:
    # Round 17: under "New options: a key or Enter marks a costly option", "8 8" took Take
    # a Peek twice (uses 3/3 -> 1/3): an ability use is something spent.
    game = Scenario("mae-el").ability_uses(3).start()
    peek = act.Use("base:sneak", "take-a-peek")
    assert peek in game.legal_actions(), game.legal_actions()
    forecast = game.query().forecast(peek)
    assert not forecast.paid and not forecast.lost  # nothing but the use
    assert costly(peek, forecast, game.state)


def test_crafting_says_the_options_changed() -> None:
    # Round 17: after crafting the Maul the craft options went and Downgrade's key meant
    # another weapon, with no "Options changed" (a key from habit took what it showed).
    asyncio.run(craft_the_maul())


async def craft_the_maul() -> None:
    game = forge()
    async with played(game) as (pilot, screen):
        assert "Options changed" not in prompt(screen), prompt(screen)
        maul = [a for a, _ in screen.offered].index(act.Craft("base:maul"))
        await pilot.press(OPTION_KEYS[maul])
        await settle(pilot)
        assert game.state.weapons[-1] == "base:maul"
        assert "Options changed" in prompt(screen), prompt(screen)


def test_new_options_always_say_what_a_key_does(monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 17: "Taken for you: Eat 0 food. New options: Preparation: …" said nothing of
    # the keys (they wait a beat, then mark a costly option): the next key marked.
    paced(monkeypatch, settle=60.0)  # ended by hand below
    asyncio.run(new_options_said())


async def new_options_said() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await rest_taken_for_you(pilot, app)
        await pilot.pause()
        waiting = prompt(screen)
        assert "Taken for you: Rest" in waiting, waiting
        cue = waiting.split("New options:", 1)[1].split("Preparation")[0]
        assert "a key takes nothing yet" in cue and "marks a costly option" in cue, waiting
        screen.decision_panel.settle_over()  # what the timer does after a beat
        await pilot.pause()
        assert "a key or Enter marks a costly option" in prompt(screen), prompt(screen)
