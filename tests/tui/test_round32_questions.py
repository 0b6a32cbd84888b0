"""#28 playtest round 32 (32a-12): the Bugbear Warlord's reward skill kept, the level's
skill draw said "Options changed" (the cue of a question's list changed under its keys)
where a new question was asked: two skills drawn to keep one, "New question"."""

from __future__ import annotations

from pilot import CAREFUL, played, prompt, settle, sync

from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.tui.careful import NEW


@sync
async def test_the_skill_draw_after_a_reward_skill_is_a_new_question() -> None:
    game = Scenario("tomu", level=3, seed=4).resources(se=13, food=3)
    started = game.monster("bugbear-warlord").start("rewards")  # its gain_skill reward
    async with played(started, CAREFUL) as (pilot, screen):
        assert started.state.decision == DecisionKind.CHOOSE_SKILL
        drawn = [a for a, _ in started.options()]
        await pilot.press("1")  # the reward's skill kept (no window open: at once)
        await settle(pilot)
        assert started.state.decision == DecisionKind.CHOOSE_SKILL, prompt(screen)
        assert [a for a, _ in started.options()] != drawn  # the level's own draw
        said = prompt(screen)
        assert "New question" in said and "Options changed" not in said, said
        assert screen.decision_panel.why == NEW
