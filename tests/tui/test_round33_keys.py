"""#28 playtest round 33's keys: at an Exploration, `2. Sacred Pool: … (time 4; no use
now: no condition in play; rest instead: gain 4 SE)` needed three presses ("not marked:
no use now", then marked, then taken) where `1. Scaffold Remains … (cannot pay: rest,
gain 2 SE)` took two: a card kept only to rest on it is of use (the rest), and is said
and keyed alike (33a-4)."""

from __future__ import annotations

from pilot import CAREFUL, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS


def pool_and_scaffold() -> Scenario:
    """An Exploration: Sacred Pool (no condition in play) and Scaffold Remains (no metal)."""
    return Scenario("tomu").resources(se=5).encounters("sacred-pool", "scaffold-remains")


@sync
async def test_a_card_kept_only_to_rest_on_marks_then_takes_as_cannot_pay_does() -> None:
    game = pool_and_scaffold().start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        pool = next(
            OPTION_KEYS[i]
            for i, (a, _) in enumerate(screen.offered)
            if a == act.ChooseEncounter("base:sacred-pool")
        )
        row = panel.no_use[OPTION_KEYS.index(pool)]
        assert row == "no condition in play", row  # still of no use to resolve
        panel.open_careful("revealed", lasting=True)  # the cards just revealed
        panel.draw()
        await marks(pilot, screen, pool)
        await pilot.press(pool)
        await settle(pilot)
        assert game.state.chosen == "base:sacred-pool", prompt(screen)


@sync
async def test_the_cannot_pay_card_beside_it_takes_two_presses_too() -> None:
    game = pool_and_scaffold().start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful("revealed", lasting=True)
        panel.draw()
        scaffold = act.ChooseEncounter("base:scaffold-remains")
        key = next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == scaffold)
        await marks(pilot, screen, key)
        await pilot.press(key)
        await settle(pilot)
        assert "Chosen: Scaffold Remains." in prompt(screen), prompt(screen)  # and rested
