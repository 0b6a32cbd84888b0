"""#28 playtest round 24: a stray key (a hurried confirm's second `2`) skipped the rounds
passing on their own to the death screen, rounds 5-11 never shown; at 1 SE, the only
attack costing 2, three turns were skipped for the player with no word of why, and the
death screen showed only the last of them. A key within the careful window's time after
the player's key skips nothing; the death screen shows every line since that key; a turn
skipped for the player who cannot pay any attack says so."""

from __future__ import annotations

from dataclasses import replace

from pilot import game_screen_of, settle, sync
from scenes import paralysed

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import AT_ONCE
from unbroken.words.taken import UNPAID

RULES = load_ruleset()


def rounds_on(screen: GameScreen) -> bool:
    """Return whether rounds pass on their own on the screen now (asked through a call:
    mypy would keep a narrowing across the keys pressed)."""
    return screen.rounds.shown


@sync
async def test_a_key_right_after_the_player_s_does_not_skip_the_rounds() -> None:
    pace = replace(AT_ONCE, stray=60.0)
    app = UnbrokenApp(RULES, animate=True, game=paralysed(), record=False, key_pace=pace)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        game = screen.game
        attack = next(a for a, why in game.options() if isinstance(a, act.Attack) and not why)
        screen.take(screen.offered.index((attack, "")))
        screen.rounds.hold()  # the beats' clock driven here, not waited for
        screen.rolling.stop()
        assert rounds_on(screen)
        await pilot.press("2")  # the double tap's second key
        await pilot.pause()
        assert rounds_on(screen) and screen.passing is not None and screen.passing.shown == 1
        screen.pace = replace(pace, stray=0.0)  # the window's time over
        await pilot.press("space")
        await pilot.pause()
        assert not rounds_on(screen) and screen.offered


@sync
async def test_turns_skipped_for_a_player_who_cannot_pay_are_said_and_shown_at_the_end() -> None:
    game = Scenario("tomu", level=1).resources(se=4).monster("gibberling").dice(*[3] * 30)
    started = game.start("battle")
    app = UnbrokenApp(RULES, animate=False, game=started, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        punch = next(
            i for i, (a, why) in enumerate(screen.offered) if isinstance(a, act.Attack) and not why
        )
        await pilot.press(OPTION_KEYS[punch])
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen), started.state.res
        said = " ".join(str(app.screen.query_one("#result").render()).split())
        skipped = f"Taken for you: Skip your turn — {UNPAID}."
        assert said.count(skipped) >= 2, said
