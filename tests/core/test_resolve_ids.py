"""Naming cards as a player types them: local ids for plugin cards too."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset, resolve_id, short_ids
from unbroken.plugins import load_ruleset

RULES = load_ruleset()
IDS = ["base:hyena", "base:ogre", "tide:crab", "tide:ogre", "reef:crab", "tide:mara"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("hyena", "base:hyena"),
        ("base:hyena", "base:hyena"),
        ("ogre", "base:ogre"),  # the base game's card comes first
        ("tide:ogre", "tide:ogre"),
        ("mara", "tide:mara"),  # the one plugin card with that local id
        ("crab", None),  # two plugins have one: it must be namespaced
        ("reef:crab", "reef:crab"),
        ("tide:hyena", None),
        ("nothing", None),
    ],
)
def test_resolve_id(name: str, expected: str | None) -> None:
    assert resolve_id(name, IDS) == expected


def test_short_ids_are_what_resolves() -> None:
    short = short_ids(IDS)
    assert short == ["hyena", "ogre", "tide:crab", "tide:ogre", "reef:crab", "mara"]
    assert [resolve_id(s, IDS) for s in short] == IDS


def with_plugin_sheet() -> tuple[Ruleset, str]:
    sheet = msgspec.structs.replace(
        RULES.characters["base:tomu"], id="tide:mara-kell", name="Mara Kell"
    )
    rules = dataclasses.replace(RULES, characters={**RULES.characters, sheet.id: sheet})
    return rules, sheet.id


def test_a_plugin_character_can_be_named_by_its_local_id(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli import command as cli

    rules, sheet = with_plugin_sheet()
    game = Game.new(rules, "mara-kell", seed=1)
    assert game.state.character == sheet
    monkeypatch.setattr(cli, "load", lambda: rules)
    assert cli.resolve_character(rules, "mara-kell") == sheet
    with pytest.raises(cli.CommandError, match="choose one of: .*mara-kell"):
        cli.resolve_character(rules, "mara")


def test_cards_id_finds_a_plugin_card_by_its_local_id(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli import cards
    from unbroken.cli import command as cli

    crab = msgspec.structs.replace(RULES.monsters["base:hyena"], id="tide:crab", name="Reef Crab")
    rules = dataclasses.replace(RULES, monsters={**RULES.monsters, crab.id: crab})
    monkeypatch.setattr(cards, "load", lambda: rules)
    assert cli.main(["cards", "--id", "crab"]) == 0
    assert capsys.readouterr().out.startswith("Reef Crab")
    assert cli.main(["cards", "monsters", "--id", "crabb"]) == 2
    err = capsys.readouterr().err
    assert "no card 'crabb' among monsters" in err and ", crab" in err
