"""Shared by the Pilot tests: run an async test function with asyncio; an app playing a
game at 80x24, settled, and its game screen (`played`); the game screen's parts."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest
from scenes import committed_at_the_preparation, three_responses
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, Static

from unbroken.advisor.analysis import Analysis, keep, made_with
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import StepName
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording
from unbroken.testing import expansions_from_source
from unbroken.tui import analysis
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HINTS, HintBox
from unbroken.tui.inspector import InspectorScreen
from unbroken.tui.leaving import LeaveScreen
from unbroken.tui.option_rows import OPTION_KEYS, DecisionList
from unbroken.tui.pace import KeyPace
from unbroken.tui.replays import ReplayViewerScreen
from unbroken.tui.stage import StagePanel

#: A kind of screen (`opened`).
ScreenT = TypeVar("ScreenT", bound=Screen[Any])

#: No beat, no double tap: only the careful window's own rule, its clock driven by hand
#: (`careful_over`), the game's first question the one the test set up.
CAREFUL = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=False)


def sync(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async Pilot test with asyncio (no pytest plugin needed)."""

    def run() -> None:
        asyncio.run(test())

    run.__name__ = test.__name__
    return run


def game_screen_of(app: UnbrokenApp) -> GameScreen:
    """Return the screen on top, checked to be the game screen."""
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


@asynccontextmanager
async def played(
    game: Game,
    key_pace: KeyPace | None = None,
    rules: Ruleset | None = None,
    size: tuple[int, int] = (80, 24),
    animate: bool = False,
) -> AsyncIterator[tuple[Pilot[Any], GameScreen]]:
    """Run an app playing `game` (not recorded; `rules`: the game's unless given; the
    key times `key_pace`, else the test pace) at `size`, settled: the pilot and the game
    screen."""
    ruleset = game.ruleset if rules is None else rules
    app = UnbrokenApp(ruleset, animate=animate, game=game, record=False, key_pace=key_pace)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield pilot, game_screen_of(app)


@asynccontextmanager
async def three_responses_played() -> AsyncIterator[tuple[Pilot[Any], GameScreen, int]]:
    """Run an app at 80x24, hints off, playing `three_responses` (the Gauntlet loaded):
    the pilot, the game screen and the place of the Sword's Cut among the options."""
    assert save_settings(Settings(hints=False)) == ""
    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"gauntlet": "unbroken_gauntlet"}) as rules:
        async with played(three_responses(rules), rules=rules) as (pilot, screen):
            cut = act.Attack("cut")
            yield pilot, screen, next(i for i, (a, _) in enumerate(screen.offered) if a == cut)


@asynccontextmanager
async def committed_inspected() -> AsyncIterator[tuple[Pilot[Any], InspectorScreen, OptionList]]:
    """Run an app at 80x24, hints off, at `committed_at_the_preparation` with `i` open:
    the pilot, the inspector and its list of cards."""
    assert save_settings(Settings(hints=False)) == ""
    async with played(committed_at_the_preparation()) as (pilot, _):
        screen = await opened(pilot, "i", InspectorScreen)
        yield pilot, screen, screen.query_one("#inspector-cards", OptionList)


async def detail_at(pilot: Pilot[Any], screen: GameScreen, index: int) -> str:
    """Highlight the option at `index` (as the arrows do) and settle: the detail line under
    the options, on one line."""
    screen.decision_panel.highlighted = index
    await settle(pilot)
    return " ".join(str(screen.query_one("#detail", Static).render()).split())


async def option_detail(game: Game, action: act.Action) -> tuple[str, str]:
    """Run an app playing `game` at 80x24 (hints off: a player past their first game), the
    highlight moved down to `action`'s option: return its row as shown and the detail line
    under the list, each on one line."""
    assert save_settings(Settings(hints=False)) == ""
    index = next(i for i, (a, _) in enumerate(game.options()) if a == action)
    async with played(game) as (pilot, screen):
        decisions = screen.query_one(DecisionList)
        for _ in range(index):
            await pilot.press("down")
        await settle(pilot)
        assert decisions.highlighted == index
        row = " ".join(decisions.row_shown(index).split())
        return row, " ".join(str(screen.query_one("#detail", Static).render()).split())


def kept_for_the_viewer(path: Path, found: Analysis) -> None:
    """Keep `found` as the analysis of the recording at `path`, made as the viewer's `a`
    makes one (the viewer shows only such a one, as `unbroken analyze` does: round 28)."""
    made = made_with(read_recording(path), load_ruleset(), analysis.GAMES, DEFAULT_SEED)
    keep(path, found, made)


def analysis_never_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the replay viewer's analysis (`a`) run and never end, none kept from before."""
    monkeypatch.setattr(analysis, "_compute", lambda *_: None)
    monkeypatch.setattr(analysis, "kept_one", lambda *_: None)


@asynccontextmanager
async def closing_the_viewer(
    rules: Ruleset, replay: Path
) -> AsyncIterator[tuple[Pilot[Any], UnbrokenApp]]:
    """Run an app viewing `replay` at 80x24, its analysis started (`analysis_never_ends`)
    and Esc pressed: the pilot and the app, the close question on top."""
    app = UnbrokenApp(rules, animate=False, record=False, replay=replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(on_top(app), ReplayViewerScreen)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(on_top(app), LeaveScreen)
        yield pilot, app


async def opened(pilot: Pilot[Any], key: str, kind: type[ScreenT]) -> ScreenT:
    """Press `key` (Enter on the title: New game; `i`: the inspector) and settle: the
    screen on top, checked to be a `kind`."""
    await pilot.press(key)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, kind), screen
    return screen


