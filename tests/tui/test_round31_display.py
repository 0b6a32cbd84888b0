"""#28 playtest round 31: the Display's time row (31b-1, 31b-11, 31b-12)."""

from __future__ import annotations

import copy

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, copy_state
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.display_chips import change_mark
from unbroken.tui.passing import Beat, beats
from unbroken.tui.widgets import Marks, deltas, display_text, state_marks

RULES = load_ruleset()


def under_the_bar(text: str) -> list[str]:
    """Return the Display's time row and the row under it."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("time"))
    return [line.strip() for line in lines[at : at + 2]]


def test_the_row_under_the_time_bar_says_the_same_after_a_take_back() -> None:
    # 31b-12: a card kept, the row under the bar said "−2 to come"; Rest, then `u`
    # ("Taken back: Rest…"), the same question, the same card kept: "level 2 starts at
    # 22" (the take-back's ▲+2 took the time to come's place in the row).
    game = Scenario("caellahan").encounters("weapon-rack").start("exploration")
    game.apply(act.ChooseEncounter("base:weapon-rack"))
    kept = copy.deepcopy(game.state)
    game.apply(act.Rest())
    rested = game.state
    for size in (33, 40, 60):  # an 80-column Display, and wider
        asked = display_text(kept, game.ruleset, Marks({}, {}), 1, size)
        back = display_text(kept, game.ruleset, state_marks(rested, kept), 1, size)
        before, after = under_the_bar(asked.plain), under_the_bar(back.plain)
        assert "▲+2" in after[0], (size, after)
        assert "−2 to come" in before[0] + before[1], (size, before)
        assert "−2 to come" in after[0] + after[1], (size, before, after)
        if size == 33:  # under the bar, before and after alike
            assert before[1] == after[1] == "−2 to come", (before, after)


def fought(
    character: str, seed: int, rules: Ruleset = RULES
) -> tuple[GameState, list[Beat], Ruleset]:
    """Return the state before "Fight the monster now" on level 1's last time (the monster
    unrevealed, Hard: the monster first), and the beats its rounds pass in."""
    scene = Scenario(character, seed=seed, difficulty="hard", ruleset=rules)
    game = scene.resources(se=16, time=1).start("preparation")
    before, n = copy_state(game.state), len(game.events)
    game.apply(act.Fight())
    return before, beats(before, game.events[n:]), game.ruleset


def shown_marks(beat: Beat) -> list[ev.Event]:
    """Return the events the Display marks at a beat (RoundsShown.show_beat's)."""
    return beat.so_far if beat.seen is None else beat.seen


def test_no_old_time_said_for_the_next_level_while_the_monster_is_revealed() -> None:
    # 31b-1: after "Fight the monster now" the rounds passing said "time █░░░░░  1 for
    # level 2" (the old level's time) before "22 ↺ for level 2".
    _before, steps, rules = fought("caellahan", 1)
    assert len(steps) >= 2, steps  # shown beat by beat
    for beat in steps:
        row = " ".join(
            under_the_bar(display_text(beat.state, rules, shown_marks(beat), 1, 33).plain)
        )
        assert "22 ↺ for level 2" in row or ("1 left" in row and "level 2 starts at 22" in row), row
        assert "1 for level" not in row, row


def test_the_display_marks_the_change_since_the_player_chose_at_every_beat(
    everything: Ruleset,
) -> None:
    # 31b-11: SE 16 → 14 (a Fast hit, then round 1): the Display said "14/20 ▼−1" while
    # the rounds passed (the beat's own change), "▼−2" once the player's turn came.
    differed = 0
    for character, seed in (("helena", 4), ("tomu", 4), ("caellahan", 1), ("tomu", 2)):
        before, steps, rules = fought(character, seed, everything)
        if len(steps) >= 2:
            for beat in steps:
                se = beat.state.res.get("se", 0) - before.res.get("se", 0)
                text = display_text(beat.state, rules, shown_marks(beat), 1, 33).plain
                row = next(line for line in text.splitlines() if line.startswith("SE"))
                assert (change_mark(se) in row) if se else ("▼" not in row and "▲" not in row), (
                    character,
                    seed,
                    se,
                    row,
                )
                differed += deltas(beat.events)[0].get("se", 0) != se
    assert differed, "no beat where its own change differs from the decision's"
