"""The Replays list and `unbroken replay`: bad files and a data dir that is a file.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

import os
from typing import Any

from pilot import sync
from playing import (
    RULES,
    choose,
)

from unbroken.tui.app import UnbrokenApp


def test_replay_command_refuses_a_bad_file_in_one_line(tmp_path: Any, capsys: Any) -> None:
    from unbroken.cli.command import main

    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\x00\x01 not a replay\n")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2


@sync
async def test_the_replays_list_says_when_the_data_dir_is_a_file() -> None:
    import tempfile
    from pathlib import Path

    from unbroken.tui.replays import ReplayListScreen

    with tempfile.TemporaryDirectory() as folder:
        afile = Path(folder) / "afile"
        afile.write_text("not a folder")
        old = os.environ.get("UNBROKEN_DATA_DIR")
        os.environ["UNBROKEN_DATA_DIR"] = str(afile)
        try:
            app = UnbrokenApp(RULES, animate=False, record=False)
            async with app.run_test(size=(80, 24)) as pilot:
                await choose(pilot, app, "replays")
                assert isinstance(app.screen, ReplayListScreen)
                summary = str(app.screen.query_one("#replays-summary").render())
                assert summary.startswith("No recorded games can be read: data dir")
                assert "is a file, not a folder" in summary
        finally:
            if old is None:
                del os.environ["UNBROKEN_DATA_DIR"]
            else:
                os.environ["UNBROKEN_DATA_DIR"] = old


@sync
async def test_an_empty_list_says_so_not_that_enter_continues_one() -> None:
    """The Continue list with no game read "0 unfinished games: Enter continues one" (seen in
    round 33's snapshot review); the Replays list "0 recorded games"."""
    from unbroken.tui.replays import ReplayListScreen

    for entry, said in (
        ("continue", "No unfinished games: a game you leave before its end waits here"),
        ("replays", "No recorded games yet: every game you play is kept here"),
    ):
        app = UnbrokenApp(RULES, animate=False, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await choose(pilot, app, entry)
            await pilot.pause()
            assert isinstance(app.screen, ReplayListScreen)
            assert str(app.screen.query_one("#replays-summary").render()) == said
