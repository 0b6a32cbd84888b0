"""#28 playtest round 16: a key meant for one question answered the next, unseen: a second
key 1.5 s after a Response took the next turn's attack, and (round 15) a key 0.7 s after an
Exploration's reveal kept a card. Both questions open the "New question" window: a key on
a costly option only marks it. The clock is held: the half second a double tap's key is
held is made nothing (`quick_seconds`), the window long (`careful_seconds`), so only the
window can hold the key."""

from __future__ import annotations

import asyncio

import pytest
from pilot import key_of, kind, paced, played, prompt, settle

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@pytest.fixture(autouse=True)
def _clock_held(monkeypatch: pytest.MonkeyPatch) -> None:
    paced(monkeypatch, quick=0.0)
    paced(monkeypatch, careful=60.0)


def test_a_key_after_a_response_only_marks_the_next_turn_s_attack() -> None:
    asyncio.run(response_then_attack())


async def response_then_attack() -> None:
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20)
        .skills("lucky")
        .monster("wyvern")
        .dice(2, *[3] * 10)  # the Wyvern's 2: Lucky Break is offered
        .start("battle")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press(key_of(screen, act.Skip))
        await settle(pilot)
        assert kind(screen) == DecisionKind.RESPONSE
        passing = key_of(screen, act.Pass)  # gives up Lucky Break: marks first (round 20)
        await pilot.press(passing, passing)  # the row acts; round 2's turn comes
        await settle(pilot)
        assert kind(screen) == DecisionKind.PLAYER_TURN
        events = len(game.events)
        key = key_of(screen, act.Attack)
        await pilot.press(key)  # meant for the Response: marks the attack
        await settle(pilot)
        assert len(game.events) == events
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) > events


def test_a_key_after_an_exploration_s_reveal_only_marks_a_card() -> None:
    asyncio.run(explore_then_keep())


async def explore_then_keep() -> None:
    game = (
        Scenario("tomu", seed=3)
        .resources(se=10)
        .encounters("abandoned-hovel", "metal-scraps")
        .start("preparation")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press(key_of(screen, act.Explore))
        await settle(pilot)
        if "marked" in prompt(screen):
            await pilot.press(key_of(screen, act.Explore))
            await settle(pilot)
        assert kind(screen) == DecisionKind.CHOOSE_ENCOUNTER
        assert "New question" in prompt(screen), prompt(screen)
        await pilot.press("1")  # 0.7 s after the reveal: marks the first card
        await settle(pilot)
        assert kind(screen) == DecisionKind.CHOOSE_ENCOUNTER
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        await pilot.press("1")
        await settle(pilot)
        assert screen.game.state.step == StepName.EXPLORATION
        assert kind(screen) == DecisionKind.RESOLVE_OR_REST


def test_a_key_after_fight_only_marks_the_first_attack() -> None:
    # #28 round 17 (the lead's own play): "2 2", a second apart, took Fight the monster
    # now, then Punch on the Hyena before it was seen: the reveal came between.
    asyncio.run(fight_then_attack())


async def fight_then_attack() -> None:
    game = Scenario("tomu", seed=3).resources(se=13).monster("hyena").start("preparation")
    async with played(game, rules=RULES) as (pilot, screen):
        fight = key_of(screen, act.Fight)
        await pilot.press(fight)  # Fight always marks first (#28 round 20)
        await settle(pilot)
        assert f"{fight} marked" in prompt(screen), prompt(screen)
        await pilot.press(fight)
        await settle(pilot)
        assert kind(screen) == DecisionKind.PLAYER_TURN, prompt(screen)
        events = len(game.events)
        attacks = [i for i, (a, _) in enumerate(screen.offered) if isinstance(a, act.Attack)]
        key = OPTION_KEYS[attacks[-1]]  # Punch (Shove breaks armor the Hyena has not)
        await pilot.press(key)  # meant for the Preparation: marks the attack
        await settle(pilot)
        assert len(game.events) == events
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) > events
