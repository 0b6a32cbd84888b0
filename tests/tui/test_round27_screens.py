"""#28 playtest round 27's screens: the New game screen says what a character starts
with (27a-14)."""

from __future__ import annotations

from pilot import sync
from playing import RULES
from textual.widgets import OptionList

from unbroken.tui.app import UnbrokenApp
from unbroken.tui.held_words import HeldStatic
from unbroken.tui.newgame import NewGameScreen


@sync
async def test_the_character_screen_says_the_start_in_words() -> None:
    # 27a-14: Niola's "Same abilities and start as Caellahan: only the story differs." and
    # nothing on the screen said what that start was (Bare Hands; "13 SE" only in the
    # difficulty's line).
    niola = next(c for c in RULES.characters.values() if c.name == "Niola")
    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        chars = screen.query_one("#characters", OptionList)
        chars.highlighted = chars.get_option_index(niola.id)
        await pilot.pause()
        info = " ".join(screen.query_one("#class-info", HeldStatic).said.split())
        said = "Starts with Bare Hands as your weapon, 13 SE, 7 time and 1 ability use (on Normal)."
        assert said in info, info
        assert "Same abilities and start as Caellahan" in info
        diffs = screen.query_one("#difficulties", OptionList)
        hard = next(i for i, d in enumerate(RULES.settings.difficulties) if d.name == "Hard")
        diffs.highlighted = hard
        await pilot.pause()
        info = " ".join(screen.query_one("#class-info", HeldStatic).said.split())
        hard_se = {**RULES.settings.start, **RULES.settings.difficulties[hard].start}["se"]
        assert f"Bare Hands as your weapon, {hard_se} SE, 7 time" in info, info
        assert "(on Hard)" in info
