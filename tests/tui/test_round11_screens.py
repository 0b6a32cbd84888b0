"""#28 playtest round 11: the screens' surprises a README-only player met at 80x24."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pilot import game_screen_of, paced, played, settle
from scenes import hovel_with_no_se

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()
PUNCH = act.Attack(attack="punch")


def prompt(screen: GameScreen) -> str:
    return str(screen.query_one("#prompt").render())


def a_turn_before_the_kill() -> Game:
    """Level 4, the Goblin one punch from falling: the punch ends the battle, and the
    level's Hunger step (food due) is the next question."""
    game = Scenario("tomu", level=4).resources(se=20, food=2).monster("goblin").start("battle")
    for _ in range(30):
        legal = dict(game.options())
        attack = act.Attack(attack="shove") if legal.get(PUNCH) else PUNCH
        if attack == PUNCH and game.query().forecast(PUNCH).defeated:
            return game
        game.apply(attack)
    raise AssertionError("the Goblin never came within a punch")


def test_a_key_meant_for_the_battle_does_not_answer_the_hunger_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "3 3": the first 3 took the kill, the second answered the Hunger screen unseen
    # (Eat 2 food) and the game ended. A new question that ends the level (or the game)
    # now opens the careful window: the key marks, the same again takes.
    paced(monkeypatch, careful=60.0)  # not timed here
    asyncio.run(kill_then_hunger())


async def kill_then_hunger() -> None:
    game = a_turn_before_the_kill()
    async with played(game, rules=RULES) as (pilot, screen):
        key = next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == PUNCH)
        await pilot.press(key, key)
        await settle(pilot)
        assert game.state.step == "hunger" and game.decision is not None
        eaten = len(game.events)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        assert "Options changed" not in prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) > eaten


def test_after_a_decision_taken_for_you_the_prompt_says_what_and_moves_no_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The README promises "Taken for you: Rest … New options:"; after the beat the prompt
    # said "Options changed" though no key had moved, and the Rest was only in `l`.
    paced(monkeypatch, settle=60.0)
    paced(monkeypatch, careful=60.0)
    asyncio.run(taken_then_settled())


async def taken_then_settled() -> None:
    app = UnbrokenApp(RULES, animate=False, game=hovel_with_no_se(), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        await pilot.press("1")
        await settle(pilot)
        screen.decision_panel.settle_over()  # the beat over: keys act, carefully
        await pilot.pause()
        said = prompt(screen)
        assert "Taken for you: Rest" in said and "New options:" in said, said
        assert "Options changed" not in said


def test_a_lone_option_is_taken_by_one_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # Committed to Cold Spring, Resolve is the only option: "1 marked: press 1 again".
    # A lone option that does not end the game cannot be taken by mistake for another.
    # Round 23 changed it: right after the keep taken for the player, the cards just
    # revealed, a lone costly option marks first (a double tap's second key paid 2 SE
    # unread, tests/tui/test_round23_keys.py); the careful window over, one key takes it.
    paced(monkeypatch, settle=60.0)
    paced(monkeypatch, careful=60.0)
    asyncio.run(lone_option())


async def lone_option() -> None:
    game: Any = (
        Scenario("tomu").resources(se=13).encounters("cold-spring").commit().start("preparation")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press(
            next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == act.Explore())
        )
        await settle(pilot)  # Cold Spring kept for you: Resolve is all there is
        screen.decision_panel.settle_over()
        await pilot.pause()
        assert [a for a, _ in screen.offered] == [act.Resolve()]
        screen.decision_panel.close_careful()  # the cards read: what an option taken does
        events = len(game.events)
        await pilot.press("1")
        await settle(pilot)
        assert len(game.events) > events
        assert "marked" not in prompt(screen)


def test_the_rules_pages_close_when_the_monster_changes() -> None:
    # `m` left open on one monster stayed open into the next level: the Barrow Hound came
    # up as "Stage rules 1 of 3 (m: next)" with no key pressed.
    asyncio.run(pages_then_another_monster())


async def pages_then_another_monster() -> None:
    from test_round8_screens import paged_game

    from unbroken.tui.stage import StagePanel

    app = UnbrokenApp(RULES, animate=False, game=paged_game("basilisk"), record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stage = game_screen_of(app).query_one(StagePanel)
        await pilot.press("m")
        await settle(pilot)
        assert "rules 1 of" in str(stage.border_title), stage.border_title
        nxt = Scenario("tomu", level=2).resources(se=15).monster("shaman").start("battle")
        stage.show(nxt.state, RULES)  # the next level's monster on the stage
        await pilot.pause()
        assert stage.expanded is not True and "rules 1 of" not in str(stage.border_title)


def test_the_detail_line_says_how_an_option_is_paid_whole() -> None:
    # "Paid as 1 LE: short of…": the detail line under the options, meant to say the
    # highlighted option in full, cut its substitution after repeating the option's line.
    asyncio.run(paid_as_whole())


async def paid_as_whole() -> None:
    game = Scenario("tomu", level=2).resources(se=0, me=0, le=3).monster("goblin").start("battle")
    async with played(game, rules=RULES) as (pilot, screen):
        shove = next(
            i
            for i, (a, _) in enumerate(screen.offered)
            if isinstance(a, act.Attack) and a.attack == "shove"
        )
        screen.decision_panel.highlighted = shove
        await pilot.pause()
        said = " ".join(str(screen.query_one("#detail").render()).split())
        assert "Paid as 2 LE: short of SE, LE pays it all." in said, said  # 31a-10
