"""Round 17's playtest: what a README-only player found the game say wrong (issue 28)."""

from __future__ import annotations

from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator


def _paralyzed_at_six(metal: int, se: int = 5) -> Game:
    # The Basilisk's Petrifying Gaze adds 2 tokens as the battle starts: 4 -> 6.
    return (
        Scenario("caellahan", level=4)
        .resources(se=se, metal=metal, food=4)  # fed: no Hunger warning
        .monster("basilisk")
        .condition("paralyzed", tokens=4)
        .dice(*[1, 2] * 12)
        .start("battle")
    )


def _texts(game: Game) -> list[str]:
    return [option_text(a, "", game.state, game.ruleset) for a in game.legal_actions()]


def test_paralyzed_at_six_is_bought_off_with_mirror_shards_metal_not_a_lock() -> None:
    # R-COND-2 + the Basilisk's Mirror Shard: at 6 tokens no roll passes, but while the
    # player can pay 1 metal instead of rolling, each turn is bought, not lost. Round 17:
    # the log said "you lose every turn left in this fight", then asked "Roll for the
    # condition, or pay instead?" three times, and the player won; the odds' bot rolled.
    game = _paralyzed_at_six(metal=2)
    assert game.state.conditions[0].tokens == 6
    assert game.query().turn_lock() is None
    assert _texts(game) == [
        "Pay 1 metal instead of rolling",
        "Roll the die: no face is above Paralyzed's 6, so your turn is lost",
    ]
    # The reference bot (the odds and the analysis) pays where the roll cannot pass,
    # though its SE is low (it rolled below 7 SE before).
    assert isinstance(heuristic_bot(game, 0), act.PayInstead)
    narrator = Narrator(game.ruleset)
    said = " ".join(narrator.describe(e) or "" for e in game.events)
    assert "so each turn left in this fight is lost unless you pay 1 metal (Mirror Shard)" in said
    assert "you lose every turn left" not in said


def test_paralyzed_at_six_without_metal_is_a_lock_and_the_roll_says_so() -> None:
    game = _paralyzed_at_six(metal=0)
    assert game.query().turn_lock() == ("base:paralyzed", 6)
    # No metal: no choice is asked; the check fails and the turn goes.
    assert not any(isinstance(a, (act.PayInstead, act.Roll)) for a in game.legal_actions())


def test_paying_the_last_metal_at_six_warns_that_the_turns_are_lost_after_it() -> None:
    game = _paralyzed_at_six(metal=1)
    # The turn paid with the last metal is still played: the warning says it is the last.
    pay = _texts(game)[0]
    last = "⚠ Paralyzed 6: this turn is your last this fight"
    assert pay == f"Pay 1 metal instead of rolling — {last}"
    detail = option_detail(act.PayInstead(), game.state, game.ruleset)
    assert "⚠ This turn is the last you can pay for. Paralyzed at 6 tokens" in detail
    assert game.query().turn_lock() is None
    game.apply(act.PayInstead())
    assert game.query().turn_lock() == ("base:paralyzed", 6)


def test_the_roll_says_what_it_must_beat_below_six() -> None:
    game = (
        Scenario("caellahan", level=4)
        .resources(se=30, metal=2)
        .monster("basilisk")
        .condition("paralyzed", tokens=1)
        .dice(*[1, 2] * 12)
        .start("battle")
    )
    assert _texts(game)[1] == "Roll the die: your turn is lost unless it shows more than 3"


def _warding_sign_log(cunning: int) -> list[str]:
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3, cunning=cunning)
        .ability_uses(1)
        .monster("goblin")
        .dice(6, 6, 6)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "wound_loss":
        game.apply(act.Skip())
    game.apply(act.Use("base:sage", "warding-sign"))  # the last use (and maybe cunning)
    game.apply(act.Skip())  # round 2: the Goblin's 6 again
    narrator = Narrator(game.ruleset)
    return [x for e in game.events if "could respond" in (x := narrator.describe(e) or "")]


def test_could_respond_names_every_reason_it_could_not() -> None:
    # Round 17: "Warding Sign [Sage] could respond, but no ability use is left this
    # level" while its 1 cunning was not held either (the core's why-not, all of it).
    assert _warding_sign_log(cunning=1) == [
        "Warding Sign [Sage] could respond again, but no ability use is left this level"
        " and you cannot pay its 1 cunning."
    ]
    assert _warding_sign_log(cunning=2) == [
        "Warding Sign [Sage] could respond again, but no ability use is left this level."
    ]


def test_an_action_that_gives_another_turn_does_not_say_it_takes_the_turn() -> None:
    # Round 18: "Grim Determination (pay 3 SE; it takes your turn): … then take another
    # turn." The monster never rolled between them: the turn is not lost (R-BATTLE-2).
    game = (
        Scenario("kirilla-el-kaer", level=1)
        .resources(se=15)
        .skills("grim-determination")
        .monster("goblin")
        .dice(*[6] * 10)
        .start("battle")
    )
    game.apply(act.Pass())  # Snare's window at the battle's start
    texts = {
        type(a).__name__ + option_text(a, "", game.state, game.ruleset): game.query().ends_turn(a)
        for a in game.legal_actions()
    }
    press_on = next(t for t in texts if "Grim Determination" in t)
    assert "it takes your turn" not in press_on and not texts[press_on], press_on
    aimed = next(t for t in texts if "Aimed Shot" in t)
    assert "it takes your turn" in aimed and texts[aimed], aimed
