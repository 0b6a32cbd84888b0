"""#28 playtest round 27 (27b-15): `i` → Score at 80x24, the text ran into the card's
scrollbar with no gap ("3 per ME, 5 per LE, 2 per cunning, 3 per food, 2██", "Records rank
games by the██"): the pane's right margin was beyond its scrollbar. The card keeps a
column's gap before the scrollbar, its lines wrapped where they were (the pane's right
margin is the card's own, inside the bar)."""

from __future__ import annotations

import pytest
from pilot import played, settle, sync
from test_inspector import basilisk
from textual.containers import VerticalScroll

from unbroken.tui.game import GameScreen
from unbroken.tui.inspector import SCORE, InspectorScreen


def rows(screen: object) -> list[str]:
    """Return the screen on top's rows as drawn."""
    strips = screen._compositor.render_strips()  # type: ignore[attr-defined]
    return ["".join(segment.text for segment in strip) for strip in strips]


async def gap_before_the_scrollbar(card: str, size: tuple[int, int]) -> None:
    """Open `i` on `card` at `size` (a card longer than its pane): the column before the
    pane's scrollbar is blank on every row of the pane."""
    async with played(basilisk(), size=size) as (pilot, screen):
        assert isinstance(screen, GameScreen)
        pilot.app.push_screen(InspectorScreen(screen.game, card))
        await settle(pilot)
        inspector = pilot.app.screen
        pane = inspector.query_one("#inspector-card", VerticalScroll)
        assert pane.max_scroll_y > 0  # it scrolls: its scrollbar is drawn
        region, bar = pane.region, pane.styles.scrollbar_size_vertical
        before = region.right - bar - 1  # the last column the text may take
        drawn = rows(inspector)
        body = range(region.y + 1, region.bottom)  # under its border
        assert all(drawn[y][before] == " " for y in body), "\n".join(drawn)


@pytest.mark.parametrize(("card", "size"), [("base:basilisk", (80, 24)), (SCORE, (80, 12))])
def test_a_long_cards_text_keeps_a_gap_before_its_scrollbar(
    card: str, size: tuple[int, int]
) -> None:
    sync(lambda: gap_before_the_scrollbar(card, size))()