def on_top(app: UnbrokenApp) -> object:
    """Return the screen on top now, for `is` and `isinstance` checks. Asked through a
    call, it is never narrowed: mypy would keep an `isinstance(app.screen, ...)` or an
    `app.screen is x` across the key presses that change the screen."""
    return app.screen


def busy(app: App[Any]) -> bool:
    """Return whether the screen on top has work pending: a layout, a scroll, a repaint,
    a recompose (the footer's keys after a focus change), or callbacks waiting for the
    next refresh (`call_after_refresh`: the options fitted again)."""
    screen: Any = app.screen
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    )


async def settle(pilot: Pilot[Any], seconds: float = 30.0) -> None:
    """Pause until the screen on top has nothing pending (`busy`) after two pauses in a
    row, for at most `seconds`. One `pilot.pause()` waits until the process looks idle:
    its CPU time lagging the wall clock, which is also what a process starved by others
    (load 10 on two cores) looks like, so under load it returned with the footer half
    recomposed or the options not yet fitted again (#28: two tests failed so, once each).
    Not a timed assertion: the time is only a bound, what is checked after is unchanged."""
    deadline = time.monotonic() + seconds
    calm = 0
    while calm < 2 and time.monotonic() < deadline:
        await pilot.pause()
        calm = 0 if busy(pilot.app) else calm + 1


def paced(monkeypatch: pytest.MonkeyPatch, **times: Any) -> None:
    """Give the apps this test makes these key times (tui/pace.py's KeyPace fields: settle,
    careful, quick, first_new) over the test pace tests/conftest.py sets."""
    monkeypatch.setattr(UnbrokenApp, "key_pace", replace(UnbrokenApp.key_pace, **times))


def prompt(screen: GameScreen) -> str:
    """Return the game screen's prompt as drawn (its cue and question)."""
    return str(screen.query_one("#prompt").render())


async def marks(pilot: Pilot[Any], screen: GameScreen, key: str) -> None:
    """Press `key` once and check it marked its option: the question still asked (as many
    decisions taken), the prompt saying to press it again."""
    decisions = screen.game.state.decisions
    await pilot.press(key)
    await settle(pilot)
    assert screen.game.state.decisions == decisions, prompt(screen)
    assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)


async def open_pages(pilot: Pilot[Any], screen: GameScreen) -> StagePanel:
    """Press `m` (the stage's pages, its first) and settle: the stage panel."""
    stage = screen.query_one(StagePanel)
    await pilot.press("m")
    await settle(pilot)
    return stage


def hint_box(screen: GameScreen, step: StepName) -> HintBox:
    """Return the game screen's hint box, checked to say `step`'s hint."""
    box = screen.query_one(HintBox)
    assert box.text == HINTS[step], box.text
    return box


def key_of(screen: GameScreen, wanted: type[act.Action], ability: str = "") -> str:
    """Return the key of the first option of this type offered (a Use: of this ability)."""
    return next(
        OPTION_KEYS[i]
        for i, (a, _) in enumerate(screen.offered)
        if isinstance(a, wanted) and (not ability or getattr(a, "ability", "") == ability)
    )


def kind(screen: GameScreen) -> str:
    """Return the kind of the decision the game waits for ("" for none)."""
    return screen.game.decision.kind if screen.game.decision is not None else ""


async def snake_kept(app: UnbrokenApp, pilot: Pilot[Any]) -> GameScreen:
    """From the title of an app of seed 1: a new game, its first character explores and
    keeps the Slithering Snake (its key twice: cards just revealed, the first marks); Rest
    is taken for you after it. Return the game screen, settled."""
    await pilot.press("enter", "enter")  # New game, then Enter on a character starts
    await settle(pilot)
    screen = game_screen_of(app)
    await pilot.press(key_of(screen, act.Explore))
    await settle(pilot)
    snake = act.ChooseEncounter("base:slithering-snake")
    key = next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == snake)
    # Cards just revealed: the first key marks, however short the window (round 21).
    await pilot.press(key, key)
    await settle(pilot)
    return screen


async def kept_and_left(app: UnbrokenApp, pilot: Pilot[Any]) -> None:
    """From the title of an app of seed 1: a new game, started (recorded), a Focus of the
    player's (the game is kept), then Esc and Enter leave it for the title, which says
    "Game saved…" under its menu."""
    await pilot.press("enter", "ctrl+s")  # New game, started: it is recorded
    await pilot.pause()
    game = game_screen_of(app).game
    focus = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Focus))
    await pilot.press(OPTION_KEYS[focus])  # a decision of the player's: it is kept
    await pilot.press("escape", "enter")  # asked first; Enter leaves
    await pilot.pause()


async def m_pages(game: Game, size: tuple[int, int] = (80, 24)) -> list[tuple[str, str]]:
    """Return each of `m`'s pages (not the folded one) of an app playing `game` at `size`:
    the stage's title and its text."""
    pages: list[tuple[str, str]] = []
    async with played(game, size=size) as (pilot, screen):
        stage = screen.query_one(StagePanel)
        for _ in range(8):
            await pilot.press("m")
            await settle(pilot)
            if " of " not in str(stage.border_title):
                break
            pages.append((str(stage.border_title), stage.drawn))
    return pages
