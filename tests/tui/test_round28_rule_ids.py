"""Round 28's playtest (#28, 28b-16): `i` said "Committed (a rule) Some cards commit you to
the next encounter (R-TRAVEL-7).", and help's search for "committed" the same. No text `i`
shows a player names a rule id: each card and rule it lists, the screen whole."""

from __future__ import annotations

import re

from pilot import committed_inspected, settle, sync

#: A rule id as docs/rules.md numbers them: "R-" and an upper-case name.
RULE_ID = re.compile(r"R-[A-Z]+-\d")


@sync
async def test_no_entry_i_lists_names_a_rule_id() -> None:
    async with committed_inspected() as (pilot, screen, cards):
        cards.focus()
        seen = []
        for i in range(cards.option_count):
            if cards.get_option_at_index(i).disabled:
                continue
            cards.highlighted = i
            await settle(pilot)
            said = " ".join(str(screen.query_one(".inspector-one").render()).split())
            seen.append(said)
            assert not RULE_ID.search(said), said
        assert any(said.startswith("Committed (a rule)") for said in seen), seen
