"""The odds key (#20 item 1): `%` shows each option's chance as rollouts finish, and stops."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import Future
from contextlib import asynccontextmanager

import msgspec
from pilot import sync
from textual.pilot import Pilot

from unbroken.advisor import weigh
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.estimator import Weighing
from unbroken.advisor.unseen import unseen_words
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.tui import odds
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


def lines(screen: GameScreen) -> list[str]:
    from unbroken.tui.widgets import DecisionList

    decisions = screen.query_one("#decisions", DecisionList)
    return [str(decisions.get_option_at_index(i).prompt) for i in range(decisions.option_count)]


@asynccontextmanager
async def odds_shown(most: int) -> AsyncIterator[tuple[Pilot[None], GameScreen]]:
    """A game at its first decision with `%` pressed and the odds of every option in,
    `most` games each (20 s at the most)."""
    game = Game.new(RULES, "tomu", "normal", 9)
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    odds.MOST, before = most, odds.MOST
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            session = screen.session
            assert not session.assisted
            await pilot.press("percent_sign")
            assert screen.odds.shown
            assert screen.session.assisted  # its recording says the odds were shown (#31)
            for _ in range(400):
                await asyncio.sleep(0.05)
                if screen.odds.anytime is not None and screen.odds.anytime.finished:
                    break
            await pilot.pause()
            yield pilot, screen
    finally:
        odds.MOST = before


def test_the_odds_key_is_free_on_the_game_screen() -> None:
    keys = [k for b in GameScreen.BINDINGS for k in str(getattr(b, "key", "")).split(",")]
    assert keys.count("percent_sign") == 1 and odds.BINDING in GameScreen.BINDINGS
    assert "%" not in OPTION_KEYS  # no option is taken with it


@sync
async def test_percent_shows_the_odds_as_they_come_then_stops() -> None:
    async with odds_shown(8) as (pilot, screen):
        await asyncio.sleep(0.3)
        shown = lines(screen)
        offered = screen.offered
        for line, (_, why) in zip(shown, offered, strict=True):
            # A figure, or another option's named (32a-3: the futures cannot tell them apart).
            bracket = line.split("]")[0]
            assert ("%" in bracket or "[same futures as " in bracket) == (not why), line
        prompt = str(screen.query_one("#prompt").render())
        assert "Odds (8 games each)" in prompt
        # The one estimator: the figures `unbroken analyze` and `unbroken play` give here.
        actions = [action for action, why in offered if not why]
        assert screen.odds.anytime is not None
        assert screen.odds.anytime.weighing() == weigh(screen.game, actions, most=8)
        await pilot.press("percent_sign")  # again: they go
        assert not screen.odds.shown
        assert not any(line[3:4] == "[" for line in lines(screen))
        await pilot.press("percent_sign")  # and acting stops them
        await pilot.press(OPTION_KEYS[0])
        await asyncio.sleep(0.4)
        await pilot.pause()
        assert not screen.odds.shown
        assert "Odds:" not in str(screen.query_one("#prompt").render())


@sync
async def test_the_odds_stay_when_the_terminal_is_resized() -> None:
    # The game screen draws its options in one place (draw_decision): a resize redraws
    # them with the odds, where it used to drop them until the next `%`.
    async with odds_shown(4) as (pilot, screen):
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await asyncio.sleep(0.2)
        assert any(line.startswith("1. [") for line in lines(screen)), lines(screen)
        assert "Odds (4 games each)" in str(screen.query_one("#prompt").render())


def test_the_verdict_names_each_option_by_its_key_the_tenth_is_0() -> None:
    # Playtest round 2 (#28): "about equal: 7 (ahead), 1, 4, 9, 10", but no key is "10".
    # Round 16: "key 0" could not be placed: the key pressed, and which option it is.
    legal = [0, 3, 9]  # options 1, 4 and the tenth (key 0) can be taken
    same = Weighing(wins=(0b1111, 0b1111, 0b1111), games=(4, 4, 4), best=2)
    assert same.ranking(lambda k: odds._key_name(OPTION_KEYS[legal[k]])) == (
        "about equal on the same futures: 0 (option 10) the same as 1 (-46 to 46 points)"
        " and 4 (-46 to 46)"
    )  # never "ahead of 1 by 0 points" (the README playtest of #28)
    assert odds.verdict_text(same, legal) == "1, 4 and 0 (option 10) share the lead"  # round 29
    alone = Weighing(wins=(0b1,), games=(4,), best=0)
    assert odds.verdict_text(alone, [5]) == ""


class _HeldPool:
    """A pool whose rounds finish when the test says (each option wins every future)."""

    def __init__(self) -> None:
        self.rounds: list[tuple[Future[list[int]], int, int]] = []

    def submit(self, state: bytes, actions: bytes, resamples: list[int]) -> object:
        future: Future[list[int]] = Future()
        self.rounds.append((future, len(msgspec.msgpack.decode(actions)), len(resamples)))
        return future

    def finish(self, i: int) -> None:
        future, options, size = self.rounds[i]
        future.set_result([(1 << size) - 1] * options)


def test_the_status_moves_while_a_stage_waits_and_gives_the_chance_apart() -> None:
    """Playtest round 4: "up to 32 games each" stood still for over a minute while the
    stage (counted in order) waited for one slow round, then for the best's own futures."""
    from typing import Any, cast

    from unbroken.advisor.pool import Anytime

    game = Game.new(RULES, "tomu", "normal", 9)
    actions = game.legal_actions()[:2]
    pool = _HeldPool()
    anytime = Anytime(cast(Any, pool), game, actions, most=16, batch=8)
    assert len(pool.rounds) == 2 and ": running, 0 of 16 futures played; % stops them" in (
        odds.status_text(anytime, "the verdict", "1")
    )  # no option ahead before any stage is done
    pool.finish(1)  # the second round first: the first still holds the count
    anytime.poll()
    assert anytime.games == 0
    assert "running, 8 of 16 futures played; % stops them" in odds.status_text(anytime)
    pool.finish(0)
    anytime.poll()  # the race: both won everything, settled; the best weighs the chance
    said = odds.status_text(anytime, "the verdict", "1", "monster unknown: …")
    # Round 24: short while it runs ("the chance here: the best on 36 more futures, 16
    # played; about equal on the same futures: 1 ahead of 2 by 6 points …" was hard to
    # read): the verdict and the chance once done.
    # No figure yet (the chance's futures to come): no count beside it (31a-2).
    assert said == "Odds: running, 0 of 16 more futures played; 1 ahead so far; % stops them"
    pool.finish(2)
    pool.finish(3)
    anytime.poll()
    assert anytime.finished
    assert odds.status_text(anytime, "the verdict", "1") == (
        "Odds (16 games each): chance here 100%; the verdict"
    )
    # Round 24: where the monster is not revealed yet, the chance says it averages over it.
    assert "chance here 100%, monster unknown; the verdict" in (
        odds.status_text(anytime, "the verdict", "1", unseen_words(game))
    )


