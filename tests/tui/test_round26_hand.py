"""Round 26's playtests: the Hand's rows (26a-4: an attack's cost wrapped apart; 26a-13:
the skills' line on one row, then two, as the Hand was cut)."""

from __future__ import annotations

import textwrap

from pilot import played, settle, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.hand import HandPanel, HandText, held_cost
from unbroken.tui.panel import NBSP


def test_the_hands_attack_cost_wraps_whole() -> None:
    # 26a-4: " Cut: wound 2, defeats it ← 2" at the Hand's last row, "SE" wrapped out of sight.
    line = held_cost("Cut: wound 2, defeats it ← 2 SE")
    rows = textwrap.wrap(f" {line}", 30, subsequent_indent="   ", break_on_hyphens=False)
    assert [row.replace(NBSP, " ") for row in rows] == [" Cut: wound 2, defeats it", "   ← 2 SE"]
    both = held_cost("Pry: break 1 ← 1 SE + 1 ME").replace(NBSP, " ")
    assert both == "Pry: break 1 ← 1 SE + 1 ME"


def test_the_hands_skills_take_the_same_rows_whether_the_hand_is_cut_or_not() -> None:
    # 26a-13: "Skills: Second Wind, Brute Force" on one row, then on the next screen, the
    # Hand cut ("Hand ↓ more (tab, ↓)"), "Skills: Second Wind, Brute" and "   Force": the
    # lines wrapped a column narrower once the scrollbar's column was taken. The column is
    # kept from the start, and the text has no right padding beside it: one width always,
    # the one the uncut Hand had ("Knife ← 1 metal + 1 time" on one row at 80x24).
    @sync
    async def run() -> None:
        assert save_settings(Settings(hints=False)) == ""
        seen: list[list[str]] = []
        for cut in (False, True):
            scene = Scenario("helena", level=2).resources(se=15, food=3).weapon("knife")
            scene = scene.skills("second-wind", "brute-force")
            if cut:  # conditions' rows over the weapon: the Hand is cut
                scene = scene.condition("frightened", True, 0, 2)
                scene = scene.condition("poisoned", True, 2, 0)
            async with played(scene.start("preparation")) as (pilot, screen):
                await settle(pilot)
                panel = screen.query_one(HandPanel)
                assert ("more" in str(panel.border_title)) == cut, panel.border_title
                lines = str(screen.query_one(HandText).render()).split("\n")
                at = next(k for k, line in enumerate(lines) if line.startswith("Skills:"))
                seen.append(lines[at : at + 2])
        one_row = ["Skills: Second Wind, Brute Force", "Crafts: Sword ← 2 metal + 2 time"]
        assert seen[0] == seen[1] == one_row, seen

    run()
