"""Round 32's replay viewer leftovers (#28, play32a): its notices have the game's line."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from pilot import kept_and_left, on_top, settle, sync
from textual.widgets import RichLog

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.history import RecordsScreen
from unbroken.tui.replays import (
    WARNING_SECONDS,
    ReplayListScreen,
    ReplayViewerScreen,
    ViewerNotice,
)
from unbroken.tui.widgets import DisplayPanel

RULES = load_ruleset()
#: A lost game: it has levels, battles and a death (the last position).
GOLDEN = sorted(GOLDEN_DIR.glob("normal_*_lost.jsonl"))[0]


def viewer_of(app: UnbrokenApp) -> ReplayViewerScreen:
    assert isinstance(app.screen, ReplayViewerScreen)
    return app.screen


def covers_nothing(viewer: ReplayViewerScreen) -> None:
    """Check that the notice line shows, beside the trackers and above the log, in rows of
    its own: no notice in the corner, none over a log line."""
    notice = viewer.query_one(ViewerNotice)
    log = viewer.query_one("#log", RichLog)
    assert notice.display and notice.region.height >= 1
    assert not notice.region.overlaps(log.region), (notice.region, log.region)
    assert not notice.region.overlaps(viewer.query_one(DisplayPanel).region)
    assert notice.region.bottom <= log.region.y
    assert not viewer.app._notifications, list(viewer.app._notifications)


@sync
async def test_a_keys_notice_has_its_own_line_above_the_log_and_never_stacks() -> None:
    # 32a-1: after `d` at the end, "No death after this point." covered three log lines.
    app = UnbrokenApp(RULES, animate=False, replay=GOLDEN)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = viewer_of(app)
        await pilot.press("end", "d")
        await pilot.pause()
        notice = viewer.query_one(ViewerNotice)
        assert notice.text == "No death after this point."
        covers_nothing(viewer)
        log = viewer.query_one("#log", RichLog)
        newest = log.lines[-1].text.strip()
        shown = [log.render_line(y).text.strip() for y in range(log.size.height)]
        assert newest in shown, shown  # the log still shows its newest line
        await pilot.press("d", "d", "D")  # the same twice, then another: one line, the last
        await pilot.pause()
        assert notice.text == "No death before this point."
        assert len(viewer.query(ViewerNotice)) == 1
        assert notice.region.height == 1
        covers_nothing(viewer)


def edited(target: Path) -> Path:
    """Copy the golden recording with its date changed: it replays, verify refuses it."""
    first, rest = GOLDEN.read_bytes().split(b"\n", 1)
    header = json.loads(first)
    header["created"] = "2026-02-02T00:00:00Z"
    target.write_bytes(json.dumps(header, separators=(",", ":")).encode() + b"\n" + rest)
    return target


def test_a_failed_verification_is_said_whole_in_the_line_and_comes_back_after_a_key(
    tmp_path: Path,
) -> None:
    path = edited(tmp_path / "a_rather_long_name_for_an_edited_recording_of_a_game.jsonl")

    @sync
    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            app.open_replay(path)
            await pilot.pause()
            viewer = viewer_of(app)
            notice = viewer.query_one(ViewerNotice)
            warning = notice.text
            assert warning.startswith("This recording fails verification: ")
            await pilot.pause()
            covers_nothing(viewer)
            rows = [notice.render_line(y).text for y in range(notice.size.height)]
            said = " ".join(" ".join(row.strip(" ▌") for row in rows).split())
            assert said.replace(" ", "") == warning.replace(" ", ""), rows  # whole
            await pilot.press("end", "d")  # a key's notice over it
            await pilot.pause()
            assert notice.text == "No death after this point."
            notice.expire()  # its time over: the warning is back, for its time left
            await pilot.pause()
            assert notice.text == warning
            assert 0 < notice._until - time.monotonic() <= WARNING_SECONDS

    run()


@sync
async def test_question_mark_opens_help_after_c_in_the_viewer_and_after_esc_on_the_list() -> None:
    # 32a-8: "`?` once did nothing in the viewer right after `c`". In the viewer it opens
    # help at once after `c` (none reproduced); Esc after `c` leaves the viewer (c opens
    # nothing to close), and on the Replays list under it `?` did nothing.
    from unbroken.home.paths import replays_dir

    shutil.copy(GOLDEN, replays_dir() / GOLDEN.name)
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_screen("replays")
        await pilot.pause()
        listed = app.screen
        assert isinstance(listed, ReplayListScreen)
        await pilot.press("enter")
        await pilot.pause()
        viewer = viewer_of(app)
        await pilot.press("c", "question_mark")
        assert isinstance(on_top(app), HelpScreen)
        await pilot.press("escape", "c", "escape")
        assert on_top(app) is listed
        await pilot.press("question_mark")
        await pilot.pause()
        helped = on_top(app)
        assert isinstance(helped, HelpScreen) and helped.viewer  # the viewer's keys first
        await pilot.press("escape")
        assert on_top(app) is listed and viewer is not on_top(app)


@sync
async def test_question_mark_opens_help_on_records() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_screen("records")
        await pilot.pause()
        records = app.screen
        assert isinstance(records, RecordsScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(on_top(app), HelpScreen)
        await pilot.press("escape")
        assert on_top(app) is records


@sync
async def test_game_saved_is_said_on_the_title_not_over_the_continue_list() -> None:
    # 32a-9: "Game saved: continue it from the title screen." over the Continue list itself.
    from textual.widgets import Static

    from unbroken.tui.title import TitleScreen

    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await kept_and_left(app, pilot)
        title = on_top(app)
        assert isinstance(title, TitleScreen)
        note = title.query_one("#title-note", Static)
        said = str(note.render())
        assert said.startswith("Game saved: “Continue an unfinished game” picks it up"), said
        assert note.display and note.region.height >= 1 and note.region.bottom < 23
        menu = title.query_one("#menu")
        assert not note.region.overlaps(menu.region)
        assert not app._notifications  # none in the corner, to follow the player
        app.open_screen("continue")
        await settle(pilot)
        assert isinstance(on_top(app), ReplayListScreen)
        assert not any("Game saved" in str(n.message) for n in app._notifications)
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) is title and not note.display  # said once: the player moved on
