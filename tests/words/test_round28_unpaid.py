"""Playtest round 28 (#28), 28b-5: committed to Shake It Off (1 ME) with no ME, its
Resolve row said both "committed: 1 ME paid for nothing" and "(cannot pay)". A card that
cannot be paid says one reason, "(cannot pay)": nothing is paid, so nothing is paid for
nothing (and its other "no use now" is not said beside it)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.no_use_why import keeping_note

RULES = load_ruleset()


def test_a_committed_card_that_cannot_be_paid_says_only_cannot_pay() -> None:
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10, me=0, le=0)
        .commit()
        .encounters("shake-it-off")
        .start("exploration")
    )
    game.apply(game.legal_actions()[0])  # keep Shake It Off (the only card: committed)
    rows = [option_text(a, why, game.state, RULES) for a, why in game.options()]
    assert rows[0] == (
        "Resolve Shake It Off: 1 ME -> remove a condition of your choice (time 1) (cannot pay)"
    ), rows
    card = RULES.encounters["base:shake-it-off"]
    assert keeping_note(card, game.state, RULES) == ""


def test_a_committed_card_that_can_be_paid_still_says_what_it_pays_for_nothing() -> None:
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10, me=2)
        .commit()
        .encounters("shake-it-off")
        .start("exploration")
    )
    game.apply(game.legal_actions()[0])
    resolve = next(a for a, _ in game.options() if isinstance(a, act.Resolve))
    text = option_text(resolve, "", game.state, RULES)
    assert text.endswith(
        "(time 1; no use now: no condition in play; committed: 1 ME paid for nothing)"
    ), text
