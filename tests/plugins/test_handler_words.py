"""Words for what a plugin adds (#19 item 2): a handler's template or `describe`, read on
every card and combat row instead of "frostbite:freezing-grip (amount 1, tokens 1)"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from unbroken import hookimpl
from unbroken.core import model as m
from unbroken.core.handlers import HandlerApi, handler_words
from unbroken.core.state import ConditionState
from unbroken.plugins import PluginWarning, load_plugins
from unbroken.testing import FolderPlugin, write_pack
from unbroken.words.cards import condition_in_play, describe_card


def row(result: str, handler: str = "", params: str = "") -> str:
    """One combat table row, its effect a handler of the plugin's with `params`."""
    if not handler:
        return f'  {{ result = "{result}" }}'
    effect = f'{{ kind = "handler", name = "frostbite:{handler}", params = {{ {params} }} }}'
    return f'  {{ result = "{result}", effects = [{effect}] }}'


ROWS = [
    row("MISS"),
    row("MISS"),
    row("STEAL", "freezing-grip", "amount = 1, tokens = 1"),
    row("STEAL", "numb", "amount = 2"),
    row("STEAL", "bare", "amount = 1"),
    row("MISS"),
]
MONSTER = (
    '[[monsters]]\nid = "yeti"\nname = "Yeti"\nlevel = 1\nnumber = 1\narmor = 0\n'
    'health = 4\ntext = "Cold hands."\ntable = [\n' + ",\n".join(ROWS) + "\n]\n"
)


@handler_words("lose {amount} SE and take {tokens} frost")
def freezing_grip(ctx: HandlerApi, params: dict[str, Any]) -> None:
    ctx.apply(m.Lose({"se": int(params["amount"])}))


def numb_words(params: dict[str, Any]) -> str:
    return f"your fingers go numb: lose {params['amount']} ME"


@handler_words(numb_words)
def numb(ctx: HandlerApi, params: dict[str, Any]) -> None:
    ctx.apply(m.Lose({"me": int(params["amount"])}))


def bare(ctx: HandlerApi, params: dict[str, Any]) -> None:
    """A handler that says nothing of itself."""


class Frostbite(FolderPlugin):
    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        return {"freezing-grip": freezing_grip, "numb": numb, "bare": bare}


def load(tmp_path: Path, text: str = MONSTER) -> Any:
    folder = write_pack(tmp_path / "frostbite", {"monsters.toml": text})
    return load_plugins(["base", "frostbite"], extra=[("frostbite", Frostbite(folder))])


def test_a_combat_row_reads_as_the_handlers_words(tmp_path: Path) -> None:
    card = describe_card(load(tmp_path).ruleset, "frostbite:yeti")
    assert "    3  STEAL: Lose 1 SE and take 1 frost." in card  # the template
    assert "    4  STEAL: Your fingers go numb: lose 2 ME." in card  # describe()
    assert "    5  STEAL: Bare (amount 1)." in card  # no words: its own name, not its id
    assert not any("frostbite:" in line for line in card)


def test_a_template_naming_a_missing_param_is_told_at_the_cards_line(tmp_path: Path) -> None:
    with pytest.warns(PluginWarning) as caught:
        loaded = load(tmp_path, MONSTER.replace("amount = 1, tokens = 1", "amount = 1"))
    assert "frostbite" not in loaded.ruleset.plugins
    [warning] = caught
    assert str(warning.message).endswith(
        "monsters.toml:12: monster 'frostbite:yeti': 'frostbite:freezing-grip': its words "
        "'lose {amount} SE and take {tokens} frost' need param `tokens`; add it to the "
        "card's params"
    )


CONDITION = """
[[conditions]]
id = "frostbitten"
name = "Frostbitten"
text = "Your fingers are white."
tokens = true

[[conditions.abilities]]
id = "ache"
name = "Ache"
type = "response"
trigger = "before_player_turn"
text = ""

[[conditions.abilities.effects]]
kind = "handler"
name = "frostbite:freezing-grip"
params = { amount = 1, tokens = 0 }
"""


def test_a_condition_in_play_reads_as_its_abilities_words(tmp_path: Path) -> None:
    """The panel and the text game say what a condition does, a plugin's handler included."""
    folder = write_pack(tmp_path / "frostbite", {"conditions.toml": CONDITION})
    rules = load_plugins(["base", "frostbite"], extra=[("frostbite", Frostbite(folder))]).ruleset
    plugin = condition_in_play(ConditionState("frostbite:frostbitten", True, tokens=2), rules)
    assert plugin == (
        "Frostbitten (2 tokens)",
        "Before each of your combat turns: lose 1 SE and take 0 frost.",
    )
    base = condition_in_play(ConditionState("base:weakened", False), rules)
    assert base == ("Weakened (next level)", rules.conditions["base:weakened"].abilities[0].text)
