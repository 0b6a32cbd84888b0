"""#28 playtest round 31 (31a-4): Helena with one ability use, Dangerous Idea taken with
Enter, and Enter again 0.7 s later took Explore unread: the Preparation asked again after
the die's roll, Dangerous Idea's row dimmed (no ability uses left), the highlight moved to
Explore, and the prompt said no "Asked again". The same question asked again right after
the player's key guards Enter whatever changed: on a costly option it marks first."""

from __future__ import annotations

from pilot import CAREFUL, key_of, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS

RULES = load_ruleset()


@sync
async def test_enter_after_the_last_dangerous_idea_marks_what_the_highlight_moved_to() -> None:
    game = Scenario("helena", level=1, seed=3).ability_uses(1).dice(*[1] * 30)
    started = game.start("preparation")
    async with played(started, CAREFUL, rules=RULES) as (pilot, screen):
        idea = OPTION_KEYS.index(key_of(screen, act.Use, "dangerous-idea"))
        decisions = screen.decision_panel
        while decisions.highlighted != idea:
            await pilot.press("down")
        await settle(pilot)
        await pilot.press("enter")  # no window open: taken at once, its use the last
        await settle(pilot)
        assert started.state.ability_uses == 0, prompt(screen)
        assert screen.offered[idea][1], screen.offered[idea]  # dimmed now
        assert decisions.highlighted != idea  # the highlight moved to a takeable option
        said = "Dangerous Idea [Sage] used. Asked again: Enter marks first"
        assert said in prompt(screen), prompt(screen)
        steps = started.state.decisions
        await pilot.press("enter")  # the double tap's second: marks, takes nothing
        await settle(pilot)
        assert started.state.decisions == steps, prompt(screen)
        assert started.state.decision == DecisionKind.PREPARATION
        assert "marked: press" in prompt(screen), prompt(screen)
        await pilot.press("enter")  # again: taken
        await settle(pilot)
        assert started.state.decisions > steps, prompt(screen)


@sync
async def test_a_focus_that_cannot_be_paid_again_guards_enter_the_same_way() -> None:
    # Focus pays the SE that a second Focus needs: its row dimmed "(cannot pay)".
    game = Scenario("helena", level=1, seed=3).resources(se=5).dice(*[1] * 30)
    started = game.start("preparation")
    async with played(started, CAREFUL, rules=RULES) as (pilot, screen):
        focus = OPTION_KEYS.index(key_of(screen, act.Focus))
        decisions = screen.decision_panel
        while decisions.highlighted != focus:
            await pilot.press("down")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.offered[focus][1], screen.offered[focus]
        assert "Chosen: Focus. Asked again: Enter marks first" in prompt(screen), prompt(screen)
        steps = started.state.decisions
        await pilot.press("enter")
        await settle(pilot)
        assert started.state.decisions == steps, prompt(screen)
        assert "marked: press" in prompt(screen), prompt(screen)
