"""SVG snapshots of every screen, and of the game screen in each phase, at 80x24, 100x30
and 120x40 (#18: the Basilisk's long rules and a paralysed turn too).

Update them deliberately with `python -m pytest tests/tui --snapshot-update`
and look at the SVGs before committing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from scenes import SIZES, paralysed, snapshot_settings  # noqa: F401 (an autouse fixture)

from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import GOLDEN_DIR, Scenario
from unbroken.tui.app import UnbrokenApp

RULES = load_ruleset()


def travel() -> Game:
    return Scenario("maxyn-zenma", seed=3).resources(se=11, food=1, metal=1).start("preparation")


def exploration() -> Game:
    return (
        Scenario("niola", seed=3)
        .encounters("sickly-berries", "metal-scraps", "a-safe-place")
        .start("exploration")
    )


def combat() -> Game:
    game = (
        Scenario("kirilla-el-kaer", level=2, seed=3)
        .resources(se=12, me=2, metal=1)
        .weapon("knife")
        .skills("daring")
        .condition("paranoid")
        .monster("crazed-survivor")
        .dice(*[3] * 20)
        .start("battle")
    )
    return game


def hunger() -> Game:
    return (
        Scenario("tomu", level=3, seed=3)
        .resources(se=9, food=2)
        .monster("minotaur")
        .start("hunger")
    )


def basilisk() -> Game:
    # The monster with the longest rules, and a player with many options and skills.
    return (
        Scenario("helena", level=4, seed=3)
        .resources(se=14, me=2, le=1, metal=1, cunning=2)
        .weapon("club")
        .skills("wrecker", "daring", "meditation", "heroic-perseverance", "lucky", "sidestep")
        .condition("paranoid")
        .monster("basilisk")
        .dice(2, 4, *[3] * 20)
        .start("battle")
    )


def fight() -> Game:
    # #28: a short fight at 120x40 left the left column's foot empty; the Hand now gives
    # its cards' own words (weapon, skills, class) where it has the rows.
    return (
        Scenario("caellahan", seed=3)
        .resources(se=13)
        .skills("daring")
        .monster("gibberling")
        .dice(*[3] * 20)
        .start("battle")
    )


GAMES: dict[str, Callable[[], Game]] = {
    "travel": travel,
    "exploration": exploration,
    "combat": combat,
    "basilisk": basilisk,
    "hunger": hunger,
    "fight": fight,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    ("screen", "keys"),
    [
        ("title", ()),
        ("new-game", ("enter",)),
        ("continue", ("down", "enter")),
        ("help", ("down",) * 5 + ("enter",)),
    ],
)
def test_menu_screens(
    snap_compare: Any, size: tuple[int, int], screen: str, keys: tuple[str, ...]
) -> None:
    app = UnbrokenApp(RULES, animate=False, seed=42)
    assert snap_compare(app, press=keys, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("phase", list(GAMES))
def test_game_screen(snap_compare: Any, size: tuple[int, int], phase: str) -> None:
    app = UnbrokenApp(RULES, animate=False, game=GAMES[phase]())
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_death(snap_compare: Any, size: tuple[int, int]) -> None:
    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    app = UnbrokenApp(RULES, animate=False, game=game)
    assert snap_compare(app, run_before=game_over, terminal_size=size)


async def game_over(pilot: Any) -> None:
    """Take the one option, then let the game over screen lay out and say whether more is
    below (its "↓ more below" line comes a frame or two after the screen). An option that
    ends the game is marked first (#28 round 29, 29a-20): a second key takes it."""
    from unbroken.tui.game import GameScreen

    await pilot.press("1")
    await pilot.pause()
    if isinstance(pilot.app.screen, GameScreen):
        await pilot.press("1")
    for _ in range(4):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_victory(snap_compare: Any, size: tuple[int, int]) -> None:
    game = (
        Scenario("caellahan", level=4)
        .resources(se=0, me=0, le=0, food=4, treasure=3, wood=1)
        .no_time_track()
        .monster("troll")
        .start("hunger")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    assert snap_compare(app, run_before=game_over, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_replay_viewer_at_the_end(snap_compare: Any, size: tuple[int, int]) -> None:
    # Every VCR key is in the footer at 80 columns; the last position says the game is over.
    golden = sorted(GOLDEN_DIR.glob("normal_*_lost.jsonl"))[0]
    app = UnbrokenApp(RULES, animate=False, replay=golden)
    assert snap_compare(app, press=("end",), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_paralysed_turn_shown_step_by_step(snap_compare: Any, size: tuple[int, int]) -> None:
    async def first_beat(pilot: Any) -> None:
        from unbroken.core import actions as act
        from unbroken.tui.game import GameScreen

        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(5):  # the Responses before the turn are passed
            if screen.game.state.decision == "player_turn":
                break
            await pilot.press(str(len(screen.offered)))
        attack = next(
            i for i, (a, why) in enumerate(screen.offered) if isinstance(a, act.Attack) and not why
        )
        screen.take(attack)
        assert screen.passing is not None and len(screen.passing.steps) > 2
        # Held on the monster's first roll, landed (the timers would move on).
        screen.rolling.stop()
        screen.rounds.hold()
        screen.passing.shown = 1
        screen.rounds.next_beat()
        screen.rolling.stop()
        screen.rounds.hold()
        screen.rounds.show_beat(screen.passing.steps[1], rolling=False)
        await pilot.pause()

    app = UnbrokenApp(RULES, animate=True, game=paralysed())
    assert snap_compare(app, run_before=first_beat, terminal_size=size)


def test_the_basilisks_rules_a_page_at_a_time(snap_compare: Any) -> None:
    # #28 round 7: `m` at 80x24 shows the rules in pages of one size, the six table rows
    # under them; the second of the Basilisk's pages ("rules 2 of 3 (m: next)": round 8
    # added two pages that say its table rows cut to one row in full; round 19: each rule
    # whole on one page, the pages as tall as Petrifying Gaze, the Hand keeping one row).
    app = UnbrokenApp(RULES, animate=False, game=basilisk())
    assert snap_compare(app, press=("m", "m"), terminal_size=(80, 24))
