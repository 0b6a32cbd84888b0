"""#28 playtest round 12: keys that took what the player did not see (80x24)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from pilot import paced, played, prompt, settle, sync
from textual import events
from textual.widgets import Input, OptionList

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.careful import NEW
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.help import HelpScreen
from unbroken.tui.newgame import NewGameScreen
from unbroken.tui.option_rows import OPTION_KEYS

RULES = load_ruleset()


def careful(panel: DecisionPanel) -> bool:
    """Return whether the careful window is open (asked through a call: never narrowed)."""
    return panel.careful


def test_a_key_pressed_twice_at_the_levels_end_does_not_explore_on_the_next_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Level 3's end: `1` answered it, `1` again 0.3 s later took "1. Explore" on level 4's
    # first Preparation, cards revealed (no `u`). A new level's first question opens the
    # careful window, and an option that shows a card or a die's roll is costly.
    paced(monkeypatch, careful=60.0)  # not timed here
    asyncio.run(eat_then_explore())


async def eat_then_explore() -> None:
    game = Scenario("tomu", level=3).resources(food=3).start("hunger")
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press("1", "1")  # Eat 3 (the first question: at once), then Explore?
        await settle(pilot)
        assert game.state.level == 4 and game.state.step == "preparation"
        assert screen.offered[0][0] == act.Explore()
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        assert not game.state.revealed
        await pilot.press("1")
        await settle(pilot)
        assert game.state.step != "preparation"  # the same key again takes it


def test_each_new_question_has_a_careful_window_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Hunger step's "New question: a key marks a costly option" stayed on the next
    # question, whose key took its option at once. The window is decided again for each
    # new question: since round 19 every one not on screen before the last key opens one
    # of its own (an attack's Response came unguarded), and a key does what the cue says.
    paced(monkeypatch, careful=60.0)
    asyncio.run(window_of_its_own())


async def window_of_its_own() -> None:
    game = Scenario("tomu", level=2).resources(se=10).start("preparation")
    async with played(game, rules=RULES) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful(NEW)  # as a weighty question before left it
        panel.draw()
        assert "New question" in prompt(screen), prompt(screen)
        game.apply(act.Focus())  # the same question again: the window stays
        screen.refresh_all()
        await settle(pilot)
        assert careful(panel) and "New question" in prompt(screen), prompt(screen)
        game.apply(act.Explore())
        game.apply(next(a for a in game.legal_actions() if isinstance(a, act.ChooseEncounter)))
        panel.mark(0)  # a mark left from the question before is not this one's
        screen.refresh_all()
        await settle(pilot)
        assert game.state.step == "exploration"
        assert game.decision is not None and game.decision.kind == "resolve_or_rest"
        assert careful(panel) and panel.marked is None
        assert "New question" in prompt(screen), prompt(screen)
        key = next(OPTION_KEYS[i] for i in range(len(screen.offered)) if panel.costly(i))
        events = len(game.events)
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) == events  # marked, as the cue says
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) > events


def test_a_disarm_that_puts_other_attacks_on_the_same_keys_says_options_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Goblin's DISARM swapped the Spear's Pierce and Lunge for the Knife's Quick cut
    # and Stab on keys 2 and 3: the same keys, other options, and no "Options changed".
    paced(monkeypatch, careful=60.0)
    asyncio.run(disarmed())


async def disarmed() -> None:
    game = (
        Scenario("tomu", level=2)
        .resources(se=20, le=3)
        .weapon("base:knife", "base:spear")
        .monster("goblin")
        .dice(*[5] * 30)  # row 5: DISARM
        .start("battle")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        assert screen.offered[1][0] == act.Attack(attack="pierce")
        await pilot.press("1")  # Pry: the Goblin's turn disarms
        await settle(pilot)
        assert screen.offered[1][0] == act.Attack(attack="quick-cut"), screen.offered
        assert "Options changed" in prompt(screen), prompt(screen)
        events = len(game.events)
        await pilot.press("2")  # meant for Pierce: marks Quick cut, takes nothing
        await settle(pilot)
        assert len(game.events) == events
        assert "2 marked: press 2 again" in prompt(screen), prompt(screen)


def test_keys_typed_at_once_in_helps_search_are_taken_in_order() -> None:
    # tmux sent `time`, four Backspaces and `level` at once: the search said "tevel 2
    # gets" (a Backspace, a bound key, ran after the letters typed behind it).
    asyncio.run(typed_at_once())


async def typed_at_once() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await settle(pilot)
        await pilot.press("slash")
        await settle(pilot)
        burst(app, *"time", *["backspace"] * 4, *"level", "left", "left", "x")
        await settle(pilot)
        assert app.screen.query_one("#help-search", Input).value == "levxel"


def burst(app: UnbrokenApp, *keys: str) -> None:
    """Send keys as a terminal does when they come at once: all queued, no pause between
    (Pilot's `press` waits for each key's work before the next)."""
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        assert app._driver is not None
        app._driver.send_message(event)


def picked(app: UnbrokenApp) -> list[str]:
    """Return the New game screen's lines marked ▶: the character and the difficulty, as
    the player reads them after the focus bar's column (its first: "▌" on the highlighted
    row of the list with the focus, 28b-14)."""
    screen = app.screen
    assert isinstance(screen, NewGameScreen), screen
    out = []
    for name in ("#characters", "#difficulties"):
        options = screen.query_one(name, OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert all(line[:1] in ("▌", " ") for line in prompts), prompts  # the bar's column
        out += [line[1:] for line in prompts if line[1:].startswith("▶")]
    return out


@sync
async def test_new_game_starts_on_the_last_games_pick_after_fiddling_and_leaving() -> None:
    # README: the New game screen starts on the last game's character and difficulty.
    # After fiddling with the lists and Esc it started on what was last highlighted.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = replace(app.settings, character="base:tomu", difficulty="hard")
        await pilot.press("enter")  # New game
        await settle(pilot)
        last = ["▶ Tomu — Sage", "▶ Hard (hardest)"]
        assert picked(app) == last
        await pilot.press("down", "tab", "up")
        await settle(pilot)
        assert picked(app) != last
        await pilot.press("escape")
        await settle(pilot)
        app.open_screen("new")
        await settle(pilot)
        assert picked(app) == last


@sync
async def test_the_new_game_lists_stop_at_their_ends() -> None:
    # Hard, Down, Down landed on Easy: the title's menu stops at its ends (#28), these
    # lists did not.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = replace(app.settings, difficulty="hard")
        await pilot.press("enter")
        await settle(pilot)
        first = picked(app)[0]
        await pilot.press("up")  # on the first character: stays
        await pilot.press("tab", "down", "down")
        await settle(pilot)
        assert picked(app) == [first, "▶ Hard (hardest)"]


@sync
async def test_the_inspectors_arrows_stop_at_the_last_card() -> None:
    # Arrows typed quickly moved "fewer steps than pressed": past the last card the list
    # went round to the first. It stops at its ends now, as the title's menu does.
    game = Scenario("tomu", level=2).resources(se=10).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        cards = app.screen.query_one("#inspector-cards", OptionList)
        last = cards.option_count - 1
        burst(app, *["down"] * cards.option_count)
        await settle(pilot)
        assert cards.highlighted == last
