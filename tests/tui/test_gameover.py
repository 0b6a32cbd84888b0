"""The game over screens (a win, a death): score, rank, replay and the same seed.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

import asyncio
from typing import Any

from pilot import on_top, sync
from playing import (
    RULES,
    choose,
    play_a_new_game,
    press_until_over,
    starving,
    winning,
)

from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.gameover import GameOverScreen


@sync
async def test_a_win_at_the_last_battle_shows_score_and_rank() -> None:
    game = winning()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until_over(pilot, app)
        assert game.outcome is not None and game.outcome.won
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        text = str(screen.query_one("#result").render())
        assert "VICTORY" in text and f"Score {game.outcome.score}: {game.outcome.rank}" in text
        # What the win earned is ticked on the achievements sheet: "[x]", not markup.
        from textual.widgets import DataTable

        from unbroken.tui.history import AchievementsScreen

        assert screen.new, "the win earned no achievement to look for"
        # The first game in these records: every achievement it earned is new, said once.
        from unbroken.records import all_achievements

        names = {a.id: a.name for a in all_achievements(None)}
        earned = ", ".join(names[a] for a in screen.new)
        assert f"New achievements on Normal: {earned}" in text.replace("\n", " ")
        app.push_screen(AchievementsScreen())
        await pilot.pause()
        sheet = app.screen.query_one("#sheet", DataTable)
        rows = [[str(c) for c in sheet.get_row_at(i)] for i in range(sheet.row_count)]
        column = 1 + ["easy", "normal", "hard"].index(game.state.difficulty)
        ticked = {row[0] for row in rows if row[column] == "[x]"}
        assert ticked and "[x] earned" in str(app.screen.query_one("#sheet-summary").render())


def test_game_over_shows_plugins_scores_for_a_loss_too(monkeypatch: Any) -> None:
    monkeypatch.setattr(
        "unbroken.plugins.alternative_scores",
        lambda ruleset, events, state: {"molehill:consolation": 2},
    )
    game = starving()
    app = UnbrokenApp(RULES, animate=False, game=game)

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("1")  # starve
            assert isinstance(app.screen, GameOverScreen)
            shown = str(app.screen.query_one("#result").render())
            assert "DEATH" in shown and "Consolation (molehill): 2" in shown
            # #28 round 11: the death screen said no score; Records showed 0.
            assert " reached · score 0 (lost)" in shown

    asyncio.run(play())


@sync
async def test_game_over_offers_the_replay_and_the_same_seed_and_keeps_one_title() -> None:
    from unbroken.replay import recorded_games
    from unbroken.tui.replays import ReplayViewerScreen
    from unbroken.tui.title import TitleScreen

    # Seed 1: Enter's game ends in 54 decisions (seed 21's took 127), played twice here.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_new_game(pilot, app)
        over = app.screen
        assert isinstance(over, GameOverScreen) and over.game.outcome is not None
        shown = str(over.query_one("#result").render())
        decisions = over.game.state.decisions
        assert f"{decisions} decisions · " in shown and " of 4 reached" in shown
        assert "Seed 1 — Normal." in shown
        assert over.replay is not None and over.replay.exists()
        await pilot.press("w")  # the recording just written, in the viewer
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        assert viewer.timeline.footer is not None and len(viewer.timeline) == decisions + 1
        await pilot.press("escape")
        assert on_top(app) is over
        # The same seed again: the same start, recorded anew; the game over closed.
        await pilot.press("s")
        again = app.screen
        assert isinstance(again, GameScreen) and again.game is not over.game
        assert again.game.events == over.game.events[: len(again.game.events)]
        assert again.game.state.decisions == 1 and again.recorder is not None
        assert [type(s) for s in app.screen_stack] == [TitleScreen, GameScreen]
        await press_until_over(pilot, app)
        second = app.screen
        assert isinstance(second, GameOverScreen) and second.replay not in (None, over.replay)
        # Both games' recordings are kept (the same name in the same minute).
        assert {i.path for i in recorded_games()[0]} == {over.replay, second.replay}
        await pilot.press("enter")
        # Back on the one title: the finished game's screens are closed, not stacked.
        assert [type(s) for s in app.screen_stack] == [TitleScreen]


@sync
async def test_death_screen_says_how_it_ended() -> None:
    game = starving()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # eat nothing: starve
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        shown = str(screen.query_one("#result").render())
        assert "You starved at level 2 (Hunger step)." in shown
        assert "How it ended:\n  2 food were due at the Hunger step of level 2" in shown
        assert "\n  You eat 0 of the 2 food you need." in shown  # then the log's last lines
        # Not recorded (a scenario): no replay to offer.
        assert screen.replay is None and screen.check_action("watch", ()) is False
        # The records screen says the highlighted game in full (its table is cut at 80).
        from unbroken.tui.history import RecordsScreen

        await pilot.press("enter")
        await choose(pilot, app, "records")
        assert isinstance(app.screen, RecordsScreen)
        await pilot.pause()
        shown = " ".join(str(app.screen.query_one("#game-detail").render()).split())
        assert shown.startswith("Game 1, ")
        assert (
            f": Tomu the Sage on Normal, seed {game.state.seed}, lost at level 2 "
            "(Hunger step): starvation. No replay file." in shown
        )


@sync
async def test_a_win_says_how_its_score_stands_against_the_best_so_far() -> None:
    said = []
    for treasure in (2, 2, 3):
        game = winning(treasure)
        app = UnbrokenApp(RULES, animate=False, game=game)
        async with app.run_test(size=(120, 40)) as pilot:
            await press_until_over(pilot, app)
            assert game.outcome is not None and game.outcome.won
            text = str(app.screen.query_one("#result").render())
            said.append(
                next(line for line in text.splitlines() if "with the" in line or "for the" in line)
            )
    assert said[0] == "Your first win with the Brawler on Normal."
    assert said[1].startswith("Your best for the Brawler on Normal is ")
    best = int(said[1].rstrip(".").split()[-1])
    assert said[2].startswith("A new best for the Brawler on Normal: ")
    assert said[2].endswith(f"(it was {best}).")


def test_a_long_result_at_80x24_says_more_is_below_and_keeps_achievements_in_sight(
    monkeypatch: Any,
) -> None:
    """#28 round 9: an Expert win hid its achievements and seed below 80x24 with no sign."""
    monkeypatch.setattr(
        "unbroken.plugins.alternative_scores",
        lambda ruleset, events, state: {f"molehill:rule{i}": i for i in range(6)},
    )
    asyncio.run(look_at_a_long_result())


async def look_at_a_long_result() -> None:
    game = winning()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until_over(pilot, app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        from textual.containers import VerticalScroll
        from textual.widgets import Static

        scroll = screen.query_one("#result-scroll", VerticalScroll)
        more = screen.query_one("#result-more", Static)
        assert scroll.max_scroll_y > 0, "the result fits: nothing to test"

        def shown() -> bool:
            return "more below" in str(more.render())

        assert shown()
        # The achievements are within the first screen (the result has 1 row of padding).
        lines = str(screen.query_one("#result").render()).splitlines()
        row = next(i for i, line in enumerate(lines) if line.startswith("New achievements"))
        assert 1 + row < scroll.size.height
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y and not shown()
        await pilot.press("home")
        await pilot.pause()
        assert shown()
