"""#28 playtest round 13: a double tap's second key answered a question not yet seen."""

from __future__ import annotations

import asyncio

import pytest
from pilot import game_screen_of, paced, played, prompt, settle
from textual.widgets import Static

from games import aimed_shot_for_the_kill
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import Phase, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.leaving import LeaveScreen

RULES = load_ruleset()


def phase(game: Game) -> Phase:
    """Return the game's phase (asked through a call: mypy narrows it across a key)."""
    return game.state.phase


def test_a_key_too_quick_after_a_new_question_marks_a_costly_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 13: "2 2" — the first 2 took Rest (the card's second option), the second,
    # 0.3 s later, took the next Preparation's "2. Fight the monster now" unseen. A key
    # that comes sooner after a new question than anyone reads it (here: any, the time
    # made long) marks a costly option; the same key again takes it.
    paced(monkeypatch, quick=60.0)
    paced(monkeypatch, careful=60.0)
    asyncio.run(rest_then_fight())


async def rest_then_fight() -> None:
    game = Scenario("caellahan").resources(le=1).encounters("juicy-bats").start("exploration")
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press("1")  # keep Juicy Bats: the first question, taken at once
        await settle(pilot)
        assert act.Rest() in game.legal_actions(), game.legal_actions()
        rest = [a for a, _ in screen.offered].index(act.Rest())
        key = str(rest + 1)
        await pilot.press(key)
        await settle(pilot)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.step == StepName.PREPARATION, game.state.step
        fight = [a for a, _ in screen.offered].index(act.Fight())
        key = str(fight + 1)
        await pilot.press(key)  # the double tap's second key, on a question just come
        await settle(pilot)
        assert phase(game) == Phase.TRAVEL, phase(game)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert phase(game) == Phase.COMBAT


def test_leaving_before_a_first_decision_says_the_game_is_not_kept() -> None:
    # Round 13: Esc before any decision said "It is saved: Continue picks it up", then the
    # title read "Continue an unfinished game (none)" (a game with no decision of the
    # player's is not kept). The question says which it is.
    asyncio.run(leave_twice())


async def leave_twice() -> None:
    app = UnbrokenApp(RULES, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Start
        await settle(pilot)
        screen = game_screen_of(app)
        await pilot.press("escape")
        await settle(pilot)
        said = str(app.screen.query_one(Static).render())
        assert isinstance(app.screen, LeaveScreen)
        assert "not kept" in said and "It is saved" not in said, said
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("1")  # Explore: the first question's key takes it
        await settle(pilot)
        assert screen.session.recorder is not None and screen.session.recorder.decisions
        await pilot.press("escape")
        await settle(pilot)
        said = str(app.screen.query_one(Static).render())
        assert "It is saved" in said and "not kept" not in said, said


def test_a_cut_options_detail_says_its_own_words_first() -> None:
    # Rounds 12 and 13: "7. Aimed Shot [Hunter] (pay 2…" highlighted, its row cut, and the
    # line under the list said only "Troll: gain 2 treasure." — not what the option is.
    asyncio.run(cut_aimed_shot())


async def cut_aimed_shot() -> None:
    game = aimed_shot_for_the_kill()
    async with played(game, rules=RULES) as (pilot, screen):
        panel = screen.query_one(DecisionPanel)
        aimed = [a for a, _ in screen.offered].index(act.Use("base:hunter", "aimed-shot"))
        assert panel.is_cut(aimed), panel.row_shown(aimed)
        said = " ".join(panel.detail_of(aimed)[0].split())
        # Round 19: with "it takes your turn", as its row says.
        assert said.startswith("Aimed Shot [Hunter] (pay 2 SE, 1 ability use; it takes"), said
        assert "Giant Spider: gain 1 food + 1 wood" in said, said
        # Snare acts at the battle's start, past now: no use left is lost for it.
        assert "none left for Snare" not in said, said


def test_a_double_tap_does_not_keep_a_card_before_the_cards_are_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 13: "1 1" — Explore, then the first revealed card kept before the six were
    # seen (it could not be paid: a Rest forced, its time spent).
    paced(monkeypatch, quick=60.0)
    paced(monkeypatch, careful=60.0)
    asyncio.run(explore_then_keep())


async def explore_then_keep() -> None:
    game = Scenario("caellahan").encounters("juicy-bats", "abandoned-hovel").start()
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press("1", "1")  # Explore (the first question: at once), then keep?
        await settle(pilot)
        assert game.state.step == StepName.EXPLORATION, game.state.step
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
