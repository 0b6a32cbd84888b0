"""#18: what the stage and the footer mark. The row the monster's roll applied stays marked
once the die lands (and is not told while it rolls); `m` is offered with a monster only."""

from __future__ import annotations

from pilot import sync
from textual.widgets import Footer

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui import taking
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


def footer_keys(screen: GameScreen) -> str:
    return " ".join(str(key.render()) for key in screen.query_one(Footer).children)


def stage_of(screen: GameScreen) -> str:
    return str(screen.query_one("#stage").render())


@sync
async def test_the_applied_row_is_marked_when_the_die_lands_not_before() -> None:
    # Tomu has no response to the monster's roll: it is applied at once (the kobold's row 3).
    # A roll far longer than any test: a busy machine must not let the die land before the
    # first look (2 s did, under CI at load 10); the test then lands it (as its timer would).
    # taking.py's own name for tui.rolling's ROLL_SECONDS (not re-exported, so mypy asks).
    roll = taking.ROLL_SECONDS  # type: ignore[attr-defined]
    taking.ROLL_SECONDS = 600.0  # type: ignore[attr-defined]
    try:
        await applied_row_after_the_roll()
    finally:
        taking.ROLL_SECONDS = roll  # type: ignore[attr-defined]


async def applied_row_after_the_roll() -> None:
    game = Scenario("tomu").resources(se=10).monster("kobold").dice(3, *[4] * 10).start("battle")
    app = UnbrokenApp(RULES, animate=True, game=game)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        skip = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Skip))
        await pilot.press(OPTION_KEYS[skip])
        die = screen.rolling
        assert die.rolling  # still rolling
        assert "▶" not in stage_of(screen)  # rolling: the mark would tell the number
        await pilot.pause(0.2)  # a few frames of the roll: still no mark
        assert die.rolling and "▶" not in stage_of(screen)
        die.land()  # what its timer does when the roll's time is up
        await pilot.pause()
        assert not screen.rolling.rolling  # landed (the same die: mypy keeps its narrowing)
        stage = stage_of(screen)
        assert "(monster's combat roll)" in stage and "▶3 " in stage, stage
        await pilot.press("m")  # the rules unfolded: the row is still marked
        assert "▶3 " in stage_of(screen)


@sync
async def test_the_rules_key_is_offered_only_with_a_monster_on_the_stage() -> None:
    game = Scenario("tomu", seed=3).start("preparation")  # the monster not yet revealed
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.pause()
        assert "Rules" not in footer_keys(screen) and "Help" in footer_keys(screen)
        assert screen.check_action("monster_rules", ()) is False
        fight = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Fight))
        await pilot.press(OPTION_KEYS[fight], OPTION_KEYS[fight])  # Fight marks first
        await pilot.pause()
        assert game.state.phase == "combat"
        assert game.state.monster is not None and "Rules" in footer_keys(screen)
