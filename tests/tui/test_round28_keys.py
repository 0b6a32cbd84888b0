"""#28 round 28's keys: a Response used right after a Response (28b-17), a mark's key said
at the next question (28a-5)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pilot import CAREFUL, key_of, kind, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.pace import PLAYERS

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


def basilisk_falls(rules: Ruleset) -> Game:
    """Orla Vane (Gravedigger: Last Rites) with Scavenger, the Basilisk at 1 health, the
    Quick cut's kill taken: the Responses' window of its death (Last Rites, Scavenger)."""
    game = (
        Scenario("unearthed:orla-vane", level=4, seed=3, ruleset=rules)
        .resources(se=15, me=3, le=3, food=3)
        .weapon("knife")
        .skills("scavenger")
        .monster("basilisk")
        .dice(*[6] * 40)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.health, game.state.monster.armor = 1, 0
    game.apply(act.Attack("quick-cut"))
    assert game.decision is not None and game.decision.kind == DecisionKind.RESPONSE
    return game


@sync
async def test_a_second_key_after_last_rites_marks_scavenger() -> None:
    # 28b-17: at the Basilisk's death `1` took Last Rites, and the second `1`, 1.5 s on,
    # took "Scavenger: Gain 1 wood and 1 metal." at once in the next window: at the last
    # level nothing after it is shown (no skill drawn), so it was not costly. Used right
    # after a Response the key took, a Response's use marks first.
    with expansions_from_source(PLUGINS, {"unearthed": "unbroken_unearthed"}) as rules:
        game = basilisk_falls(rules)
        async with played(game, CAREFUL, rules=rules) as (pilot, screen):
            rites = key_of(screen, act.Use, "last-rites")
            await pilot.press(rites)  # the game's first question: taken at once
            await settle(pilot)
            assert game.decision is not None and game.decision.kind == DecisionKind.RESPONSE
            assert "Last Rites [Gravedigger] used. New question" in prompt(screen), prompt(screen)
            scavenger = key_of(screen, act.Use, "scavenger-strip")
            decisions = game.state.decisions
            await pilot.press(scavenger)
            await settle(pilot)
            assert game.state.decisions == decisions, prompt(screen)
            assert f"{scavenger} marked: press {scavenger} again" in prompt(screen)
            await pilot.press(scavenger)  # the player's own: taken
            await settle(pilot)
            assert game.state.decisions == decisions + 1


@sync
async def test_options_changed_again_does_not_name_the_craft_before() -> None:
    # Found reproducing 28a-6: the Club crafted ("Craft the Club taken. Options
    # changed"), then the Axe, the prompt still said "Craft the Club taken.": what the
    # key before the last took, kept from the question before.
    game = Scenario("caellahan", seed=3).resources(wood=3, metal=1).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        club = key_of(screen, act.Craft)
        await pilot.press(club)  # the game's first question: taken at once
        await settle(pilot)
        assert game.state.weapons[-1] == "base:club"
        assert "Chosen: Craft the Club. Options changed" in prompt(screen), prompt(screen)
        axe = key_of(screen, act.Craft)
        await pilot.press(axe, axe)  # marked, then taken
        await settle(pilot)
        assert game.state.weapons[-1] == "base:axe"
        assert "Options changed" in prompt(screen), prompt(screen)
        assert "Craft the Club" not in prompt(screen), prompt(screen)


@sync
async def test_a_marks_second_key_says_what_it_took_at_the_next_question() -> None:
    # 28a-5: a card kept that could not be paid, Rest was taken for the player; at the
    # next Preparation `1` marked Explore (unread: "Taken for you"), the second `1` 1.5 s
    # on took it, and the Exploration said only "New question": the key that took Explore
    # looked lost. The player's pace, its window's time ended by hand (no clock in a test).
    game = (
        Scenario("caellahan", seed=3)
        .encounters("driftwood-shore", "dragon-hoard-crumbs", "cryptic-markings", "boar-ambush")
        .start("preparation")
    )
    async with played(game, replace(PLAYERS, careful=60.0, quick=0.0, first_new=False)) as (
        pilot,
        screen,
    ):
        await pilot.press("1")  # Explore, the game's first question: taken at once
        await settle(pilot)
        await marks(pilot, screen, "1")  # Driftwood Shore: 1 ME, none to pay
        await pilot.press("1")  # kept: Rest taken for the player
        await settle(pilot)
        screen.decision_panel.settle_over()  # what the timer does after the beat
        await settle(pilot)
        assert kind(screen) == DecisionKind.PREPARATION
        assert "Taken for you: Rest" in prompt(screen), prompt(screen)
        await marks(pilot, screen, "1")  # Explore, marked under "Taken for you"
        await pilot.press("1")
        await settle(pilot)
        assert kind(screen) == DecisionKind.CHOOSE_ENCOUNTER, prompt(screen)
        assert prompt(screen).startswith("Chosen: Explore. New question"), prompt(screen)
