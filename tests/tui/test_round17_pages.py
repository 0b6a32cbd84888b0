"""Round 17's playtest (#28): `m` on a monster without rules cut the Bear's table rows
that were whole, and its pages never came back to the whole view."""

from __future__ import annotations

import pytest
from pilot import sync
from test_round16_pages import everything, plain_battle_views

from unbroken.home.settings import Settings, save_settings


def whole_rows(view: str) -> set[str]:
    """Return the table rows a view shows on one line, not cut ("…")."""
    return {
        line.replace("▶", " ").strip()
        for line in view.split("\n")
        if line[:3].replace("▶", " ").strip().isdigit() and not line.rstrip().endswith("…")
    }


# One pytest-xdist worker for the tests that share its scenes (--dist loadgroup).
@pytest.mark.xdist_group("plain_battle_views")
@sync
async def test_m_never_cuts_a_whole_row_of_a_monster_without_rules_and_comes_back() -> None:
    assert save_settings(Settings(hints=False)) == ""
    with everything() as rules:
        for mid in rules.monsters:
            # The stage's views at 80x24 as `m` is pressed (the first view first) and the
            # view the presses come back to; round 16's battle test pages the same scenes.
            game, drawn, _, back = await plain_battle_views(rules, mid)
            # Every press of `m` ends on the view the stage first had, whatever the pages.
            assert back == drawn[0], (mid, drawn, back)
            if game.ruleset.monsters[mid].abilities or game.ruleset.monsters[mid].keywords:
                continue
            first = whole_rows(drawn[0])
            for view in drawn[1:]:
                shown = " ".join(view.split())
                assert all(" ".join(row.split()) in shown for row in first), (mid, view)
