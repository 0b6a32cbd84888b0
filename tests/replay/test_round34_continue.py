"""Round 34 (#28, play34b, after 34b-1's crash): Continue listed the game the crash left,
"Decisions 0", though the leave question says a game with no decision is not kept. An
unfinished game with no decision in it is never offered to continue, wherever it comes from
(a crash, a kill): not by `unbroken play`, `--continue`, `unbroken replays --unfinished`,
the title's Continue nor its list."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList

from unbroken.cli.command import main
from unbroken.core.game import Game
from unbroken.home.paths import replays_dir
from unbroken.plugins import load_ruleset
from unbroken.replay import Recorder, continuable, read_info, recorded_games, unfinished_games
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayListScreen

RULES = load_ruleset()


def left_by_a_crash(decisions: int, minute: int, switched: str = "") -> Path:
    """Record a game of `decisions` decisions (then `switched`'s handlers switched off)
    and leave its file as a crash does (never closed nor finished); return its path."""
    game = Game.new(RULES, "tomu", "normal", 7 + minute)
    began = datetime(2026, 11, 29, 10, minute, tzinfo=UTC)
    recorder = Recorder.start(game, RULES, created=began, compress=False)
    for _ in range(decisions):
        action = next(a for a, why in game.options() if not why)
        recorder.record(action, game.apply(action), game)
    if switched:
        recorder.switch_off(switched)
    return recorder.path


def test_an_unfinished_game_with_no_decision_is_not_one_to_continue() -> None:
    empty, played = left_by_a_crash(0, 1), left_by_a_crash(2, 2)
    assert read_info(empty).outcome == "unfinished" and read_info(empty).decisions == 0
    assert not continuable(read_info(empty)) and continuable(read_info(played))
    assert [i.path for i in unfinished_games()] == [played]
    # Still a recording on disk, in the full list.
    assert {i.path for i in recorded_games()[0]} == {empty, played}


def test_the_commands_offer_only_the_game_with_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    left_by_a_crash(0, 1)
    assert main(["replays", "--unfinished"]) == 0
    # Said as the Continue list says it (not "No recorded games", where one is: a52's note).
    folder = replays_dir()
    assert capsys.readouterr().out == (
        f"No unfinished games in {folder}: a game you leave before its end waits here.\n"
    )
    left_by_a_crash(1, 2)
    assert main(["replays", "--unfinished"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "tomu" in line.lower()]
    assert len(rows) == 1 and "T1002" in rows[0], rows


def test_the_title_dims_continue_and_its_list_is_empty_with_only_an_empty_game() -> None:
    left_by_a_crash(0, 1)

    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            prompt = menu.get_option("continue").prompt
            assert "(none)" in str(prompt), prompt
            app.push_screen(ReplayListScreen(unfinished_only=True))
            await pilot.pause()
            assert app.screen.query_one("#replays", DataTable).row_count == 0

    asyncio.run(run())


def test_a_game_whose_last_line_switches_a_plugin_off_counts_its_decisions() -> None:
    # The switch-off line is written before the decision it comes with: a game left then
    # (a plugin's handler failed, the player switched it off and left) has the decisions
    # before it (it read 0: "Decisions 0" in the list, and not offered to continue).
    path = left_by_a_crash(2, 1, switched="bad")
    info = read_info(path)
    assert info.decisions == 2 and continuable(info), info
    assert [i.path for i in unfinished_games()] == [path]