def test_an_option_of_no_use_is_not_ranked_above_pass_unsaid() -> None:
    # Round 19: "[88% 80-94]" beside a Focus marked "no use now", above the Skip beside it.
    # Its figure is Skip's, as a bound; without a Pass or Skip, labelled; the verdict says
    # it where it came first.
    skip = Figure.of(Estimate(17, 20))
    focus = Figure.of(Estimate(18, 20))
    # Round 27: "[≤85% as Skip]" was explained nowhere; the mark says itself in words.
    assert odds.no_use_text(focus, skip, "Skip") == "[at most Skip's 85%]"
    # As Pass's own line reads it, "0%" ("<1%" read above it, 31b-5).
    assert odds.no_use_text(focus, Figure.of(Estimate(0, 20)), "Pass") == "[at most Pass's 0%]"
    assert odds.no_use_text(focus, None, "") == "[90% no use]"
    same = Weighing(wins=(0b1111, 0b1110), games=(4, 4), best=0)
    verdict = odds.verdict_text(same, [0, 1], no_use=[0])
    # Its own figure above the other's (no Skip beside it): ahead by chance, the other's line
    # the one that leads (36a-1: the verdict's leaders are the lines that lead).
    assert verdict == "2 leads; 1 of no use now, ahead by chance", verdict
    assert "no use" not in odds.verdict_text(same, [0, 1], no_use=[1])


def test_help_and_readme_explain_the_mark_of_an_option_of_no_use() -> None:
    # Round 27 (27b-4): "[≤97% as Skip]" beside Inspiration (no use now), explained nowhere.
    from pathlib import Path

    from unbroken.tui.help_pages import KEYS

    mark = odds.no_use_text(Figure.of(Estimate(18, 20)), Figure.of(Estimate(17, 20)), "Skip")
    readme = Path(__file__).parents[2] / "README.md"
    for text in (" ".join(KEYS.split()), " ".join(readme.read_text(encoding="utf-8").split())):
        said = text.split(mark.strip("[]"), 1)
        assert len(said) == 2, mark
        assert said[1].lstrip("]`").startswith(" beside an option of no use now: it does nothing")


@sync
async def test_the_odds_of_a_focus_of_no_use_are_skips() -> None:
    from unbroken.core import actions as act
    from unbroken.testing import Scenario
    from unbroken.words.actions import option_text

    # 3 SE and 1 ME: Focus takes 3 SE + 1 ME to gain 1 ME (no use now); Skip is offered.
    game = Scenario("tomu").resources(se=3, me=1).monster("hyena").start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    odds.MOST, before = 4, odds.MOST
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
            shown = lines(screen)
            focus = next(line for line in shown if "Focus" in line)
            skip = next(line for line in shown if "Skip your turn" in line)
            assert "no use now" in option_text(act.Focus(), "", game.state, RULES)  # cut here
            figure = skip.split("[", 1)[1].split("%", 1)[0]
            # As Skip's line reads it, "0%" too (never "≤0%", round 15, nor "<1%", 31b-5).
            assert f"[at most Skip's {figure}%]" in focus, (focus, skip)  # round 27: in words
    finally:
        odds.MOST = before


def test_the_text_game_gives_a_focus_of_no_use_the_skips_figure() -> None:
    # `unbroken play`'s `%` as the full screen's (round 19).
    from unbroken.core import actions as act
    from unbroken.play.text_odds import table

    race = Weighing(wins=(0b1111, 0b0111), games=(4, 4), best=0)
    options = ["Focus: pay 4 SE, gain 1 ME (no use now: …)", "Skip your turn"]
    printed = table(options, [0, 1], race, [act.Focus(), act.Skip()]).splitlines()
    skip = race.shown(1)
    assert printed[1].startswith(f"   1. at most Skip's {100 * skip.rate:.0f} % "), printed
    # The names stay in one column past the longer figure (round 27).
    assert printed[1].index("Focus") == printed[2].index("Skip your turn"), printed
    assert "(1 is of no use now" in " ".join(" ".join(printed).split())
