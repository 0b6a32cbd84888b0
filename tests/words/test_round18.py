"""Round 18's playtest: what a README-only player found the log and prompts say (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind, StepName, Turn
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.endings import how_lost
from unbroken.words.events import Narrator
from unbroken.words.prompts import prompt_text


def _log(game: Game) -> list[str]:
    narrator = Narrator(game.ruleset)
    return [line for e in game.events if (line := narrator.describe(e))]


def test_the_monster_die_says_the_monster_it_picked() -> None:
    # R-MONSTER-1: "The die shows 3 (which monster, …; a 7 is the Iron Beetle)" named
    # what a 7 would bring, not the Troglodyte the 3 picked (#28 round 18).
    rules = load_ruleset()
    for seed in range(1, 6):
        game = Game.new(rules, "tomu", "normal", seed)
        game.apply(act.Fight())
        roll = next(
            e for e in game.events if isinstance(e, ev.DieRolled) and e.purpose == "monster"
        )
        mo = game.state.monster
        assert mo is not None
        said = f"The die shows {roll.value} (which monster): the {rules.card_name(mo.id)}."
        assert said in _log(game), _log(game)


def _ambush_log(monster: str, poisoned: int = 0) -> list[str]:
    scenario = Scenario("tomu").resources(se=10, le=3).monster(monster).dice(*[1] * 9)
    if poisoned:
        scenario = scenario.condition("poisoned", tokens=poisoned)
    return _log(scenario.start("ambush"))


def test_every_line_of_an_ambush_names_the_ambush() -> None:
    # #28 round 18: the Giant Spider's "You gain Poisoned now with 1 token." had no source
    # while the Gibberling's "You lose 3 SE [Gibberling's ambush]." had one.
    assert "You gain Poisoned with 1 token now [Giant Spider's ambush]." in _ambush_log(
        "giant-spider"
    )
    assert "Poisoned: 2 tokens [Giant Spider's ambush]." in _ambush_log("giant-spider", 1)
    orc = _ambush_log("orc")
    assert "You lose 3 SE [Orc's ambush]." in orc, orc
    assert "You gain Bleeding now [Orc's ambush]." in orc, orc
    vampire = _ambush_log("vampire")
    assert "You gain 2 SE [Vampire's ambush]." in vampire, vampire


def test_a_wound_taken_after_a_pass_says_the_effort_short() -> None:
    # #28 round 18: "…: 1 SE, 0 ME, 0 LE." said no shortfall when the WOUND was rolled a
    # decision before the death (its loss waited on a response window, then a Pass);
    # another death said "…; 1 SE short".
    game = Scenario("tomu").resources(se=1, me=0, le=0).monster("orc").start("battle")
    over = ev.GameOver(False, 3, StepName.BATTLE, "wounds", source="base:orc")
    events: list[ev.Event] = [
        ev.TurnStarted(Turn.MONSTER),
        ev.CombatResult(roll=3, result="WOUND"),
        ev.PendingLossSet(amount=2),
        ev.Awaiting(DecisionKind.RESPONSE, []),
        ev.PendingLossSet(amount=0),
        over,
    ]
    said = how_lost(events, game.state, game.ruleset)
    assert said == (
        "The Orc's WOUND (roll 3: 2 SE) asked for more effort than you had: "
        "1 SE, 0 ME, 0 LE; 1 SE short."
    ), said


def test_a_condition_losing_per_token_says_the_effort_short() -> None:
    # Poisoned's Venom (1 SE per token) killed: "Poisoned asked …: 0 SE, 0 ME, 0 LE." said
    # nothing of the 2 SE its two tokens asked.
    game = (
        Scenario("tomu")
        .resources(se=0, me=0, le=0)
        .monster("orc")
        .condition("poisoned", tokens=2)
        .start("battle")
    )
    over = ev.GameOver(False, 3, StepName.BATTLE, "Poisoned", source="base:poisoned")
    said = how_lost([ev.Awaiting(DecisionKind.PLAYER_TURN, []), over], game.state, game.ruleset)
    assert said.endswith("0 SE, 0 ME, 0 LE; 2 SE short."), said


def test_the_roll_or_pay_question_names_the_condition_and_the_payment() -> None:
    # #28 round 18: "Roll for the condition, or pay instead?" named neither Paralyzed nor
    # the Basilisk's Mirror Shard.
    def asked(tokens: int) -> str:
        game = (
            Scenario("caellahan", level=4)
            .resources(se=5, metal=2)
            .monster("basilisk")
            .condition("paralyzed", tokens=tokens)
            .dice(*[1, 2] * 12)
            .start("battle")
        )
        assert game.decision is not None
        assert game.state.decision == DecisionKind.ROLL_INSTEAD
        return prompt_text(game.decision.prompt, game.state, game.ruleset)

    # The Basilisk's Petrifying Gaze adds 2 tokens as the battle starts.
    assert (
        asked(1)
        == "Paralyzed: roll (a turn lost unless more than 3), or pay 1 metal (Mirror Shard)?"
    )
    assert (
        asked(4)
        == "Paralyzed: roll (no face is above 6: a turn lost), or pay 1 metal (Mirror Shard)?"
    )
