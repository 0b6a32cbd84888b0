"""Round 34 (#28, 34b-6): at an Exploration, "Crumbs of a Hoard … (time 3; no use now:
treasure is at the cap 7)" did not say what keeping it does, as Sacred Pool's "(no use
now: no condition in play: rest, gain 4 SE)" does, and took three presses ("not marked: no
use now", marked, taken) where Sacred Pool takes two. Every card you can only rest on
reads and is keyed alike; the rules that decide it are the core's (`Query.rests_only`)."""

from __future__ import annotations

from pilot import CAREFUL, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.core.query import Query
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.words.actions import option_detail, option_text

CRUMBS = act.ChooseEncounter("base:dragon-hoard-crumbs")
POOL = act.ChooseEncounter("base:sacred-pool")


def hoard_and_pool(treasure: int = 7) -> Scenario:
    """An Exploration: Crumbs of a Hoard (2 treasure for 1 ME) and Sacred Pool (no
    condition in play), the treasure at its cap 7 or below it."""
    return (
        Scenario("tomu")
        .resources(se=5, me=2, treasure=treasure)
        .encounters("dragon-hoard-crumbs", "sacred-pool")
    )


def test_a_card_the_caps_leave_of_no_use_says_it_rests_as_sacred_pool_does() -> None:
    game = hoard_and_pool().start("exploration")
    rules = Query(game.ruleset, game.state)
    crumbs = option_text(CRUMBS, "", game.state, game.ruleset)
    pool = option_text(POOL, "", game.state, game.ruleset)
    assert crumbs.endswith("(time 3; no use now: treasure is at the cap 7: rest, gain 3 SE)")
    assert pool.endswith("(time 4; no use now: no condition in play: rest, gain 4 SE)")
    assert rules.rests_only(CRUMBS) and rules.rests_only(POOL)
    # The line under the options says it too, as Sacred Pool's says its row.
    detail = option_detail(CRUMBS, game.state, game.ruleset)
    assert detail.endswith("lost to the cap of 7. No use now: rest, gain 3 SE."), detail
    # Below the cap it is of use: no rest said, not kept only to rest on it.
    below = hoard_and_pool(treasure=3).start("exploration")
    assert not Query(below.ruleset, below.state).rests_only(CRUMBS)
    assert "rest" not in option_text(CRUMBS, "", below.state, below.ruleset)


@sync
async def test_crumbs_at_the_cap_marks_then_takes_as_sacred_pool_does() -> None:
    game = hoard_and_pool().start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        key = next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == CRUMBS)
        assert panel.no_use[OPTION_KEYS.index(key)] == "treasure is at the cap 7"
        panel.open_careful("revealed", lasting=True)  # the cards just revealed
        panel.draw()
        await marks(pilot, screen, key)
        await pilot.press(key)
        await settle(pilot)
        assert game.state.chosen == "base:dragon-hoard-crumbs", prompt(screen)
