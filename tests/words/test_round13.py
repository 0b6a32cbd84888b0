"""README playtest round 13 (#28): what the words said that was not so."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import label, option_detail
from unbroken.words.events import Narrator

RULES = load_ruleset()


def _log(events: list[ev.Event], narrator: Narrator) -> list[str]:
    return [line for e in events if (line := narrator.describe(e))]


def test_an_ability_cost_is_said_with_the_ability_not_the_class_card() -> None:
    # #28 round 13: "You pay 1 cunning [Sage]" for Warding Sign: the Sage has three abilities,
    # so the card's name did not say what was paid for. The cost is said with the use.
    game = Scenario("tomu").resources(cunning=5).start()
    narrator = Narrator(RULES)
    _log(game.events, narrator)
    lines = _log(game.apply(act.Use("base:sage", "cold-logic")), narrator)
    assert lines[0] == "You use Cold Logic [Sage] (one ability use): you pay 2 cunning."
    assert not [line for line in lines if line.startswith("You pay")], lines
    # A cost that is not an ability's keeps its own line and tag.
    lines = _log(game.apply(act.Orienteer()), narrator)
    assert "You pay 1 SE [Orienteer]." in lines


def test_a_cost_without_its_use_is_still_said() -> None:
    # The Narrator holds an ability's cost for the use that follows it; were anything else
    # to follow, the cost is said on that line rather than lost.

    narrator = Narrator(RULES)
    assert narrator.describe(ev.Spent({"cunning": 1}, "base:sage")) is None
    line = narrator.describe(ev.Gained({"se": 1}, {}, "focus")) or ""
    assert line.startswith("You pay 1 cunning [Sage]. You gain 1 SE"), line


def test_two_copies_revealed_together_say_they_are_one_choice() -> None:
    # #28 round 13: two identical cards revealed gave one option, and a careful player
    # looked for the second. The option says so.
    game = (
        Scenario("tomu")
        .encounters("a-clever-scheme", "a-clever-scheme", "spearfishing")
        .start("exploration")
    )
    choices = [a for a in game.legal_actions() if isinstance(a, act.ChooseEncounter)]
    texts = [label(a, game.state, RULES) for a in choices]
    scheme = next(t for t in texts if t.startswith("A Clever Scheme"))
    assert scheme.endswith("; revealed twice: one choice)"), scheme
    assert not [t for t in texts if "revealed" in t and not t.startswith("A Clever Scheme")], texts


def in_luckys_window(cunning: int) -> Game:
    """Return Tomu (Lucky) at the Goblin's roll of 6 (a WOUND), in Lucky's window."""
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3, cunning=cunning)
        .ability_uses(1)
        .skills("lucky")
        .monster("goblin")
        .dice(6, 6, 6, 6)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "after_monster_roll":
        game.apply(act.Skip() if act.Skip() in game.legal_actions() else act.Pass())
    return game


def test_passing_a_roll_window_says_which_response_can_still_come() -> None:
    # #28 round 13: in Lucky's window the Pass's detail said "Goblin's WOUND: lose 2 SE." as
    # if final, while Warding Sign could lower that loss at the next window.
    game = in_luckys_window(cunning=2)
    said = option_detail(act.Pass(), game.state, RULES)
    assert said.endswith("Next, Warding Sign [Sage] can still respond."), said
    game.apply(act.Pass())
    assert game.state.trigger == "wound_loss"
    assert act.Use("base:sage", "warding-sign") in game.legal_actions()
    # At the last window nothing more can come: nothing is promised.
    assert "can still respond" not in option_detail(act.Pass(), game.state, RULES)
    # Without the cunning to pay, Warding Sign is not offered and not promised.
    game = in_luckys_window(cunning=0)
    assert "can still respond" not in option_detail(act.Pass(), game.state, RULES)


def test_a_roll_of_1_does_not_say_dodge_could_have_lowered_it() -> None:
    # #28 round 13: "The die shows 1 … Dodge [Sneak] could respond, but no ability use is
    # left" — lowering a 1 changes nothing (R-EFFECT-4 clamps it). Said at the next roll
    # that Dodge could have lowered, once a level.
    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=20)
        .ability_uses(0)
        .monster("goblin")
        .dice(1, 1, 3, 3)
        .start("battle")
    )
    for _ in range(3):
        game.apply(act.Skip())
    narrator = Narrator(game.ruleset)
    log = _log(game.events, narrator)
    rolls = [x for x in log if x.startswith("The die shows")]
    assert rolls[0].startswith("The die shows 1") and "could respond" not in rolls[0], log
    said = [x for x in log if "could respond" in x]
    assert len(said) == 1 and said[0].startswith("The die shows 3"), log
