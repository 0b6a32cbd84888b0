"""Round 37's keys (#28): a double tap's second key, the same key right after it took an
option, was answered as a wrong key on the new question: "7 7" on a killing blow, "7: no
option 7 here (1-2)"; "0 0" on Downgrade, "Not now: Downgrade (nothing to give up)"
(37a-8). It is meant for the question before, and said so, naming what it took there.
`%` counted a card kept only to rest on it among the options of no use (a53's notes)."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

from pilot import CAREFUL, played, settle, sync
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.odds import marked
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import KeyPace

#: A double tap's time long enough for a test under load (a key pressed at once is in it).
QUICK = KeyPace(settle=0.0, quick=60.0, first_new=False)


async def told(pilot: Pilot[Any], screen: GameScreen, key: str) -> str:
    """Press `key` and return what the screen said of it (the notice line's 4 s can run
    out under a loaded test run before it is read: 37a-8's test read "")."""
    said: list[str] = []
    say = screen.say

    def saying(message: str, *more: float) -> None:
        said.append(message)
        say(message, *more)

    with patch.object(screen, "say", side_effect=saying):
        await pilot.press(key)
        await settle(pilot)
    return " ".join(said)


@sync
async def test_a_double_taps_second_past_the_new_options_is_meant_for_the_question_before() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("tomu", level=2, seed=3)
        .resources(se=20, me=5, le=3)
        .weapon("knife")
        .monster("goblin")
        .dice(*[6] * 60)
        .start("battle")
    )
    for _ in range(2):  # two attacks: the Goblin at 2 health, the next one kills it
        attacks = [
            i for i, (a, w) in enumerate(game.options()) if not w and isinstance(a, act.Attack)
        ]
        game.apply(game.options()[attacks[-1]][0])
    attacks = [i for i, (a, w) in enumerate(game.options()) if not w and isinstance(a, act.Attack)]
    key = OPTION_KEYS[attacks[-1]]
    async with played(game, QUICK) as (pilot, screen):
        await pilot.press(key)
        await settle(pilot)
        assert game.decision is not None and game.decision.kind == DecisionKind.CHOOSE_SKILL
        n = len(screen.offered)
        assert OPTION_KEYS.index(key) >= n, (key, n)
        decisions = game.state.decisions
        said = await told(pilot, screen, key)  # the double tap's second
        assert game.state.decisions == decisions, said
        assert f"{key} not taken: a double tap ({key} just took Stab)" in said
        assert f"no option {key} here (1-2)." in said, said
        screen.decision_panel.took = None  # a key long after: a key of no option, as before
        assert f"{key}: no option {key} here (1-2)." in await told(pilot, screen, key)


@sync
async def test_a_double_taps_second_on_an_option_it_dimmed_is_meant_for_the_question_before() -> (
    None
):
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("tomu", seed=3).resources(se=20).weapon("knife").start("preparation")
    key = OPTION_KEYS[[a for a, _ in game.options()].index(act.Downgrade())]
    async with played(game, QUICK) as (pilot, screen):
        await pilot.press(key)
        await settle(pilot)
        assert game.state.weapons[-1:] != ["base:knife"], game.state.weapons
        assert screen.offered[OPTION_KEYS.index(key)][1] == "nothing to give up"
        decisions = game.state.decisions
        said = await told(pilot, screen, key)  # the double tap's second
        assert game.state.decisions == decisions, said
        assert (
            f"{key} not taken: a double tap ({key} just took Downgrade); "
            f"{key} is Downgrade: not now, nothing to give up."
        ) in said, said
        screen.decision_panel.took = None  # later: not now, as before
        assert "Not now: Downgrade (nothing to give up)." in await told(pilot, screen, key)


def burying(se: int) -> Scenario:
    """A level-4 Exploration: Burying a Friend with no ME (LE pays it all) at `se` SE."""
    return (
        Scenario("tomu", level=4)
        .resources(se=se, me=0, le=2)
        .encounters("burying-a-friend", "sacred-pool")
    )


@sync
async def test_odds_count_a_card_kept_to_rest_on_of_use_below_the_cap() -> None:
    burying_a_friend = act.ChooseEncounter("base:burying-a-friend")
    for se, of_no_use in ((10, False), (20, True)):
        game = burying(se).start("exploration")
        async with played(game, CAREFUL) as (_, screen):
            index = [a for a, _ in screen.offered].index(burying_a_friend)
            assert screen.decision_panel.no_use[index]  # "no use now: …: rest, gain …"
            legal = [i for i, (_, why) in enumerate(screen.offered) if not why]
            no_use, _ = marked(screen, legal)
            assert (index in no_use) is of_no_use, (se, no_use)
