"""The forecast in words (#28 playtest): what an option leads to is said before it is taken,
in the option's line and in full in the detail line under the options."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import label, option_detail, option_text
from unbroken.words.events import Narrator
from unbroken.words.forecast import forecast_detail, own_card


def detail_of(game: Game, action: act.Action) -> str:
    """Return the detail line's forecast of an option, as the game screen asks it."""
    s = game.state
    f = game.query().forecast(action)
    return forecast_detail(f, game.ruleset, own_card(action, s), s.weapons[-1])


def test_certain_starvation_is_in_the_detail_line_and_stays_through_the_battle() -> None:
    # R-HUNGER-3: level 3, 0 food and 3 SE, the Orc's rewards give no food: 3 food due,
    # eating none costs 6 SE. The warning is on Fight's line (short, within 80 columns)
    # and in full in its detail line, and stays on every option of the battle.
    game = Scenario("tomu", level=3).resources(se=3, food=0).monster("orc").start()
    line = option_text(act.Fight(), "", game.state, game.ruleset)
    assert line.endswith("⚠ you starve at the Hunger step (food 0/3: −6 SE)"), line
    assert len(f"1. {line}") <= 80, line
    assert (
        "⚠ You starve at the Hunger step: 3 food due, 0 held, eating short costs 6 SE"
        in detail_of(game, act.Fight())
    )
    battle = (
        Scenario("tomu", level=3)
        .resources(se=3, food=0)
        .weapon("club")
        .monster("orc")
        .dice(1, 1, 1, 1)
        .start("battle")
    )
    assert battle.decision is not None and battle.decision.kind == "player_turn"
    for action in battle.legal_actions():
        assert "You starve at the Hunger step" in detail_of(battle, action), action


def test_starvation_the_rewards_may_save_you_from_is_said_as_not_certain() -> None:
    # The Minotaur's rewards give 2 food: not certain (R-HUNGER-1..3). The option's line
    # says nothing; its detail line says "unless the fight pays" (#28 playtest round 3:
    # the warning came and went as the monster was revealed), and so does the unrevealed
    # monster's, whose rewards may feed you.
    game = Scenario("tomu", level=3).resources(se=3, food=0).monster("minotaur").start()
    assert "⚠ You starve at the Hunger step unless the fight pays: 3 food due" in detail_of(
        game, act.Fight()
    )
    assert "starve" not in option_text(act.Fight(), "", game.state, game.ruleset)
    unseen = Scenario("tomu", level=3).resources(se=3, food=0).start()
    assert "unless the fight pays" in detail_of(unseen, act.Fight())
    fed = Scenario("tomu", level=3).resources(se=3, food=3).monster("minotaur").start()
    assert "starve" not in detail_of(fed, act.Fight())


def test_fighting_a_monster_you_cannot_wound_is_warned_of_before() -> None:
    # R-BATTLE-3, R-EFFECT-3: Bare Hands' Punch (wound 1) against the Bugbear Warlord's
    # Thick Hide (-1 power up to 4) wounds 0; the Sage holds nothing that wounds.
    game = Scenario("tomu", level=3).resources(se=20, food=3).monster("bugbear-warlord").start()
    line = option_text(act.Fight(), "", game.state, game.ruleset)
    assert line.endswith("⚠ you cannot wound it: Punch 1 → 0 (Thick Hide)"), line
    assert "⚠ You cannot wound it: Punch 1 → 0 (Thick Hide), and nothing" in detail_of(
        game, act.Fight()
    )
    # 1 metal crafts the Knife (a wounding attack above 0): no warning.
    game = (
        Scenario("tomu", level=3)
        .resources(se=20, food=3, metal=1)
        .monster("bugbear-warlord")
        .start()
    )
    assert "cannot wound" not in option_text(act.Fight(), "", game.state, game.ruleset)
    assert "cannot wound" not in detail_of(game, act.Fight())


def test_the_time_reset_at_the_fight_is_said_as_the_next_levels_time() -> None:
    # R-COMBAT-3: at the Trickery step time is set to level 2's start (22), not "reset".
    game = Scenario("tomu").resources(se=10).start()
    game.apply(act.Fight())
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    assert (
        "The time track is set to 22, level 2's time (the Combat Phase has begun): "
        "time lost or spent from now on comes off it."
    ) in log, log


def test_a_response_kept_from_acting_by_the_ability_uses_is_said_once_a_level() -> None:
    # R-ABILITY-1, R-EFFECT-2: the Sneak's Dodge takes an ability use; with none left its
    # window never opens after the monster's roll, and the log says why (once a level).
    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=20)
        .ability_uses(0)
        .monster("goblin")
        .dice(3, 3, 3, 3)
        .start("battle")
    )
    for _ in range(2):  # two rounds: skip the turn, the monster rolls
        game.apply(act.Skip())
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    said = [x for x in log if "could respond" in x]
    assert said == [
        "The die shows 3 (monster's combat roll). Dodge [Sneak] could respond, "
        "but no ability use is left this level."
    ], log
    # With a use left the window opens instead, and nothing is said.
    game = (
        Scenario("maxyn-zenma", level=2).resources(se=20).monster("goblin").dice(3).start("battle")
    )
    game.apply(act.Skip())
    narrator = Narrator(game.ruleset)
    assert not any("could respond" in (narrator.describe(e) or "") for e in game.events)


def test_the_option_detail_puts_the_warnings_after_the_options_own_words() -> None:
    # R-HUNGER-3 in battle: the attack's detail says the attack, then warns (no rule
    # of another card acts on it); R-TRAVEL-1: Scout with 1 time left ambushes.
    battle = (
        Scenario("tomu", level=3)
        .resources(se=3, food=0)
        .weapon("club")
        .monster("orc")
        .dice(1, 1, 1, 1)
        .start("battle")
    )
    crack = act.Attack("crack")
    text = option_detail(crack, battle.state, battle.ruleset)
    # Its own words first, the warning after (round 27).
    assert text.startswith(f"{label(crack, battle.state, battle.ruleset)}."), text
    assert "⚠ You starve at the Hunger step" in text, text
    travel = Scenario("tomu").resources(se=10, cunning=2, time=1).start()
    assert option_detail(act.Scout(), travel.state, travel.ruleset).endswith(
        "⚠ Time runs out: the monster ambushes you."
    )


def test_keeping_a_card_whose_time_ends_the_track_warns_before_it_is_kept() -> None:
    # R-TRAVEL-6: Resolve and Rest both lose the card's time; with 2 time left, keeping
    # A Clever Scheme (time 2) ambushes whatever comes next, Catch a Breath (time 1) does
    # not (the playtest saw the warning only after the card was kept, #28).
    game = (
        Scenario("tomu")
        .resources(se=10, time=2)
        .encounters("catch-a-breath", "a-clever-scheme")
        .start("exploration")
    )
    s, rules = game.state, game.ruleset
    scheme = option_text(act.ChooseEncounter("base:a-clever-scheme"), "", s, rules)
    breath = option_text(act.ChooseEncounter("base:catch-a-breath"), "", s, rules)
    assert "time runs out: the monster ambushes you" in scheme, scheme
    assert "ambush" not in breath, breath
    detail = option_detail(act.ChooseEncounter("base:a-clever-scheme"), s, rules)
    # No rule id (round 24; round 7 named the Exploration step's, R-TRAVEL-6).
    assert detail.endswith("⚠ Time runs out: the monster ambushes you."), detail
