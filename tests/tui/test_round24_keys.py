"""#28 playtest round 24: keys that took a costly option unread. Easy's first question, the
starting skill drawn before any key, was kept with one key 6 s on (the window lasts until
an option is taken on cards just revealed: the game's first question had no key's events
to show them); a DISARM moved the keys (Bash's `2` became Punch) and one `2` took Punch
("Options changed" lasts until an option is taken, README says)."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync
from scenes import forge
from test_round22_keys import goblin_battle

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import KeyPace

RULES = load_ruleset()
#: No beat, no double tap: only the careful window's own rule, its clock driven by hand.
PACE = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=True)


@sync
async def test_the_starting_skill_of_a_new_easy_game_marks_first_until_one_is_taken() -> None:
    game = Game.new(RULES, "helena", "easy", 20)
    assert game.decision is not None and game.decision.kind == "choose_skill"
    async with played(game, PACE) as (pilot, screen):
        screen.decision_panel.careful_over()  # what its clock does: the skills still unread
        await settle(pilot)
        await marks(pilot, screen, "1")
        await pilot.press("1")
        await settle(pilot)
        assert game.state.decision != "choose_skill", prompt(screen)


@sync
async def test_keys_moved_by_a_new_weapon_mark_a_costly_option_until_one_is_taken() -> None:
    game = forge()
    async with played(game, CAREFUL) as (pilot, screen):
        craft = next(i for i, (a, w) in enumerate(screen.offered) if a == act.Craft("base:maul"))
        await pilot.press(OPTION_KEYS[craft])  # no window open: taken at once
        await settle(pilot)
        assert game.state.weapons[-1] == "base:maul"
        assert "Options changed" in prompt(screen), prompt(screen)
        screen.decision_panel.careful_over()  # what its clock would do: none runs now
        await settle(pilot)
        await marks(pilot, screen, key_of(screen, act.Explore))


@sync
async def test_asked_again_names_no_key_whose_option_cannot_be_taken_now() -> None:
    # Stab pays the last SE: asked again after the monster's roll, Stab cannot be paid,
    # and "Asked again: 3 marks first" named a key that takes nothing.
    game = goblin_battle().resources(se=10, le=0).start("battle")
    async with played(game, CAREFUL) as (pilot, screen):
        while (act.Attack("stab"), "") not in screen.offered:
            await pilot.press(key_of(screen, act.Attack))  # Pry until the armor is broken
            await settle(pilot)
        key = OPTION_KEYS[screen.offered.index((act.Attack("stab"), ""))]
        await pilot.press(key)
        await settle(pilot)
        assert game.state.decision == "player_turn"
        action, why = screen.offered[OPTION_KEYS.index(key)]
        assert action == act.Attack("stab") and why, screen.offered
        assert f"{key} marks first" not in prompt(screen), prompt(screen)


@sync
async def test_a_costly_option_after_daring_taken_for_you_at_battle_start_marks_first() -> None:
    # Fight reveals the monster (the die picks the Gremlin); Daring is taken for the player
    # at the battle's start. The monster just revealed, a costly option's key marks first
    # until one is taken, after the beat and the window's time alike (round 24: `1` about
    # 6 s on took Crack at once).
    game = Scenario("mae-el", level=2, seed=3).resources(se=10).skills("daring").dice(*[4] * 30)
    started = game.start("preparation")
    pace = KeyPace(settle=60.0, careful=60.0, quick=0.0, first_new=False)
    async with played(started, pace) as (pilot, screen):
        fight = key_of(screen, act.Fight)
        await pilot.press(fight, fight)  # Fight always marks first
        await settle(pilot)
        assert started.state.monster is not None and started.state.monster.id == "base:gremlin"
        assert "Taken for you: Daring" in prompt(screen), prompt(screen)
        screen.decision_panel.settle_over()  # what their clocks do
        screen.decision_panel.careful_over()
        await settle(pilot)
        await marks(pilot, screen, key_of(screen, act.Attack))
