"""Round 23's playtest (#28): `m`'s pages at 80x24 say identical table rows once (the
Vampire's three "WOUND lose 2 SE (Armored −1)" took a page each), and a page before the
battle has no blank row under the monster's name where no die shows (the Gutter Wolf)."""

from __future__ import annotations

from pilot import sync
from test_round16_pages import FIRST_ROW, everything, pages_of, words

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario


def whole_rows(page: str) -> list[str]:
    """Return the table rows a page shows whole (not cut with "…"), their wrapped lines
    joined, without their numbers and marks ("WOUND lose 2 SE (Armored −1)")."""
    lines = page.split("\n")
    top = max(k for k, line in enumerate(lines) if FIRST_ROW.match(line))
    rows: list[str] = []
    for line in lines[top:]:
        if line[:1] in (" ", "▶") and line[1:2].isdigit():
            rows.append(line)
        elif rows:
            rows[-1] += " " + line
    said = [words(row[1:]).split(" ", 1)[1] for row in rows]
    return [row for row in said if not row.endswith("…")]


@sync
async def test_the_vampires_identical_rows_are_unfolded_once() -> None:
    # Round 23: rows 2, 4 and 6 "WOUND lose 2 SE (Armored −1)" each had a page of their
    # own ("table 1 of 4" to "4 of 4"), "−1)" the only words each added.
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        scene = Scenario("tomu", level=4, ruleset=rules).resources(se=15, food=3)
        game = scene.weapon("knife").condition("armored").monster("vampire").start("battle")
        drawn, titles = await pages_of(game)
    assert len(drawn) == 3, titles  # folded, then two pages
    first = drawn[1]
    # Row 2 whole ("printed 3": round 23's words for the loss a threshold counts).
    assert "2 WOUND   lose 2 SE (Armored\n           −1, printed 3)" in first, first
    assert " 4 WOUND   as row 2" in first, first
    assert " 6 WOUND   as row 2" in first, first
    assert "5 CONFUSE lose 4 SE (you have no LE)" in words(drawn[2]), drawn  # round 28


@sync
async def test_no_page_of_m_only_unfolds_a_row_another_page_unfolds() -> None:
    # Round 23: with Armored (every WOUND row "(Armored −1)", cut at 80 columns), every
    # monster of the base game and both expansions in battle: each page of `m` unfolds
    # words no other page does (not a row identical to one unfolded before).
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for mid, card in rules.monsters.items():
            scene = Scenario("tomu", level=card.level, ruleset=rules).resources(se=15, food=3)
            scene = scene.weapon("knife").condition("armored").monster(mid)
            drawn, titles = await pages_of(scene.start("battle"))
            folded = set(whole_rows(drawn[0]))
            for k, page in enumerate(drawn[1:], 1):
                if not titles[k].split()[1].startswith("table"):
                    continue  # a page of rules says them
                pages = [p for n, p in enumerate(drawn[1:], 1) if n != k]
                others = {row for p in pages for row in whole_rows(p)}
                new = set(whole_rows(page)) - folded - others
                assert new, (mid, titles[k], drawn)


@sync
async def test_no_blank_row_over_the_rules_before_the_battle() -> None:
    # Round 23: the Gutter Wolf's "rules 1 of 2" before the battle (no die shown) had a
    # blank row under its name, where the die's words go once it rolls.
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        scene = Scenario("tomu", level=1, ruleset=rules).resources(se=15, food=3)
        game = scene.weapon("knife").monster("gauntlet:gutter-wolf").start()
        drawn, titles = await pages_of(game)
    for page, title in zip(drawn[1:], titles[1:], strict=True):
        lines = page.split("\n")
        top = min(k for k, line in enumerate(lines) if FIRST_ROW.match(line))
        assert all(line.strip() for line in lines[:top]), (title, page)
    assert "ambush: lose 2 SE" in drawn[1].split("\n")[1], drawn
