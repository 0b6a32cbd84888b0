"""Round 28 (#28, 28a-3 / 28b-3): a cut attack row hid its cost or how it is paid: "3.
Attack with Heavy blow: wound…" (not dimmed) hid "(paid as 1 LE: short of ME)", the
player took it for impossible; "2. Attack with Sling stone… — defeats it" lost its "pay 1
SE". A cut keeps the cost and how it is paid (said short where room lacks: 29a-5) before
what the attack does and its reward."""

from __future__ import annotations

from pilot import played, sync

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.attack_cuts import cut_attack
from unbroken.tui.option_rows import DecisionList

SKILLS = ("weak-spot", "grim-determination", "spike-thrower", "lucky", "daring")


@sync
async def test_a_cut_attack_row_keeps_its_cost_and_how_it_is_paid_at_80x24() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("caellahan", level=4, seed=3)
        .resources(se=6, me=0, le=3, wood=4, metal=2)
        .weapon("club")
        .skills(*SKILLS)
        .monster("hobgoblin")
        .dice(*[3] * 30)
        .start("battle")
    )
    game.apply(game.options()[1][0])  # Daring's Response passed: the battle turn
    async with played(game) as (_, screen):
        rows = [" ".join(r.split()) for r in screen.query_one(DecisionList).row_shown_all()]
    heavy = next(row for row in rows if "Heavy blow" in row)
    # Its cost said short where its row has no room, how it is paid kept (29a-5's order).
    assert heavy.endswith("- 1 ME as 1 LE"), rows
    assert next(row for row in rows if "Bash" in row).endswith("- pay 3 SE"), rows
    # Crack only breaks armor, which Weak Spot's wounds ignore: of no use now (28a-1), said.
    assert next(row for row in rows if "Crack" in row).endswith("(no use now)"), rows


def test_a_killing_attack_cut_keeps_its_cost_and_defeats_it() -> None:
    rewards = "1 metal + 1 treasure; Last Rites [Gravedigger] +1 ME; Scavenger +1 wood + 1 metal"
    line = f"2. Attack with Sling stone: wound 1 - pay 1 SE — defeats it: {rewards}"
    # Its wound kept too, its cost said short (29a-5: the wound goes never).
    assert cut_attack(line, 44) == "2. Sling stone: wound 1 - 1 SE — defeats it…"
    assert cut_attack(line, 60) == "2. Attack with Sling stone: wound 1 - pay 1 SE — defeats it…"
