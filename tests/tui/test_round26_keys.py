"""#28 playtest round 26: keys that took a costly option unread, or marked one unsaid.
26a-2: after Scout (Preparation) revealed the monster, the next costly key (Explore, 7 s
later) was taken at once, no mark: README says cards just revealed (the monster too) mark
first until an option is taken."""

from __future__ import annotations

from pilot import game_screen_of, key_of, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.pace import KeyPace

RULES = load_ruleset()
#: No beat, no double tap, no window on the first question: only what Scout's key does.
PACE = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=False)


@sync
async def test_the_monster_revealed_by_scout_marks_a_costly_key_until_one_is_taken() -> None:
    game = Scenario("huckdorf", seed=3).resources(se=10).start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False, key_pace=PACE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        await pilot.press(key_of(screen, act.Scout))  # no window open: taken at once
        await settle(pilot)
        assert game.state.monster, prompt(screen)
        assert game.state.decision == "preparation", prompt(screen)
        assert "Scout taken. Cards revealed: a key or Enter marks" in prompt(screen), prompt(screen)
        screen.decision_panel.careful_over()  # what its clock would do: the monster unread
        await settle(pilot)
        key = key_of(screen, act.Explore)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.decision == "preparation", prompt(screen)
        assert f"{key} marked: press {key} again" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.decision != "preparation", prompt(screen)
