"""#28 playtest round 22 (words) on the game screen."""

from __future__ import annotations

from pilot import key_of, played, settle, sync

from unbroken.core import actions as act
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario

RULES = load_ruleset()


@sync
async def test_taking_no_weapon_at_a_committed_weapon_rack_is_logged() -> None:
    # Round 22: committed by Discarded Weaponry, the next card a Weapon Rack (taken for
    # the player); "Take none (keep the Longbow)" left no line in the log, only the SE and
    # the time it cost (r21w's part 1 says it; here the committed path, on the screen).
    game = (
        Scenario("tomu", level=4)
        .resources(se=10, time=10)
        .weapon("maul")
        .encounters("weapon-rack", "catch-a-breath")
        .commit()
        .start("preparation")
    )
    game.apply(act.Explore())
    while game.state.decision != DecisionKind.CHOOSE_WEAPON:
        game.apply(game.legal_actions()[0])  # the card committed to, resolved
    async with played(game, rules=RULES) as (pilot, screen):
        for _ in range(2):  # a costly option is marked first: its key again takes it
            if screen.game.state.decision == DecisionKind.CHOOSE_WEAPON:
                await pilot.press(key_of(screen, act.Pass))
                await settle(pilot)
        assert screen.game.state.decision != DecisionKind.CHOOSE_WEAPON
        assert "You take no weapon: you keep the Maul." in screen.said, screen.said
