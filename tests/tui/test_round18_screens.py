"""Round 18's playtest (#28) at 80x24: Records' words, New game's PgDn, replays' names."""

from __future__ import annotations

from pilot import settle, sync
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.records_table import shown

RULES = load_ruleset()


def test_records_at_80_columns_wrap_between_words_and_fit() -> None:
    # Round 18: after a won game the table showed "won (Ne" over "mesis)", beside the
    # plugins' scores wrapped one word a line: textwrap broke the long word.
    won = {"outcome": "won", "rank": "Nemesis", "cause": "-"}
    cells = {"finished": "11-27 23:40", "character": "Kirilla el Kae", "difficulty": "Normal"}
    said = "Gauntlet scorepad 550, Five for a win 1"
    row = {**{k: Text(v) for k, v in {**cells, **won}.items()}, "level": 4, "score": 550}
    rows = [{**row, "cls": Text("Sage"), "alternative_scores": Text(said)}] * 2
    for width in (80, 90):
        kind, columns, table = shown(rows, width)
        assert kind in ("narrow", "narrowest"), kind  # round 22: the scores left out at 80
        whole = {"won", "(Nemesis)", "Normal", "Kirilla", "el", "Kae", *said.split()}
        for cell in table[0]:
            for word in str(cell).split():
                assert word in whole or word.isdigit() or "-" in word or ":" in word, (width, word)
        wide = [
            max(len(title), *(len(line) for r in table for line in str(r[k]).split("\n")))
            for k, (title, _) in enumerate(columns)
        ]
        assert sum(wide) + 2 * len(wide) + 4 <= width, (width, wide)
        outcome = [title for title, _ in columns].index("Outcome")
        assert str(table[0][outcome]).split("\n") == ["won", "(Nemesis)"] or (
            str(table[0][outcome]) == "won (Nemesis)"
        )


@sync
async def test_new_game_s_page_keys_never_move_the_difficulty() -> None:
    # Round 18: with the focus on the difficulties, PgDn moved "▶ Normal" to the last
    # difficulty where the description was not cut (the keys were passed on to the list);
    # the footer offers PgUp/PgDn exactly while the description is cut.
    assert save_settings(Settings(hints=False)) == ""
    # At 80x24 every description is cut since round 27 (each says what the character
    # starts with: 27a-14); taller, some are whole: the keys are checked both ways.
    whole = 0
    for size in ((80, 24), (100, 36)):
        app = UnbrokenApp(RULES, animate=False, seed=1)
        async with app.run_test(size=size) as pilot:
            app.open_screen("new")
            await settle(pilot)
            scroll = app.screen.query_one("#class-scroll", VerticalScroll)
            chars = app.screen.query_one("#characters", OptionList)
            diffs = app.screen.query_one("#difficulties", OptionList)
            for index in range(chars.option_count):
                chars.focus()
                chars.highlighted = index
                await settle(pilot)
                diffs.focus()
                await settle(pilot)
                for _ in range(diffs.option_count):
                    before, cut = diffs.highlighted, scroll.max_scroll_y > 0
                    more = str(app.screen.query_one("#class-more", Static).render())
                    shown = app.screen.active_bindings.items()
                    footer = [k for k, b in shown if b.enabled and b.binding.show]
                    assert bool(more) == (scroll.scroll_y < scroll.max_scroll_y), (index, more)
                    assert ("pagedown" in footer) == cut, (index, footer)
                    whole += not cut
                    await pilot.press("pagedown", "pageup", "pagedown")
                    await settle(pilot)
                    assert diffs.highlighted == before, (index, before)
                    assert (scroll.scroll_y > 0) == cut, (index, scroll.scroll_y)
                    await pilot.press("down")
                    await settle(pilot)
    assert whole  # some descriptions are whole (at the taller size)
