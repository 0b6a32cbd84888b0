"""A declarative effect type in one module: its fields, behaviour and words (docs/plugins.md)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from unbroken.api import (
    EffectType,
    FolderPlugin,
    Gain,
    HandlerApi,
    PluginWarning,
    Scenario,
    actions,
    describe_card,
    effect_type,
    hookimpl,
    load_plugins,
    play,
    write_pack,
)


# The plugin module of the worked example in docs/plugins.md, as a plugin author writes it.
class Steal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Take food from what the monster has hoarded."""

    food: int = 1

    def words(self) -> str:
        return f"take {self.food} food from the hoard"


@effect_type(Steal)
def steal(ctx: HandlerApi, e: Steal) -> None:
    """Gain the food (through an effect, so caps apply)."""
    ctx.apply(Gain({"food": e.food}))


class Hoard(FolderPlugin):
    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, EffectType[Steal]]:
        return {"steal": steal}


ENCOUNTER = """
[[encounters]]
id = "hoard"
name = "Rat King's Hoard"
group = "food"
time = 1
text = "A nest of stolen things."
effects = [{ kind = "handler", name = "hoard:steal", params = { food = FOOD } }]
"""


def pack(tmp_path: Path, food: str = "2") -> Path:
    return write_pack(tmp_path / "hoard", {"encounters.toml": ENCOUNTER.replace("FOOD", food)})


def test_the_effect_type_runs_with_its_fields_and_reads_as_its_words(tmp_path: Path) -> None:
    loaded = load_plugins(["base", "hoard"], extra=[("hoard", Hoard(pack(tmp_path)))])
    rules = loaded.ruleset
    assert "  Resolve: Take 2 food from the hoard." in describe_card(rules, "hoard:hoard")
    game = Scenario("tomu", ruleset=rules).encounters("hoard:hoard").start("preparation")
    food = game.state.res["food"]
    play(game, actions.Explore(), actions.ChooseEncounter("hoard:hoard"), actions.Resolve())
    assert game.state.res["food"] == food + 2


@pytest.mark.parametrize(
    ("food", "wrong"),
    [
        ('"two"', "Expected `int`, got `str` - at `food`"),
        ("2, gold = 1", "Object contains unknown field `gold`"),
    ],
)
def test_wrong_params_are_a_content_problem_at_their_line(
    tmp_path: Path, food: str, wrong: str
) -> None:
    folder = pack(tmp_path, food)
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "hoard"], extra=[("hoard", Hoard(folder))])
    assert "hoard" not in loaded.ruleset.plugins
    [warning] = caught
    line = next(i for i, t in enumerate(ENCOUNTER.splitlines(), 1) if "hoard:steal" in t)
    assert str(warning.message) == (
        f"plugin 'hoard': {folder / 'encounters.toml'}:{line}: "
        f"encounter 'hoard:hoard': 'hoard:steal' params: {wrong}"
    )


def test_an_unknown_field_is_refused_too() -> None:
    assert steal.problem({"food": 1, "gold": 3}) == "Object contains unknown field `gold`"
    assert steal.problem({"food": 1}) == ""
    assert steal.describe({}) == "take 1 food from the hoard"
