"""Round 23's playtest (#28): an attack with three Responses' figures ("wound 2 if Power
Through [Brawler] used; …") wrapped to three rows and more at 80 columns: it takes two at
most, the detail line says the figures it leaves out, and the detail line keeps the
decision's rows whichever option is highlighted (the log under it does not move)."""

from __future__ import annotations

from pathlib import Path

from pilot import detail_at, sync, three_responses_played
from scenes import three_responses
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.testing import expansions_from_source
from unbroken.words.actions import option_text

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
RESPONSES = "Power Through [Brawler]", "Brute Force", "Plate Splitter"


def test_responses_that_would_do_the_same_are_said_once() -> None:
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        game = three_responses(rules)
        line = option_text(act.Attack("cut"), "", game.state, game.ruleset)
    assert "defeats it if Brute Force or Plate Splitter used" in line, line
    assert line.count("defeats it") == 1, line


@sync
async def test_an_attack_with_three_responses_takes_two_rows_and_the_detail_says_them() -> None:
    async with three_responses_played() as (pilot, screen, cut_at):
        panel = screen.decision_panel
        detail = screen.query_one("#detail", Static)
        shown = panel.row_shown(cut_at)
        assert shown.count("\n") <= 1, shown  # two rows at most
        assert "wound 1" in shown and "- pay 2 SE" in " ".join(shown.split()), shown
        heights, said = [], {}
        for k in range(len(panel.offered)):
            said[k] = await detail_at(pilot, screen, k)
            heights.append(detail.size.height)
            if k == cut_at:
                whole = panel.said_whole[1] or said[k]  # what `i` says, where cut (29a-15)
        words = said[cut_at]
        assert "Wound 2 if Power Through [Brawler] used;" in whole, (words, whole)
        assert "defeats it if Brute Force or Plate Splitter used." in whole, (words, whole)
        assert whole == words or words.endswith(" (i: all of it)"), words
        assert "…" not in words, words  # cut after a whole sentence, none cut into
        assert len(set(heights)) == 1, (heights, said)  # the log under it stays put
