"""Round 17's playtest (#28), second part: the words the screens use and do not explain."""

from __future__ import annotations

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.help import score_section
from unbroken.tui.inspector import SCORE, card_lines, offer_lines


def test_iron_grip_side_by_side_explains_disarm() -> None:
    # Round 17: `i` on Iron Grip named DISARM ("ignore DISARM results") and said nowhere
    # what a DISARM does, while "committed" and "ambush" had their rule said.
    game = Scenario("niola", seed=3).start("exploration")
    lines = offer_lines(game, "base:iron-grip")
    named = "\n".join(lines[lines.index("  Named:") + 1 :])
    assert "DISARM" in named and "R-WEAPON-4" not in named  # no rule id (6841c42, 28b-16)
    assert "top weapon aside" in named


def test_help_and_i_say_a_lost_game_has_no_rank() -> None:
    # Round 17: Records showed a lost game's score 0 and rank "-" while help's Score said
    # "Ranks: 0 Prey"; help and `i` now say a lost game is not ranked, as Records shows.
    section = score_section(load_ruleset())
    assert "0 Prey" in section and "A lost game is not ranked" in section and '"-"' in section
    lines = card_lines(Scenario("niola").start(), SCORE)
    assert any("lost game is not ranked" in line for line in lines)
