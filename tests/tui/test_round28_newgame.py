"""28b-15: the New game screen's description fold split a name: "Same abilities and start
as Kirilla el" above "… (PgDn: more)", "Kaer" below. A name is never split between rows."""

from __future__ import annotations

from pilot import opened, sync
from textual.widgets import OptionList

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.held_words import HeldStatic, names_in_play
from unbroken.tui.help_text import NO_BREAK
from unbroken.tui.newgame import NewGameScreen

RULES = load_ruleset()


@sync
async def test_no_name_in_a_characters_description_is_split_between_rows() -> None:
    names = {n for n in names_in_play(RULES) if " " in n}
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "enter", NewGameScreen)
        chars = screen.query_one("#characters", OptionList)
        info = screen.query_one("#class-info", HeldStatic)
        seen = 0
        for index in range(chars.option_count):
            chars.highlighted = index
            await pilot.pause()
            rows = [info.render_line(y).text for y in range(info.size.height)]
            said = " ".join(" ".join(rows).split())
            assert said == " ".join(info.said.split())  # every row drawn, spaced
            assert not any(NO_BREAK in row for row in rows)
            for name in names:
                if name in said:
                    seen += 1
                    assert any(name in row for row in rows), (name, rows)
        # Huckdorf's "Same abilities and start as Kirilla el Kaer", whole on its row.
        assert seen > len(RULES.characters)
