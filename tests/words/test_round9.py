"""Round 9's words (#28): what a README-only playtester could not work out from the game."""

from __future__ import annotations

import dataclasses

import msgspec

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.events import Narrator


def test_a_finishing_blow_paid_in_me_is_never_of_no_use() -> None:
    # Round 9 (Expert): at 0 SE and 2 ME, the blow that defeated the Shaman (reward 1 ME
    # + 2 treasure) read "no use now: short of SE, it pays 2 ME to gain 1 ME". It wounds
    # and wins: the line says how it is paid (R-RES-4) and that it defeats the monster.
    rules = load_ruleset()
    shaman = msgspec.structs.replace(rules.monsters["base:shaman"], health=1, armor=0)
    rules = dataclasses.replace(rules, monsters={**rules.monsters, "base:shaman": shaman})
    scene = Scenario("tomu", level=4, ruleset=rules).resources(se=0, me=2, food=4)
    game = scene.weapon("knife").monster("shaman").start("battle")
    cut = act.Attack("quick-cut")
    assert cut in game.legal_actions()
    assert option_text(cut, "", game.state, game.ruleset) == (
        "Attack with Quick cut: wound 1 - pay 2 SE (Hex of Heaviness +1; paid as 2 ME: "
        "short of SE) — defeats it: 1 ME + 2 treasure"
    )


def test_the_se_of_a_rest_is_tagged_rest_not_the_card() -> None:
    # Round 9: "You rest instead of resolving Gem Vein." then "You gain 4 SE [Gem Vein]."
    # The SE is the Rest's (R-TRAVEL-5), and so is the time it took (round 16: "You lose 4
    # time [Suspicious Mushrooms]" read as the card's doing); a card resolved takes its own.
    scene = Scenario("tomu").resources(se=5, time=10).encounters("gem-vein", "catch-a-breath")
    game = scene.start("exploration")
    game.apply(act.ChooseEncounter("base:gem-vein"))
    start = len(game.events)
    game.apply(act.Rest())
    teller = Narrator(game.ruleset)
    said = [teller.describe(e) for e in game.events]
    assert [line for line in said[start:] if line and line.startswith("You")] == [
        "You rest instead of resolving Gem Vein.",
        "You gain 4 SE [Rest].",
        "You lose 4 time [Rest].",
    ]
    resolved = scene.start("exploration")
    resolved.apply(act.ChooseEncounter("base:catch-a-breath"))
    start = len(resolved.events)
    resolved.apply(act.Resolve())
    teller = Narrator(resolved.ruleset)
    lines = [teller.describe(e) or "" for e in resolved.events][start:]
    assert any(x.startswith("You lose") and x.endswith(" [Catch a Breath].") for x in lines), lines


def test_two_skill_draws_in_one_rewards_step_say_why_each_is_made() -> None:
    # Round 9 (Normal, level 3): "Skills drawn: Brute Force, Trapper." then a second
    # "Skills drawn: Sidestep, Quick Study." with nothing saying why. The Bugbear
    # Warlord's reward is a skill; level 3 then gives its own (R-REWARD-1).
    rules = load_ruleset()
    bugbear = msgspec.structs.replace(rules.monsters["base:bugbear-warlord"], health=1, armor=0)
    rules = dataclasses.replace(rules, monsters={**rules.monsters, "base:bugbear-warlord": bugbear})
    scene = Scenario("tomu", level=3, ruleset=rules).resources(se=10).weapon("maul")
    game = scene.monster("bugbear-warlord").start("battle")
    game.apply(act.Attack("pound"))
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    teller = Narrator(game.ruleset)
    said = [teller.describe(e) or "" for e in game.events]
    drawn = [line.partition(":")[0] for line in said if line.startswith("Skills drawn")]
    assert drawn == [
        "Skills drawn (the Bugbear Warlord's reward)",
        "Skills drawn (level 3's skill)",
    ]
