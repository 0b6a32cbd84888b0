"""#28 playtest round 30 (30b-7): Unearthed's encounter cards read "Epitaph (unearthed,
time 2)" in the line under the list, where the base game's read "Sickly Berries (food,
time 1)": their content's group is the expansion's name. The bracket says a card's kind,
a plugin's card's by what it gives when its group is no kind of the base game's."""

from __future__ import annotations

import re
from pathlib import Path

from unbroken.core import actions as act
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.details import detail
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
