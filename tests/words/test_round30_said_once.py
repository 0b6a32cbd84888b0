"""#28 round 30 (30a-15): "Lucky (once per battle): Once per battle, after the monster's
combat roll, …" said its limit twice, and "Brute Force (…): … +2 power. (paid as 1 LE: short
of ME) — defeats it" put a bracket after the card's full stop, where it read as the card's.
A limit the card's words open with is said once, in the head; a note goes before the stop."""

from __future__ import annotations

from games import lucky_battle
from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.vocabulary import limit_once, merge_note


def test_a_limit_the_words_open_with_is_said_once_in_the_head() -> None:
    game = lucky_battle()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Attack)))
    rows = [option_text(a, w, game.state, game.ruleset) for a, w in game.options()]
    lucky = next(r for r in rows if r.startswith("Lucky"))
    assert lucky == (
        "Lucky (once per battle): After the monster's combat roll, roll again and use either"
        " result."
    ), rows
    assert limit_once("once per turn", "Spend 2 SE to lower it by 1 (once per turn).") == (
        "Spend 2 SE to lower it by 1 (once per turn).",
        "",
    )
    assert limit_once("once per turn", "Spend 1 ME.") == ("Spend 1 ME.", "once per turn")


def test_a_note_after_a_cards_words_comes_before_their_full_stop() -> None:
    game = (
        Scenario("caellahan", level=1, seed=3)
        .resources(se=13, me=0, le=2)
        .skills("base:brute-force")
        .weapon("knife")
        .monster("goblin")
        .dice(*[3] * 30)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.armor = 0
    game.apply(act.Attack("stab"))
    rows = [option_text(a, w, game.state, game.ruleset) for a, w in game.options()]
    brute = next(r for r in rows if r.startswith("Brute Force"))
    assert "+2 power (paid as 1 LE: short of ME) — defeats it" in brute, brute
    assert ". (" not in " ".join(rows), rows
    assert merge_note("Gain 1 food.", " (time 2)") == "Gain 1 food (time 2)"
    assert merge_note("Gain 1 food (x)", " (time 2)") == "Gain 1 food (x; time 2)"
