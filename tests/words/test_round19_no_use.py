"""Round 19's playtest, "could a Response help?" (issue 28): what a README-only player
found the options' "(no use now: …)" say wrong, and what they left out."""

from __future__ import annotations

import msgspec

from unbroken.core import actions as act
from unbroken.core.cannot_help import IDLE, SAME_ROW, WORSE
from unbroken.core.game import Game
from unbroken.core.query import Query
from unbroken.testing import Scenario
from unbroken.words.actions import option_text

DODGE = act.Use("base:sneak", "dodge")
SEEN_WORSE = act.Use("base:brawler", "ive-seen-worse")


def _texts(game: Game) -> dict[act.Action, str]:
    return {a: option_text(a, why, game.state, game.ruleset) for a, why in game.options()}


def test_a_break_attack_with_no_armor_that_cannot_be_paid_says_both() -> None:
    # Round 19: "Pry (no armor to break)" at 0 SE hid that it could not be paid either.
    poor = Scenario("tomu").resources(se=0, me=0, le=1).weapon("knife").monster("hyena")
    game = poor.start("battle")
    why = dict(game.options())[act.Attack("pry")]
    assert why.startswith("no armor to break") and "cannot pay" in why
    text = _texts(game)[act.Attack("pry")]
    assert "no armor to break" in text and "cannot pay 2 SE" in text
    # Where it could be paid, only the armor is said.
    rich = Scenario("tomu").resources(se=3).weapon("knife").monster("hyena").start("battle")
    assert dict(rich.options())[act.Attack("pry")] == "no armor to break"


def _second_breath(**res: int) -> str:
    game = Scenario("tomu", level=2).resources(**res).encounters("second-breath").start()
    game.apply(act.Explore())
    keep = act.ChooseEncounter("base:second-breath")
    return option_text(keep, "", game.state, game.ruleset)


def test_a_substitution_that_gains_more_than_it_pays_is_of_use() -> None:
    # Round 19: Second Breath (1 ME -> 5 SE) paid as 1 LE with no ME gains 5 SE for 1 LE:
    # a trade, not "no use now" (compared by amounts, not only by the efforts' kinds).
    text = _second_breath(se=2, me=0, le=3)
    assert "no use now" not in text and "paid as 1 LE" in text
    # At 19 SE the cap keeps 1 SE of the 5: 1 LE for 1 SE is no use, and it says what it keeps.
    text = _second_breath(se=19, me=0, le=3)
    assert "no use now" in text and "to gain 1 SE, the cap takes the rest" in text
    # At the cap it gains nothing; said once.
    text = _second_breath(se=20, me=0, le=3)
    assert text.count("no use now") == 1 and "gain nothing" in text


def _at_roll(character: str, monster: str, roll: int, wounds: int = 0) -> Game:
    """A battle where the monster (with `wounds` taken) has just rolled `roll`."""
    scenario = Scenario(character, level=2).resources(se=10, me=3).monster(monster)
    game = scenario.dice(roll).start("battle")
    if wounds:
        mo = game.state.monster
        assert mo is not None
        game.state.monster = msgspec.structs.replace(mo, health=mo.health - wounds)
    while game.decision is not None and not (
        game.decision.kind == "response" and game.state.trigger == "after_monster_roll"
    ):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    return game


def _why(game: Game, use: act.Use) -> str:
    ability = game.ruleset.ability(use.source, use.ability)
    assert ability is not None and use in game.legal_actions()
    return Query(game.ruleset, game.state).cannot_help(ability.effects)


def test_dodge_to_a_row_that_only_loses_more_is_no_use() -> None:
    # Round 19: Dodge from the Wyvern's 3 (WOUND: lose 3 SE) to its 2 (WOUND: lose 4 SE)
    # was offered with no word: a row losing more of the same is worse, not a choice.
    game = _at_roll("maxyn-zenma", "wyvern", 3)
    assert _why(game, DODGE) == WORSE
    assert option_text(DODGE, "", game.state, game.ruleset).endswith(
        "(no use now: row 2 is worse for you) — Wyvern's WOUND: lose 4 SE"
    )
    # Rows of different kinds are not compared: from its 4 (DAZE) to its 3 (lose 3 SE) and
    # from its 6 (lose 4 SE) to its 5 (STEAL 1 food) are choices.
    for roll in (4, 6):
        game = _at_roll("maxyn-zenma", "wyvern", roll)
        assert _why(game, DODGE) == ""
        assert "no use now" not in option_text(DODGE, "", game.state, game.ruleset)


