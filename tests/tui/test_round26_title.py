"""Round 26's findings in the title-side screens (#28): New game after Plugins."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pilot import sync
from playing import choose
from textual.pilot import Pilot
from textual.widgets import Label, OptionList, Static
from textual.widgets._toast import Toast

from unbroken import plugins
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newgame import NewGameScreen
from unbroken.tui.plugins_screen import PluginsScreen

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset

GAUNTLET = Path(__file__).resolve().parents[2] / "plugins" / "unbroken-gauntlet" / "src"


@pytest.fixture
def gauntlet_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Gauntlet installed by its entry point, the user config deciding what is on."""
    entry = metadata.EntryPoint(name="gauntlet", value="unbroken_gauntlet", group="unbroken")
    monkeypatch.setattr(plugins.config, "installed_entry_points", lambda: [entry])
    monkeypatch.syspath_prepend(str(GAUNTLET))
    monkeypatch.delenv("UNBROKEN_PLUGINS")
    plugins._load_cached.cache_clear()
    yield
    plugins._load_cached.cache_clear()
    sys.modules.pop("unbroken_gauntlet", None)


@asynccontextmanager
async def new_game() -> AsyncIterator[tuple[Pilot[Any], UnbrokenApp, NewGameScreen]]:
    """Run the app as the command line loads it (the plugins the config turns on), its
    notes shown, at 80x24 on New game: the pilot, the app and the New game screen."""
    from unbroken.cli.command import load

    app = UnbrokenApp(load, animate=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await choose(pilot, app, "new")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        yield pilot, app, screen


@pytest.mark.usefixtures("gauntlet_installed")
@sync
async def test_turning_gauntlet_off_on_new_game_says_expert_went_and_covers_no_label() -> None:
    # Round 26 (26b-9): `p`, Space on gauntlet, Esc: the note "Plugin 'gauntlet' is off from
    # the next new game." sat over the Seed label, and Expert fell back to Normal unsaid.
    async with new_game() as (pilot, app, screen):
        diffs = screen.query_one("#difficulties", OptionList)
        diffs.focus()
        diffs.highlighted = diffs.get_option_index("gauntlet:expert")
        await pilot.pause()
        await pilot.press("p")
        assert isinstance(app.screen, PluginsScreen)
        await pilot.press("down", "space")  # gauntlet off
        await pilot.press("escape")
        await pilot.pause()
        back: object = app.screen
        assert back is screen
        assert screen.choice()[1] == "normal"
        said = " ".join(str(screen.query_one("#expansions", Static).render()).split())
        assert "Expert needs Gauntlet: Normal now" in said, said
        labels = [w.region for w in screen.query(Label)]
        labels += [screen.query_one("#about").region]
        for toast in app.screen.query(Toast):
            assert not any(toast.region.overlaps(region) for region in labels)


@pytest.mark.usefixtures("gauntlet_installed")
@sync
async def test_a_note_on_new_game_sits_in_the_left_column() -> None:
    # Round 26: the notes' holders put them at the right, over the description and the Seed
    # label, though New game's notes were meant for the foot of the left column.
    async with new_game() as (pilot, app, screen):
        screen.notify("Gentle start is an Easy option.", severity="warning")
        await pilot.pause()
        await pilot.pause()
        toasts = list(screen.query(Toast))
        assert toasts
        about = screen.query_one("#about").region
        assert not any(t.region.overlaps(about) for t in toasts)


def test_new_game_says_why_expert_starts_with_more_se_than_hard(everything: Ruleset) -> None:
    # Round 26 (26b-5): "Expert (the hardest of 4; from Gauntlet). 13 SE, ..." beside Hard's
    # "Start with 10 SE" surprised: the hardest difficulty gave 3 SE more, unexplained.
    app = UnbrokenApp(everything, animate=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await choose(pilot, app, "new")
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            diffs = screen.query_one("#difficulties", OptionList)
            diffs.highlighted = diffs.get_option_index("gauntlet:expert")
            await pilot.pause()
            info = screen.query_one("#difficulty-info", Static).render()
            said = " ".join(str(info).split())
            # 29b-8: the difficulty named ("It starts…" read as the monster's start); the
            # green spaces said to give nothing first.
            assert "Expert starts with 3 SE more than Hard, as its danger track makes" in said
            assert "(the green spaces, 1, 3, 5 and 7 of the track's 8, give nothing: " in said
            diffs.highlighted = diffs.get_option_index("hard")
            await pilot.pause()
            said = str(screen.query_one("#difficulty-info", Static).render())
            assert "SE more than" not in said

    asyncio.run(look())


def test_no_help_table_leaves_a_word_alone_on_a_row_at_any_width() -> None:
    # Round 26 (26a-17, 26b-14): the viewer's `?` read "← →  one decision back or" and
    # "on" alone on the next row once its scrollbar came (the text two columns narrower).
    from rich.console import Console

    from unbroken.tui.help import HelpScreen
    from unbroken.tui.help_text import _drawn

    console = Console(width=120)
    for source in (HelpScreen.VIEWER_KEYS, HelpScreen.KEYS):
        for width in range(40, 80):
            rows = [strip.text for strip in _drawn(console, source, width)]
            table = [row for row in rows if row.startswith(" ") and row.strip()]
            alone = [row for row in table if row[:12].isspace() and len(row.split()) == 1]
            assert not alone, (width, alone)


def test_a_scrollbar_thumb_is_seen_whole_without_colour() -> None:
    # Round 26 (26a-15): help showed "▄▄" and "▇▇" in one column, read as two thumbs: the
    # thumb's middle was spaces in reverse video, unseen in a capture without colours.
    from textual.scrollbar import ScrollBar

    UnbrokenApp(lambda: plugins.current_plugins().ruleset, animate=False)
    for position in (0, 5, 10, 17, 28):
        drawn = ScrollBar.renderer.render_bar(
            size=12, virtual_size=40, window_size=12, position=position
        )
        cells = [s.text for s in drawn.segments if s.text != "\n"]
        thumb = [i for i, cell in enumerate(cells) if cell.strip()]
        assert thumb == list(range(thumb[0], thumb[-1] + 1)), (position, cells)
        assert len(thumb) >= 3, cells
