"""Round 20's playtest (#28): the Display's food row at 80x24 after a change."""

from __future__ import annotations

import re

from pilot import sync

from unbroken.core import events as ev
from unbroken.core.query import Query
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.sheet_head import head_cut
from unbroken.tui.sheet_rows import table_lines
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()
#: Two signed numbers in a row: a change's mark straight before another figure.
IN_A_ROW = re.compile(r"[▲▼][+−-]\d+ [+−-]\d")


@sync
async def test_the_food_change_and_the_hunger_cost_are_told_apart() -> None:
    # Round 20, level 4 with no food left: "cun. 1 food 0 (eat 4) ▼-2 −10 SE", two signed
    # numbers in a row with different minus signs. One minus sign; the change beside the
    # number it changed, the food eaten between it and the cost.
    game = Scenario("tomu", level=4).resources(se=20, food=0, cunning=1, time=5).start()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(DisplayPanel)
        for last in (
            [ev.Lost(amounts={"food": 2}, source="steal")],
            [ev.Lost(amounts={"food": 2, "cunning": 1}, source="steal")],
        ):
            panel.show(game.state, RULES, list(last), 4)
            await pilot.pause()
            lines = str(panel.render()).splitlines()
            food = next(line for line in lines if "food" in line)
            assert "-" not in re.sub(r"cap-\d", "", "".join(lines)), lines  # one minus sign
            assert not IN_A_ROW.search(food), food
            assert "(eat 4)" in food and "−10 SE" in food, food


def test_the_die_line_breaks_its_question_whole() -> None:
    # Round 20 at 80x24: "die ⚄ 5, re-roll ⚅ 6: keep…" then "…which?" on a page, the
    # question cut across two rows. Cut at a clause's end, each part whole, no "…".
    line = "die ⚄ 5, re-roll ⚅ 6: keep which?"
    for width in range(len("die ⚄ 5, re-roll ⚅ 6:"), len(line)):
        head, rest = head_cut(line, width)
        assert (head, rest) == ("die ⚄ 5, re-roll ⚅ 6:", "keep which?"), width
    # With no clause to end, before the name, whole, no "…" joins (round 13: "Warl…" then
    # "…ord"; round 24: "the Bugbear…" then "…Warlord"); the line cut ends "…" after its
    # last word (round 26: "die [6] of 7 picked" read as whole, the rest on another page).
    for width in range(len("die ⚂ 3 picked the"), len("die ⚂ 3 picked the Bugbear Warlord")):
        assert head_cut("die ⚂ 3 picked the Bugbear Warlord", width) == (
            "die ⚂ 3 picked…",
            "the Bugbear Warlord",
        ), width
    # Else between words, the "…" within the width.
    assert head_cut("die ⚂ 3 rolled for the Clear-Headed test", 15) == (
        "die ⚂ 3 rolled…",
        "for the Clear-Headed test",
    )
    assert head_cut("die [6] of 7 picked it", 21) == ("die [6] of 7 picked…", "it")


def test_the_row_just_applied_says_it_gave_the_condition_not_a_second_roll() -> None:
    # Round 20 (Tomu, level 3, Hobgoblin): after DAZE gave Crippled, the marked row read
    # "▶4 DAZE  rolls again (you have…", at a glance as if the monster had rolled again.
    game = (
        Scenario("tomu", level=3)
        .resources(se=15)
        .monster("hobgoblin")
        .condition("crippled", active=False)
        .start("battle")
    )
    card = RULES.monsters["base:hobgoblin"]
    assert Query(RULES, game.state).table_row(4).rerolled
    marked = dict(table_lines(game.state, RULES, card, 4))
    line = next(text for text in marked if text.startswith("▶4"))
    assert "gave you Crippled" in line and "next time" in line, line
    # Unmarked, the row says whose roll comes again.
    unmarked = next(text for text, _ in table_lines(game.state, RULES, card, 0) if "4 DAZE" in text)
    assert "the monster rolls again (you have Crippled already)" in unmarked, unmarked
