"""#28 playtest round 19 (README-only players at 80x24): the highlight started on an
option of no use now, `u` took the "Taken for you" lines out of the log, and Records
kept the layout of the width it opened at after a resize."""

from __future__ import annotations

import asyncio

import pytest
from pilot import game_screen_of, key_of, on_top, paced, played, settle, snake_kept, sync
from test_round12_records import keep_games, opened, rows
from textual.widgets import DataTable

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.words.no_use import NO_USE

RULES = load_ruleset()


@sync
async def test_the_highlight_starts_on_the_first_option_of_use() -> None:
    # Sacred Pool removes a condition, and none is in play: of no use now, and first; at
    # SE 20/20 its rest gains nothing either (below the cap the rest is of use: 36a-4).
    game = (
        Scenario("tomu", seed=3)
        .resources(se=20)
        .encounters("sacred-pool", "metal-scraps")
        .start("preparation")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        game.apply(act.Explore())
        screen.refresh_all()
        await settle(pilot)
        assert game.decision is not None and game.decision.kind == DecisionKind.CHOOSE_ENCOUNTER
        panel = screen.query_one(DecisionPanel)
        lines, off = panel.offered_now()
        assert NO_USE in lines[0] and not off[0], lines  # it can be taken, to no use
        assert [a for a, _ in screen.offered][1] == act.ChooseEncounter("base:metal-scraps")
        assert panel.highlighted == 1  # the order kept: the first of use
        assert lines[0].startswith(f"{OPTION_KEYS[0]}.")


def test_u_keeps_the_log_lines_of_the_decisions_that_stand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paced(monkeypatch, settle=0.0)
    paced(monkeypatch, careful=0.01)
    paced(monkeypatch, quick=0.0)
    asyncio.run(u_keeps_the_log())


async def u_keeps_the_log() -> None:
    # A recorded game (take-backs replay the recording), as test_auto_taken's: seed 1's
    # first character explores; keeping the Slithering Snake leaves Rest, taken for you.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await snake_kept(app, pilot)
        assert screen.game.state.step == "preparation"
        taken = [line for line in screen.said if line.startswith("Taken for you: Rest")]
        assert taken, screen.said[-5:]
        lines = list(screen.said)
        await pilot.press(key_of(screen, act.Focus))  # the player's own, then `u`
        await settle(pilot)
        assert len(screen.said) > len(lines)
        await pilot.press("u")
        await settle(pilot)
        again = game_screen_of(app)
        assert again is not screen
        assert again.said == lines  # the Rest taken for you still stands, and says so
        await pilot.press("u")  # the Snake kept, with the Rest taken after it
        await settle(pilot)
        last = game_screen_of(app)
        assert last is not again
        assert not [line for line in last.said if line.startswith("Taken for you: Rest")]
        assert last.said == lines[: len(last.said)]


async def records_rows(size: tuple[int, int], resized: tuple[int, int] | None = None) -> list[str]:
    """Return the Records table's lines opened at `size`, then resized to `resized`."""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=size) as pilot:
        screen = await opened(pilot, app)
        if resized is not None:
            await pilot.resize_terminal(*resized)
            await settle(pilot)
        assert on_top(app) is screen
        return [line.rstrip() for line in rows(screen.query_one("#games", DataTable))]


@sync
async def test_records_lay_the_table_out_again_for_a_new_width() -> None:
    # Round 19: opened at one width, resized, Records kept the first width's wrapping.
    keep_games(("kirilla-el-kaer", "starve"), ("caellahan", "win"), ("tomu", "starve"))
    for first, then in (((80, 24), (64, 24)), ((64, 24), (80, 24))):
        fresh = await records_rows(then)
        assert await records_rows(first) != fresh, "the widths lay the table out alike"
        assert await records_rows(first, then) == fresh, (first, then)
