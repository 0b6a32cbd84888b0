"""Round 17's playtest (#28), second part: the words the screens use and do not explain."""

from __future__ import annotations

from unbroken.testing import Scenario
from unbroken.tui.inspector import offer_lines


def test_iron_grip_side_by_side_explains_disarm() -> None:
    # Round 17: `i` on Iron Grip named DISARM ("ignore DISARM results") and said nowhere
    # what a DISARM does, while "committed" and "ambush" had their rule said.
    game = Scenario("niola", seed=3).start("exploration")
    lines = offer_lines(game, "base:iron-grip")
    named = "\n".join(lines[lines.index("  Named:") + 1 :])
    assert "DISARM" in named and "R-WEAPON-4" in named
    assert "top weapon aside" in named
