"""Round 11's playtest: the words a README-only player found wrong (issue 28)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import taken_back
from unbroken.words.cards import describe_card
from unbroken.words.events import Narrator
from unbroken.words.forecast_events import event_words as _event_words
from unbroken.words.monster import turn_lock_text

RULES = load_ruleset()


def test_a_forecast_says_a_conditions_rounds_never_0_tokens() -> None:
    # "Pass — Gnoll's ROAR: Frightened 0 tokens": Frightened lasts rounds, no tokens.
    changed = _event_words(ev.ConditionChanged("base:frightened", 0, 2), RULES, "")
    assert changed == "Frightened for 2 rounds"
    gained = _event_words(ev.ConditionGained("base:frightened", True, 0, 2), RULES, "")
    assert gained == "gain Frightened now for 2 rounds"  # as the ROAR row says it (round 16)
    poisoned = _event_words(ev.ConditionChanged("base:poisoned", 2, 0), RULES, "")
    assert poisoned == "Poisoned 2 tokens"


def test_paralyzed_ends_the_same_way_in_the_inspector_and_the_log() -> None:
    # The inspector said "at the end of the level it is active in", the log "only when the
    # Combat Phase ends": one moment (R-COND-1, R-LEVEL-1), said in the same words.
    ends = describe_card(RULES, "base:paralyzed")[-1]
    locked = turn_lock_text(RULES, "base:paralyzed", 6)
    for said in (ends, locked):
        assert "Combat Phase" in said and "after the Hunger step" in said, said


def test_a_roll_bonus_is_said_as_what_the_coming_roll_will_get() -> None:
    # "The monster's roll gets +1." came before "The die shows 2" (R-BATTLE-6: the bonus
    # is set before the monster rolls).
    line = Narrator(RULES).describe(ev.RollBonusSet(1))
    assert line == "The monster's roll will get +1."


def test_taking_back_a_decision_whose_label_ends_a_sentence_has_one_full_stop() -> None:
    # "Taken back: Delve … reveals 3 more encounter cards.." (a card's text ends in one).
    game = Scenario("maxyn-zenma").start()
    peek = act.Use("base:sneak", "take-a-peek")
    said = taken_back(peek, game.state, RULES)
    assert said.startswith("Taken back: Take a Peek [Sneak]")
    # Round 28: an action's row says what it does in short, as its option does.
    assert said.endswith("at the next Exploration.") and not said.endswith("..")
