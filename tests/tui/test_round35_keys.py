"""#28 playtest round 35's keys: at level 4 with SE 20/20, ME 0 and LE 2, `1. Burying a
Friend: 1 ME -> 1 LE (time 1; no use now: needs 1 ME, you have 0, so LE pays it all: 1 LE
to gain 1 LE: rest, gain nothing: SE is at the cap 20)` was marked by the first key, as a
card kept to rest on is; resting on it gains nothing, so the key is dropped and said as
Inspiration's with no ME is (35a-3)."""

from __future__ import annotations

from pilot import CAREFUL, marks, played, prompt, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.option_rows import OPTION_KEYS

BURYING = act.ChooseEncounter("base:burying-a-friend")


def burying(se: int) -> Scenario:
    """A level-4 Exploration: Burying a Friend with no ME (LE pays it all) at `se` SE."""
    return (
        Scenario("tomu", level=4)
        .resources(se=se, me=0, le=2)
        .encounters("burying-a-friend", "sacred-pool")
    )


def key_of_burying(screen: object) -> str:
    """Return Burying a Friend's key."""
    offered = screen.offered  # type: ignore[attr-defined]
    return next(OPTION_KEYS[i] for i, (a, _) in enumerate(offered) if a == BURYING)


@sync
async def test_a_kept_card_whose_rest_gains_nothing_is_not_marked_by_one_key() -> None:
    game = burying(se=20).start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful("revealed", lasting=True)  # the cards just revealed: `1 1`
        panel.draw()
        key = key_of_burying(screen)
        assert panel.no_use[OPTION_KEYS.index(key)], panel.no_use
        decisions = game.state.decisions
        await pilot.press(key)
        await settle(pilot)
        said = prompt(screen)
        assert panel.marked is None and game.state.decisions == decisions, said
        assert f"{key} not marked: no use now; again marks it." in said, said
        await marks(pilot, screen, key)  # the same key again marks it, as it said


@sync
async def test_a_kept_card_whose_rest_gains_se_still_marks_first() -> None:
    # Below the cap the rest is of use (33a-4): the first key marks, as "cannot pay" does.
    game = burying(se=10).start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        screen.decision_panel.open_careful("revealed", lasting=True)
        screen.decision_panel.draw()
        key = key_of_burying(screen)
        await marks(pilot, screen, key)
