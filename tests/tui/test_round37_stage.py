"""#28 playtest round 37 (README-only testers, 80x24): the stage. 37a-4: a rule longer
than a page of `m` ended the page with a row of "…" alone, and its next page began
"downgraded, then the Survivor" with nothing to show that it went on. 37a-6: the die's
"die ⚅ 6, re-roll ⚂ 3: keep one," wrapped its "+1" to a row of its own."""

from __future__ import annotations

import re

from pilot import played, settle, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.rule_pages import CONTINUED, rule_parts
from unbroken.tui.stage import StagePanel

RULES = load_ruleset()


def test_a_long_rule_s_parts_end_and_start_with_the_mark_on_a_row_of_words() -> None:
    # Every monster's rule, at the widths and page sizes a stage has: the words all said in
    # order, each row within the width, no row the mark alone.
    words = [a.text for card in RULES.monsters.values() for a in card.abilities if a.text]
    words += [k.text for k in RULES.keywords.values() if k.text]
    split = 0
    for said in words:
        for width in range(24, 44):
            for most in range(3, 7):
                parts = rule_parts(said, width, "  ", most)
                rows = [row for part in parts for row in part]
                assert all(len(row) <= width for row in rows), (said, width, parts)
                assert all(row.strip() != CONTINUED for row in rows), (said, width, parts)
                assert all(len(part) <= most for part in parts), (said, width, most, parts)
                for before, after in zip(parts, parts[1:], strict=False):
                    split += 1
                    assert before[-1].endswith(f" {CONTINUED}"), (said, width, parts)
                    assert after[0].startswith(f" {CONTINUED}"), (said, width, parts)
                    assert after[0][2:3].strip(), (said, width, parts)  # a word, no gap
                plain = " ".join(rows).replace(CONTINUED, " ")
                assert plain.split() == said.split(), (said, width, parts)
    assert split, "no rule was long enough to split"


def crazed_survivor(*dice: int) -> Game:
    """The Crazed Survivor's battle at level 2, a Club (Basic) held: Grab the Weapon."""
    scene = Scenario("caellahan", level=2).resources(se=12).monster("crazed-survivor")
    return scene.weapon("club").dice(*dice).start("battle")


@sync
async def test_m_s_pages_end_a_rule_s_part_on_its_words_and_mark_the_next() -> None:
    # 37a-4: "   the Battle step, it is" / "   …" then, a page on, "   downgraded, then
    # the Survivor" with nothing to show it went on.
    assert save_settings(Settings(hints=False)) == ""
    async with played(crazed_survivor(6, 3)) as (pilot, screen):
        stage = screen.query_one(StagePanel)
        pages: list[list[str]] = []
        await pilot.press("m")
        await settle(pilot)
        while " rules " in str(stage.border_title):  # the rules' pages, not the table's
            pages.append(stage.drawn.split("\n"))
            await pilot.press("m")
            await settle(pilot)
    assert len(pages) >= 2, pages
    rows = [row for page in pages for row in page]
    assert not any(row.strip() == CONTINUED for row in rows), pages
    ends = [k for k, page in enumerate(pages) if any(r.endswith(f" {CONTINUED}") for r in page)]
    assert ends, pages  # Grab the Weapon goes on to the next page
    for k in ends:
        end = next(r for r in pages[k] if r.endswith(f" {CONTINUED}"))
        assert len(end.strip()) > 1, pages
        table = next(i for i, r in enumerate(pages[k + 1]) if re.match(r" 1 ", r))
        said = [r for r in pages[k + 1][2:table] if r.strip()]  # under the head's two lines
        assert said and said[0].lstrip().startswith(CONTINUED), pages[k + 1]
        assert said[0].lstrip()[1:2].isalpha(), pages[k + 1]  # "…downgraded"


@sync
async def test_the_die_keeps_its_bonus_with_the_roll_kept_folded_and_paged() -> None:
    # 37a-6: " die ⚅ 6, re-roll ⚂ 3: keep one," / "     +1" (Grab the Weapon's +1, the
    # monster's roll re-rolled with I've Seen Worse), folded and on `m`'s pages alike.
    assert save_settings(Settings(hints=False)) == ""
    game = crazed_survivor(6, 3)
    game.apply(next(a for a, why in game.options() if isinstance(a, act.Use) and not why))
    assert game.state.roll_bonus == 1, game.state
    async with played(game) as (pilot, screen):
        stage = screen.query_one(StagePanel)
        shown = [stage.drawn]
        await pilot.press("m")
        await settle(pilot)
        shown.append(stage.drawn)
    for drawn in shown:
        rows = [row.strip() for row in drawn.split("\n")]
        assert "re-roll" in drawn, drawn
        bonus = next(row for row in rows if "+1" in row)
        assert "keep one, +1" in bonus, drawn
        assert not re.match(r"^[+\-−]\d", bonus), drawn
