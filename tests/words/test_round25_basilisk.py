"""#28 rounds 24-25: the Basilisk's battle-start rule was worded three ways: `i` "add 2
tokens to Paralyzed", `m` "you gain Paralyzed with 2 tokens (2 more if it is already on
you)", the log "you gain Paralyzed now with 2 tokens" beside the option's "gain Paralyzed
with 2 tokens now". One wording: the card's words, and the same order in the log."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.cards import describe_card
from unbroken.words.events import Narrator

RULES = load_ruleset()


def test_i_says_a_monsters_rule_in_the_words_m_and_the_detail_line_say() -> None:
    for monster in RULES.monsters.values():
        printed = "\n".join(describe_card(RULES, monster.id))
        for ability in monster.abilities:
            if ability.text:  # `m` says "<name>: <text>", the detail line the text too
                assert f"\n    {ability.text.split()[0]}" in printed, (ability.id, printed)
                assert " ".join(ability.text.split()) in " ".join(printed.split()), ability.id
    gaze = "\n".join(describe_card(RULES, "base:basilisk"))
    assert "add 2 tokens to Paralyzed" not in gaze, gaze


def test_the_log_says_the_gaze_as_the_fight_option_does() -> None:
    game = Scenario("maxyn-zenma", level=4).resources(se=10).monster("basilisk").start()
    line = option_text(act.Fight(), "", game.state, game.ruleset)
    said_before = line.partition("Petrifying Gaze (at battle start): ")[2]
    assert said_before.startswith("gain Paralyzed with 2 tokens now"), line
    narrator = Narrator(game.ruleset)
    for event in game.events:
        narrator.describe(event)
    said = [narrator.describe(e) for e in game.apply(act.Fight())]
    assert f"Petrifying Gaze (at battle start): you {said_before.split(';')[0]}." in said, said
