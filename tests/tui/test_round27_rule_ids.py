"""Round 27's playtest (#28, 27b-11): help's Ambush rule said "(R-TRAVEL-1, R-TRAVEL-6)"
and "(R-COMBAT-1)". Player text never shows a rule id: no help section a player can open
(its own pages, the rules, the cards and rules its search finds) and no rule `i` lists."""

from __future__ import annotations

import re

from pilot import settle, sync
from textual.widgets import Input

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.rule_terms import TERMS

RULES = load_ruleset()
#: A rule id as docs/rules.md numbers them: "R-" and an upper-case name.
RULE_ID = re.compile(r"R-[A-Z]")


@sync
async def test_no_help_section_a_player_can_open_names_a_rule_id() -> None:
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HelpScreen())
        await settle(pilot)
        await pilot.press("slash", *"ambush")  # a search adds the cards and rules named
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.query_one("#help-search", Input).value == "ambush"
        # The search's first: the Ambush rule, as the playtest opened it.
        title, text = screen.sections[screen.listed[0]]
        assert title == "Ambush (rule)" and "the Ambush step follows" in text, text
        assert len(screen.sections) > screen.own + len(TERMS)
        for title, text in screen.sections:
            assert not RULE_ID.search(text), (title, RULE_ID.findall(text))
            assert not RULE_ID.search(title), title


def test_the_rules_i_lists_keep_their_ids_for_developers_only() -> None:
    for term in TERMS:
        assert not any(RULE_ID.search(line) for line in term.lines), term.name
        assert term.ids and all(re.fullmatch(r"R-[A-Z]+-\d+", i) for i in term.ids), term
