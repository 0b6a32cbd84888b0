"""Round 24's playtest (#28): `m` on a monster without rules for the battle says the
ambush and trickery it has (the Abomination "has no special rules" right after its ambush
poisoned the player)."""

from __future__ import annotations

from pilot import played, settle, sync
from test_screen_leftovers import rows_of

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.hints import HintBox

RULES = load_ruleset()


@sync
async def test_m_on_a_monster_without_battle_rules_says_its_ambush_and_trickery() -> None:
    # Round 24: "Abomination has no special rules: its whole table is in sight." while
    # its ambush had just given Poisoned and its trickery costs 3 cunning + 1 food.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=2).resources(se=10).monster("abomination")
    game = scene.condition("poisoned").dice(*[3] * 30).start("battle")
    async with played(game) as (pilot, screen):
        await pilot.press("m")
        await settle(pilot)
        box = screen.query_one(HintBox)
        said = " ".join(row.strip("▌ ") for row in rows_of(screen, box))
    assert "no special rules" not in said, said
    assert "ambush: gain Poisoned with 2 tokens now" in said, said
    assert "trickery: 3 cunning + 1 food" in said, said
    assert said.endswith("food."), said  # all of it in sight
