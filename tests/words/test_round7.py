"""Round 7's words (#28): what the options say that the game state already decides."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.words.actions import option_text


def test_a_weapon_held_is_not_offered_by_a_weapon_card() -> None:
    # R-REWARD-2: a weapon already in the stack is never offered. Holding the Club, the
    # Weapon Rack read "take a weapon: Club or Knife" (round 7).
    game = (
        Scenario("tomu")
        .resources(se=10, time=10)
        .weapon("club")
        .encounters("weapon-rack", "catch-a-breath")
        .start("exploration")
    )
    rack = option_text(act.ChooseEncounter("base:weapon-rack"), "", game.state, game.ruleset)
    assert (
        rack
        == "Weapon Rack: 1 SE -> take a weapon or none: Knife (you fight with it, your Club kept"
        " under it; not the Club: you have it) (time 2)"
    )
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    assert option_text(act.Resolve(), "", game.state, game.ruleset).startswith(
        "Resolve Weapon Rack: 1 SE -> take a weapon or none: Knife"
        " (you fight with it, your Club kept"
        " under it; not the Club: you have it)"
    )
    # Both held: it gives nothing, and the option says so as other notes of no use do.
    game = (
        Scenario("tomu")
        .resources(se=10, time=10)
        .weapon("knife", "club")
        .encounters("weapon-rack", "catch-a-breath")
        .start("exploration")
    )
    rack = option_text(act.ChooseEncounter("base:weapon-rack"), "", game.state, game.ruleset)
    assert rack == (
        "Weapon Rack: 1 SE -> the Club or the Knife: nothing to take (time 2; "
        "no use now: you have the Club and the Knife: rest, gain 2 SE)"
    ), rack


def test_weak_spot_is_named_where_it_lets_an_attack_wound_through_armor() -> None:
    # R-BATTLE-3 (armor) and Weak Spot's Passive: against the Orc (armor 1) "Stab: wound 2"
    # did not say why it could wound at all (round 7); Armored's −1 is named, so is this.
    game = (
        Scenario("tomu", level=3)
        .resources(se=10)
        .weapon("knife")
        .skills("weak-spot")
        .monster("orc")
        .dice(1, 1, 1, 1)
        .start("battle")
    )
    stab = option_text(act.Attack("stab"), "", game.state, game.ruleset)
    assert stab == "Attack with Stab: wound 2 (Weak Spot: ignores armor) - pay 2 SE", stab
    # Breaking armor, it says no "ignores armor" of its own: it is of no use (round 28).
    pry = option_text(act.Attack("pry"), "", game.state, game.ruleset)
    assert pry == (
        "Attack with Pry: break 1 armor - pay 2 SE "
        "(no use now: with Weak Spot, wounding weapon attacks ignore armor)"
    ), pry


def test_an_option_that_spends_food_says_the_hunger_it_leaves() -> None:
    # R-HUNGER-3: at level 4 (4 food due) with 2 food, eating short costs 3 SE; paying 1
    # food to the Starving Goblins makes it 6 SE, and the option did not say so (round 7).
    game = (
        Scenario("tomu", level=4)
        .resources(se=10, food=2, time=10)
        .encounters("starving-goblins", "catch-a-breath")
        .start("exploration")
    )
    keep = act.ChooseEncounter("base:starving-goblins")
    text = option_text(keep, "", game.state, game.ruleset)
    assert text.endswith(" — food 1 of 4 after: hunger −6 SE"), text
    breath = option_text(act.ChooseEncounter("base:catch-a-breath"), "", game.state, game.ruleset)
    assert "hunger" not in breath, breath
    game.apply(keep)
    resolve = option_text(act.Resolve(), "", game.state, game.ruleset)
    assert resolve.endswith(" — food 1 of 4 after: hunger −6 SE"), resolve


def test_the_last_hunger_steps_options_say_the_score_each_gives() -> None:
    # R-SCORE-1: a won game scores 3 a food kept and 3 an ME, SE nothing; the last Eat
    # options did not say it (round 7). 5 food and 2 ME: eating 4 keeps 1 food, 9 points.
    game = Scenario("tomu", level=4).resources(se=10, food=5, me=2).monster("ogre").start("hunger")
    said = [option_text(a, "", game.state, game.ruleset) for a in game.legal_actions()]
    assert said[:2] == [
        "Eat 4 food — score 9 (rank: Cast-off)",
        # Round 20: why eating less scores more (round 26: in words read at once).
        "Eat 3 food — score 12 (rank: Survivor; 2 food kept score 6; hunger takes 1 SE,"
        " which would score nothing)",
    ]
    # Not before the last level: the game goes on.
    game = Scenario("tomu", level=2).resources(se=10, food=3).monster("goblin").start("hunger")
    assert not any(
        "score" in option_text(a, "", game.state, game.ruleset) for a in game.legal_actions()
    )


def test_a_finishing_blow_says_what_the_players_own_responses_may_add() -> None:
    # R-EFFECT-2 (Responses at monster_defeated): the forecast passes their windows, so
    # "Cut: wound 2, defeats it — Kobold: gain 1 metal" left out Scavenger's 1 wood +
    # 1 metal that the player is then offered (round 7).
    game = (
        Scenario("tomu", level=1)
        .resources(se=10)
        .weapon("sword")
        .skills("weak-spot", "scavenger")
        .monster("kobold")
        .dice(3, 3, 3, 3)
        .start("battle")
    )
    first = option_text(act.Attack("cut"), "", game.state, game.ruleset)
    assert "Scavenger" not in first, first  # it does not defeat it yet
    game.apply(act.Attack("cut"))
    cut = option_text(act.Attack("cut"), "", game.state, game.ruleset)
    assert cut.endswith(  # said short since round 8 (a finishing blow's line is long)
        "wound 2 (Weak Spot) - pay 2 SE — defeats it: 1 metal; Scavenger +1 wood + 1 metal"
    ), cut
