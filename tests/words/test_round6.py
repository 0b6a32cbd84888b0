"""Playtest round 6 (#28): what the options say before the choice, against what happens."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.model import MonsterGain
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.dice import response_name
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator
from unbroken.words.monster import monster_numbers


def _at_the_wyverns_roll(roll: int) -> Scenario:
    # Level 4, Bleeding held; Sidestep (a base skill) lowers the monster's roll by 1.
    return (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20)
        .skills("sidestep")
        .monster("wyvern")
        .condition("bleeding")
        .dice(roll, 3, 3, 3, 3)
    )


def test_pass_says_the_rolled_row_rolls_again_when_its_condition_is_held() -> None:
    # R-BATTLE-6: the Wyvern's 4 is DAZE (gain Bleeding), held already: the monster rolls
    # again. Pass said nothing of it; the log said it only afterwards (round 6).
    game = _at_the_wyverns_roll(4).start("battle")
    game.apply(act.Skip())
    assert game.state.trigger == "after_monster_roll"
    text = option_text(act.Pass(), "", game.state, game.ruleset)
    said = "Wyvern's DAZE: you have Bleeding already — the monster rolls again"
    assert said in text and "result not known yet" in text, text
    detail = option_detail(act.Pass(), game.state, game.ruleset)
    assert said in detail and "then the monster rolls." not in detail, detail
    # And what it says happens: the log's re-roll.
    narrator = Narrator(game.ruleset)
    lines = [narrator.describe(e) for e in game.apply(act.Pass())]
    assert "4: DAZE - you already have that condition; re-roll." in lines, lines


def test_a_response_that_makes_the_roll_a_miss_says_so() -> None:
    # Sidestep turns the Wyvern's 2 (WOUND: lose 4 SE) into a 1, a MISS: its line said the
    # row only when it was a WOUND (round 6: Shovel Parry).
    game = _at_the_wyverns_roll(2).start("battle")
    game.apply(act.Skip())
    sidestep = act.Use("base:sidestep", "sidestep-step")
    assert sidestep in game.legal_actions()
    text = option_text(sidestep, "", game.state, game.ruleset)
    assert text.endswith("— Wyvern's MISS: no effect"), text
    assert option_text(act.Pass(), "", game.state, game.ruleset).endswith(
        "— Wyvern's WOUND: lose 4 SE"
    )


def test_keeping_a_roll_does_not_say_its_row_twice() -> None:
    # "Keep the 1: MISS (no effect)" needs no "— Wyvern's MISS: no effect" after it.
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20)
        .skills("lucky")
        .monster("wyvern")
        .dice(2, 1, 3, 3)
        .start("battle")
    )
    game.apply(act.Skip())
    game.apply(act.Use("base:lucky", "lucky-reroll"))
    keep = act.PickRoll(1)
    assert keep in game.legal_actions()
    assert option_text(keep, "", game.state, game.ruleset) == "Keep the 1: MISS (no effect)"


def test_the_die_names_a_response_as_its_option_does() -> None:
    # One name per card: the stage's die line said the ability's own name ("Turn the
    # Blow") where the option said the skill's ("Shovel Parry").
    rules = load_ruleset()
    assert response_name("base:lucky", "lucky-reroll", rules) == "Lucky"
    assert response_name("base:sneak", "dodge", rules) == "Dodge [Sneak]"


def _kept(card: str, **res: int) -> tuple[Game, act.ChooseEncounter]:
    # Level 2, at the Exploration step with `card` revealed first.
    game = Scenario("tomu", level=2).resources(**res).encounters(card).start()
    game.apply(act.Explore())
    keep = act.ChooseEncounter(f"base:{card}")
    assert keep in game.legal_actions()
    return game, keep


def test_a_gain_the_cap_cuts_says_so_before_it_is_chosen() -> None:
    # R-RES-2: Warm Embers' 5 SE at SE 19/20 gains 1; the log said "(4 SE lost to the cap)"
    # only afterwards. Keep, Resolve and Rest say it first, as the forecast has it.
    game, keep = _kept("warm-embers", se=19, wood=1)
    capped = "(time 2; 4 SE lost to the cap 20)"
    assert option_text(keep, "", game.state, game.ruleset).endswith(capped)
    detail = option_detail(keep, game.state, game.ruleset)
    assert "4 SE of what it gains are lost to the cap of 20." in detail, detail
    game.apply(keep)
    assert option_text(act.Resolve(), "", game.state, game.ruleset).endswith(capped)
    rest = option_text(act.Rest(), "", game.state, game.ruleset)
    # Round 17: the gain said is what is gained, the cap's loss once.
    assert rest == "Rest: gain 1 SE (time 2; 1 SE lost to the cap 20)", rest
    narrator = Narrator(game.ruleset)
    lines = [narrator.describe(e) for e in game.apply(act.Resolve())]
    assert "You gain 1 SE (4 SE lost to the cap) [Warm Embers]." in lines, lines


def test_a_gain_the_cap_takes_whole_is_no_use() -> None:
    # Slimy Yet Nourishing's 1 food at food 7/7, as Forage says "food is at the cap"; kept
    # only to rest on it, said so as Sacred Pool's row says it (round 34, 34b-6).
    game, keep = _kept("slimy-yet-nourishing", food=7)
    text = option_text(keep, "", game.state, game.ruleset)
    assert text.endswith("(time 2; no use now: food is at the cap 7: rest, gain 2 SE)"), text
    game, keep = _kept("slimy-yet-nourishing", food=6)  # room for it: nothing said
    assert option_text(keep, "", game.state, game.ruleset).endswith("(time 2)")


def test_keeping_an_encounter_says_what_resolving_it_would() -> None:
    # The Keep step lacked the notes the Resolve step shows (round 6): how it is paid, and
    # a card that only removes conditions with none in play.
    game, keep = _kept("cryptic-markings", le=2)
    text = option_text(keep, "", game.state, game.ruleset)
    assert text.endswith("(time 2; paid as 1 LE: short of ME)"), text
    game.apply(keep)
    resolve = option_text(act.Resolve(), "", game.state, game.ruleset)
    assert resolve.endswith("(time 2; paid as 1 LE: short of ME)"), resolve
    game, keep = _kept("sacred-pool")
    text = option_text(keep, "", game.state, game.ruleset)
    said = "(time 4; no use now: no condition in play: rest, gain 4 SE)"
    assert text.endswith(said), text


def test_the_rule_that_grows_the_monster_is_named() -> None:
    # Paranoid (a condition: "at the start of the Battle step the monster gains 2 health")
    # acted, and the log said only "The monster grows: armor 2/2, health 12/12" (round 6);
    # the inspector's numbers said "+2 in this fight" without the rule.
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20)
        .monster("wyvern")
        .condition("paranoid")
        .dice(3, 3, 3)
        .start("battle")
    )
    narrator = Narrator(game.ruleset)
    lines = [narrator.describe(e) for e in game.events]
    said = "The monster grows (Paranoid: +2 health): armor 2/2, health 10/10."
    assert said in lines, lines
    assert monster_numbers(game.state, game.ruleset) == (
        "armor 2, health 10 (printed 8, +2 in this fight: Paranoid)"
    )


def test_a_row_that_grows_the_monster_is_named() -> None:
    # A ROAR row gains the monster health: the log names the row.
    rules = load_ruleset()
    ogre = next(
        mo
        for mo in rules.monsters.values()
        if any(isinstance(e, MonsterGain) for r in mo.table for e in r.effects)
    )
    face = next(
        i for i, r in enumerate(ogre.table, 1) if any(isinstance(e, MonsterGain) for e in r.effects)
    )
    game = (
        Scenario("maxyn-zenma", level=ogre.level)
        .resources(se=20)
        .monster(ogre.id)
        .dice(face, 1, 1, 1)
        .start("battle")
    )
    narrator = Narrator(game.ruleset)
    lines = [narrator.describe(e) for e in game.events]
    lines += [narrator.describe(e) for e in game.apply(act.Skip())]
    lines += [narrator.describe(e) for e in game.apply(act.Pass())] if game.state.trigger else []
    grows = [line for line in lines if line and line.startswith("The monster grows")]
    assert grows and grows[0].startswith(f"The monster grows ({ogre.name}'s "), lines
