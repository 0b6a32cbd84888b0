"""The New game screen: options in words, the seed field.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

from pilot import opened, sync
from playing import (
    RULES,
)
from textual.widgets import OptionList

from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newgame import NewGameScreen


@sync
async def test_the_new_game_screen_says_options_in_words() -> None:
    from textual.widgets import Checkbox

    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        info = str(screen.query_one("#class-info").render())
        assert "(Response;" in info  # "(Response; 1 ability use)": its whole cost (30a-8)
        box = screen.query_one("#gentle", Checkbox)
        assert (str(box.label), box.value) == ("Gentle start: off (Easy, +2 SE)", False)
        # The mark is an X only when on (a playtester read "X Gentle start: off" as ticked).
        assert "X" not in str(box.render())
        box.focus()
        await pilot.press("space")
        assert (box.value, str(box.label)) == (True, "Gentle start: on (Easy, +2 SE)")
        assert "X" in str(box.render())
        await pilot.press("space")
        assert not box.value and str(box.label).startswith("Gentle start: off")
        assert "X" not in str(box.render())
    # A Hunter's travel action reads as one.
    hunter = next(c for c in RULES.characters.values() if c.cls == "base:hunter")
    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        chars = screen.query_one("#characters", OptionList)
        chars.highlighted = chars.get_option_index(hunter.id)
        await pilot.pause()
        info = str(screen.query_one("#class-info").render())
        assert "Forage (Travel action; " in info and "(travel)" not in info


@sync
async def test_space_in_the_seed_field_keeps_the_seed() -> None:
    from textual.widgets import Input

    app = UnbrokenApp(RULES, animate=False, seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game
        await pilot.pause()
        seed = app.screen.query_one("#seed", Input)
        seed.focus()
        await pilot.pause()
        await pilot.press("space")
        assert seed.value == "4242"
        await pilot.press("end", "backspace", "7")
        assert seed.value == "4247"
