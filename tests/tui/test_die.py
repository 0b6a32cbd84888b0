"""The die on the game screen's stage and in the viewer: which roll it shows and what it came to.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

from typing import Any

from pilot import sync
from playing import (
    RULES,
)

from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.dice import roll_text
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import OPTION_KEYS


def die_as_played(decisions: list[list[Any]]) -> list[Any]:
    """Return, after each decision, the roll a player should see on the die (None: no die).

    A decision's last roll shows until the next roll, or until a decision enters
    another step, level or battle without rolling.
    """
    from unbroken.core import events as ev

    shown: list[Any] = []
    current = None
    for events in decisions:
        rolls = [e for e in events if isinstance(e, ev.DieRolled)]
        moved = any(
            isinstance(e, (ev.StepEntered, ev.LevelStarted, ev.BattleStarted)) for e in events
        )
        current = rolls[-1] if rolls else None if moved else current
        shown.append(current)
    return shown


def assert_die(stage: str, roll: Any) -> None:
    """Check the stage's die line: the roll's face and number, and what it was rolled for."""
    from unbroken.tui.dice import die_face
    from unbroken.words.events import roll_purpose

    # In combat the die keeps its line ("die –" until a roll) so the table does not jump;
    # a long one wraps under itself.
    rows = stage.splitlines()
    at = [i for i, line in enumerate(rows) if line.startswith("die ") and line != "die –"]
    if roll is None:
        assert at == [], stage
        return
    assert len(at) == 1, stage
    said = rows[at[0]]
    for line in rows[at[0] + 1 :]:
        if not line.startswith("    "):
            break
        said += " " + line.strip()
    if roll.purpose == "reroll":  # the first roll, then the re-roll ("⚂ 3, re-roll ⚄ 5")
        assert f", re-roll {die_face(roll.value)}" in said, said
        return
    # After the monster's combat roll (its row marked) where a later roll is shown.
    assert said.startswith(f"die {die_face(roll.value)}") or (
        f"; then {die_face(roll.value)}" in said
    ), said
    if roll.purpose == "monster":  # it says the monster picked, not "(which monster)"
        assert " picked the " in said, said
        return
    assert said.endswith(f"({roll_purpose(roll.purpose, RULES)})"), said


def test_a_roll_above_six_shows_its_number() -> None:
    # A level with seven monsters (a plugin's joined it) rolls 1-7 (R-MONSTER-1).
    from unbroken.tui.dice import die_face

    assert die_face(4) == "⚃ 4"
    assert die_face(7) == "[7]"


@sync
async def test_the_die_on_the_stage_says_what_it_was_rolled_for() -> None:
    from unbroken.core import actions as act

    game = Scenario("tomu").resources(se=8).dice(4).start("preparation")
    scout = next(i for i, a in enumerate(a for a, _ in game.options()) if isinstance(a, act.Scout))
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(OPTION_KEYS[scout])
        stage = str(app.screen.query_one("#stage").render())
        ghoul = RULES.card_name(RULES.monsters_of_level(1)[4].id)
        assert f"die ⚃ 4 picked the {ghoul}" in stage  # not read as the table's row 4


@sync
async def test_the_viewer_shows_the_die_as_the_game_did() -> None:
    from unbroken.testing import GOLDEN_DIR
    from unbroken.tui.replays import ReplayViewerScreen

    golden = sorted(GOLDEN_DIR.glob("normal_*_won.jsonl"))[0]
    app = UnbrokenApp(RULES, animate=False, replay=golden)
    async with app.run_test(size=(100, 30)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        t = viewer.timeline
        expected = [None, *die_as_played([t.events_at(i) for i in range(1, len(t))])]
        cleared = [i for i in range(1, len(t)) if expected[i - 1] and not expected[i]]
        kept = [i for i in range(2, len(t)) if expected[i] and expected[i] is expected[i - 1]]
        assert cleared and kept, "the golden game has dice that stay and dice that clear"
        for position in sorted({1, 2, *cleared, *(i - 1 for i in cleared), *kept, len(t) - 1}):
            viewer.go(position)
            await pilot.pause()
            assert_die(str(viewer.query_one("#stage").render()), expected[position])


@sync
async def test_the_die_shows_until_the_step_changes_as_a_game_is_played() -> None:
    # Level 1's last battle roll must not sit on the stage through level 2's travel,
    # nor a Scout's roll through the Exploration steps after it.
    from unbroken.core import actions as act
    from unbroken.core import events as ev

    game = Game.new(RULES, "caellahan", "normal", seed=11)
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        decisions: list[list[ev.Event]] = []
        while game.state.level == 1 and not game.is_over:
            # The options as listed; those that cannot be taken now keep their numbers.
            listed = [a if not why else None for a, why in game.options()]
            # Fight at once; attack when possible; otherwise the first choice that can be taken.
            first = next(i for i, a in enumerate(listed) if a is not None)
            pick = next(
                (i for i, a in enumerate(listed) if isinstance(a, (act.Fight, act.Attack))), first
            )
            if isinstance(listed[pick], act.Eat):
                pick = len(listed) - 1  # eat all the food there is
            before = len(game.events)
            await pilot.press(OPTION_KEYS[pick])
            decisions.append(game.events[before:])
            stage = str(screen.query_one("#stage").render())
            assert_die(stage, die_as_played(decisions)[-1])
        assert game.state.level == 2, "the bot's game reaches level 2 (seed 11)"
        shown = die_as_played(decisions)
        assert any(shown) and shown[-1] is None


@sync
async def test_the_die_shows_what_a_response_and_a_bonus_made_of_it() -> None:
    # R-EFFECT-3/4: Dodge lowers the monster's 6 to 5; the die says "6 → 5", and the
    # (1 ME held: the Kobold's 5, CONFUSE, trades it for 2 SE, so the Dodge may help and
    # is asked, R-DIGI-4; without it every other row is no better and it is passed.)
    # table marks the row the changed roll points at, not the row of the 6.
    from unbroken.core import actions as act

    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10, me=1)
        .monster("kobold")
        .dice(6)
        .start("battle")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        skip = next(
            i for i, a in enumerate(a for a, _ in game.options()) if isinstance(a, act.Skip)
        )
        await pilot.press(OPTION_KEYS[skip])
        assert game.state.trigger == "after_monster_roll"
        stage = str(screen.query_one("#stage").render())
        assert "die ⚅ 6 (monster's combat roll)" in stage
        assert "▶6 " in stage
        dodge = next(
            i for i, a in enumerate(a for a, _ in game.options()) if isinstance(a, act.Use)
        )
        # The Response after the roll is a new question (#28 round 19): a key marks Dodge
        # (its window held open here), the same again takes it.
        screen.decision_panel.careful_seconds = 60.0
        screen.decision_panel.open_careful("new")
        await pilot.press(OPTION_KEYS[dodge], OPTION_KEYS[dodge])
        stage = " ".join(str(screen.query_one("#stage").render()).split())
        assert "die ⚅ 6 → 5 Dodge [Sneak] (monster's combat roll)" in stage  # as options say


def test_a_rolls_result_follows_responses_and_bonuses() -> None:
    from unbroken.core import events as ev
    from unbroken.tui.dice import rolled_to

    roll = ev.DieRolled("dice", "combat", 5)
    assert rolled_to(roll, []) == 5
    assert rolled_to(roll, [ev.RollBonusSet(1)]) == 6
    assert rolled_to(roll, [ev.RollBonusSet(2)]) == 6  # clamped (R-EFFECT-4)
    assert rolled_to(roll, [ev.RollSet(4, [], "base:sneak"), ev.RollBonusSet(1)]) == 5
    assert rolled_to(ev.DieRolled("dice", "combat", 1), [ev.RollSet(0, [], "x")]) == 1
    assert rolled_to(roll, [ev.RollBonusSet(1), ev.CombatResult(6, "WOUND")]) == 6
    # A later roll's changes are not this one's.
    assert rolled_to(roll, [ev.DieRolled("dice", "reroll", 2), ev.RollSet(2, [], "x")]) == 5
    assert roll_text(roll, RULES, 6) == "⚄ 5 → 6 (monster's combat roll)"
    assert roll_text(roll, RULES, 5) == "⚄ 5 (monster's combat roll)"


@sync
async def test_with_a_roll_bonus_the_die_and_the_marked_row_agree() -> None:
    # Frightened: the monster's roll gets +1. Rolled 2 comes to 3; while I've Seen Worse
    # is offered, the die says "2 → 3" and the table marks row 3. Keeping one of two
    # results marks no row: neither is the roll yet. (The reroll is a 3, so 4, a STEAL,
    # unlike 3's WOUND: two results that do the same would be kept for the player, R-DIGI-4.)
    from unbroken.core import actions as act

    scenario = (
        Scenario("caellahan").resources(me=1).condition("frightened").monster("kobold").dice(2, 3)
    )
    game = scenario.start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        skip = next(
            i for i, a in enumerate(a for a, _ in game.options()) if isinstance(a, act.Skip)
        )
        await pilot.press(OPTION_KEYS[skip])
        assert game.state.trigger == "after_monster_roll"
        stage = str(screen.query_one("#stage").render())
        said = " ".join(stage.split())
        assert "die ⚁ 2 +1 Frightened = 3 (monster's combat roll)" in said  # the bonus named
        assert "▶3 " in stage and "▶2 " not in stage
        seen_worse = next(
            i for i, a in enumerate(a for a, _ in game.options()) if isinstance(a, act.Use)
        )
        assert isinstance(screen, GameScreen)  # a new question since round 19: the first
        screen.decision_panel.careful_seconds = 60.0  # key marks, the second takes
        screen.decision_panel.open_careful("new")
        await pilot.press(OPTION_KEYS[seen_worse], OPTION_KEYS[seen_worse])
        assert game.state.decision == "pick_roll"
        stage = str(screen.query_one("#stage").render())
        assert "▶" not in stage
