"""#28 playtest round 25: keys at the player's pace. Dangerous Idea (the Sage's die-rolling
Preparation ability) pressed `8`, then `8` about 1 s later, was used twice: the die's roll
shown after the first use turned the "Asked again" guard off, where Trapper and Take a Peek
were guarded. A question asked again right after its answer guards the key that answered it
whatever the answer showed (a die's roll, cards)."""

from __future__ import annotations

from dataclasses import asdict

import pytest
from pilot import key_of, paced, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.pace import PLAYERS

RULES = load_ruleset()


def test_dangerous_idea_twice_asks_again_after_its_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    # The player's pace (its beat, double tap, first question new); a window's time long
    # enough for any machine's load (the test presses no key against a clock).
    paced(monkeypatch, **{**asdict(PLAYERS), "careful": 60.0})

    @sync
    async def run() -> None:
        game = Scenario("tomu", level=3, seed=3).dice(*[1] * 30).start("preparation")
        async with played(game, rules=RULES) as (pilot, screen):
            key = key_of(screen, act.Use, "dangerous-idea")
            uses = game.state.ability_uses
            await pilot.press(key, key)  # the game's first question: marked, then taken
            await settle(pilot)
            assert game.state.ability_uses == uses - 1, prompt(screen)
            rolled = [e for e in game.events if isinstance(e, ev.DieRolled)]
            assert rolled, "the ability rolls the die"
            said = f"Dangerous Idea [Sage] used. Asked again: {key} or Enter marks first"
            assert said in prompt(screen), prompt(screen)
            await pilot.press(key)  # a double tap's second, the roll in sight
            await settle(pilot)
            assert game.state.ability_uses == uses - 1, prompt(screen)  # marked, not used
            assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
            await pilot.press(key)
            await settle(pilot)
            assert game.state.ability_uses == uses - 2, prompt(screen)

    run()
