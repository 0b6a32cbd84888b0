"""#28 round 28's "Taken for you" lines: a keep (28b-6), a Pass offered again (28b-8)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.ruleset import Ruleset
from unbroken.play.session import GameSession
from unbroken.play.taken import answered, taken_said
from unbroken.testing import Scenario
from unbroken.tui.careful import taken_words


def test_a_card_kept_for_you_says_it_was_kept_not_resolved() -> None:
    # 28b-6: "Taken for you: Ruined Library: 1 cunning -> draw 2 skills and keep one
    # (time 3)." read as resolved and paid; only the keep was taken.
    game = (
        Scenario("tomu", seed=3)
        .resources(cunning=2)
        .encounters("ruined-library")
        .commit()
        .start("exploration")
    )
    found = answered(game)
    assert found == (act.ChooseEncounter("base:ruined-library"), "")
    assert taken_said(game, *found) == (
        "Taken for you: keep Ruined Library (1 cunning -> draw 2 skills and keep one, time 3)."
    )


def test_a_pass_offered_again_after_a_fast_monster_s_roll_says_again(
    everything: Ruleset,
) -> None:
    # 28b-8: Snare (battle start) is offered before the Gutter Wolf's Fast roll and again
    # after it (R-EFFECT-2): the two Passes were the same line, "(twice)" in the prompt,
    # read as one said twice.
    game = (
        Scenario("huckdorf", seed=3, ruleset=everything)
        .resources(se=15, food=2)
        .monster("gauntlet:gutter-wolf")
        .dice(*[3] * 40)
        .start("preparation")
    )
    game.apply(act.Fight())
    game.apply(act.Fight())  # no Trickery
    session = GameSession(game)
    session.auto_take = session.auto_pass = True
    lines: list[str] = []
    session.take_for_player(lambda line, events: lines.append(line))
    snare = "(Snare [Hunter] not used: the monster has no armor)."
    assert lines == [f"Taken for you: Pass {snare}", f"Taken for you: Pass again {snare}"]


def test_a_decision_taken_twice_counts_before_its_brackets() -> None:
    # 28b-8: "Pass (Snare [Hunter] not used: …) (twice)." read oddly.
    line = "Taken for you: Pass (Snare [Hunter] not used: the monster has no armor)."
    assert taken_words((line, line)) == (
        "Pass twice (Snare [Hunter] not used: the monster has no armor)."
    )
