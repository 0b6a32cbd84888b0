"""Round 27's playtest (#28): the detail line under the options says the option's own
words first and any warning or Response's figure after (README: "its own words first and
any warning after")."""

from __future__ import annotations

from pathlib import Path

from pilot import detail_at, played, sync, three_responses_played
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.details import detail

RULES = load_ruleset()
PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
AMBUSH = "⚠ Time runs out: the monster ambushes you."


def test_an_encounter_s_own_words_come_before_its_ambush() -> None:
    # 27a-1: "⚠ Time runs out: the monster ambushes you. Petrified Grove: nothing -> 2 wood
    # (time 5)." with 5 time left.
    game = (
        Scenario("tomu", level=1)
        .resources(time=2)
        .encounters("catch-a-breath", "a-clever-scheme")
        .start("exploration")
    )
    scheme = act.ChooseEncounter("base:a-clever-scheme")
    said = detail(scheme, game)
    assert said.endswith(AMBUSH), said
    assert not said.startswith("⚠"), said


@sync
async def test_an_attack_s_own_words_come_before_its_responses_figures() -> None:
    # 27a-1: "Wound 2 if Power Through [Brawler] used. Attack with Quick cut: wound 1 - pay
    # 1 SE": the figure its row leaves out came before the option's own words.
    async with three_responses_played() as (pilot, screen, cut_at):
        words = await detail_at(pilot, screen, cut_at)
        whole = screen.decision_panel.said_whole[1] or words  # what `i` says, where cut
    # The figures come after the option's own words: on the line, or, where the line ends
    # after a whole sentence before them (29a-15), in `i`'s whole of it.
    assert "Wound 2 if Power Through [Brawler] used;" in whole, (words, whole)
    assert whole == words or words.endswith("(i: all of it)"), (words, whole)
    assert not words.startswith("Wound 2") and not whole.startswith("Wound 2"), whole


@sync
async def test_a_card_s_long_words_take_the_rows_the_log_leaves() -> None:
    # 27a-2: "Discarded Weaponry (metal, time 1): Grab a broken blade from a pile, but the
    # noise…" cut in two rows while the log under it had many free rows.
    assert save_settings(Settings(hints=False)) == ""
    game = (
        Scenario("tomu", level=1)
        .encounters("discarded-weaponry", "sickly-berries")
        .start("exploration")
    )
    async with played(game) as (pilot, screen):
        line = screen.query_one("#detail", Static)
        log_rows = screen.query_one("#log").size.height
        for k in range(2):
            words = await detail_at(pilot, screen, k)
            assert "…" not in words, words
            assert line.size.height > 2, words
        assert screen.query_one("#log").size.height >= 3, log_rows
