"""Round 33 (#28): in the game's `%`, a killing blow and Skip your turn both read about
100 % and the header said they "share the lead" (the chance counts winning only, and the
reference bot won after either), while `unbroken analyze` already said which ends the
battle (32a-5). The header now says it too: "3 ends the battle; 7 about equal on the
futures", the words analyze's verdict uses (`verdict.who_ends`)."""

from __future__ import annotations

import asyncio

from pilot import sync

from games import winning
from unbroken.advisor.changes import what_it_ends
from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.tui import odds
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.option_rows import OPTION_KEYS

EVERY = (1 << 16) - 1
BLOW = "ends the battle"


def _killing_blow() -> Game:
    """Caellahan's level-4 battle (the Troll misses every time) at the turn where an attack
    defeats it, Skip your turn beside it (as tests/advisor/test_round32_analyze.py)."""
    game = winning()
    while not any(what_it_ends(game, a) for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Attack)))
        while not any(isinstance(a, act.Attack) for a in game.legal_actions()):
            game.apply(act.Pass())
    return game


def test_a_killing_blow_never_shares_the_lead_with_a_move_that_goes_on() -> None:
    tied = Weighing((EVERY, EVERY), (16, 16), best=0, fresh=EVERY, fresh_games=16)
    assert odds.verdict_text(tied, [2, 6]) == "3 and 7 share the lead"  # what round 33 read
    said = odds.verdict_text(tied, [2, 6], ends=[BLOW, ""])
    assert said == "3 ends the battle; 7 about equal on the futures", said
    # Said the same way round where the move that goes on is the race's best.
    skip_first = Weighing((EVERY, EVERY), (16, 16), best=1, fresh=EVERY, fresh_games=16)
    said = odds.verdict_text(skip_first, [2, 6], ends=[BLOW, ""])
    assert said == "3 ends the battle; 7 about equal on the futures", said


def test_every_option_about_equal_is_placed_the_rest_as_before() -> None:
    # Two blows that defeat it, Skip beside them, one stopped early, one clearly behind.
    behind = 0xFF  # won 8 of 16
    race = Weighing(
        (EVERY, EVERY, EVERY, EVERY & 0xFF, behind),
        (16, 16, 16, 8, 16),
        best=0,
        fresh=EVERY,
        fresh_games=16,
    )
    assert race.about_equal() == [0, 1, 2, 3] and race.shown(3).stopped
    ends = [BLOW, "", BLOW, "", ""]
    said = odds.verdict_text(race, [0, 1, 2, 3, 4], ends=ends)
    assert said == (
        "1 and 3 end the battle; 2 about equal on the futures; 4 stopped early, not clearly behind"
    ), said
    # All alike (every one goes on, or every one ends it): the verdict as before.
    plain = odds.verdict_text(race, [0, 1, 2, 3, 4])
    assert odds.verdict_text(race, [0, 1, 2, 3, 4], ends=[BLOW] * 4 + [""]) == plain
    # One that ends the battle but is clearly behind is said by its line ("behind").
    assert "end" not in odds.verdict_text(race, [0, 1, 2, 3, 4], ends=[""] * 4 + [BLOW])


@sync
async def test_the_games_odds_say_which_option_ends_the_battle() -> None:
    game = _killing_blow()
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    odds.MOST, before = 8, odds.MOST
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("percent_sign")
            for _ in range(400):
                await asyncio.sleep(0.05)
                if screen.odds.anytime is not None and screen.odds.anytime.finished:
                    break
            await pilot.pause()
            legal = [i for i, (_, why) in enumerate(screen.offered) if not why]
            offered = [screen.offered[i][0] for i in legal]
            assert screen.odds.ends == [what_it_ends(game, a) for a in offered]
            ends = zip(legal, screen.odds.ends, strict=True)
            (blow,) = [OPTION_KEYS[i] for i, end in ends if end]
            skip = OPTION_KEYS[legal[offered.index(act.Skip())]]
            prompt = " ".join(str(screen.query_one("#prompt").render()).split())
            assert f"; {blow} ends the battle" in prompt, prompt
            assert "share the lead" not in prompt, prompt
            # Skip won as often after it: about equal on the futures, never leading with it.
            assert f"{skip} about equal on the futures" in prompt, prompt
    finally:
        odds.MOST = before
