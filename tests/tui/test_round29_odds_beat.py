"""#28 playtest round 29 (29b-20, the `%`-on path): after "Taken for you" the highlight
starts on the first option of use with the odds shown too. With `%` on, a redraw for the
odds put back the highlight as it was before the options were drawn, though they had
changed (dimmed in the beat, takeable after): an arrow pressed in the beat left it on
"Attack with Pry (no use now)" once the beat was over; with `%` off it started on Quick cut."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.pace import KeyPace

#: The beat after "Taken for you" held until the test ends it (`settle_over`).
BEAT = KeyPace(settle=600.0, careful=60.0, quick=0.0, first_new=False)


def brawler_against_the_goblin() -> Scenario:
    """Caellahan's turn, Weak Spot making Pry of no use now (the first option); the
    monster's 1 misses, so I've Seen Worse's Response is a Pass taken for the player."""
    return (
        Scenario("caellahan", level=2, seed=3)
        .resources(se=10, me=3, le=1)
        .weapon("knife")
        .skills("weak-spot")
        .monster("goblin")
        .dice(*[1] * 30)
    )


@sync
async def test_with_the_odds_shown_the_highlight_starts_on_an_option_of_use_after_the_beat() -> (
    None
):
    for odds in (False, True):
        for key in ("down", "home", "end"):
            game = brawler_against_the_goblin().start("battle")
            async with played(game, BEAT) as (pilot, screen):
                panel = screen.decision_panel
                assert isinstance(screen.offered[0][0], act.Attack) and panel.no_use[0]
                panel.highlighted = next(
                    i for i, (a, _) in enumerate(screen.offered) if isinstance(a, act.Focus)
                )
                await pilot.press("enter")  # Focus: not costly, taken at once
                await settle(pilot)
                assert panel.taken_for_you, panel.taken_for_you  # the Pass, the beat held
                if odds:
                    await pilot.press("%")
                    await settle(pilot)
                await pilot.press(key)  # a stray arrow in the beat
                await settle(pilot)
                panel.settle_over()
                await settle(pilot)
                assert bool(panel.odds[1]) is odds
                assert panel.highlighted == 1, (odds, key, panel.highlighted)  # Quick cut
                detail = str(screen.query_one("#detail").render())
                assert detail.startswith("Attack with Quick cut"), detail
                if odds:  # the odds updated, the highlight the player moved to stays
                    await pilot.press("down", "down")
                    await settle(pilot)
                    panel.odds = ({**panel.odds[0], 0: "?"}, panel.odds[1] + " ")
                    await settle(pilot)
                    assert panel.highlighted == 3, panel.highlighted
