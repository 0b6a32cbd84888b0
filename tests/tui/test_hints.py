"""First-game hints (#18): once per kind of step, in a player's first game only, and off
with the `hints` setting."""

from __future__ import annotations

from pilot import game_screen_of, sync

from unbroken.core.state import StepName
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.records import add_game, open_records
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import HINTS, HintBox
from unbroken.tui.inspector import InspectorScreen
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


def notes(app: UnbrokenApp) -> list[str]:
    """Return the hints in view on the screen on top (a hint is never an app notice)."""
    assert not any(str(n.message) in HINTS.values() for n in app._notifications)
    return [box.text for box in app.screen.query(HintBox) if box.display and box.text]


@sync
async def test_a_first_game_hints_each_step_once() -> None:
    game = Scenario("tomu", seed=3).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert notes(app) == [HINTS[StepName.PREPARATION]]
        await pilot.press("1")  # Explore: the Exploration step
        await pilot.pause()
        # One at a time (at 80x24 a hint covers the Display): the new step's replaces it.
        assert notes(app) == [HINTS[StepName.EXPLORATION]]
        while game_screen_of(app).game.state.step != "preparation":  # keep one, rest: Preparation
            await pilot.press("1")
            await pilot.pause()
        assert HINTS[StepName.PREPARATION] not in notes(app)  # not again


@sync
async def test_no_hints_after_a_first_game_or_when_turned_off() -> None:
    save_settings(Settings(hints=False))
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not any(n in HINTS.values() for n in notes(app))
    save_settings(Settings(hints=True))
    played = Scenario("tomu").start("preparation")
    with open_records() as records:  # a finished game in the records: not a first game
        game = Scenario("tomu", level=2).resources(se=0, food=0).start("hunger")
        game.apply(game.legal_actions()[0])
        assert game.is_over
        add_game(records, game, RULES)
    app = UnbrokenApp(RULES, animate=False, game=played)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not any(n in HINTS.values() for n in notes(app))


@sync
async def test_a_hint_stays_on_the_game_screen_and_a_click_puts_it_away() -> None:
    game = Scenario("tomu", seed=3).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert notes(app) == [HINTS[StepName.PREPARATION]]
        await pilot.press("i")  # the inspector: nothing over it
        assert isinstance(app.screen, InspectorScreen)
        assert notes(app) == []
        await pilot.press("escape")
        assert notes(app) == [HINTS[StepName.PREPARATION]]  # back: the hint as it was
        await pilot.click(HintBox)
        assert notes(app) == []


@sync
async def test_a_hint_goes_when_the_player_takes_a_decision() -> None:
    # It covers the Display: once the player acts, the effort and time are in view again.
    game = Scenario("tomu", seed=3).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        focus = next(i for i, (a, _) in enumerate(game.options()) if type(a).__name__ == "Focus")
        await pilot.press(OPTION_KEYS[focus])  # an action: still Preparation
        assert game.state.step == "preparation"
        assert notes(app) == []


def overlaps(a: object, b: object) -> bool:
    return bool(a.overlaps(b))  # type: ignore[attr-defined]


@sync
async def test_a_hint_kind_is_shown_once_for_a_player_not_again_after_continue() -> None:
    # #28: the hint came back after Continue and after a take-back; the settings keep the
    # kinds seen.
    from unbroken.home.settings import load_settings

    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu", seed=3).start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert notes(app) == [HINTS[StepName.PREPARATION]]
    assert load_settings()[0].hints_seen == "preparation"
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu", seed=4).start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert notes(app) == []


@sync
async def test_notices_and_hints_never_cover_the_trackers_and_never_stack() -> None:
    # #28: a dimmed option pressed five times stacked five "Not now" notices over the
    # Display and the monster's health; the first-game hint covered SE/ME/LE/time.
    game = Scenario("tomu", seed=3).resources(se=1).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dimmed = next(i for i, (_, why) in enumerate(game.options()) if why)
        for _ in range(5):
            await pilot.press(OPTION_KEYS[dimmed])
        await pilot.pause()
        # Said once, in the notice line above the log (no toast at all since #28 item 5).
        assert not [n for n in app._notifications if "Not now" in str(n.message)]
        said = " ".join(str(box.render()) for box in app.screen.query(HintBox))
        assert said.count("Not now") == 1, said
        screen = app.screen
        trackers = [screen.query_one(f"#{name}").region for name in ("display", "stage")]
        covers = [box.region for box in screen.query(HintBox) if box.display]
        covers += [toast.region for toast in screen.query("Toast")]
        assert covers  # the hint and the notice are on show
        assert not any(overlaps(c, t) for c in covers for t in trackers)


@sync
async def test_a_hint_takes_rows_of_its_own_and_the_log_keeps_its_newest_lines() -> None:
    # #28 playtest round 3: the hint covered the log's last three lines (80x24 and in the
    # browser). It takes its own rows above the log, which gives them up and stays on its
    # newest lines; the options are fitted to what is left, and get the rows back after.
    from textual.widgets import RichLog

    game = Scenario("tomu", level=2).resources(se=10).monster("troglodyte").start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        assert notes(app) == [HINTS[StepName.BATTLE]]
        box = screen.query_one(HintBox)
        log = screen.query_one("#log", RichLog)
        decisions = screen.query_one("#decisions")
        assert not box.region.overlaps(log.region)
        assert not box.region.overlaps(decisions.region)
        assert log.scroll_y == log.max_scroll_y  # on its newest lines
        newest = log.lines[-1].text
        last_row = log.region.bottom - 1
        shown = "".join(s.text for s in screen._compositor.render_strips()[last_row])
        assert newest.strip() in shown, (newest, shown)
        assert decisions.region.bottom <= box.region.y
        await pilot.click(HintBox)
        await pilot.pause()
        assert notes(app) == [] and decisions.max_scroll_y == 0  # every option in sight


@sync
async def test_with_options_to_every_row_a_hint_is_cut_and_the_full_log_has_it_whole() -> None:
    # #28 playtest round 3: a Sage's first Preparation at 80x24 has twelve options, each
    # keeping a row: the hint in rows of its own pushed the log off the screen. It is cut
    # to its rows on a small screen (round 8: of one size, not to what the options
    # leave), says so, and the full log (`l`) has it whole, not the log's few rows.
    from textual.widgets import RichLog

    game = Scenario("helena", level=1).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen_of(app)
        box = screen.query_one(HintBox)
        log = screen.query_one("#log", RichLog)
        decisions = screen.query_one("#decisions")
        assert box.text == HINTS[StepName.PREPARATION]
        assert str(box.render()).endswith("… (l: all of it)")
        assert decisions.max_scroll_y == 0 and decisions.region.bottom <= box.region.y
        assert box.region.bottom <= log.region.y and log.region.bottom <= 23  # the footer
        assert log.size.height >= 2 and log.scroll_y == log.max_scroll_y
        assert f"First game: {HINTS[StepName.PREPARATION]}" in screen.said


def test_options_cut_to_fit_past_a_dimmed_one_of_one_row() -> None:
    # The options to cut were sorted dimmed first; a dimmed one of one row stopped the
    # cutting, and the wrapped ones that could be taken stayed wrapped, out of the room.
    from unbroken.tui.option_rows import fit_options

    lines = ["1. Dimmed (cannot pay)", "2. " + "a long option " * 6]
    shown = fit_options(lines, 40, 2, [True, False])
    assert [line.count("\n") for line in shown] == [0, 0]
