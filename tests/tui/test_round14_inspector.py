"""#28 playtest round 14: `i` wraps every column and every named entry under one hanging
indent (a card's line goes on 2 columns deeper than it starts), at 80x24 and 120x40."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path

import pytest
from pilot import settle
from test_round5_screens import SLING

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_plugins, load_ruleset
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.inspector import CardView, InspectorScreen
from unbroken.tui.rule_terms import TERMS

SIZES = [(80, 24), (120, 40)]


def drawn_rows(view: CardView) -> list[str]:
    """Return the rows of a card drawn on screen now, as text (the column's border row,
    drawn above the card, left out)."""
    rows = [
        "".join(segment.text for segment in view.render_line(y)).rstrip()
        for y in range(view.region.height)
    ]
    return [row for row in rows if not row.lstrip().startswith("─")]


def indent(row: str) -> int:
    return len(row) - len(row.lstrip(" "))


def unhung(lines: list[str], rows: list[str]) -> list[str]:
    """Return the rows that break the hanging indent: each of a card's `lines` is drawn
    from its own indent, and every row it wraps to goes on exactly 2 columns deeper."""
    bad: list[str] = []
    at = 0
    for line in lines:
        if not line.strip():
            continue
        lead, words = indent(line), line.split()
        while at < len(rows) and not rows[at].strip():
            at += 1
        if at >= len(rows):
            return bad  # the rest is below the scroll
        first = rows[at]
        if indent(first) != lead or first.split()[0] != words[0]:
            return [*bad, f"line {line.strip()[:30]!r} starts as {first!r}"]
        said = first.split()
        at += 1
        while len(said) < len(words) and at < len(rows):
            row = rows[at]
            if indent(row) != lead + 2:
                bad.append(row)
            said += row.split()
            at += 1
    return bad


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("resized", [True, False])
def test_every_column_side_by_side_wraps_under_its_hanging_indent(
    size: tuple[int, int], resized: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Round 14 (and 13): crafting from Bare Hands, the Sling's column wrapped "A leather
    # strap and a" / "pocket of stones: it" at its left edge where the others' went on
    # indented. A column is wrapped at the width it is drawn at, when it is drawn: also
    # before its Resize is handled (`resized` False: a loaded machine's first frames).
    if not resized:
        monkeypatch.setattr(CardView, "on_resize", lambda self: None, raising=False)
    plugin = FolderPlugin(write_pack(tmp_path / "slings", {"weapons.toml": SLING}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = load_plugins(["base", "slings"], extra=[("slings", plugin)]).ruleset
    game = Game.new(rules, "maxyn-zenma", "normal", 3)
    game.state.res.update(wood=2, metal=2)
    asyncio.run(columns_hung(UnbrokenApp(rules, animate=False, game=game, record=False), size))


async def columns_hung(app: UnbrokenApp, size: tuple[int, int]) -> None:
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and screen.comparing
        seen: set[str] = set()
        for _ in range(len(screen.offers)):
            for view in screen.query(".inspector-column").results(CardView):
                if not view.display:
                    continue
                rows = drawn_rows(view)
                assert len(rows) > len(view.lines), rows  # wrapped at this width
                assert unhung(view.lines, rows) == [], (view.lines[0], rows)
                seen.add(view.lines[0])
            await pilot.press("tab")
            await settle(pilot)
        assert any(name.startswith("Sling") for name in seen), seen


def test_each_rule_term_is_said_a_sentence_a_line() -> None:
    # A sentence broken over two lines ("…whatever would reveal more," / "and you must
    # resolve it: no Rest.") started its second half at the line's indent: outdented
    # under its first half's wrapped rows.
    for term in TERMS:
        for line in term.lines:
            assert line[0].isupper() and line.rstrip().endswith("."), (term.name, line)


@pytest.mark.parametrize("size", SIZES)
def test_a_named_rule_wraps_under_its_hanging_indent_side_by_side(size: tuple[int, int]) -> None:
    # Round 14: Eavesdropping's "Named:" Committed rule: its third line "and you must
    # resolve it: no Rest." was outdented under the second's wrapped rows.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", seed=3).resources(se=6, food=2)
    game = scene.encounters("eavesdropping", "metal-scraps").start("exploration")
    app = UnbrokenApp(load_ruleset(), animate=False, game=game, record=False)
    asyncio.run(named_hung(app, size))


async def named_hung(app: UnbrokenApp, size: tuple[int, int]) -> None:
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and screen.comparing
        cards = [offer.card for offer in screen.offers]
        views = list(screen.query(".inspector-column").results(CardView))
        view = views[cards.index("base:eavesdropping")]
        rows = drawn_rows(view)
        assert unhung(view.lines, rows) == [], rows
        start = next(i for i, row in enumerate(rows) if "The next Exploration" in row)
        rest = next(i for i, row in enumerate(rows) if "resolve it" in row)
        assert rest > start and indent(rows[rest]) == indent(rows[start]) + 2, rows
