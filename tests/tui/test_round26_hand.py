"""Round 26's playtests: the Hand's rows (26a-4: an attack's cost wrapped apart)."""

from __future__ import annotations

import textwrap

from unbroken.tui.hand import held_cost
from unbroken.tui.panel import NBSP


def test_the_hands_attack_cost_wraps_whole() -> None:
    # 26a-4: " Cut: wound 2, defeats it ← 2" at the Hand's last row, "SE" wrapped out of sight.
    line = held_cost("Cut: wound 2, defeats it ← 2 SE")
    rows = textwrap.wrap(f" {line}", 30, subsequent_indent="   ", break_on_hyphens=False)
    assert [row.replace(NBSP, " ") for row in rows] == [" Cut: wound 2, defeats it", "   ← 2 SE"]
    both = held_cost("Pry: break 1 ← 1 SE + 1 ME").replace(NBSP, " ")
    assert both == "Pry: break 1 ← 1 SE + 1 ME"
