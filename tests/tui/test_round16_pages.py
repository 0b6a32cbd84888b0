"""Round 16's playtest (#28): `m`'s pages over every monster of the base game and both
expansions at 80x24: each table row readable whole on some page, in row order after the
rules, and no page that adds nothing. Round 19's: every rule the monster has (its
keywords, its own, its ambush and trickery still to act, the danger track's gains) said
whole on one page, none split over two, and no page empty, in battle (the die rolled), at
the Trickery step and before the fight (its ambush still to come)."""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from pilot import game_screen_of, settle, sync

from unbroken.core.game import Game
from unbroken.core.model import Monster
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.sheet_head import danger_line
from unbroken.tui.sheet_rows import coming_rules, same_rows, table_lines
from unbroken.tui.stage import StagePanel

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}
#: Where the table starts on a page: its first row (" 1 MISS …" or "▶1 …").
FIRST_ROW = re.compile(r"^[ ▶]1 \S")
ROW = re.compile(r"^[ ▶]\d+ \S")


def everything() -> AbstractContextManager[Ruleset]:
    """The base game with both expansions, imported from plugins/*/src (not installed)."""
    return expansions_from_source(PLUGINS, EXPANSIONS)


def words(text: str) -> str:
    """Return `text` with its runs of white space one space (wrapping undone)."""
    return " ".join(text.split())


def split_page(drawn: str) -> tuple[str, list[str]]:
    """Return a page's words above its table (the rules said, the parts' "…" taken out)
    and its table rows, each row's wrapped lines joined."""
    lines = drawn.split("\n")
    top = max(k for k, line in enumerate(lines) if FIRST_ROW.match(line))
    rows: list[str] = []
    for line in lines[top:]:
        if ROW.match(line):
            rows.append(line)
        else:
            rows[-1] += " " + line
    said = words(" ".join(lines[2:top])).replace(" … ", " ").removeprefix("… ")
    said = said.removeprefix("…")  # a part's first row, "…downgraded" (round 37)
    return said.removesuffix(" …"), [words(row.replace("▶", " ")) for row in rows]


