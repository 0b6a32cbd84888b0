"""Round 38's double tap (#28, 38b-2): the notice a double tap's second gets on an option
it dimmed said the option's cost before why it cannot be taken, and at 80x24 the reason was
cut: "8 is Forage [Hunter]: not now, pay 2 time, 1 ability … (l: all of it)", "0 is Craft
the Axe: pay 1 wood + 1 metal + 2 … (l: all of it)". The reason comes first, the cost after
it only where there is room."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

from pilot import key_of, played, settle, sync
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import CUT, HintBox
from unbroken.tui.pace import KeyPace
from unbroken.words.option_notes import double_tap

#: A double tap's time long enough for a test under load (a key pressed at once is in it).
QUICK = KeyPace(settle=0.0, quick=60.0, first_new=False)


async def told(pilot: Pilot[Any], screen: GameScreen, key: str) -> str:
    """Press `key` and return what the screen said of it (as round 37's keys read it)."""
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
async def test_a_double_taps_second_on_a_used_up_ability_says_why_first_at_80x24() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("huckdorf", level=2, seed=3).resources(se=10).start("preparation")
    forage = next(a for a, why in game.options() if isinstance(a, act.Use) and not why)
    game.apply(forage)  # one use left: the key takes it, the next finds it used up
    async with played(game, QUICK) as (pilot, screen):
        key = key_of(screen, act.Use, "forage")
        await pilot.press(key)
        await settle(pilot)
        assert game.state.ability_uses == 0, game.state.ability_uses
        decisions = game.state.decisions
        said = await told(pilot, screen, key)  # the double tap's second
        assert game.state.decisions == decisions, said
        assert said.startswith(f"{key} not taken: a double tap ({key} just took Forage"), said
        box = screen.query_one(HintBox)
        box.say(said, 600, "")  # drawn as the player reads it, its 4 s not run out
        await settle(pilot)
        drawn = " ".join(str(box.render()).split())
        assert f"{key} is Forage [Hunter]: not now, no ability uses left this level" in drawn, drawn
        assert CUT.strip() not in drawn, drawn  # whole: the cost left out with no room for it


def test_a_double_taps_second_says_why_before_what_it_costs() -> None:
    row = "Craft the Axe: pay 1 wood + 1 metal + 2 time (cannot pay)"
    said = double_tap("0", "Downgrade", row)
    assert said.startswith("0 not taken: a double tap (0 just took Downgrade); "), said
    assert "0 is Craft the Axe: not now, cannot pay" in said, said
    assert said.index("cannot pay") < said.index("1 wood"), said
    row = "Forage [Hunter] (pay 2 time, 1 ability use; no ability uses left this level)"
    said = double_tap("8", "Forage [Hunter]", row)
    assert "8 is Forage [Hunter]: not now, no ability uses left this level" in said, said
    assert said.index("no ability uses") < said.index("2 time"), said
    row = "Downgrade (nothing to give up)"
    assert double_tap("0", "Downgrade", row).endswith(
        "0 is Downgrade: not now, nothing to give up."
    )
