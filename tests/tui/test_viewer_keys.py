"""The replay viewer's keys: quit or back, help, jumps back, play again from the start."""

from __future__ import annotations

import shutil
from typing import Any

from pilot import on_top, sync
from textual.widgets import OptionList

from unbroken.plugins import load_ruleset
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.replays import ReplayListScreen, ReplayViewerScreen, ViewerNotice
from unbroken.tui.title import TitleScreen

RULES = load_ruleset()
#: A lost game: it has levels, battles and a death.
GOLDEN = sorted(GOLDEN_DIR.glob("normal_*_lost.jsonl"))[0]


def viewer_of(app: UnbrokenApp) -> ReplayViewerScreen:
    screen = app.screen
    assert isinstance(screen, ReplayViewerScreen)
    return screen


def said(viewer: ReplayViewerScreen) -> str:
    """Return what the viewer's notice line says (32a-1: its notices have their line)."""
    return viewer.query_one(ViewerNotice).text


def footer(screen: Any) -> list[str]:
    """Return the footer's entries as shown ("esc Quit"), each checked to end within the
    screen's columns."""
    keys: list[Any] = list(screen.query("FooterKey"))  # Textual's footer entries
    for key in keys:
        right = key.virtual_region.right
        assert right <= screen.size.width, f"{key.key_display} {key.description} is cut"
    return [f"{key.key_display} {key.description}" for key in keys]


async def closes_the_app(key: str) -> None:
    app = UnbrokenApp(RULES, animate=False, replay=GOLDEN)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer_of(app)
        running = app.return_code
        assert running is None
        await pilot.press(key)
        # Back to the shell (exit status 0), not to the title menu.
        assert app.return_code == 0
        assert not isinstance(app.screen, TitleScreen)


@sync
async def test_esc_quits_the_viewer_opened_by_unbroken_replay_file() -> None:
    await closes_the_app("escape")


@sync
async def test_q_quits_the_viewer_opened_by_unbroken_replay_file() -> None:
    await closes_the_app("q")


@sync
async def test_the_viewer_s_keys_are_in_the_footer_at_80_columns_or_its_help() -> None:
    # Shift+L/B/D and +- make room for `a` and `c`; the viewer's help (?) lists them all,
    # Home and End too, in the footer where it has the columns (#28 round 33: the
    # compact footer ran its keys and words together, "Step home/end Ends l/b/d Next").
    for key in ("L, B, D", "+ -", "| a |", "c, C", "Home, End"):
        assert key in HelpScreen.VIEWER_KEYS, key
    wide = ["←→ Step", "home/end Ends"]
    for size, first in (((80, 24), wide[:1]), ((100, 30), wide)):
        app = UnbrokenApp(RULES, animate=False, replay=GOLDEN)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert footer(viewer_of(app)) == [
                *first,
                "l/b/d Next",
                "space Play",
                # #28 playtest round 2: the chart and the costly decisions were not found.
                "a Chances",
                "c Missteps",
                "? Help",
                "esc Quit",
            ], size
            # each key apart from the words before it, as in the game's footer
            drawn = footer_row(app)
            assert " ←→ Step  " in drawn and "  ? Help  esc Quit" in drawn, drawn
            if size == (80, 24):  # the keys work without their entry
                await pilot.press("end")
                assert viewer_of(app).position == len(viewer_of(app).timeline) - 1
                await pilot.press("home")
                assert viewer_of(app).position == 0


def footer_row(app: UnbrokenApp) -> str:
    """Return the screen's last row as drawn."""
    return app.screen._compositor.render_strips()[-1].text


@sync
async def test_esc_and_q_go_back_to_the_replays_list_the_viewer_was_opened_from() -> None:
    from unbroken.home.paths import replays_dir

    shutil.copy(GOLDEN, replays_dir() / GOLDEN.name)
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("replays")
        await pilot.press("enter")
        for key in ("escape", "q"):
            assert isinstance(app.screen, ReplayListScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert "esc Back" in footer(viewer_of(app))
            await pilot.press(key)
            assert isinstance(app.screen, ReplayListScreen), key
            assert app.return_code is None
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


@sync
async def test_question_mark_shows_the_keys_and_esc_comes_back_to_the_viewer() -> None:
    app = UnbrokenApp(RULES, animate=False, replay=GOLDEN)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = viewer_of(app)
        await pilot.press("question_mark")
        assert isinstance(on_top(app), HelpScreen)
        from unbroken.tui.help import SectionText

        # The viewer's keys come first, above the game's and the rules.
        source = app.screen.query_one(SectionText).source
        assert source.index("| L, B, D (Shift) |") < source.index("| 1-9, 0, a, b, … |")
        assert source.startswith("## Keys\n\n### In the replay viewer\n\n| key | does |")
        await pilot.press("escape")
        assert app.screen is viewer and app.return_code is None


@sync
async def test_shift_l_b_d_go_back_to_the_level_battle_or_death_before() -> None:
    app = UnbrokenApp(RULES, animate=False, replay=GOLDEN)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = viewer_of(app)
        t = viewer.timeline
        last = len(t) - 1
        await pilot.press("end")
        battles = [i for i in range(last + 1) if t.next_index("battle", i - 1) == i]
        levels = [i for i in range(last + 1) if t.next_index("level", i - 1) == i]
        assert len(battles) >= 2 and len(levels) >= 2, "the golden game has them to jump to"
        await pilot.press("B")
        assert viewer.position == battles[-1]
        await pilot.press("B")
        assert viewer.position == battles[-2]
        await pilot.press("L")
        assert viewer.position == max(i for i in levels if i < battles[-2])
        await pilot.press("end", "D")  # the death is the last position: none before it
        assert viewer.position == last
        assert said(viewer) == "No death before this point."
        await pilot.press("d")
        assert said(viewer) == "No death after this point."
        await pilot.press("home", "L")
        assert viewer.position == 0
        assert said(viewer) == "No level before this point."


@sync
async def test_space_at_the_end_plays_again_from_the_start() -> None:
    app = UnbrokenApp(RULES, animate=False, replay=GOLDEN)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = viewer_of(app)
        viewer.speed = 0  # the slowest: a step every 2 seconds
        await pilot.press("end", "space")
        assert (viewer.position, viewer.timer is not None) == (0, True)  # playing again
        assert said(viewer) == "At the end: playing again from the start."
        await pilot.press("space")  # pause
        assert viewer.timer is None
        assert said(viewer) == "At the end: playing again from the start."
