"""#28 playtest round 26: keys that took a costly option unread, or marked one unsaid.
26a-2: after Scout (Preparation) revealed the monster, the next costly key (Explore, 7 s
later) was taken at once, no mark: README says cards just revealed (the monster too) mark
first until an option is taken."""

from __future__ import annotations

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.pace import KeyPace

RULES = load_ruleset()


@sync
async def test_the_monster_revealed_by_scout_marks_a_costly_key_until_one_is_taken() -> None:
    game = Scenario("huckdorf", seed=3).resources(se=10).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        await pilot.press(key_of(screen, act.Scout))  # no window open: taken at once
        await settle(pilot)
        assert game.state.monster, prompt(screen)
        assert game.state.decision == "preparation", prompt(screen)
        assert "Chosen: Scout. Cards revealed: a key or Enter marks" in prompt(screen), prompt(
            screen
        )
        screen.decision_panel.careful_over()  # what its clock would do: the monster unread
        await settle(pilot)
        key = key_of(screen, act.Explore)
        await marks(pilot, screen, key)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.decision != "preparation", prompt(screen)


@sync
async def test_fight_marked_after_a_window_asked_again_says_so() -> None:
    # 26a-3: two Forage actions (the second after "Asked again: 8 marks first" was over),
    # then `2` marked Fight with no "2 marked: press 2 again" in the prompt, and the next
    # `2` fought: the window's old reason (asked again, another key) hid the mark's cue.
    game = Scenario("huckdorf", level=2, seed=3).resources(se=10).start("preparation")
    async with played(game, CAREFUL) as (pilot, screen):
        forage = key_of(screen, act.Use, "forage")
        await pilot.press(forage)  # no window open: taken at once
        await settle(pilot)
        assert f"Asked again: {forage} or Enter marks first" in prompt(screen), prompt(screen)
        screen.decision_panel.careful_over()  # what its clock does
        await settle(pilot)
        await pilot.press(forage)  # the window over: taken at once, the last use
        await settle(pilot)
        assert game.state.ability_uses == 0, prompt(screen)
        fight = key_of(screen, act.Fight)
        await marks(pilot, screen, fight)
        await pilot.press(fight)
        await settle(pilot)
        assert game.state.phase == "combat", prompt(screen)


@sync
async def test_fight_marked_with_no_window_open_moves_to_another_costly_key() -> None:
    # README: once the window's time is over a mark stays for its key or Enter; Fight's mark
    # with no window open is such a mark. Round 27: another costly option's key moves the
    # mark there (before, it took Explore at once), and that key again takes it.
    pace = KeyPace(settle=0.0, careful=60.0, quick=0.0, first_new=True)
    game = Scenario("huckdorf", seed=3).resources(se=10).start("preparation")
    async with played(game, pace) as (pilot, screen):
        assert "New question" in prompt(screen), prompt(screen)
        screen.decision_panel.careful_over()  # what its clock does
        await settle(pilot)
        fight = key_of(screen, act.Fight)
        await marks(pilot, screen, fight)
        explore = key_of(screen, act.Explore)
        await marks(pilot, screen, explore)
        await pilot.press(explore)
        await settle(pilot)
        assert game.state.step == "exploration", prompt(screen)


@sync
async def test_the_last_hunger_highlight_starts_on_the_best_final_score() -> None:
    # 26a-7: the last Hunger's highlight sat on "Eat 4 food — score 39", the worst of five
    # (Eat 1 food scored 48): a hurried Enter Enter cost 9 points.
    game = Scenario("tomu", level=4).resources(se=20, food=4, me=2).monster("ogre").start("hunger")
    scores = {
        a: next(e.score for e in game.query().forecast(a).events if isinstance(e, ev.GameOver))
        for a, _ in game.options()
    }
    best = max(scores.values())
    assert list(scores.values())[0] < best  # the first option is not the best here
    async with played(game, CAREFUL) as (pilot, screen):
        highlighted = screen.decision_panel.highlighted
        assert highlighted is not None
        assert scores[screen.offered[highlighted][0]] == best, (highlighted, scores)
