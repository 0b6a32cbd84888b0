"""The same names and numbers everywhere (#28 round 2): a skill's ability is named the same way
by the option, the detail line, the forecast and the log, the card first ("Wrecker (Follow
Up)"); a re-roll's choice says a row's loss after the Passives, as option lines do."""

from __future__ import annotations

from pathlib import Path

from unbroken.core import actions as act
from unbroken.core.forecast import Acted
from unbroken.core.state import GameState
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.words.actions import label, option_detail, option_text
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
    assert line.startswith("Keep the 6: WOUND (lose 1 SE; Armored −1, printed 2)")


ENCOUNTER = """\
[[encounters]]
id = "sinking-ground"
name = "Sinking Ground"
group = "burrow"
gain = { wood = 1 }
time = 2
effects = [{ kind = "condition", condition = "base:crippled", timing = "next_level" }]
text = "The earth gives way."
"""


def test_a_condition_for_the_next_level_says_it_does_nothing_in_the_last_level(
    tmp_path: Path,
) -> None:
    # #28 round 2: at level 4 Sinking Ground offered "Grave Dirt for the next level".
    folder = write_pack(tmp_path / "burrow", {"encounters.toml": ENCOUNTER})
    rules = load_plugins(["base", "burrow"], extra=[("burrow", FolderPlugin(folder))]).ruleset
    sinking = act.ChooseEncounter("burrow:sinking-ground")
    last, before = GameState(level=4), GameState(level=3)
    assert label(sinking, last, rules).endswith("(no next level: Crippled does nothing)")
    assert "no next level" not in label(sinking, before, rules)
