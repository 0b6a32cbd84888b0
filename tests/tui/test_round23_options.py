"""Round 23's playtest (#28): an attack with three Responses' figures ("wound 2 if Power
Through [Brawler] used; …") wrapped to three rows and more at 80 columns: it takes two at
most, the detail line says the figures it leaves out, and the detail line keeps the
decision's rows whichever option is highlighted (the log under it does not move)."""

from __future__ import annotations

from pathlib import Path

from pilot import played, settle, sync
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.decisions import DecisionPanel
from unbroken.words.actions import option_text

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
RESPONSES = "Power Through [Brawler]", "Brute Force", "Plate Splitter"


def three_responses(rules: Ruleset) -> Game:
    """Caellahan (Power Through) with Brute Force and Plate Splitter, the Sword's Cut
    against the Iron Beetle (Armored (Gauntlet)), its armor broken."""
    game = (
        Scenario("caellahan", level=2, ruleset=rules)
        .resources(se=10, me=3)
        .skills("base:brute-force", "gauntlet:plate-splitter")
        .weapon("base:sword")
        .monster("gauntlet:iron-beetle")
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.armor = 0
    return game


def test_responses_that_would_do_the_same_are_said_once() -> None:
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        game = three_responses(rules)
        line = option_text(act.Attack("cut"), "", game.state, game.ruleset)
    assert "defeats it if Brute Force or Plate Splitter used" in line, line
    assert line.count("defeats it") == 1, line


@sync
async def test_an_attack_with_three_responses_takes_two_rows_and_the_detail_says_them() -> None:
    assert save_settings(Settings(hints=False)) == ""
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        game = three_responses(rules)
        async with played(game, rules=rules) as (pilot, screen):
            panel = screen.query_one(DecisionPanel)
            detail = screen.query_one("#detail", Static)
            cut_at = next(i for i, (a, _) in enumerate(panel.offered) if a == act.Attack("cut"))
            shown = panel.row_shown(cut_at)
            assert shown.count("\n") <= 1, shown  # two rows at most
            assert "wound 1" in shown and "- pay 2 SE" in shown, shown
            heights, said = [], {}
            for k in range(len(panel.offered)):
                panel.highlighted = k
                await settle(pilot)
                heights.append(detail.size.height)
                said[k] = " ".join(str(detail.render()).split())
            words = said[cut_at]
            assert "Wound 2 if Power Through [Brawler] used;" in words, words
            assert "defeats it if Brute Force or Plate Splitter used." in words, words
            assert "…" not in words, words
            assert len(set(heights)) == 1, (heights, said)  # the log under it stays put
