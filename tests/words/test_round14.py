"""README playtest round 14 (#28): what the words said that was not so."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import label
from unbroken.words.events import Narrator
from unbroken.words.keeping import weapons_held

RULES = load_ruleset()


def test_a_downgrade_says_where_it_leaves_you_and_in_battle_that_it_is_the_turn() -> None:
    # #28 round 14: "9. Downgrade: give up the Sword" in battle: the player read it as free
    # (help: "costs nothing"), lost the turn to it, and did not know the Knife came back.
    travel = Scenario("tomu").weapon("knife", "sword").start()
    assert label(act.Downgrade(), travel.state, RULES) == (
        "Downgrade: give up the Sword for good (back to your Knife)"
    )
    battle = Scenario("tomu", level=2).weapon("knife", "sword").monster("goblin").start("battle")
    assert act.Downgrade() in battle.legal_actions()
    from unbroken.words.actions import option_text

    assert option_text(act.Downgrade(), "", battle.state, RULES) == (
        "Downgrade: give up the Sword for good (back to your Knife; it takes your turn)"
    )
    taken = battle.apply(act.Downgrade())
    assert battle.state.weapons[-1].endswith("knife")
    # The turn is spent: the monster's roll comes next (R-BATTLE-2).
    assert any(isinstance(e, ev.DieRolled) and e.purpose == "combat" for e in taken)


def test_a_miss_does_not_say_a_reroll_could_have_responded() -> None:
    # #28 round 14: "I've Seen Worse [Brawler] could respond, but no ability use is left"
    # after the monster rolled a MISS: nothing was lost for want of a use. Said at the next
    # roll that hurt, once a level.
    game = (
        Scenario("caellahan", level=2)
        .resources(se=20)
        .ability_uses(0)
        .monster("goblin")
        .dice(1, 1, 2, 2)
        .start("battle")
    )
    for _ in range(3):
        game.apply(act.Skip())
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    said = [x for x in log if "could respond" in x]
    assert len(said) == 1 and said[0].startswith("The die shows 2"), log
    assert "I've Seen Worse [Brawler] could respond" in said[0]


def test_a_wound_after_an_attack_is_not_said_capped_by_the_attack_s_power() -> None:
    # #28 round 14: Press On (Grim Determination) inflicts 1 wound; after a Cleave of 3 the
    # log said "The monster takes 1 wound of 3 (Stone Scales)", a cap that took nothing.
    game = (
        Scenario("caellahan", level=4)
        .resources(se=20, me=6)
        .weapon("axe")
        .skills("grim-determination")
        .monster("basilisk")
        .dice(*[6] * 200)
        .start("battle")
    )
    press = act.Use("base:grim-determination", "grim-determination-press")
    wounded = False
    while not wounded or press not in game.legal_actions():
        legal = game.legal_actions()
        attacks = [a for a in legal if isinstance(a, act.Attack)]
        if attacks and not wounded:
            game.apply(attacks[-1])  # a break while Armored, then a wound of 2 or more
            wounded = game.state.monster is not None and game.state.monster.health < 12
        else:
            game.apply(act.Pass() if act.Pass() in legal else act.Skip())
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    log += [line for e in game.apply(press) if (line := narrator.describe(e))]
    wounds = [x for x in log if x.startswith("The monster takes")]
    assert wounds[-1].startswith("The monster takes 1 wound:"), log
    # The Cleave the cap did hold back still says so.
    assert wounds[0].startswith("The monster takes 4 wounds of 6 (Stone Scales)"), log


def test_a_weapon_of_choice_under_the_one_in_hand_is_said_after_where_the_new_one_goes() -> None:
    # #28 round 14: "take a weapon: Knife (the Club is under your Axe; in hand, over your
    # Axe)" could not be decoded; and the stage said "Club or Knife" beside it.
    game = Scenario("tomu").weapon("club", "axe").encounters("weapon-rack").start("exploration")
    rack = act.ChooseEncounter("base:weapon-rack")
    assert label(rack, game.state, RULES).startswith(
        "Weapon Rack: 1 SE -> take a weapon or none: Knife (the Knife is weaker than your Axe,"
        " yet you would fight with it: your Axe goes under it; not the Club: you have it,"
        " under your Axe)"
    )
    assert (
        weapons_held(
            "take a weapon or none: Club or Knife",
            RULES.encounters[rack.card],
            game.state,
            RULES,
            why=False,
        )[0]
        == "take a weapon or none: Knife"
    )


def test_a_craft_in_battle_says_it_takes_the_turn() -> None:
    # #28 round 15: "9. Craft the Club: pay 1 wood + 1 time" in battle took the turn (the
    # monster rolled CONFUSE next); only Downgrade's line said so (R-WEAPON-3, R-BATTLE-2).
    from unbroken.words.actions import option_text

    craft = act.Craft("base:club")
    battle = Scenario("tomu").resources(wood=1).monster("kobold").dice(*[1] * 9).start("battle")
    assert craft in battle.legal_actions()
    said = option_text(craft, "", battle.state, RULES)
    assert said.startswith("Craft the Club: pay 1 wood + 1 time (it takes your turn)"), said
    taken = battle.apply(craft)
    assert any(isinstance(e, ev.DieRolled) and e.purpose == "combat" for e in taken)
    travel = Scenario("tomu").resources(wood=1).start()
    assert "your turn" not in option_text(craft, "", travel.state, RULES)


def test_an_ambush_s_loss_is_tagged_as_the_ambush() -> None:
    # #28 round 15: "You lose 3 SE [Gibberling]" at the ambush read as one of its table's
    # rows; the tag says it is the ambush.
    game = Scenario("tomu").monster("gibberling").dice(*[1] * 9).start("ambush")
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    assert "You lose 3 SE [Gibberling's ambush]." in log, log


def test_snare_is_not_said_to_have_been_kept_from_a_monster_without_armor() -> None:
    # #28 round 15: "Snare [Hunter] could respond, but no ability use is left" against the
    # Gibberling (armor 0), where Snare would break nothing. Against armor it is said.
    for monster, said in (("gibberling", False), ("goblin", True)):
        game = Scenario("huckdorf").ability_uses(0).monster(monster).dice(*[1] * 9).start("battle")
        narrator = Narrator(game.ruleset)
        log = [line for e in game.events if (line := narrator.describe(e))]
        assert any("Snare [Hunter] could respond" in line for line in log) is said, log
