"""#28 round 30 (30a-11, 30b-4): one Response said two ways on two rows ("Quick cut: wound 1
(more with a Response: below)", "Stab: wound 2 (wound 3 if Power Through [Brawler] used)"),
and "(Responses: below)" with nothing below while the highlight was on another row. An
attack's Responses are said in one form, shorter where room lacks (the tag left out, then
the name alone), and no row points to a line that may not say them."""

from __future__ import annotations

import re

from pilot import played, sync
from textual.widgets import Static

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.option_rows import DecisionList
from unbroken.words.actions import option_text
from unbroken.words.attacks import brief_attack_labels


def brawler_with_the_knife() -> Game:
    """Caellahan (Power Through [Brawler], 2 ME) with the Knife against the Goblin, its
    armor broken: both wounding attacks are more with Power Through."""
    game = (
        Scenario("caellahan", level=1, seed=3)
        .resources(se=13, me=2)
        .weapon("knife")
        .monster("goblin")
        .dice(*[3] * 30)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.armor = 0
    return game


def test_an_attacks_responses_said_shorter_keep_one_form_and_point_nowhere() -> None:
    game = brawler_with_the_knife()
    query = game.query()
    quick = act.Attack("quick-cut")
    f = query.forecast(quick)
    row = option_text(quick, "", game.state, game.ruleset, f)
    assert row == (
        "Attack with Quick cut: wound 1 (wound 2 if Power Through [Brawler] used) - pay 1 SE"
    )
    assert brief_attack_labels(row, f, game.ruleset) == [
        "Attack with Quick cut: wound 1 (wound 2 if Power Through used) - pay 1 SE",
        "Attack with Quick cut: wound 1 (more with Power Through) - pay 1 SE",
        "Attack with Quick cut: wound 1 (more with a Response) - pay 1 SE",
    ]


@sync
async def test_at_80x24_both_attacks_say_power_through_alike_and_nothing_says_below() -> None:
    assert save_settings(Settings(hints=False)) == ""
    async with played(brawler_with_the_knife()) as (pilot, screen):
        decisions = screen.query_one(DecisionList)
        rows = [" ".join(decisions.row_shown(i).split()) for i in range(len(screen.offered))]
        detail = " ".join(str(screen.query_one("#detail", Static).render()).split())
    attacks = [r for r in rows if "Quick cut" in r or "Stab" in r]
    assert len(attacks) == 2, rows
    for said in attacks:
        assert "below" not in said, said
        assert "Power Through" in said, attacks  # named, as the other row names it
    # Both in one form (30a-11: "more with a Response: below" beside "wound 3 if Power
    # Through used"): the figure, or the name alone where the rows are short of room
    # (brackets kept whole since round 36 take a row more).
    forms = {
        re.sub(r"\d+", "N", re.findall(r"\(([^()]*Power Through[^()]*)\)", r)[0]) for r in attacks
    }
    assert len(forms) == 1, attacks
    assert "below" not in detail, detail
