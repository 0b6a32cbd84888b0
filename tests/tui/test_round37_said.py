"""Round 37's prompts (#28): the option a key took is said by the next question's cue,
whatever question it answered (37b-1: "Chosen: Eat 1 food." never showed at a new level's
Preparation, the Hunger step's Eat taken by one key; a53's notes: a craft in battle, its
turn asked again after the monster's roll, said only "Options changed")."""

from __future__ import annotations

from pilot import CAREFUL, key_of, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.tui.widgets import marks_of


@sync
async def test_a_new_levels_preparation_says_the_eat_one_key_took() -> None:
    hunger = Scenario("tomu", level=1).resources(food=1).start("hunger")
    async with played(hunger, CAREFUL) as (pilot, screen):
        eat = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Eat(1))
        await pilot.press(str(eat + 1))  # no window open: taken at once, unmarked
        await settle(pilot)
        assert hunger.state.level == 2 and hunger.state.decision == DecisionKind.PREPARATION
        said = " ".join(prompt(screen).split())
        assert said.startswith("Chosen: Eat 1 food. New question"), said


@sync
async def test_a_craft_in_battle_is_said_over_its_options_changed() -> None:
    game = (
        Scenario("tomu", level=2, seed=3)
        .resources(se=15, me=3, le=2, wood=3, metal=3)
        .monster("goblin")
        .dice(*[2] * 40)
        .start("battle")
    )
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Craft))
        await settle(pilot)
        said = " ".join(prompt(screen).split())
        assert game.state.weapons[-1] == "base:club", said
        assert said.startswith(
            "Chosen: Craft the Club. Options changed: the monster rolled WOUND."
        ), said


@sync
async def test_a_conditions_loss_after_the_players_own_key_is_said_by_cause() -> None:
    # 36b-1: Resolve, then Poisoned's 1 SE (the Giant Spider's ambush gave it): the
    # Display's "SE ▼−2" had its cause only in the log.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=10, time=1)
        .monster("giant-spider")
        .encounters("metal-scraps", "abandoned-hovel", "a-safe-place")
        .dice(*[3] * 30)
        .start("exploration")
    )
    game.apply(act.ChooseEncounter("base:abandoned-hovel"))
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Resolve))
        await settle(pilot)
        said = " ".join(prompt(screen).split())
        assert "SE ▼−2: −1 Abandoned Hovel, −1 Poisoned." in said, said
        assert marks_of(screen.last).change["se"] == -2
