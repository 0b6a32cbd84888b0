"""#28 playtest round 30 (30b-7): Unearthed's encounter cards read "Epitaph (unearthed,
time 2)" in the line under the list, where the base game's read "Sickly Berries (food,
time 1)": their content's group is the expansion's name. The bracket says a card's kind,
a plugin's card's by what it gives when its group is no kind of the base game's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.core import actions as act
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.details import detail
from unbroken.tui.inspector import card_lines
from unbroken.words.cards import KINDS, card_ids
from unbroken.words.encounter_kind import ENCOUNTER_KINDS, encounter_kind

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
BOTH = {"gauntlet": "unbroken_gauntlet", "unearthed": "unbroken_unearthed"}
BRACKET = re.compile(r"^(.+) \(([^,()]+), time \d+\): ")


def test_no_encounter_card_s_bracket_names_a_plugin() -> None:
    with expansions_from_source(PLUGINS, BOTH) as rules:
        game = Scenario("tomu", seed=3, ruleset=rules).start("preparation")
        kinds = {k.lower() for k in ENCOUNTER_KINDS}
        said: dict[str, str] = {}
        for card in rules.encounters.values():
            found = BRACKET.match(detail(act.ChooseEncounter(card.id), game))
            assert found, card.id
            name, kind = found.groups()
            assert kind.lower() in kinds and kind not in BOTH, (card.id, kind)
            assert kind == encounter_kind(card)
            said[name] = kind
    assert any(card.startswith("unearthed:") for card in rules.encounters)
    assert said["Sickly Berries"] == "food" and said["A Safe Place"] == "LE"  # as before
    unearthed = ("Mourners' Bread", "Open Grave", "Sexton's Cache", "Epitaph", "Knucklebones")
    assert [said[name] for name in unearthed] == [
        "food",
        "treasure",
        "weapon",
        "unusual",
        "unusual",
    ]
    assert said["Sinking Ground"] == "unusual"  # wood, and Grave Dirt on you


def test_every_card_kind_reads_right_in_i_and_content_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The team's notes (#28): `i` (and `unbroken cards`) said "(encounter, time N)" for
    # every encounter card alike, and `unbroken content check` counted Unearthed's cards
    # in a group "unearthed": both say each card's kind as the line under the options does.
    with expansions_from_source(PLUGINS, BOTH) as rules:
        game = Scenario("tomu", seed=3, ruleset=rules).start("preparation")
        for card in rules.encounters.values():
            head = card_lines(game, card.id)[0]
            name = rules.card_name(card.id)
            assert head.startswith(f"{name} ({encounter_kind(card)} encounter, time "), head
        for kind in KINDS:  # every other kind of card: no plugin's name for a kind
            for ident in card_ids(rules, kind):
                bracket = card_lines(game, ident)[0].partition(" (")[2]
                assert not any(plugin in bracket for plugin in BOTH), (ident, bracket)
    heads = [card_lines(Scenario(seed=3).start(), e)[0] for e in ("base:sickly-berries",)]
    assert heads == ["Sickly Berries (food encounter, time 1, 3 copies)"]
    unearthed = PLUGINS / "unbroken-unearthed"
    assert main(["content", "check", str(unearthed)]) == 0
    counts = [line for line in capsys.readouterr().out.splitlines() if "copies by" in line]
    kinds = "food 1, metal 1, treasure 1, unusual 3, weapon 1, wood 1"
    assert counts == [f"  encounter copies by kind: {kinds}"], counts
    assert main(["content", "check"]) == 0
    counts = [line for line in capsys.readouterr().out.splitlines() if "copies by" in line]
    assert counts[0].startswith("  encounter copies by kind: cunning 12, food 12, LE 6, ME 8,")
