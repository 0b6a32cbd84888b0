"""#28 round 30 (30a-14): "1. Take the Axe / 2. Take the Maul / 3. Take none (keep the Bare
Hands)": the rows of a weapon choice said nothing of what the weapons do (only `i` did),
where every other card choice puts the card's words on its row. Each row says the weapon's
attacks as the Hand says them; the line under the list says them whole with the card's
words."""

from __future__ import annotations

from pilot import detail_at, played, sync
from scenes import weapon_rack

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.tui.option_rows import DecisionList
from unbroken.words.actions import option_text

KNIFE = "Take the Knife: Pry: break 1 ← 2 SE; Quick cut: wound 1 ← 1 SE; Stab: wound 2 ← 2 SE"


def test_a_weapon_choice_says_the_weapons_attacks() -> None:
    game = weapon_rack()
    rows = [option_text(a, w, game.state, game.ruleset) for a, w in game.options()]
    assert KNIFE in rows, rows
    club = next(r for r in rows if r.startswith("Take the Club"))
    assert club == (
        "Take the Club: Crack: break 1 ← 1 SE; Bash: wound 2 ← 3 SE; Heavy blow: wound 3 ← 1 ME"
    )


@sync
async def test_at_80x24_the_rows_say_the_attacks_and_the_line_under_says_them_whole() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = weapon_rack()
    knife = next(
        i for i, (a, _) in enumerate(game.options()) if a == act.ChooseWeapon("base:knife")
    )
    async with played(game) as (pilot, screen):
        rows = screen.query_one(DecisionList).row_shown_all()
        said = await detail_at(pilot, screen, knife)
    shown = " ".join(rows[knife].split())
    assert shown.startswith("2. Take the Knife: Pry"), rows
    # Its words whole: the row, else the line under the list (not said twice); the card's after.
    assert KNIFE in f"{shown[3:]} {said}", (shown, said)
    assert said.endswith("A short blade: quick, cheap cuts, but poor against armor."), said
