"""#28 playtest round 27 (play27b): a mark left by a double press turned every other key
into an instant take once the window's seconds were up (`8` used Delve, `3` took Decisive
stroke and spent the only LE; 27b-1); a double press's second key marked an option that
had just become "no use now" (Inspiration after `4 4`, so Enter swapped 2 LE for 1 LE;
27b-2), and Shake It Off with nothing to shake off likewise (27b-13)."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync
from scenes import knife_against_the_goblin

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import KeyPace


@sync
async def test_a_different_costly_key_moves_a_standing_mark() -> None:
    # 27b-1: the window's time over, the mark still on screen, a different costly key
    # marked nothing and took its option at once; now it moves the mark to its option.
    game = Scenario("tomu", seed=3).resources(se=13).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        screen.decision_panel.open_careful("new")
        screen.decision_panel.draw()
        await marks(pilot, screen, key_of(screen, act.Orienteer))
        screen.decision_panel.careful_over()  # what its clock does: the mark stays
        await settle(pilot)
        focus = key_of(screen, act.Focus)
        await marks(pilot, screen, focus)  # moved, not taken: 13 SE still
        assert game.state.res["se"] == 13, prompt(screen)
        await pilot.press(focus)
        await settle(pilot)
        assert game.state.res["se"] == 9, prompt(screen)  # Focus taken (4 SE)


@sync
async def test_asked_again_a_different_costly_key_moves_the_mark() -> None:
    # 27b-1, the Ghoul: "2 marked: press 2 again" on the battle turn asked again after the
    # monster's roll, `3` took Decisive stroke at once; now it moves the mark to it.
    game = knife_against_the_goblin(3)
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Attack))  # Pry: its armor broken
        await settle(pilot)
        stab = OPTION_KEYS[screen.offered.index((act.Attack("stab"), ""))]
        await pilot.press(stab)  # taken; the monster rolls; the turn is asked again
        await settle(pilot)
        assert "Asked again: the monster rolled " in prompt(screen), prompt(screen)
        await marks(pilot, screen, stab)  # the double press's second
        # Focus, of no use now here, is dropped since round 29 (29a-9): the first
        # other costly option of use.
        panel = screen.decision_panel
        other = next(
            i
            for i in range(len(screen.offered))
            if OPTION_KEYS[i] != stab
            and not screen.offered[i][1]
            and panel.costly(i)
            and not panel.no_use[i]
        )
        await marks(pilot, screen, OPTION_KEYS[other])  # moved, not taken


@sync
async def test_a_double_press_s_second_key_on_a_row_turned_no_use_is_dropped() -> None:
    # 27b-2: `4 4` on Inspiration: the first took it (2 ME gone), the second marked it on
    # its "(no use now: … it takes 2 LE to gain 1 LE)" row, so Enter would swap 2 LE for
    # 1 LE. The second key is dropped, said so; the key pressed once more marks it.
    game = Scenario("tomu", seed=3).resources(se=13, me=2, le=3).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        key = key_of(screen, act.Inspiration)
        await pilot.press(key, key)
        await settle(pilot)
        panel = screen.decision_panel
        assert (game.state.res["me"], game.state.res["le"]) == (0, 4), prompt(screen)
        assert panel.no_use[OPTION_KEYS.index(key)], panel.no_use
        said = prompt(screen)
        assert panel.marked is None and f"{key} marked:" not in said, said
        assert f"{key} not marked: no use now" in said, said
        assert panel.highlighted != OPTION_KEYS.index(key), said
        await marks(pilot, screen, key)  # pressed again: the player's own, as any key


@sync
async def test_a_key_too_quick_for_a_new_question_drops_on_a_no_use_row() -> None:
    # 27b-13: a double press's second `1` marked "1. Shake It Off: … (no use now: no
    # condition in play …)" on the question after. A key too quick for a new question
    # (a double press's second) on a costly option of no use now is dropped, said so.
    game = Scenario("tomu", seed=3).resources(se=13, me=0, le=3).start("preparation")
    pace = KeyPace(settle=0.0, careful=60.0, quick=60.0, first_new=True)
    async with played(game, pace) as (pilot, screen):
        key = key_of(screen, act.Inspiration)
        decisions = game.state.decisions
        await pilot.press(key)
        await settle(pilot)
        said = prompt(screen)
        assert game.state.decisions == decisions and screen.decision_panel.marked is None, said
        assert f"New question: {key} not marked: no use now; again marks it." in said, said
        await marks(pilot, screen, key)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.res["le"] == 2, prompt(screen)  # taken: 2 LE for 1 LE, as asked
