"""35's note: `unbroken replays` with no games said "No recorded games in DIR."; the TUI's
list says "No recorded games yet: every game you play is kept here". The CLI says it the
same way, with its folder; and, as the list does, that none can be read where some are
there but unreadable (not "yet")."""

from __future__ import annotations

import inspect

import pytest

from unbroken.cli.command import main
from unbroken.home.paths import replays_dir
from unbroken.tui.replays import ReplayListScreen


def test_replays_with_no_games_says_it_as_the_tui_list_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = replays_dir()
    assert main(["replays"]) == 0
    out = capsys.readouterr().out
    assert out == f"No recorded games in {folder} yet: every game you play is kept here.\n"
    # The TUI's own words, the folder said after "games" (the list has no room for it).
    tui = "No recorded games yet: every game you play is kept here"
    assert out.replace(f" in {folder}", "").rstrip(".\n") == tui
    assert tui in inspect.getsource(ReplayListScreen)


def test_replays_with_only_unreadable_games_says_none_can_be_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = replays_dir()
    (folder / "junk.jsonl").write_bytes(b"\x00junk")
    assert main(["replays"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"No recorded games in {folder} can be read.\n"
    assert "skipped unreadable" in captured.err
