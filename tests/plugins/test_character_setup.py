"""Characters with a setup (#19 item 1): weapon, resources, skills, conditions, ability uses
and the setup trigger, as a plugin writes them (R-SETUP-2, docs/plugins.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from unbroken import hookimpl
from unbroken.content import ContentError, load_pack
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.handlers import HandlerApi
from unbroken.core.model import Gain
from unbroken.plugins import PluginWarning, load_plugins
from unbroken.testing import FolderPlugin, events_of, write_pack
from unbroken.words.cards import describe_card

CHARACTER = """
[[characters]]
id = "ranger"
name = "Ysolde the Ranger"
cls = "base:hunter"
text = "Came out of the woods armed and rested."
weapon = "base:knife"
resources = { food = 2, wood = 1 }
skills = ["base:quick-study"]
conditions = ["base:blessed"]
ability_uses = 2
setup = [{ kind = "handler", name = "rangers:forage", params = { metal = 1 } }]
"""


def forage(ctx: HandlerApi, params: dict[str, Any]) -> None:
    """The setup trigger's handler: what data cannot say (here: as much metal as asked)."""
    ctx.apply(Gain({"metal": int(params["metal"])}))


class Rangers(FolderPlugin):
    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        return {"forage": forage}


def rangers(tmp_path: Path, text: str = CHARACTER) -> Any:
    folder = write_pack(tmp_path / "rangers", {"characters.toml": text})
    return load_plugins(["base", "rangers"], extra=[("rangers", Rangers(folder))])


def test_a_plugin_character_starts_with_each_setup_field_and_its_trigger(tmp_path: Path) -> None:
    """R-SETUP-2: each field changes the start; the setup trigger runs before the first decision."""
    rules = rangers(tmp_path).ruleset
    base = Game.new(rules, "base:tomu", "normal", seed=7).state
    game = Game.new(rules, "rangers:ranger", "normal", seed=7)
    s = game.state
    assert s.weapons == ["base:knife"]
    assert s.res["food"] == base.res["food"] + 2
    assert s.res["wood"] == base.res["wood"] + 1
    assert s.res["metal"] == base.res["metal"] + 1  # from the setup trigger's handler
    assert s.skills == ["base:quick-study"]
    assert "base:quick-study" not in s.skill_deck  # held, so never drawn again
    assert [(c.id, c.active) for c in s.conditions] == [("base:blessed", True)]
    # its own 2, and one more each from Quick Study and Blessed, as when kept at setup
    assert s.ability_uses == 2 + 1 + 1
    assert game.decision is not None and game.decision.kind == "preparation"
    [gained] = [e for e in events_of(game.events, ev.Gained) if e.source == "rangers:ranger"]
    assert gained.amounts == {"metal": 1}


def test_the_same_seed_sets_the_character_up_the_same_way(tmp_path: Path) -> None:
    rules = rangers(tmp_path).ruleset
    one = Game.new(rules, "rangers:ranger", "hard", seed=3)
    two = Game.new(rules, "rangers:ranger", "hard", seed=3)
    assert one.events == two.events


def test_a_character_without_setup_fields_starts_as_the_rules_say(tmp_path: Path) -> None:
    """R-SETUP-2: bare hands, 1 ability use, no skills or conditions."""
    plain = "\n".join(CHARACTER.splitlines()[:6])
    s = Game.new(rangers(tmp_path, plain).ruleset, "rangers:ranger", "normal", seed=1).state
    assert s.weapons == ["base:bare-hands"]
    assert (s.skills, s.conditions, s.ability_uses) == ([], [], 1)


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            ('weapon = "base:knife"', 'weapon = "base:knif"'),
            7,
            "character 'rangers:ranger' starts with missing weapon 'base:knif' "
            "(did you mean 'base:knife'?)",
        ),
        (
            ('skills = ["base:quick-study"]', 'skills = ["base:quick-studdy"]'),
            9,
            "character 'rangers:ranger' starts with missing skill 'base:quick-studdy' "
            "(did you mean 'base:quick-study'?)",
        ),
        (
            ('conditions = ["base:blessed"]', 'conditions = ["blessed"]'),
            10,
            "character 'rangers:ranger' starts with missing condition 'rangers:blessed' "
            "(did you mean 'base:blessed'?)",
        ),
    ],
)
def test_a_missing_card_in_a_setup_is_told_at_its_line(
    tmp_path: Path, change: tuple[str, str], line: int, message: str
) -> None:
    with pytest.warns(PluginWarning) as caught:
        loaded = rangers(tmp_path, CHARACTER.replace(*change))
    assert "rangers" not in loaded.ruleset.plugins
    [warning] = caught
    assert f"characters.toml:{line}: {message}" in str(warning.message)


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            ("resources = { food = 2, wood = 1 }", "resources = { food = -2 }"),
            8,
            "field `resources` has a negative amount",
        ),
        (
            ("resources = { food = 2, wood = 1 }", "resources = { gold = 2 }"),
            8,
            "field `resources` names unknown resource 'gold'",
        ),
        (("ability_uses = 2", "ability_uses = 99"), 11, "field `ability_uses` must be 0-10"),
        (
            ('conditions = ["base:blessed"]', 'conditions = ["base:blessed", "base:blessed"]'),
            10,
            "field `conditions` names 'base:blessed' twice; a card is held once: remove one",
        ),
    ],
)
def test_a_wrong_setup_field_is_refused_at_its_line(
    tmp_path: Path, change: tuple[str, str], line: int, message: str
) -> None:
    folder = write_pack(tmp_path / "rangers", {"characters.toml": CHARACTER.replace(*change)})
    with pytest.raises(ContentError) as caught:
        load_pack(folder, "rangers")
    assert f"characters.toml:{line}: character 'rangers:ranger': {message}" in str(caught.value)


def test_a_character_card_says_what_it_starts_with(tmp_path: Path) -> None:
    rules = rangers(tmp_path).ruleset
    assert describe_card(rules, "rangers:ranger")[2] == (
        "  Starts with: The Knife as its weapon; 2 food + 1 wood more; the skill Quick Study; "
        "the condition Blessed; 2 ability uses at level 1; forage (1 metal)."
    )
    assert not any("Starts with" in line for line in describe_card(rules, "base:tomu"))
