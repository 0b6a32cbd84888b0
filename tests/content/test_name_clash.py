"""One name per card (#28): an expansion card named as another pack's card is shown with its
expansion everywhere ("Scavenger (Burrow)"), and `content check` warns of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, write_pack

SKILL = """\
[[skills]]
id = "scavenger"
name = "Scavenger"
text = "A burrower's knack for leftovers."

[[skills.abilities]]
id = "pick"
name = "Pick Over"
type = "response"
trigger = "monster_defeated"
text = "Gain 1 food."
effects = [{ kind = "gain", amounts = { food = 1 } }]
"""


def test_a_clashing_name_is_shown_with_its_expansion(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "burrow", {"skills.toml": SKILL})
    rules = load_plugins(["base", "burrow"], extra=[("burrow", FolderPlugin(folder))]).ruleset
    assert rules.card_name("burrow:scavenger") == "Scavenger (Burrow)"
    assert rules.card_name("base:scavenger") == "Scavenger"  # the base game's keeps its name
    assert rules.name_clashes() == {"burrow:scavenger": ["base:scavenger"]}


def test_content_check_warns_of_a_clashing_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_pack(tmp_path / "burrow", {"skills.toml": SKILL})
    assert main(["content", "check", str(folder), "--name", "burrow"]) == 0  # a warning
    out = capsys.readouterr().out
    assert "warning: skill 'scavenger' has the name of 'base:scavenger'" in out
    assert "'Scavenger (Burrow)'" in out


def test_the_reward_option_the_detail_and_the_inspector_use_the_clash_aware_name(
    tmp_path: Path,
) -> None:
    # #28 round 2: "Keep Scavenger: …" twice on the reward screen, "Scavenger" in the inspector.
    from unbroken.core import actions as act
    from unbroken.core.state import GameState
    from unbroken.words.actions import label
    from unbroken.words.cards import describe_card

    folder = write_pack(tmp_path / "burrow", {"skills.toml": SKILL})
    rules = load_plugins(["base", "burrow"], extra=[("burrow", FolderPlugin(folder))]).ruleset
    state = GameState()
    assert label(act.ChooseSkill("burrow:scavenger"), state, rules).startswith(
        "Keep Scavenger (Burrow): "
    )
    assert label(act.ChooseSkill("base:scavenger"), state, rules).startswith("Keep Scavenger: ")
    assert describe_card(rules, "burrow:scavenger")[0] == "Scavenger (Burrow) (skill)"
