"""Round 26's playtest (#28, 26b-3): `i`'s list wraps a long name under the name, not back
at the list's edge ("Frightened (2 rounds" then "after this one)" under "Hand" read as two
entries)."""

from __future__ import annotations

from pilot import opened, sync
from textual.widgets import OptionList

from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.inspector import InspectorScreen

RULES = load_ruleset()


@sync
async def test_a_long_name_in_the_card_list_wraps_under_the_name() -> None:
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("tomu", level=3).resources(se=15).weapon("knife")
    game = scene.condition("frightened", rounds=3).monster("gnoll").start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, "i", InspectorScreen)
        cards = screen.query_one("#inspector-cards", OptionList)
        names = [str(cards.get_option_at_index(i).prompt) for i in range(cards.option_count)]
        long = [name.strip("▶ ") for name in names if "after this one" in name]
        assert long, names
        region = cards.content_region
        strips = screen._compositor.render_strips()
        rows = ["".join(s.text for s in strip)[region.x : region.right] for strip in strips]
        rows = [row.rstrip() for row in rows[region.y : region.bottom]]
        at = next(k for k, row in enumerate(rows) if row[2:] and long[0].startswith(row[2:]))
        assert rows[at + 1].startswith("  "), rows  # its rest under the name, not at "Hand"
        assert " ".join(" ".join(rows[at : at + 2]).split()).endswith(long[0]), rows
