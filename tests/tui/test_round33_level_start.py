"""#28 playtest round 33 (33b-5): at a new level's Preparation the prompt said "Chosen: Eat
1 food. Options changed:" (its crafts' keys moved since the level before's Preparation),
read as options moved under the player. The Hunger step's question came between: it is a
"New question", whose costly options still mark first until one is taken."""

from __future__ import annotations

from dataclasses import replace

from pilot import CAREFUL, played, prompt, settle, sync

from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.tui.careful import NEW, keys_moved


@sync
async def test_a_new_levels_preparation_after_the_hunger_step_is_a_new_question() -> None:
    hunger = Scenario("tomu", level=1).resources(food=1).start("hunger")
    # The level before's Preparation, its keys elsewhere (a skill's own option among them).
    last = Scenario("tomu", level=1).skills("meditation").start().options()
    async with played(hunger, replace(CAREFUL, first_new=True)) as (pilot, screen):
        panel = screen.decision_panel
        panel.asked[DecisionKind.PREPARATION] = last
        eat = next(i for i, (a, _) in enumerate(hunger.options()) if "Eat" in type(a).__name__)
        key = str(eat + 1)
        await pilot.press(key)  # a new question's costly option: marked
        await settle(pilot)
        assert hunger.state.level == 1, prompt(screen)
        await pilot.press(key)  # taken
        await settle(pilot)
        assert hunger.state.level == 2, prompt(screen)
        assert hunger.state.decision == DecisionKind.PREPARATION
        assert keys_moved(last, hunger.options())
        said = prompt(screen)
        assert "New question" in said and "Options changed" not in said, said
        assert said.startswith("Chosen: Eat 1 food. New question"), said
        assert panel.why == NEW and panel.lasting  # keys moved: marks first until taken
