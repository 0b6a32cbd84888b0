"""Random keys through the whole app: it never fails and never piles up screens."""

from __future__ import annotations

import asyncio
import random

import pytest

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp

RULES = load_ruleset()

#: Every key the screens bind, the decision digits weighted up so games get played.
KEYS = [
    *"1234567890" * 12,
    *["enter"] * 8,
    *["escape"] * 3,
    *["up", "down", "left", "right", "home", "end", "tab", "space", "pageup", "pagedown"],
    *["l", "b", "d", "w", "s", "n", "a", "r", "q", "u", "question_mark", "plus", "minus", "ctrl+s"],
    *["i", "c"],  # the card inspector, and its switch between the offers and every card
    *["L", "B", "D"],  # the replay viewer's jumps back
]


@pytest.mark.parametrize("start", ["title", "last decision"])
def test_random_keys_never_fail_and_the_screens_do_not_pile_up(start: str) -> None:
    rnd = random.Random(start)
    seen: set[str] = set()
    deepest = 0
    # From the title; or from a game one decision from its end (eating nothing
    # starves), so the game over screen and its keys get their share.
    game = None
    if start != "title":
        game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")

    async def play() -> None:
        nonlocal deepest
        app = UnbrokenApp(RULES, animate=False, seed=7, game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            app.exit = lambda *args, **kwargs: None  # type: ignore[method-assign]  # q stays
            for _ in range(250):
                await pilot.press(rnd.choice(KEYS))
                assert app.is_running and app.return_code is None
                seen.add(type(app.screen).__name__)
                deepest = max(deepest, len(app.screen_stack))

    asyncio.run(play())
    assert "GameScreen" in seen and (game is None or "GameOverScreen" in seen), seen
    # Never more than the title, a game, its game over, a viewer, and help or log on top.
    assert deepest <= 5