def test_a_reroll_of_a_heal_at_full_health_is_no_use() -> None:
    # Round 19: a reroll window was asked where the Troll's 4 (HEAL 2) came at full health:
    # the row does nothing, every other row does nothing or costs, as after a MISS.
    game = _at_roll("caellahan", "troll", 4)
    assert _why(game, SEEN_WORSE) == IDLE
    assert game.pointless() == (act.Pass(), IDLE)
    text = option_text(SEEN_WORSE, "", game.state, game.ruleset)
    assert text.endswith("(no use now: the Troll's HEAL does nothing now)"), text
    # Wounded, the HEAL does something: a reroll may land on the MISS, so it is asked.
    game = _at_roll("caellahan", "troll", 4, wounds=3)
    assert _why(game, SEEN_WORSE) == ""
    assert game.pointless() is None


def test_losses_are_not_compared_where_a_response_acts_on_a_losss_size() -> None:
    # A Wyvern whose 3 loses 2 SE and 2 loses 3: Dodge to the 2 is worse, unless Shrug It
    # Off is held (a WOUND of 3 or more costs 2 less: 1 SE, better than 2): then a choice.
    import dataclasses

    from unbroken.core import model as m
    from unbroken.plugins import load_ruleset

    base = load_ruleset()  # shared: changed only on a copy
    wyvern = base.monsters["base:wyvern"]
    table = list(wyvern.table)
    table[2] = msgspec.structs.replace(table[2], effects=[m.Lose(amounts={"se": 2})])
    table[1] = msgspec.structs.replace(table[1], effects=[m.Lose(amounts={"se": 3})])
    changed = msgspec.structs.replace(wyvern, table=table)
    rules = dataclasses.replace(base, monsters={**base.monsters, "base:wyvern": changed})
    for skills, why in (((), WORSE), (("tough-as-nails",), "")):
        scenario = Scenario("maxyn-zenma", level=2, ruleset=rules).resources(se=10)
        game = scenario.skills(*skills).monster("wyvern").dice(3).start("battle")
        while game.state.trigger != "after_monster_roll":
            game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
        assert _why(game, DODGE) == why, skills


def _hobgoblin_at_5(*pending: str) -> Game:
    """Maxyn fighting the Hobgoblin, which rolled 5 (DAZE: Amnesia next level; its 4 gives
    Crippled next level), with `pending` conditions for the next level."""
    scenario = Scenario("maxyn-zenma", level=3).resources(se=10, me=3).monster("hobgoblin")
    for cid in pending:
        scenario = scenario.condition(cid, active=False)
    game = scenario.dice(5).start("battle")
    while game.decision is not None and not (
        game.decision.kind == "response" and game.state.trigger == "after_monster_roll"
    ):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    return game


def test_dodge_between_rows_the_monster_rolls_again_on_is_no_use() -> None:
    # The reference bot met it (seed 20229, decision 87): both DAZE rows give a condition
    # for the next level that the player already has pending, so on either the monster
    # rolls again (R-BATTLE-6) with the same die: Dodge's 1 SE buys nothing; it was asked.
    game = _hobgoblin_at_5("base:amnesia", "base:crippled")
    assert _why(game, DODGE) == SAME_ROW
    assert game.pointless() == (act.Pass(), SAME_ROW)
    # With only Amnesia pending, the 5 is rolled again and the 4 gives Crippled: asked.
    for pending in (("base:amnesia",), ()):
        game = _hobgoblin_at_5(*pending)
        assert _why(game, DODGE) == ""
        assert game.pointless() is None
