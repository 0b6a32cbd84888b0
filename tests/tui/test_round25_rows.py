"""#28 playtest round 25: after Enter (mark), Enter (take) kept an encounter card that could
not be paid and Rest was taken for the player, the next Preparation's list kept the rows of
the Exploration's few options (5-7 of 9-11 shown, a scrollbar and a blank row) until the
next question; with digit keys the same flow showed all options. Round 26 (26a-1): the
same with one Enter after the card's key had marked it (4 of 11 options shown). The options were cut
again before the list was laid out for them: measured in the rows of the options before."""

from __future__ import annotations

from dataclasses import asdict

import pytest
from pilot import game_screen_of, paced, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import PLAYERS

RULES = load_ruleset()
SNAKE = act.ChooseEncounter("base:slithering-snake")


@pytest.mark.parametrize("keys", ["enter", "digits", "digit-enter"])
def test_the_preparation_after_rest_taken_for_you_shows_every_option(
    monkeypatch: pytest.MonkeyPatch, keys: str
) -> None:
    # The player's pace (its beat, double tap, first question new); a window's time long
    # enough for any machine's load (the test presses no key against a clock).
    paced(monkeypatch, **{**asdict(PLAYERS), "careful": 60.0})

    @sync
    async def run() -> None:
        # Seed 1's first character explores; keeping the Slithering Snake (it cannot be
        # paid) leaves Rest, taken for the player (tests/tui/test_auto_taken.py's game).
        save_settings(Settings(hints=False))  # a player past their first game (README)
        app = UnbrokenApp(RULES, animate=False, seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter", "enter")  # New game, then Enter on a character
            await settle(pilot)
            screen = game_screen_of(app)
            explore = OPTION_KEYS[screen.offered.index((act.Explore(), ""))]
            await pilot.press(explore, explore)  # the game's first question: marked first
            await settle(pilot)
            snake = next(i for i, (a, _) in enumerate(screen.offered) if a == SNAKE)
            if keys == "enter":
                await pilot.press(*["down"] * (snake - (screen.decision_panel.highlighted or 0)))
                await pilot.press("enter", "enter")  # cards just revealed: marked first
            elif keys == "digits":
                await pilot.press(OPTION_KEYS[snake], OPTION_KEYS[snake])
            else:  # round 26a-1: the digit marks it, one Enter takes it
                await pilot.press(OPTION_KEYS[snake], "enter")
            await settle(pilot)
            assert screen.game.state.step == "preparation", prompt(screen)
            assert any(line.startswith("Taken for you: Rest") for line in screen.said)
            panel = screen.decision_panel
            assert len(screen.offered) > 6
            assert panel.max_scroll_y == 0, (panel.room, panel.size, panel.virtual_size)
            assert panel.size.height >= len(screen.offered), (panel.room, panel.size)

    run()
