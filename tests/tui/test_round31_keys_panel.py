"""#28 playtest round 31 (31a-5): Ctrl+P's "Keys" docked Textual's keys panel beside the
options at 80x24 (the right column crushed to ~14 columns); once it closed, the options
kept the rows they gave up while crushed (1.-3. under a scrollbar, blank rows under them)
until the next question. The palette's Keys opens the game's own help at its keys, and
the options are fitted again to their room when their width comes back."""

from __future__ import annotations

from pilot import played, settle, sync
from test_round29_resize import the_testers_third_preparation

from unbroken.home.settings import Settings, save_settings
from unbroken.tui.help import HelpScreen
from unbroken.tui.option_rows import DecisionList


@sync
async def test_the_options_fit_their_room_again_after_a_panel_beside_them_closes() -> None:
    assert save_settings(Settings(hints=False)) == ""
    async with played(the_testers_third_preparation()) as (pilot, screen):
        options = screen.query_one(DecisionList)
        before, room = options.row_shown_all(), options.room
        pilot.app.action_show_help_panel()  # Textual's, docked beside the options
        await settle(pilot)
        assert options.size.width < 30, options.size
        pilot.app.action_hide_help_panel()
        await settle(pilot)
        after = options.row_shown_all()
        assert (options.room, after) == (room, before), "\n".join(after)
        used = sum(row.count("\n") + 1 for row in after)
        assert options.size.height == min(used, room), (options.size, used, room)


@sync
async def test_the_palettes_keys_opens_the_games_help_at_its_keys() -> None:
    async with played(the_testers_third_preparation()) as (pilot, screen):
        keys = [c for c in pilot.app.get_system_commands(screen) if c.title == "Keys"]
        assert len(keys) == 1, keys
        keys[0].callback()
        await settle(pilot)
        assert isinstance(pilot.app.screen, HelpScreen), pilot.app.screen
        assert not screen.query("HelpPanel")
