"""Card texts in play (#28 playtest round 29): a condition's rule is named by the condition
the player holds, the detail line says each rule that acts in a sentence of its own, and a
card's cost is said whole wherever the card is; a monster that gives no reward says so."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.testing import Scenario, play
from unbroken.words.actions import option_detail, option_text
from unbroken.words.cards import class_ability_line, describe_card
from unbroken.words.events import Narrator
from unbroken.words.vocabulary import amounts, whole_cost


def weakened_against_the_troglodyte() -> Game:
    """Weakened (its Passive: Feeble, -1 power) against the Troglodyte (armor 1, health 3),
    its armor broken with the Sword's Beat aside; the player's turn again."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=12, le=2)
        .condition("weakened")
        .weapon("knife", "sword")
        .monster("troglodyte")
        .dice(1, 1, 1, 1)
        .start("battle")
    )
    play(game, act.Attack("beat-aside"))
    return game


def test_a_conditions_passive_is_named_by_the_condition_in_sentences_of_their_own() -> None:
    # R-EFFECT-3: Cut 2 - Weakened's 1 = 1; the monster then rolls (R-BATTLE-5). Was
    # "Feeble (Weakened) −1: Wounding attacks have -1 power; then the monster rolls.":
    # "Feeble" was named nowhere else on screen.
    game = weakened_against_the_troglodyte()
    cut = option_detail(act.Attack("cut"), game.state, game.ruleset)
    assert cut == "Weakened −1: Wounding attacks have -1 power. Then the monster rolls.", cut
    # Decisive stroke 5 - 1 = 4 defeats it (health 3): three clauses were run together
    # with ";" ("…power; Troglodyte: gain 1 wood + 1 metal; then skills are drawn.").
    stroke = option_detail(act.Attack("decisive-stroke"), game.state, game.ruleset)
    assert stroke == (
        "It defeats the Troglodyte. Weakened −1: Wounding attacks have -1 power. "
        "Troglodyte: gain 1 wood + 1 metal. Then skills are drawn."
    ), stroke


def test_every_abilitys_whole_cost_is_said_wherever_its_card_is(everything: Ruleset) -> None:
    # R-ABILITY-1: a class's ability takes one of the level's ability uses besides its
    # printed cost; a skill's takes only its printed cost. Was: Warding Sign's "spend 1
    # cunning" in the Hand and `i`, its ability use seen only in a later option's bracket.
    # `i`, help and `unbroken cards` say a card as `describe_card` does; the Hand says a
    # class's abilities as `class_ability_line` does.
    for cls in everything.classes.values():
        sheets = [c.id for c in everything.characters.values() if c.cls == cls.id]
        for ability in cls.abilities:
            cost = whole_cost(ability, class_ability=True)
            assert cost.endswith("1 ability use"), cost
            for card in (cls.id, *sheets):
                lines = [x.strip() for x in describe_card(everything, card)]
                at = next(i for i, x in enumerate(lines) if x.startswith(f"{ability.name} ("))
                assert f"pend {cost} to " in lines[at + 1], (card, lines[at + 1])
            hand = class_ability_line(ability)
            assert "1 ability use" in hand.partition(": ")[0], hand
            if ability.cost:
                assert amounts(ability.cost) in hand, hand
    for skill in everything.skills.values():
        said = " ".join("\n".join(describe_card(everything, skill.id)).split())
        assert "+ 1 ability use to" not in said, said  # a skill takes none
        for ability in (a for a in skill.abilities if a.cost):
            assert f"spend {amounts(ability.cost)} to ".lower() in said.lower(), said
    sage = " ".join(describe_card(everything, "base:sage"))
    assert (
        "When a WOUND result would cost you effort: spend 1 cunning + 1 ability use to lose "
        "2 less effort to this WOUND (at least 0)." in " ".join(sage.split())
    ), sage
    ward = everything.ability("base:sage", "warding-sign")
    assert ward is not None
    assert class_ability_line(ward).startswith(
        "Warding Sign (1 ability use): When a WOUND result would cost you effort, spend 1 cunning"
    )


def test_a_monster_that_gives_no_reward_says_so_on_its_kill_and_in_the_log(
    everything: Ruleset,
) -> None:
    # R-REWARD-1: the Lich's card gives no reward. Was: "— defeats it", then the log's
    # "Lich is defeated!", "-- Combat phase: Rewards step --" and nothing.
    game = (
        Scenario("tomu", level=4, ruleset=everything)
        .resources(se=20, le=7)
        .weapon("knife", "sword")
        .monster("unearthed:lich")
        .dice(*[1] * 12)  # the Lich's MISS
        .start("battle")
    )
    for attack in ("beat-aside", "beat-aside", "decisive-stroke"):  # armor 2, health 8
        play(game, act.Attack(attack))
    assert game.state.monster is not None and game.state.monster.health == 3
    stroke = act.Attack("decisive-stroke")
    line = option_text(stroke, "", game.state, game.ruleset)
    assert line.endswith("— defeats it: no reward"), line
    detail = option_detail(stroke, game.state, game.ruleset)
    assert detail.startswith("It defeats the Lich. The Lich gives no reward."), detail
    start = len(game.events)
    play(game, stroke)
    narrator = Narrator(game.ruleset)
    narrator.follow(list(game.events[:start]))
    said = "\n".join(x for e in game.events[start:] if (x := narrator.describe(e)))
    assert "-- Combat phase: Rewards step --\nThe Lich gives no reward." in said, said
    # A monster with a reward says it, not this (the Troglodyte: 1 wood + 1 metal).
    assert "no reward" not in option_text(act.Attack("decisive-stroke"), "", *_troglodyte_turn())


def _troglodyte_turn() -> tuple[GameState, Ruleset]:
    game = weakened_against_the_troglodyte()
    return game.state, game.ruleset


def test_a_weapon_taken_over_the_sword_says_the_club_under_it_stays() -> None:
    # R-WEAPON-1, R-REWARD-2: a weapon taken goes on top of the stack, the Sword and the
    # Club under it stay (a downgrade returns to each in turn). Was "Axe or Maul (you
    # fight with the one taken, your Sword kept under it)", silent about the Club.
    game = (
        Scenario("tomu", level=4)
        .resources(se=10, treasure=3)
        .weapon("club", "sword")
        .encounters("smugglers-cache")
        .start("exploration")
    )
    said = [option_text(a, why, game.state, game.ruleset) for a, why in game.options()]
    assert (
        "Smuggler's Cache: 2 treasure -> take a weapon or none: Axe or Maul (you fight with "
        "the one taken, your Sword kept under it, with your Club under that) (time 2)"
    ) in said, said
    # A weapon under the Sword the line names already is not said twice (Weapon Rack:
    # "not the Club: you have it, under your Sword").
    rack = Scenario("tomu", level=4).weapon("club", "sword").encounters("weapon-rack")
    game = rack.start("exploration")
    line = next(
        option_text(a, why, game.state, game.ruleset)
        for a, why in game.options()
        if isinstance(a, act.ChooseEncounter)
    )
    assert "under that" not in line and "not the Club: you have it, under your Sword" in line
