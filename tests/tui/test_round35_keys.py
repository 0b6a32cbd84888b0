"""#28 playtest round 35's keys: at level 4 with SE 20/20, ME 0 and LE 2, `1. Burying a
Friend: 1 ME -> 1 LE (time 1; no use now: needs 1 ME, you have 0, so LE pays it all: 1 LE
to gain 1 LE: rest, gain nothing: SE is at the cap 20)` was marked by the first key, as a
card kept to rest on is; resting on it gains nothing, so the key is dropped and said as
Inspiration's with no ME is (35a-3). `1 1` to take Dodge, the second key landed on the
next question's dimmed `1` and got "Not now: Attack with Crush (no armor to break)", read
as a key on a screen not yet seen: in a new question's first moments it says the question
is new, and what the key is now (35a-4)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from pilot import CAREFUL, key_of, marks, played, prompt, settle, sync
from playing import help_found
from textual.pilot import Pilot
from textual.widgets import Input

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import KeyPace

BURYING = act.ChooseEncounter("base:burying-a-friend")
#: A double press's time long enough for a test under load (a key pressed at once is in it).
QUICK = KeyPace(settle=0.0, quick=60.0)


def burying(se: int) -> Scenario:
    """A level-4 Exploration: Burying a Friend with no ME (LE pays it all) at `se` SE."""
    return (
        Scenario("tomu", level=4)
        .resources(se=se, me=0, le=2)
        .encounters("burying-a-friend", "sacred-pool")
    )


def key_of_burying(screen: GameScreen) -> str:
    """Return Burying a Friend's key."""
    return next(OPTION_KEYS[i] for i, (a, _) in enumerate(screen.offered) if a == BURYING)


@sync
async def test_a_kept_card_whose_rest_gains_nothing_is_not_marked_by_one_key() -> None:
    game = burying(se=20).start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        panel = screen.decision_panel
        panel.open_careful("revealed", lasting=True)  # the cards just revealed: `1 1`
        panel.draw()
        key = key_of_burying(screen)
        assert panel.no_use[OPTION_KEYS.index(key)], panel.no_use
        decisions = game.state.decisions
        await pilot.press(key)
        await settle(pilot)
        said = prompt(screen)
        assert panel.marked is None and game.state.decisions == decisions, said
        assert f"{key} not marked: no use now; again marks it." in said, said
        await marks(pilot, screen, key)  # the same key again marks it, as it said


@sync
async def test_a_kept_card_whose_rest_gains_se_still_marks_first() -> None:
    # Below the cap the rest is of use (33a-4): the first key marks, as "cannot pay" does.
    game = burying(se=10).start("exploration")
    async with played(game, CAREFUL) as (pilot, screen):
        screen.decision_panel.open_careful("revealed", lasting=True)
        screen.decision_panel.draw()
        key = key_of_burying(screen)
        await marks(pilot, screen, key)


def goblin() -> Scenario:
    """A level-2 Preparation before the Goblin (armored), the Knife held: at its turn
    Quick cut and Stab are dimmed ("break its armor first")."""
    return (
        Scenario("tomu", level=2, seed=3)
        .resources(se=10, me=3, le=1)
        .weapon("knife")
        .monster("goblin")
        .dice(*[3] * 30)
    )


async def fought(pilot: Pilot[Any], screen: GameScreen) -> str:
    """Take Fight (its key twice: marked, then taken): the turn's dimmed Quick cut's key."""
    fight = key_of(screen, act.Fight)
    for _ in range(2):
        await pilot.press(fight)
        await settle(pilot)
    return OPTION_KEYS[[a for a, _ in screen.offered].index(act.Attack("quick-cut"))]


def notices(screen: GameScreen) -> str:
    """Return the notice line as drawn, on one line."""
    return " ".join(" ".join(str(box.render()).split()) for box in screen.query(HintBox))


@sync
async def test_a_dimmed_key_in_a_new_questions_first_moments_says_the_question_is_new() -> None:
    game = goblin().start("preparation")
    async with played(game, QUICK) as (pilot, screen):
        key = await fought(pilot, screen)
        assert screen.decision_panel.too_quick(), prompt(screen)  # a double press's second
        decisions = game.state.decisions
        await pilot.press(key)
        await settle(pilot)
        said = notices(screen)
        assert game.state.decisions == decisions, said
        assert (
            f"{key} not taken: a new question (Your turn); {key} is Attack with Quick cut: "
            "not now, break its armor first."
        ) in said, said
        assert "Not now" not in said, said  # one notice


@sync
async def test_a_dimmed_key_later_says_not_now_as_before() -> None:
    game = goblin().start("preparation")
    async with played(game, QUICK) as (pilot, screen):
        key = await fought(pilot, screen)
        screen.decision_panel.asked_at -= 120  # the question in sight past the double press
        screen.decision_panel.took = None  # and past a double tap's second (37a-8)
        await pilot.press(key)
        await settle(pilot)
        said = notices(screen)
        assert "Not now: Attack with Quick cut (break its armor first)." in said, said
        assert "new question" not in said, said


@asynccontextmanager
async def searched(typed: str) -> AsyncIterator[tuple[Pilot[Any], Input, list[str], list[str]]]:
    """Help's search on the title with `typed` in it: the pilot, the field, and what the
    app copied and quit on (each call's, kept instead of done)."""
    copied: list[str] = []
    quits: list[str] = []
    async with help_found(*typed) as (pilot, screen):
        app = screen.app
        app.copy_to_clipboard = copied.append
        app.exit = lambda *_a, **_k: quits.append("quit")
        yield pilot, screen.query_one("#help-search", Input), copied, quits


@sync
async def test_ctrl_c_in_a_box_with_nothing_selected_quits() -> None:
    # 35a-5: help says Ctrl+C quits and copies text selected in a box; in help's search
    # with text typed and none selected it did nothing (the field's copy, skipped, ate it).
    async with searched("ctrl") as (pilot, search, copied, quits):
        assert search.has_focus and search.value == "ctrl" and not search.selected_text
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert quits == ["quit"] and copied == [], (quits, copied)


@sync
async def test_ctrl_c_in_a_box_with_text_selected_copies_it_and_stays() -> None:
    async with searched("ctrl") as (pilot, search, copied, quits):
        await pilot.press("shift+home")
        await pilot.pause()
        assert search.selected_text == "ctrl", search.selection
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert copied == ["ctrl"] and quits == [], (quits, copied)
