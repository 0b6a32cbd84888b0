"""#28 playtest round 19 (README-only players at 80x24): a key meant for one question
answered the next. A Response window that came after the player's own attack (the
monster's roll between) took Dodge with a key 1.9 s after the attack's; a key 2.6 s
after Flexible kept a skill unseen; and the careful window's clock ran under the
inspector, so a key after Esc took Eat 1 food at once. The clocks are held as in
round 16's tests: the double tap's second is made nothing (`quick_seconds`), so only
the window can hold a key."""

from __future__ import annotations

import asyncio

import pytest
from pilot import game_screen_of, key_of, kind, on_top, paced, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind, StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.careful import NEW

RULES = load_ruleset()


@pytest.fixture(autouse=True)
def _clock_held(monkeypatch: pytest.MonkeyPatch) -> None:
    paced(monkeypatch, quick=0.0)
    paced(monkeypatch, careful=60.0)


@sync
async def test_a_key_after_an_attack_only_marks_the_response_after_the_monster_s_roll() -> None:
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10, me=1)
        .monster("kobold")
        .dice(6, 6, 6, 6)  # the Kobold's 6: Dodge may help, and is asked
        .start("battle")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        await pilot.press(key_of(screen, act.Attack))
        await settle(pilot)
        assert kind(screen) == DecisionKind.RESPONSE
        assert "New question" in prompt(screen), prompt(screen)
        events = len(game.events)
        key = key_of(screen, act.Use)  # Dodge: 1 SE and a use
        await pilot.press(key)  # meant for the attack's question: only marks Dodge
        await settle(pilot)
        assert len(game.events) == events
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) > events


@sync
async def test_a_key_after_flexible_only_marks_a_skill() -> None:
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10)
        .monster("kobold")
        .dice(*[3] * 20)
        .start("rewards")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        assert kind(screen) == DecisionKind.RESPONSE  # Flexible, before the skill draw
        await pilot.press(key_of(screen, act.Use))
        await settle(pilot)
        assert kind(screen) == DecisionKind.CHOOSE_SKILL
        assert "New question" in prompt(screen), prompt(screen)
        skills = len(game.state.skills)
        await pilot.press("1")  # meant for the Response: only marks the first skill
        await settle(pilot)
        assert len(game.state.skills) == skills
        assert "1 marked: press 1 again" in prompt(screen), prompt(screen)
        await pilot.press("1")
        await settle(pilot)
        assert len(game.state.skills) == skills + 1


def test_the_careful_window_counts_only_the_time_the_question_is_in_sight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Real time here: a window of 3 s, the inspector open for 4 s over it.
    paced(monkeypatch, careful=3.0)
    asyncio.run(window_under_the_inspector())


async def window_under_the_inspector() -> None:
    game = Scenario("tomu", level=1).resources(se=10, food=3).start("hunger")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        panel = screen.decision_panel
        assert game.state.step == StepName.HUNGER
        panel.open_careful(NEW)  # as the Hunger step after the kill opens it
        panel.draw()
        assert "New question" in prompt(screen), prompt(screen)
        await pilot.press("i")  # the inspector over the game
        await settle(pilot)
        assert on_top(app) is not screen
        await asyncio.sleep(4.0)  # longer than the window: it counts none of it
        await pilot.press("escape")
        await settle(pilot)
        assert on_top(app) is screen
        assert "New question" in prompt(screen), prompt(screen)
        events = len(game.events)
        key = key_of(screen, act.Eat)
        await pilot.press(key)  # only marks
        await settle(pilot)
        assert len(game.events) == events
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
