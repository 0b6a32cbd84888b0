"""Playtest round 27 (#28): what the options and the log say, said once and whole."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.cannot_help import MISSED, SAME_ROW
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.taken import taken_for_you

RULES = load_ruleset()
DODGE = act.Use("base:sneak", "dodge")


def _after_monster_roll(sc: Scenario) -> tuple[Game, list[act.Action]]:
    game = sc.start("battle")
    while not (game.decision and game.state.trigger == "after_monster_roll"):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    return game, game.legal_actions()


def test_a_pass_taken_for_you_gives_its_reason_once() -> None:
    # 27b-3: "Taken for you: Pass (Dodge [Sneak] not used: the roll comes to 1 either way)
    # — the roll comes to the same result whatever you do."
    sc = Scenario("maxyn-zenma", level=2).resources(se=10, me=3).monster("goblin")
    game, legal = _after_monster_roll(sc.dice(1, 1, 1, 1, 1, 1))
    assert DODGE in legal and game.pointless() == (act.Pass(), SAME_ROW)
    line = taken_for_you(act.Pass(), SAME_ROW, game.state, RULES, legal)
    assert line == "Taken for you: Pass (Dodge [Sneak] not used: the roll comes to 1 either way)."


def test_a_pass_whose_response_says_no_reason_keeps_the_pass_s() -> None:
    # The Response's own reason said by the Pass's (round 26): the Pass's stays, once.
    sc = Scenario("caellahan", level=2).resources(se=10).monster("goblin").dice(1)
    game, legal = _after_monster_roll(sc)
    line = taken_for_you(act.Pass(), MISSED, game.state, RULES, legal)
    assert line == f"Taken for you: Pass (I've Seen Worse [Brawler] not used) — {MISSED}."


def test_scout_once_used_says_already_revealed() -> None:
    # 27a-12: "7. Scout: pay 1 cunning + 1 time, reveal the monster (the monster is
    # revealed)" repeated the option's own words.
    game = Scenario("tomu", level=2).resources(cunning=2, time=5).start()
    game.apply(act.Scout())
    why = dict(game.options())[act.Scout()]
    assert why == "already revealed"
    text = option_text(act.Scout(), why, game.state, RULES)
    assert text.endswith("reveal the monster (already revealed)"), text