async def pages_of(game: Game, die: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """Return the stage's text at 80x24 on each of `m`'s pages (the folded one first)
    and their titles; `die`: what the die shows, in turn (a rolling face, then its words)."""
    drawn, titles, _ = await views_of(game, die)
    return drawn, titles


async def views_of(game: Game, die: tuple[str, ...] = ()) -> tuple[list[str], list[str], str]:
    """`pages_of`, and the view the presses of `m` came back to after the last page."""
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    drawn, titles = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        if die:  # the pages are sized as the die first shows (`StagePanel.sized`)
            stage.die = die[0]
            await pilot.press("m")
            for shown in die[1:]:
                stage.die = shown
                await settle(pilot)
        while stage.drawn not in drawn:
            drawn.append(stage.drawn)
            titles.append(str(stage.border_title))
            await pilot.press("m")
            await settle(pilot)
        return drawn, titles, stage.drawn


#: `views_of` the scenes of `plain_battle`, by monster, as first played in this run: round
#: 16's battle test and round 17's (test_round17_pages.py) page through the same scenes
#: with the same keys, each checking its own; the second reads what the first played
#: (an app per monster and test was most of their time). Run alone, each plays them.
PLAIN_BATTLES: dict[tuple[tuple[str, ...], str], tuple[list[str], list[str], str]] = {}


def plain_battle(rules: Ruleset, mid: str) -> Game:
    """Tomu against the monster `mid` in battle at its level: Normal, 15 SE, 3 food, the
    Knife, nothing else (no die shown)."""
    scene = Scenario("tomu", level=rules.monsters[mid].level, ruleset=rules)
    return scene.resources(se=15, food=3).weapon("knife").monster(mid).start("battle")


async def plain_battle_views(rules: Ruleset, mid: str) -> tuple[Game, list[str], list[str], str]:
    """Return `plain_battle(rules, mid)` and its `views_of` (played once per run and rules
    of these monsters: `PLAIN_BATTLES`)."""
    game = plain_battle(rules, mid)
    key = (tuple(rules.monsters), mid)
    if key not in PLAIN_BATTLES:
        PLAIN_BATTLES[key] = await views_of(game)
    drawn, titles, back = PLAIN_BATTLES[key]
    return game, list(drawn), list(titles), back


def rules_of(game: Game, card: Monster) -> list[str]:
    """Return every rule the monster has now, as `m`'s pages say each: its ambush and
    trickery still to act, its keywords', its own, the danger track's gains."""
    rules, state = game.ruleset, game.state
    said = list(coming_rules(state, card))
    for kid in card.keywords:
        keyword = rules.keywords[kid]
        said.append(f"{rules.card_name(kid)}: {' '.join(a.text for a in keyword.abilities)}")
    said += [f"{ability.name}: {ability.text}" for ability in card.abilities]
    return [*said, danger_line(state, rules, 1000)]


def every_rule_whole(mid: str, rules: list[str], drawn: list[str], titles: list[str]) -> None:
    """Check that each rule is said whole on one of `m`'s pages (not folded), none of them
    in parts ("…" at a page's end, "…" at the next one's start)."""
    pages = [page for page, title in zip(drawn, titles, strict=True) if " of " in title]
    pages = pages or drawn[1:] or drawn
    for rule in filter(None, rules):
        assert any(words(rule) in words(page) for page in pages), (mid, rule, drawn)
    for page, title in zip(drawn, titles, strict=True):
        lines = page.split("\n")
        top = max(k for k, line in enumerate(lines) if FIRST_ROW.match(line))
        parted = [line for line in lines[2:top] if line.strip().startswith("…")]
        parted += [line for line in lines[2:top] if line.endswith(" …")]
        assert not parted, (mid, title, page)


async def every_row_readable(
    step: str, difficulty: str = "normal", die: tuple[str, ...] = ()
) -> None:
    """Check `m`'s pages of every monster at `step` (see the module's docstring), the die
    showing `die` in turn ("NAME": the monster's name)."""
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for mid, card in rules.monsters.items():
            if (step, difficulty, die) == ("battle", "normal", ()):  # round 17's scenes too
                game, drawn, titles, _ = await plain_battle_views(rules, mid)
            else:
                scene = Scenario("tomu", level=card.level, ruleset=rules, difficulty=difficulty)
                scene = scene.resources(se=15, food=3, cunning=3 if die else 0).weapon("knife")
                game = scene.monster(mid).start(step)
                name = rules.card_name(mid)
                shows = tuple(d.replace("NAME", name) for d in die)
                drawn, titles = await pages_of(game, shows)
            if die:
                every_rule_whole(mid, rules_of(game, card), drawn, titles)
            pages = [split_page(page) for page in drawn]
            said = " ".join(top for top, _ in pages)
            shown = {row for _, rows in pages for row in rows}
            lines = table_lines(game.state, rules, card, 0)
            same = same_rows(lines)  # round 23: identical rows said once
            for i, (line, _) in enumerate(lines, 1):
                row = words(line)
                head = f"{i} {card.table[i - 1].result}"
                told = said.replace(f"{head}:", head)  # said as a rule: "3 WOUND: lose …"
                # or with the rows that say the same: "2, 4, 6 WOUND: lose …"
                group = rf"\b(\d, )*{i}(, \d)* {re.escape(head[len(str(i)) + 1 :])}: "
                grouped = re.search(group + re.escape(row[len(head) + 1 :]), said)
                as_row = i in same and f"{head} as row {same[i]}" in shown
                assert row in shown or row in told or grouped or as_row, (mid, row, drawn)
            for k, (top, rows) in enumerate(pages):
                others = [p for n, p in enumerate(pages) if n != k]
                new = (top and all(top != o for o, _ in others)) or any(
                    all(row not in o for _, o in others) for row in rows
                )
                assert new, (mid, titles[k], drawn)


# One pytest-xdist worker for the tests that share its scenes (--dist loadgroup).
@pytest.mark.xdist_group("plain_battle_views")
@sync
async def test_every_row_of_every_monster_is_readable_on_a_page_of_m_in_battle() -> None:
    # Round 16: the Bugbear's pages unfolded rows 4, 3, 6 in that order and left the
    # DISARM and CONFUSE rows cut; the Lich's "table 1 of 3" unfolded nothing. Before
    # the fix the Gutter Wolf's last page showed its STEAL row whole as folded did.
    await every_row_readable("battle")


@sync
async def test_every_row_of_every_monster_is_readable_on_a_page_of_m_at_trickery() -> None:
    await every_row_readable("trickery")


@sync
async def test_every_rule_of_every_monster_is_said_whole_on_a_page_of_m_in_battle() -> None:
    # Round 19: the Gutter Wolf's "rules 2 of 2" held only blank rows, the row kept for
    # the die's words while it rolled; the Basilisk's rules went on over two pages.
    await every_row_readable("battle", "expert", ("⚂", "⚂ 3 (monster's combat roll)"))


@sync
async def test_every_rule_of_every_monster_is_said_whole_on_a_page_of_m_at_trickery() -> None:
    # Round 19: a rule of three rows went on over pages of two (the Gutter Wolf's Fast).
    await every_row_readable("trickery", "expert", ("⚄", "⚄ 5"))


@sync
async def test_every_rule_of_every_monster_is_said_whole_on_a_page_of_m_before_its_ambush() -> None:
    # Round 19: the Wyvern's danger track, left out of its ambush page for the die picking
    # it, went to the table's page; Fast went on over two pages of two rows.
    await every_row_readable("preparation", "expert", ("⚄", "⚄ 5 picked the NAME"))


@sync
async def test_the_danger_track_is_said_on_the_first_page_of_m() -> None:
    # Round 19: the die picking the Wyvern took the head's line, its ambush filled the
    # first page and the danger track's gains went to the table's page.
    with everything() as rules:
        scene = Scenario("tomu", level=4, ruleset=rules, difficulty="expert")
        game = scene.resources(se=15, food=3).weapon("knife").monster("wyvern").start()
        drawn, titles = await pages_of(game, ("⚄", "⚄ 5 picked the Wyvern"))
    first = drawn[titles.index(next(t for t in titles if " 1 of " in t))]  # `m` opened it
    assert "die ⚄ 5 picked the Wyvern" in first, drawn
    assert "ambush: gain Poisoned" in first, drawn
    assert "danger track 8: +2 health" in first, (titles, drawn)


@sync
async def test_no_page_of_m_is_blank_while_the_die_rolls_and_lands() -> None:
    # Round 19: the row kept for the rolling die's words had a page of its own, the
    # Gutter Wolf's "rules 2 of 2" of blank rows once the die landed.
    with everything() as rules:
        scene = Scenario("tomu", level=1, ruleset=rules).resources(se=15, food=3)
        game = scene.weapon("knife").monster("gauntlet:gutter-wolf").start("battle")
        drawn, titles = await pages_of(game, ("⚂", "⚂ 3 (monster's combat roll)"))
    for page, title in zip(drawn, titles, strict=True):
        lines = page.split("\n")
        top = max(k for k, line in enumerate(lines) if FIRST_ROW.match(line))
        assert any(line.strip() for line in lines[2:top]), (title, drawn)


@sync
async def test_the_folded_hint_says_what_m_adds_where_the_rules_are_said_whole() -> None:
    # Round 16: the Abomination (no keyword, no rule of its own) said its trickery whole
    # folded, "(m: read)", and `m` added one table row: the hint says it is the table's.
    from unbroken.plugins import load_ruleset

    assert save_settings(Settings(hints=False)) == ""
    rules = load_ruleset()
    scene = Scenario("tomu", level=2, ruleset=rules).resources(se=15, food=3, cunning=3)
    game = scene.weapon("knife").monster("abomination").start("trickery")
    drawn, titles = await pages_of(game)
    folded = " ".join(drawn[0].split())
    assert "trickery: 3 cunning + 1 food" in folded, drawn[0]
    assert titles[0] == "Stage (m: table)", drawn[0]  # in the title (round 27), not the rule
    assert "(m:" not in folded, drawn[0]
    # The row whole on the table's page (35b-6), not the trickery's.
    table = next(page for page, title in zip(drawn, titles, strict=True) if " table " in title)
    assert "5 DAZE gain Poisoned with 2 tokens now" in " ".join(table.split()), drawn
    # A monster with a rule of its own still offers its words: the Bugbear's Thick Hide.
    scene = Scenario("tomu", level=3, ruleset=rules).resources(se=15, food=3)
    game = scene.weapon("knife").monster("bugbear-warlord").start("battle")
    drawn, titles = await pages_of(game)
    assert "Thick Hide" in drawn[0], drawn[0]
    assert titles[0] == "Stage (m: read)", drawn[0]
