"""#28 playtest round 22: "8 8" took Spike Thrower in two battle rounds, the monster's HEAL
between never read ("7 7": the last two Aimed Shots, a ROAR between); "9 9" took Grim
Determination's extra turn twice; a mark left after its window kept the window open (a
key 10 s later only marked its own option too). The battle turn after the monster's
roll, its key on the same costly option, is asked again: that key marks first (other keys
take at once); once the window's time is over, the mark stays for its key (round 27:
another costly option's key moves it there, no longer takes its option at once)."""

from __future__ import annotations

from pilot import key_of, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import KeyPace

RULES = load_ruleset()
#: A careful window no test outlasts: what a key does in it is what is checked.
PACE = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=False)


def goblin_battle(*skills: str) -> Scenario:
    """Return a level 3 battle with the Goblin, the Knife in hand, every die a 3."""
    return (
        Scenario("tomu", level=3, seed=3)
        .resources(se=13, le=5)
        .weapon("knife")
        .skills(*skills)
        .monster("goblin")
        .dice(*[3] * 30)
    )


@sync
async def test_the_same_attack_after_the_monster_s_roll_marks_first() -> None:
    game = goblin_battle().start("battle")
    async with played(game, PACE) as (pilot, screen):
        await pilot.press(key_of(screen, act.Attack))  # Pry: its armor broken, Stab can wound
        await settle(pilot)
        key = OPTION_KEYS[screen.offered.index((act.Attack("stab"), ""))]
        await pilot.press(key)
        await settle(pilot)
        assert screen.offered[OPTION_KEYS.index(key)] == (act.Attack("stab"), "")
        decisions = game.state.decisions
        said = prompt(screen)
        assert "Asked again: the monster rolled " in said, said
        assert f"{key} or Enter marks first" in said, said
        await pilot.press(key)  # the double tap's second: marked, not taken
        await settle(pilot)
        assert game.state.decisions == decisions, prompt(screen)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.decisions == decisions + 1, prompt(screen)


@sync
async def test_another_key_after_the_monster_s_roll_takes_at_once() -> None:
    game = goblin_battle().start("battle")
    async with played(game, PACE) as (pilot, screen):
        await pilot.press(key_of(screen, act.Attack))  # Pry, then the monster's roll
        await settle(pilot)
        decisions = game.state.decisions
        await pilot.press(key_of(screen, act.Focus))  # another option: no double tap
        await settle(pilot)
        assert game.state.decisions == decisions + 1, prompt(screen)


@sync
async def test_grim_determination_s_key_again_marks_first() -> None:
    game = goblin_battle("grim-determination").start("battle")
    async with played(game, PACE) as (pilot, screen):
        key = key_of(screen, act.Use, "grim-determination-press")
        await pilot.press(key, key)  # "9 9"
        await settle(pilot)
        assert game.state.res["se"] == 10, prompt(screen)  # 3 SE once, not twice
        assert game.decision is not None and game.decision.kind == DecisionKind.PLAYER_TURN
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)


@sync
async def test_once_the_window_is_over_the_mark_stays_and_another_costly_key_moves_it() -> None:
    # The game's first question is a new one: Orienteer's key marks it; the window's time
    # over, the mark stays for its key or Enter, and Focus's key moves it to Focus (round
    # 27: it took Focus at once, a trap while a mark is on screen), Focus's again takes it.
    game = Scenario("tomu", seed=3).resources(se=13).start("preparation")
    pace = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=True)
    async with played(game, pace) as (pilot, screen):
        key = key_of(screen, act.Orienteer)
        await pilot.press(key)
        await settle(pilot)
        assert f"{key} marked" in prompt(screen), prompt(screen)
        screen.decision_panel.careful_over()  # what its timer does once its time is over
        await settle(pilot)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        focus = key_of(screen, act.Focus)
        await pilot.press(focus)
        await settle(pilot)
        assert game.state.res["se"] == 13, prompt(screen)  # marked, not taken
        assert f"{focus} marked: press {focus} again" in prompt(screen), prompt(screen)
        await pilot.press(focus)
        await settle(pilot)
        assert game.state.res["se"] == 9, prompt(screen)  # Focus taken (4 SE)
