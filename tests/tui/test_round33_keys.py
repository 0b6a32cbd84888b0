"""#28 playtest round 33's keys: at an Exploration, `2. Sacred Pool: … (time 4; no use
now: no condition in play; rest instead: gain 4 SE)` needed three presses ("not marked:
no use now", then marked, then taken) where `1. Scaffold Remains … (cannot pay: rest,
gain 2 SE)` took two: a card kept only to rest on it is of use (the rest), and is said
and keyed alike (33a-4). After `Forage [Hunter] used. Asked again: 8 or Enter marks
first…` (or Inspiration's), one `7` took Scout and showed the monster, which `u` cannot
take back: asked again, a key on an option that shows hidden cards marks first (33a-9);
an ordinary Preparation's Explore still takes at once."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync

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


def hunter() -> Scenario:
    """A level-2 Preparation for the Hunter (Forage), with ME for Inspiration."""
    return Scenario("huckdorf", level=2, seed=3).resources(se=10, me=2, le=1)


@sync
async def test_asked_again_scout_marks_first() -> None:
    for first, ability in ((act.Use, "forage"), (act.Inspiration, "")):
        game = hunter().start("preparation")
        async with played(game, CAREFUL) as (pilot, screen):
            key = key_of(screen, first, ability)
            await pilot.press(key)  # no window open: taken at once
            await settle(pilot)
            assert f"Asked again: {key} or Enter marks first" in prompt(screen), prompt(screen)
            scout = key_of(screen, act.Scout)
            await marks(pilot, screen, scout)
            assert game.state.monster is None, prompt(screen)  # not shown yet
            await pilot.press(scout)
            await settle(pilot)
            assert game.state.monster is not None, prompt(screen)


@sync
async def test_asked_again_an_option_that_shows_nothing_takes_at_once() -> None:
    game = hunter().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Use, "forage"))
        await settle(pilot)
        se = game.state.res["se"]
        await pilot.press(key_of(screen, act.Focus))  # a different option: no double tap
        await settle(pilot)
        assert game.state.res["se"] == se - 4, prompt(screen)


@sync
async def test_an_ordinary_preparation_explores_at_one_key() -> None:
    game = hunter().start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        assert not screen.decision_panel.careful
        await pilot.press(key_of(screen, act.Explore))
        await settle(pilot)
        assert game.state.revealed, prompt(screen)
