"""#28 playtest round 34 (34b-2): the row the monster's roll applied lost its ▶ on the
battle turn after a wound-lowering Response window (Just a Scratch, Bury the Pain), used
or passed: the window's answer rolls nothing, and the stage marked only a row applied by
the last decision's events. The row is the one the die still shows; its loss is settled
only when the window closes."""

from __future__ import annotations

from typing import Any

from pilot import key_of, kind, played, prompt, settle, sync
from textual.pilot import Pilot

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.history import by_decision
from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR, Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.replays import ReplayViewerScreen
from unbroken.tui.sheet_rows import applied_row, decisions_back, held_row
from unbroken.tui.stage import StagePanel


def mauled() -> Game:
    """Caellahan (Brawler: I've Seen Worse, Just a Scratch) skips; the Bear rolls a 3
    (WOUND, lose 2 SE): the window after its roll is open."""
    game = Scenario("caellahan").resources(se=12).monster("bear").dice(*[3] * 12).start("battle")
    game.apply(act.Skip())
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    return game


def test_the_row_is_held_through_the_wound_loss_window() -> None:
    game = mauled()
    game.apply(act.Pass())  # I've Seen Worse not used: the row applies, its loss waits
    assert game.decision is not None and game.decision.trigger == "wound_loss"
    game.apply(act.Pass())  # Just a Scratch not used: the loss is lost, your turn
    assert game.state.decision == "player_turn"
    assert held_row(reversed(by_decision(game.events))) == 3


def test_the_next_roll_ends_the_hold() -> None:
    # The next turn's roll waits in its window (the stage marks the row it points at, as
    # it did before): the row applied before is no longer held.
    game = mauled()
    game.apply(act.Pass())
    game.apply(act.Pass())
    assert held_row(reversed(by_decision(game.events))) == 3
    game.apply(act.Skip())
    assert game.decision is not None and game.decision.trigger == "after_monster_roll"
    assert held_row(reversed(by_decision(game.events))) == 0


def test_the_game_screens_reading_of_the_events_is_by_decisions() -> None:
    # decisions_back reads the game's events from the end as by_decision cuts them.
    game = mauled()
    game.apply(act.Pass())
    game.apply(act.Use("base:brawler", "just-a-scratch"))
    assert list(decisions_back(game.events)) == list(reversed(by_decision(game.events)))


async def take(pilot: Pilot[Any], screen: GameScreen, key: str) -> None:
    """Take the option of `key` (pressed again when the first press marked it)."""
    decisions = screen.game.state.decisions
    await pilot.press(key)
    await settle(pilot)
    if screen.game.state.decisions == decisions:
        assert f"{key} marked" in prompt(screen), prompt(screen)
        await pilot.press(key)
        await settle(pilot)


async def battle_turn_after(answer: str) -> str:
    """The stage at the battle turn after the wound_loss window, `answer`ed ("pass" or
    "use": Just a Scratch), played at 80x24."""
    game = mauled()
    async with played(game) as (pilot, screen):
        await take(pilot, screen, key_of(screen, act.Pass))  # after the roll: the row applies
        assert game.decision is not None and game.decision.trigger == "wound_loss"
        stage = screen.query_one(StagePanel)
        assert "▶3 " in stage.drawn, stage.drawn  # the row whose loss the window lowers
        scratch = key_of(screen, act.Use, "just-a-scratch")
        await take(pilot, screen, scratch if answer == "use" else key_of(screen, act.Pass))
        assert kind(screen) == "player_turn", game.decision
        return stage.drawn


@sync
async def test_the_row_stays_marked_after_the_wound_loss_window_is_passed() -> None:
    drawn = await battle_turn_after("pass")
    assert "▶3 " in drawn, drawn


@sync
async def test_the_row_stays_marked_after_just_a_scratch() -> None:
    drawn = await battle_turn_after("use")
    assert "▶3 " in drawn, drawn


@sync
async def test_the_viewer_holds_the_row_through_the_windows_too() -> None:
    # A recorded game's position answering a window after the roll (no roll of its own):
    # the viewer marks the row, as the game does, beside the die that still shows it.
    rules = load_ruleset()
    path, i, row = next(
        (path, i, row)
        for path in sorted(GOLDEN_DIR.glob("*.jsonl"))
        for t in [Timeline(path, rules)]
        for i in range(1, len(t))
        if not applied_row(t.events_at(i))
        and (row := held_row(t.events_at(j) for j in range(i, -1, -1)))
    )
    app = UnbrokenApp(rules, animate=False, replay=path)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        viewer.go(i)
        await settle(pilot)
        drawn = viewer.query_one("#stage", StagePanel).drawn
    assert f"▶{row} " in drawn and "(monster's combat roll)" in drawn, (path.name, i, drawn)
