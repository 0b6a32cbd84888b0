"""Round 24's playtest (#28): footers that say what their keys do at 80x24: the Replays
list's Enter (it said "esc Back" alone), Records' `p` (cut at 80 columns)."""

from __future__ import annotations

from pilot import settle, sync
from test_round5_screens import footer

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.history import RecordsScreen
from unbroken.tui.replays import ReplayListScreen

RULES = load_ruleset()


@sync
async def test_the_replays_list_footer_says_what_enter_does() -> None:
    # Round 24: Title → Replays had " esc Back" alone in its footer, Enter watching.
    for unfinished, said in ((False, "⏎ Watch"), (True, "⏎ Continue")):
        app = UnbrokenApp(RULES, animate=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await app.push_screen(ReplayListScreen(unfinished_only=unfinished))
            await settle(pilot)
            shown = footer(app)
        assert said in shown and "esc Back" in shown, shown


@sync
async def test_the_records_footer_says_every_key_at_80_columns() -> None:
    # Round 24: " ←→ Column  ⏎ Replay  esc Back  s Sort  c Charts  a Achievements  p ▏^p
    # palette": the `p` key's "Panels" (a plugin's campaign panel) was cut.
    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = RecordsScreen()
        screen._panels = [object()]  # type: ignore[list-item]  # as a plugin adds one
        await app.push_screen(screen)
        await settle(pilot)
        shown = footer(app)
    for said in ("⏎ Replay", "esc Title", "s Sort", "c Charts", "p Panels"):
        assert said in shown, shown
