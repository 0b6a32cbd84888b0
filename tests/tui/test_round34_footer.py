"""Every screen's footer (#28, after round 33's inspector): its keys from the screen's first
frame, drawn again only when they change; and 34b-5: side by side, the inspector's offers
scroll with PgUp/PgDn and the footer says so where it has the room."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from pilot import settle, sync
from scenes import weapon_rack
from test_round33_footer import frames  # noqa: F401 (a fixture)
from textual.pilot import Pilot
from textual.widgets import Footer

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.plugins.hookspecs import RecordsPanel
from unbroken.testing import GOLDEN_DIR, Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.footer import KeysFooter
from unbroken.tui.inspector import InspectorScreen
from unbroken.tui.panels import PanelsScreen

RULES = load_ruleset()
SRC = Path(__file__).resolve().parents[2] / "src" / "unbroken"


def hunger_to_die() -> Any:
    return Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")


async def menu(pilot: Pilot[Any], name: str) -> None:
    pilot.app.open_screen(name)  # type: ignore[attr-defined]
    await settle(pilot)


async def key(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def nothing(pilot: Pilot[Any]) -> None:
    await settle(pilot)


async def game_over(pilot: Pilot[Any]) -> None:
    """Take the one option (marked first, as one that ends the game: a second key)."""
    await key(pilot, "1")
    if type(pilot.app.screen).__name__ == "GameScreen":
        await key(pilot, "1")


def title() -> UnbrokenApp:
    return UnbrokenApp(RULES, animate=False, seed=42)


def game() -> UnbrokenApp:
    return UnbrokenApp(RULES, animate=False, game=weapon_rack(), record=False)


def dying() -> UnbrokenApp:
    return UnbrokenApp(RULES, animate=False, game=hunger_to_die(), record=False)


def viewer() -> UnbrokenApp:
    golden = sorted(GOLDEN_DIR.glob("normal_*_lost.jsonl"))[0]
    return UnbrokenApp(RULES, animate=False, replay=golden)


async def records_then_achievements(pilot: Pilot[Any]) -> None:
    await menu(pilot, "records")
    await key(pilot, "a")


async def records_then_panels(pilot: Pilot[Any]) -> None:
    """Open the plugins' panels over the records, as `p` there does where a plugin on adds
    one (none does here: tests/tui/test_records_panels.py fakes it)."""
    await menu(pilot, "records")
    pilot.app.push_screen(PanelsScreen([RecordsPanel("x:run", "Runs", lambda r: ["1"])], RULES))
    await settle(pilot)


#: Each screen with a footer (test_footer_order.py: every one): its class's name, the app,
#: and what opens it there.
SCREENS: list[tuple[str, Callable[[], UnbrokenApp], Callable[[Pilot[Any]], Awaitable[None]]]] = [
    ("TitleScreen", title, nothing),
    ("NewGameScreen", title, lambda pilot: menu(pilot, "new")),
    ("HelpScreen", title, lambda pilot: menu(pilot, "help")),
    ("ReplayListScreen", title, lambda pilot: menu(pilot, "replays")),
    ("RecordsScreen", title, lambda pilot: menu(pilot, "records")),
    ("AchievementsScreen", title, records_then_achievements),
    ("PanelsScreen", title, records_then_panels),
    ("PluginsScreen", title, lambda pilot: menu(pilot, "plugins")),
    ("GameScreen", game, nothing),
    ("LogScreen", game, lambda pilot: key(pilot, "l")),
    ("InspectorScreen", game, lambda pilot: key(pilot, "i")),
    ("GameOverScreen", dying, game_over),
    ("ReplayViewerScreen", viewer, nothing),
]


@pytest.mark.parametrize(("name", "app", "opening"), SCREENS, ids=[s[0] for s in SCREENS])
def test_every_screens_first_frame_has_its_keys(
    frames: list[tuple[str, list[str]]],  # noqa: F811 (the fixture)
    name: str,
    app: Callable[[], UnbrokenApp],
    opening: Callable[[Pilot[Any]], Awaitable[None]],
) -> None:
    drawn: list[tuple[object, ...]] = []
    compose = KeysFooter.compose

    def kept(footer: KeysFooter) -> Any:
        if footer.screen.__class__.__name__ == name and footer._bindings_ready:
            drawn.append(footer.shown())
        return compose(footer)

    @sync
    async def run() -> None:
        assert save_settings(Settings(hints=False)) == ""
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(KeysFooter, "compose", kept)
            async with app().run_test(size=(80, 24)) as pilot:
                await opening(pilot)
                assert type(pilot.app.screen).__name__ == name

    run()
    seen = [keys for screen, keys in frames if screen == name]
    assert seen and seen[0], seen[:3]  # its keys from its first frame
    # Drawn again only where they changed (Textual's footer drew a game screen's start's
    # about ten times over).
    assert drawn and all(a != b for a, b in zip(drawn, drawn[1:], strict=False)), drawn


def test_no_screen_has_textuals_own_footer() -> None:
    """Every screen's footer is a KeysFooter (from its first frame, drawn on change)."""
    yielded = {
        path.name
        for path in (SRC / "tui").glob("*.py")
        if re.search(r"\bFooter\(", path.read_text(encoding="utf-8"))
    }
    assert not yielded, yielded


async def footer_row(screen: Any) -> str:
    """Return the footer's keys as drawn, one row."""
    row = ""
    for entry in screen.query_one(Footer).children:
        row = row.ljust(entry.region.x) + entry.render_line(0).text
    return row


@pytest.mark.parametrize(("size", "said"), [((80, 16), True), ((60, 20), False)], ids=str)
def test_side_by_side_the_offers_scroll_with_pgdn_said_where_it_fits(
    size: tuple[int, int], said: bool
) -> None:
    # 34b-5: side by side, a pane scrolled with PgDn (the README says so), the footer
    # did not say it. 80x16: the two weapons are longer than their pane; 60x20: they
    # scroll too, but ← → leave no room for it.
    @sync
    async def run() -> None:
        assert save_settings(Settings(hints=False)) == ""
        async with game().run_test(size=size) as pilot:
            await key(pilot, "i")
            screen = pilot.app.screen
            assert isinstance(screen, InspectorScreen) and screen.comparing
            offers = screen.query_one("#inspector-compare")
            assert offers.max_scroll_y > 0
            row = await footer_row(screen)
            assert screen.sliding != said  # the footer says ← →, or not
            assert ("PgUp/PgDn Scroll" in row) == said, row
            assert "esc Back" in row, row
            await key(pilot, "pagedown")
            assert offers.scroll_y > 0
            await key(pilot, "pageup")
            assert offers.scroll_y == 0

    run()
