"""Round 20's playtest (#28): `m`'s pages of a monster with no rules of its own (the
Troglodyte on Expert: its danger track's gains and a table row cut) are the table's."""

from __future__ import annotations

from rich.text import Text

from unbroken.tui.rule_pages import lay_out


def test_a_monster_without_rules_has_no_rules_page() -> None:
    # Round 20: the Troglodyte (no rules) showed "rules 1 of 1 (m: table)", a page of its
    # danger track's gains and a blank row over the table with its DAZE row still cut.
    for die in ("", "…combat roll)"):  # while the die rolls (a row kept), once it lands
        heads = [[Text(die)], [Text("danger track 4: +1 health")]]
        laid = lay_out([], [], heads, [(3, 2, -1)], 2)
        titles = [laid.title(k, "m") for k in range(len(laid.used))]
        assert all(title.startswith("table ") for title in titles), titles
        assert laid.shows[0] == {3}, titles  # the cut row whole on the first page
        for k, used in enumerate(laid.used):  # none of blank rows alone
            shown = [line.plain for line in laid.tops[k] + laid.lines[k]]
            assert laid.shows[k] or any(shown), (titles, k, shown, used)
        said = [line.plain for top in laid.tops for line in top]
        assert "danger track 4: +1 health" in said, said
