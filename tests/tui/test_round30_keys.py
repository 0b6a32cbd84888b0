"""#28 playtest round 30 (30b-1): at the Bear's ROAR, "2 2": the first key used Lucky, the
second, 1.5 s on, kept the first roll of "Keep which result?" at once, unmarked, and threw
the re-roll away: that option (ROAR: Frightened) lost nothing a forecast counts, so it was
not costly. Keeping a roll is: the other result goes for good. Every re-roll a Response
makes (Lucky, I've Seen Worse) asks it; the keep question's prompt says what the key
used. The clock is held as in test_round16_keys.py: only the careful window holds a key."""

from __future__ import annotations

import asyncio

import pytest
from pilot import kind, marks, paced, played, prompt, settle

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@pytest.mark.parametrize(
    ("ability", "name"),
    [("lucky-reroll", "Lucky"), ("ive-seen-worse", "I've Seen Worse [Brawler]")],
)
def test_a_double_press_after_a_re_roll_only_marks_a_result(
    monkeypatch: pytest.MonkeyPatch, ability: str, name: str
) -> None:
    paced(monkeypatch, quick=0.0, careful=60.0)
    asyncio.run(re_roll_then_keep(ability, name))


async def re_roll_then_keep(ability: str, name: str) -> None:
    game = (
        Scenario("caellahan", level=2)
        .resources(se=20)
        .skills("lucky")
        .monster("bear")
        .dice(4, 2, *[3] * 10)  # ROAR, then the re-roll's 2: WOUND
        .start("battle")
    )
    async with played(game, rules=RULES) as (pilot, screen):
        skip = next(i for i, (a, _) in enumerate(screen.offered) if isinstance(a, act.Skip))
        await pilot.press(OPTION_KEYS[skip])
        await settle(pilot)
        assert kind(screen) == DecisionKind.RESPONSE
        index = next(
            i
            for i, (a, _) in enumerate(screen.offered)
            if isinstance(a, act.Use) and a.ability == ability
        )
        key = OPTION_KEYS[index]
        await marks(pilot, screen, key)  # a new question's window: marked first
        await pilot.press(key)  # taken: the re-roll
        await settle(pilot)
        assert kind(screen) == DecisionKind.PICK_ROLL
        for option in range(len(screen.offered)):  # either result, the same key or another
            assert screen.decision_panel.marks_first(option), screen.offered[option]
        assert f"{name} used. New question" in prompt(screen), prompt(screen)
        await marks(
            pilot, screen, OPTION_KEYS[1]
        )  # the double press's second: the re-roll (32a-10)
        assert game.state.decision == DecisionKind.PICK_ROLL
