"""#28 playtest round 33 (33a-1): the palette's "Maximize" (Ctrl+P, "Max", Enter) filled
the screen with the focused panel, said nothing of how to get back, and after Esc the game
screen stayed broken until the next decision: options cut at the right edge with no "…"
("4. Inspiration: pay 2 ME, gain 1 LE (cannot pa"), the Display's figures one a row, the
log one line. The game's panels are fitted by the game to the room it gives them, and
each has its own full view (`l` the log, `i` the cards, `m` the rules, `?` the help):
the palette offers no Maximize."""

from __future__ import annotations

from pilot import played, settle, sync
from textual.command import CommandPalette

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen


def screen_rows(screen: GameScreen) -> list[str]:
    """Return the screen's rows as drawn."""
    return [strip.text for strip in screen._compositor.render_strips()]


@sync
async def test_the_palette_leaves_the_game_screen_as_it_was() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("caellahan").start()
    async with played(game, rules=load_ruleset()) as (pilot, screen):
        for key in ("tab", "down", "enter", "escape", "tab"):  # the inspector and back
            await pilot.press(key)
            await settle(pilot)
        assert pilot.app.screen is screen
        before = screen_rows(screen)
        assert all(c.title != "Maximize" for c in pilot.app.get_system_commands(screen))
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CommandPalette)
        await pilot.press("M", "a", "x")
        await settle(pilot)
        await pilot.press("enter", "escape")
        await settle(pilot)
        if pilot.app.screen is not screen:  # the palette still open: Esc closes it
            await pilot.press("escape")
            await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.maximized is None
        assert screen_rows(screen) == before
