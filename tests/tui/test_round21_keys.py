"""#28 playtest round 21: double keys landed on the next question. A second `7` 1.5 s after
Heroic Perseverance used the extra turn again (a second LE); "6 6" took Orienteer twice;
Enter 3 s after an Exploration's cards appeared kept one unread; two Responses in a row
looked alike. A question asked again right after the key that answered it, that key on a
costly option again, marks that key's option first (other keys take at once); one that
shows cards just revealed marks a costly option's key first until an option is taken; a
new question like the one just answered says what the key took."""

from __future__ import annotations

import asyncio

import pytest
from pilot import CAREFUL, key_of, paced, played, prompt, settle, sync
from scenes import knife_against_the_goblin

from games import lucky_battle
from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.pace import AT_ONCE, KeyPace
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()


@sync
async def test_an_extra_turn_s_key_again_marks_first() -> None:
    # The extra turn's question comes back with the same options: its key again (a double
    # tap) would spend another LE; it is a new question, and says what the key took.
    game = knife_against_the_goblin(2, "heroic-perseverance")
    async with played(game, CAREFUL) as (pilot, screen):
        key = key_of(screen, act.Use, "heroic-perseverance-effort")
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["le"] == 4
        assert game.decision is not None and game.decision.kind == DecisionKind.PLAYER_TURN
        said = f"Heroic Perseverance used. Asked again: {key} or Enter marks first"
        assert said in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["le"] == 4  # marked, not taken
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["le"] == 3


@sync
async def test_orienteer_twice_takes_two_keys_the_second_time() -> None:
    # r20t: "6 6" took Orienteer twice; the Preparation that comes back after it is new.
    game = Scenario("tomu", seed=3).resources(se=13).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        key = key_of(screen, act.Orienteer)
        await pilot.press(key, key)
        await settle(pilot)
        assert game.state.res["se"] == 12, prompt(screen)  # once
        assert f"{key} marked" in prompt(screen), prompt(screen)


def test_cards_just_revealed_mark_first_however_long_they_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paced(monkeypatch, careful=0.01)  # any window's time is soon over
    asyncio.run(cards_revealed())


async def cards_revealed() -> None:
    # Enter 3 s after an Exploration's cards appeared kept one unread: the question that
    # shows cards just revealed marks a costly option first until an option is taken.
    game = (
        Scenario("tomu", seed=3)
        .resources(se=10)
        .encounters("abandoned-hovel", "metal-scraps")
        .start("preparation")
    )
    async with played(game) as (pilot, screen):
        await pilot.press(key_of(screen, act.Explore))
        await settle(pilot)
        assert game.decision is not None
        assert game.decision.kind == DecisionKind.CHOOSE_ENCOUNTER
        await asyncio.sleep(0.1)  # longer than the window: a slow reader
        await settle(pilot)
        events = len(game.events)
        await pilot.press("enter")
        await settle(pilot)
        assert len(game.events) == events, prompt(screen)
        assert "Enter marked" in prompt(screen) or "1 marked" in prompt(screen), prompt(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert game.decision is not None
        assert game.decision.kind != DecisionKind.CHOOSE_ENCOUNTER


@sync
async def test_a_response_after_a_response_says_what_the_key_took() -> None:
    # Two Response windows in a row look alike (Last Rites, then Scavenger): the second's
    # prompt says what the last key took, and a costly option's key marks first.
    game = lucky_battle()
    async with played(game, CAREFUL) as (pilot, screen):
        for _ in range(8):  # attack until the monster's roll opens the Responses' window
            if game.decision is not None and game.decision.kind == DecisionKind.RESPONSE:
                break
            key = key_of(screen, act.Attack)
            await pilot.press(key, key)
            await settle(pilot)
        assert game.decision is not None and game.decision.kind == DecisionKind.RESPONSE
        lucky = key_of(screen, act.Use, "lucky-reroll")
        if screen.decision_panel.marked is None:  # the attack's second key marked it, or not
            await pilot.press(lucky)
        await pilot.press(lucky)
        await settle(pilot)
        assert game.decision is not None and game.decision.kind == DecisionKind.RESPONSE
        assert "Lucky used. New question" in prompt(screen), prompt(screen)
        events = len(game.events)
        await pilot.press("1")  # a key meant for the first window
        await settle(pilot)
        assert len(game.events) == events
        assert "1 marked" in prompt(screen), prompt(screen)


def test_the_screen_asks_the_words_whether_an_option_is_of_use() -> None:
    # One answer, the words' own, from the option's sources: its reason, or None.
    snare = act.Use("base:hunter", "snare")
    bare = Scenario("huckdorf", level=2).monster("abomination").start("battle")
    assert option_no_use(snare, bare.state, RULES) == "the monster has no armor"
    pool = act.ChooseEncounter("base:sacred-pool")
    clean = Scenario("tomu").resources(se=5).encounters("sacred-pool").start("exploration")
    assert option_no_use(pool, clean.state, RULES) == "no condition in play"
    battle = Scenario("tomu").weapon("knife").monster("goblin").start("battle")
    attack = next(a for a in battle.legal_actions() if isinstance(a, act.Attack))
    assert option_no_use(attack, battle.state, RULES) is None


def test_the_test_pace_is_the_app_s_whatever_was_imported() -> None:
    # tests/conftest.py gives every app the test pace, the game screen loaded or not.
    assert UnbrokenApp.key_pace == AT_ONCE
    assert UnbrokenApp(RULES, key_pace=KeyPace()).key_pace == KeyPace()


@sync
async def test_asked_again_another_key_takes_at_once() -> None:
    # Only the key that answered marks first: another option is no double tap (Orienteer,
    # then Focus at once). (The next battle round's attack: tests/tui/test_round22_keys.py.)
    game = Scenario("tomu", seed=3).resources(se=13).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Orienteer))
        await settle(pilot)
        assert "Chosen: Orienteer. Asked again" in prompt(screen), prompt(screen)
        await pilot.press(key_of(screen, act.Focus))
        await settle(pilot)
        assert game.state.res["se"] == 8, prompt(screen)  # 1 + 4 SE: both taken
