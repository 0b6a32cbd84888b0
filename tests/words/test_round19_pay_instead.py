"""What may be paid instead of rolling is the core's answer where there is a state (#28
round 19): words.monster.pay_instead read the monster's Mirror Shard off its card, so a
rule of the kind on another card in play (a plugin's skill) was not named, and one that
could not be paid was; the core's `responses.payable_instead` (`Query.pay_instead`)
knows both."""

from __future__ import annotations

import warnings
from pathlib import Path

from unbroken.core.state import DecisionKind
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, write_pack
from unbroken.words.monster import pay_instead
from unbroken.words.prompts import prompt_text

CHARM = """
[[skills]]
id = "mirror-charm"
name = "Mirror Charm"
text = "A sliver of glass on a string."

[[skills.abilities]]
id = "mirror-charm-glint"
name = "Glint"
type = "passive"
text = "You may spend 1 wood instead of rolling for Paralyzed."
modifiers = [{ kind = "roll_instead", condition = "base:paralyzed", amounts = { wood = 1 } }]
"""


def test_a_skill_that_pays_instead_of_rolling_is_named_in_the_question(tmp_path: Path) -> None:
    plugin = FolderPlugin(write_pack(tmp_path / "charm", {"skills.toml": CHARM}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = load_plugins(["base", "charm"], extra=[("charm", plugin)]).ruleset
    game = (
        Scenario("caellahan", level=4, ruleset=rules)
        .resources(se=5, wood=2, metal=0)
        .skills("charm:mirror-charm")
        .monster("basilisk")
        .condition("paralyzed", tokens=1)
        .dice(*[1, 2] * 12)
        .start("battle")
    )
    assert game.decision is not None and game.state.decision == DecisionKind.ROLL_INSTEAD
    asked = prompt_text(game.decision.prompt, game.state, game.ruleset)
    # The Basilisk's Mirror Shard asks 1 metal, which the player has not: not offered.
    assert (
        asked == "Paralyzed: roll (a turn lost unless more than 3), or pay 1 wood (Mirror Charm)?"
    )
    # Without a state (the log narrating a card), the monster's printed rule.
    assert pay_instead(rules, "base:basilisk", "base:paralyzed") == "1 metal (Mirror Shard)"
