"""The same names and numbers everywhere (#28 round 2): a skill's ability is named the same way
by the option, the detail line, the forecast and the log, the card first ("Wrecker (Follow
Up)"); a re-roll's choice says a row's loss after the Passives, as option lines do."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import Acted
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator
from unbroken.words.forecast import rule_name


def test_a_skills_response_has_one_name_in_the_option_the_detail_and_the_log() -> None:
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=20)
        .weapon("knife")
        .skills("wrecker")
        .monster("giant-spider")
        .dice(*[1] * 20)
        .start("battle")
    )
    game.apply(act.Attack("pry"))  # breaks the armor: Follow Up may answer
    follow = act.Use("base:wrecker", "wrecker-follow-up")
    assert follow in game.legal_actions()
    name = "Wrecker (Follow Up)"
    assert option_text(follow, "", game.state, game.ruleset).startswith(f"{name}: After")
    assert option_detail(follow, game.state, game.ruleset).startswith(f"{name}: After")
    assert rule_name(Acted("base:wrecker", "Follow Up"), game.ruleset) == name
    narrator = Narrator(game.ruleset)
    for event in game.events:
        narrator.describe(event)
    said = [narrator.describe(e) for e in game.apply(follow)]
    assert f"You use {name}." in said


def test_a_rerolls_choice_says_the_rows_loss_after_the_passives_in_play() -> None:
    # #28 round 2: "Keep the 6: WOUND (lose 2 SE)" while Armored makes it 1.
    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=20)
        .weapon("knife")
        .skills("lucky")
        .condition("armored")
        .monster("goblin")
        .dice(6, 2, 6, 2)
        .start("battle")
    )
    game.apply(act.Skip())  # the Goblin rolls a 6: WOUND, lose 2 SE as printed
    game.apply(act.Use("base:lucky", "lucky-reroll"))  # a 2: keep either
    assert act.PickRoll(6) in game.legal_actions()
    line = option_text(act.PickRoll(6), "", game.state, game.ruleset)
    assert line.startswith("Keep the 6: WOUND (lose 1 SE; Armored −1)")
