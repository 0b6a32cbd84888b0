"""#28 round 14: keys learnt at one Preparation that mean another option at the next."""

from __future__ import annotations

from pilot import game_screen_of, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.careful import NEW, keys_moved
from unbroken.tui.decisions import DecisionPanel

RULES = load_ruleset()


@sync
async def test_a_new_levels_preparation_whose_keys_moved_marks_first_until_taken() -> None:
    # Round 14: Meditation kept at level 2's end put "9. Meditation (pay 3 SE)" where
    # Downgrade had been at level 2's Preparation; the prompt said nothing, and a `9` from
    # habit spends 3 SE. Compared with the last Preparation, the keys moved: a costly
    # option's key marks it first until an option is taken (a habit is not read away in 3
    # seconds). Round 33 (33b-5): it said "Options changed", read as keys moved under the
    # player at a new level; another question came between: it is a "New question".
    assert save_settings(Settings(hints=False)) == ""
    before = Scenario("tomu", level=2).start()
    moved = Scenario("tomu", level=3).skills("meditation").start()
    alike = Scenario("tomu", level=3).start()
    assert keys_moved(before.options(), moved.options())
    assert not keys_moved(before.options(), alike.options())
    for after, lasting in ((moved, True), (alike, False)):
        app = UnbrokenApp(RULES, animate=False, game=before, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            panel = game_screen_of(app).query_one(DecisionPanel)
            panel.offer(after)
            panel.show_offer()
            await settle(pilot)
            assert panel.careful and panel.why == NEW and panel.lasting == lasting
            prompt = str(game_screen_of(app).query_one("#prompt").render())
            assert "New question" in prompt and "Options changed" not in prompt, prompt
            if lasting:
                assert panel._careful is None  # no time limit: until an option is taken
                nine = next(i for i, (a, _) in enumerate(after.options()) if "meditation" in str(a))
                assert not panel.taking(nine) and panel.marked == nine  # marked, not taken
                assert panel.taking(nine) and not panel.careful  # again: taken, window shut


@sync
async def test_the_hunger_step_is_a_new_question_whatever_its_eat_options() -> None:
    # Round 15: the Hunger step said "Options changed" at levels 2-4 (its Eat options follow
    # the food held) and "New question" at level 1; README says the Hunger step is a "New
    # question". Its options are amounts, not actions whose keys are learnt.
    assert save_settings(Settings(hints=False)) == ""
    first = Scenario("tomu", level=1).resources(food=1).start("hunger")
    later = Scenario("tomu", level=2).resources(food=3).start("hunger")
    assert keys_moved(first.options(), later.options()) or len(later.options()) != len(
        first.options()
    )
    app = UnbrokenApp(RULES, animate=False, game=first, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = game_screen_of(app).query_one(DecisionPanel)
        panel.offer(Scenario("tomu", level=2).start())  # a Preparation between them
        panel.offer(later)
        assert panel.careful and panel.why == NEW
