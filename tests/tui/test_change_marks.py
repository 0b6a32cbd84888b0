"""The Display's change marks keep their numbers where the caps' marks are cut (#28)."""

from __future__ import annotations

from pilot import sync
from rich.text import Text

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.display_chips import Chip, chip_rows
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()


def test_a_cut_mark_keeps_its_number() -> None:
    # Round 6: "food 7/2 max ▲" at 80x24, an arrow with no number. Where the marks in full
    # do not fit, the caps' marks go and the change keeps its number.
    marks = Text(" ▲+1 cap-2")
    chip = Chip(Text("food 7/2 max"), marks=marks)
    assert chip_rows([chip], 40).plain == "food 7/2 max ▲+1 cap-2\n"
    tight = chip_rows([chip], len("food 7/2 max ▲+1")).plain
    assert tight == "food 7/2 max ▲+1\n", tight
    down = Chip(Text("wood 0"), marks=Text(" ▼−2"))
    assert chip_rows([chip, down], len("food 7/2 max ▲+1  wood 0 ▼−2")).plain == (
        "food 7/2 max ▲+1  wood 0 ▼−2\n"
    )


def test_a_row_short_of_room_cuts_a_long_name_before_the_food_eaten() -> None:
    # Round 8: "cunning 1 ▲+1  food 0 −1 SE", the "(eat 1)" gone for the mark. The row's
    # long names are cut instead, for this change only; the food eaten goes last.
    cunning = Chip(Text("cunning 1"), marks=Text(" ▲+1"), abbreviated=Text("cun. 1"))
    food = Chip(Text("food 0 (eat 1)"), Text(" −1 SE"), marks=Text(), room=6)
    assert chip_rows([cunning, food], 32).plain == "cun. 1 ▲+1  food 0 (eat 1) −1 SE\n"
    assert chip_rows([cunning, food], 40).plain == "cunning 1 ▲+1  food 0 (eat 1) −1 SE\n"
    cunning = Chip(Text("cunning 0"), marks=Text(), abbreviated=Text("cun. 0"))
    food = Chip(Text("food 0 (eat 1)"), Text(" −1 SE"), marks=Text(" ▼−1"), room=6)
    assert chip_rows([cunning, food], 32).plain == "cun. 0  food 0 ▼−1 (eat 1) −1 SE\n"
    # Round 28: "cun. 1 food 0 ▼−2" ran together; the mark goes against its number.
    assert chip_rows([cunning, food], 31).plain == "cun. 0  food 0▼−1 (eat 1) −1 SE\n"
    assert chip_rows([cunning, food], 30).plain == "cunning 0\nfood 0 ▼−1 (eat 1) −1 SE\n"
    food = Chip(Text("food 0 (eat 4)"), Text(" −10 SE"), marks=Text(" ▼−10"), room=6)
    # Round 20: the food eaten stays before its cost ("food 0 ▼−10 −10 SE" read as two
    # numbers in a row); where both do not fit, the arrow stands alone (round 29: every
    # change is marked).
    at_last = chip_rows([cunning, food], 32).plain
    assert at_last == "cun. 0  food 0 ▼ (eat 4) −10 SE\n", at_last


def test_a_chip_goes_to_the_next_row_before_the_food_eaten_goes() -> None:
    # Round 9 at 120x40, crafting the Spear: "cunning 3  food 2 −1 SE  wood 2 ▼−1  metal 2
    # ▼−1", the food's "(eat 3)" gone though the food had no change. The last chip goes
    # to the next row where that has room; where it has none, the food eaten goes.
    def chips() -> list[Chip]:
        return [
            Chip(Text("cunning 3"), marks=Text(), abbreviated=Text("cun. 3")),
            Chip(Text("food 2 (eat 3)"), Text(" −1 SE"), marks=Text(), room=6),
            Chip(Text("wood 2"), marks=Text(" ▼−1")),
            Chip(Text("metal 2"), marks=Text(" ▼−1")),
            Chip(Text("treasure 0"), marks=Text(), abbreviated=Text("treas. 0")),
        ]

    assert chip_rows(chips(), 48).plain == (
        "cunning 3  food 2 (eat 3) −1 SE  wood 2 ▼−1\nmetal 2 ▼−1  treasure 0\n"
    )
    # Every row full: nothing can move, and the food eaten goes for the marks.
    full = chips()[:4]
    assert chip_rows(full, 48).plain == "cunning 3  food 2 −1 SE  wood 2 ▼−1  metal 2 ▼−1\n"


@sync
async def test_the_display_keeps_its_labels_beside_the_change_marks_at_80x24() -> None:
    # Round 8: "time 4 ▼−3" lost its "left", and "(eat N)" went, when a change was marked.
    from unbroken.core import actions as act

    game = Scenario("tomu").resources(se=10, time=5).start()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for action, marked in ((act.Plan(), "▲+1"), (act.Scout(), "▼−1")):
            index = next(i for i, (a, _) in enumerate(screen.offered) if a == action)
            screen.take(index)
            await pilot.pause()
            if isinstance(action, act.Scout):  # Preparation asked again after Plan: a key
                screen.take(index)  # on an option that shows hidden cards marks first (33a-9)
                await pilot.pause()
            lines = str(screen.query_one(DisplayPanel).render()).splitlines()
            assert all(len(line) <= 32 for line in lines), lines
            food = next(line for line in lines if "food" in line)
            time = next(line for line in lines if line.startswith("time"))
            if isinstance(action, act.Plan):  # cunning gained: its mark, the food eaten kept
                assert "cun. 1 ▲+1" in food and "(eat 1)" in food and "−1 SE" in food, food
            else:  # the time spent: marked beside "left"
                assert time.split()[-3:] == ["4", "left", marked], time


@sync
async def test_an_ability_use_taken_is_marked_on_the_uses_row() -> None:
    # #28 round 13: every tracker marked the last decision's change but the ability uses.
    from unbroken.core import actions as act
    from unbroken.home.settings import Settings, save_settings

    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", level=2).resources(cunning=5).start()
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def uses_row() -> str:
            shown = str(screen.query_one(DisplayPanel).render())
            return next(line for line in shown.splitlines() if line.startswith("uses"))

        assert "▼" not in uses_row()
        use = act.Use("base:sage", "cold-logic")
        keys = [i for i, (a, _) in enumerate(game.options()) if a == use]
        key = "1234567890"[keys[0]]
        await pilot.press(key)
        await pilot.pause()
        if game.state.ability_uses == 2:  # marked first (a costly option): again takes it
            await pilot.press(key)
            await pilot.pause()
        assert game.state.ability_uses == 1
        assert uses_row().endswith("1/2 ▼−1"), uses_row()
