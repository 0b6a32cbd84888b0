"""#28 playtest round 30 (30b-8): after Dangerous Idea the line under the list said "Your
last ability use this level: none left for Warding Sign." while Warding Sign was in no
option and the Hand's abilities were hidden under "more": nothing said what it is. Every
class Response the last use leaves without one is said with what it is ("Warding Sign
(battle Response)"), for every class of the base game and both expansions."""

from __future__ import annotations

import re
from pathlib import Path

from unbroken.core import actions as act
from unbroken.core.model import TRIGGERS
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.no_use import RESPONSE_WHEN, last_use, last_use_short

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
BOTH = {"gauntlet": "unbroken_gauntlet", "unearthed": "unbroken_unearthed"}
#: Names, then what they are: "Warding Sign (battle Response)", "A or B (battle Responses)".
NAMED = re.compile(r"[^()]+ \([a-z-]+ Responses?\)( or [^()]+ \([a-z-]+ Responses?\))*")


def test_every_response_a_last_use_leaves_without_says_what_it_is() -> None:
    assert set(RESPONSE_WHEN) == set(TRIGGERS)
    said: list[str] = []
    with expansions_from_source(PLUGINS, BOTH) as rules:
        for character in rules.characters.values():
            scene = Scenario(character.id, level=2, ruleset=rules).resources(cunning=3, se=10)
            game = scene.ability_uses(1).start("preparation")
            for action in game.legal_actions():
                if not isinstance(action, act.Use):
                    continue
                f = game.query().forecast(action)
                for words, head in (
                    (
                        last_use(action, game.state, f, rules),
                        "Your last ability use this level: none left for ",
                    ),
                    (
                        last_use_short(action, game.state, f, rules),
                        "None left for ",
                    ),
                ):
                    if not words:
                        continue
                    assert words.startswith(head) and words.endswith("."), words
                    assert NAMED.fullmatch(words.removeprefix(head).removesuffix(".")), words
                    said.append(words)
    assert any("Warding Sign (battle Response)" in s for s in said), said
