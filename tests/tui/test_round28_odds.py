"""Playtest round 28 (#28): `%`'s header in three rows at most at 80x24, its verdict in
plain words, and the README's sentence about the options' figures what their lines show
(28a-14, 28b-1)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pilot import settle, sync
from test_screen_leftovers import rows_of
from textual.content import Content

from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui import odds
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.help_pages import KEYS

RULES = load_ruleset()


def _preparation() -> Game:
    """A game at its first Preparation (Fight and seven other options, the monster unseen)."""
    game = Game.new(RULES, "tomu", "normal", 9)
    while not any(isinstance(a, act.Fight) for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    return game


class _Done:
    """What `status_text` reads of finished odds: `race` weighed, 100 games each."""

    error = ""
    games = 100
    finished = True

    def __init__(self, race: Weighing) -> None:
        self.race_ = race

    class race:
        decided = True

        @staticmethod
        def cut_short() -> str:
            return "not 100: the race ended there, every other option clearly behind"

    def weighing(self) -> Weighing:
        return self.race_

    def under_way(self) -> tuple[int, int]:
        return 0, 0


@sync
async def test_the_odds_header_takes_three_rows_at_most_at_80x24() -> None:
    """28a-14: "about equal on the same futures, the intervals holding 0: 3 ahead of 1 by
    16 points (-2 to 31), of 2 by 16 (-2 to 31), …; 5 clearly behind, the intervals above
    0: by 14 points (1 to 26); each line is its option's own chance…" took 9-10 rows."""
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, game=_preparation(), record=False)
    odds.MOST, before = 16, odds.MOST
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            prompt = screen.query_one("#prompt")
            bare = len([r for r in rows_of(screen, prompt) if r])
            await pilot.press("percent_sign")
            for _ in range(600):
                await asyncio.sleep(0.05)
                if screen.odds.anytime is not None and screen.odds.anytime.finished:
                    break
            await settle(pilot)
            rows = [r for r in rows_of(screen, prompt) if r]
            said = " ".join(rows)
            assert "Odds (16 games each): chance here" in said, rows
            assert "monster unknown" in said
            assert any(w in said for w in (" leads; ", "share the lead", "clearly best"))
            assert "points" not in said and "intervals" not in said, rows
            assert len(rows) - bare <= 3, rows
            # The longest verdict of ten options, with the race ended early, fits too.
            wins = tuple(
                (1 << (59 if k in (1, 2, 3, 9) else 30 if k else 60)) - 1 for k in range(10)
            )
            race = Weighing(wins, (100,) * 10, best=0, fresh=(1 << 60) - 1, fresh_games=100)
            verdict = odds.verdict_text(race, list(range(10)))
            assert verdict == "1 leads; 2, 3, 4 and 0 (option 10) about equal"
            done: object = _Done(race)
            status = odds.status_text(done, verdict, "1", "monster unknown: …")  # type: ignore[arg-type]
            assert status.startswith(
                "Odds (100 games each, race ended early): chance here 60%, monster unknown;"
            )
            panel = screen.decision_panel
            panel.odds = ({i: "[40% 30-50]" for i in range(len(panel.offered))}, status)
            await settle(pilot)
            rows = [r for r in rows_of(screen, prompt) if r]
            assert "about equal" in " ".join(rows) and len(rows) - bare <= 3, rows
    finally:
        odds.MOST = before


def test_the_readme_says_what_the_lines_show() -> None:
    """28b-1: "[13% 8-21] Explore", "[2% stopped] Fight", "[0% stopped] Plan", where the
    README said every other option shows "the chance here less what it lost against the
    best" and the header gave Fight 3 points behind. A line the race played to the end is
    the chance less what it lost on the futures both played; one it stopped early is its
    own chance there less the best's luck: README and help say both."""
    # k=0 the best: 70 of 100 of its own; k=1 won 60 of the same 100 (lost 10); k=2 won 2
    # of the first 16, where the best won 12, and stopped.
    wins = ((1 << 80) - 1, (1 << 70) - 1, 0b11)
    race = Weighing(wins, (100, 100, 16), best=0, fresh=(1 << 70) - 1, fresh_games=100)
    best, played, stopped = race.shown_all
    assert odds.odds_text(best) == "[70% 60-78]"
    lost = round(-100 * race.difference(1).mean)
    assert round(100 * played.rate) == 70 - lost  # the chance less what it lost
    assert stopped.stopped and round(100 * stopped.rate) != 70 - round(
        -100 * race.difference(2).mean
    )  # its own, less the best's luck: not the chance less what it lost
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    for text in (readme, " ".join(KEYS.split())):
        assert (
            "the best's chance less what it lost against the best on the futures both played"
            in text
        )
        assert (
            "one the race stopped early (or whose race ended early) shows instead its own"
            " chance on its fewer futures less the best's luck on them, so its gap to the"
            " best can differ from what it lost there" in text
        )
    assert "1 leads; 2 and 5 about equal" in readme


def test_the_chance_keeps_its_figure_with_its_unit_at_any_width() -> None:
    """Round 28's leftover: the header wrapped "chance here 31" then "%" at 80x24. The
    screen's wrapper breaks at any space (a no-break one too), so the figure is written
    against its unit, as on the options' lines ("[83% 74-90]")."""
    wins = tuple((1 << (59 if k in (1, 2) else 30 if k else 60)) - 1 for k in range(4))
    race = Weighing(wins, (100,) * 4, best=0, fresh=(1 << 60) - 1, fresh_games=100)
    done: object = _Done(race)
    status = odds.status_text(done, "1 leads", "1", "monster unknown: …")  # type: ignore[arg-type]
    assert "chance here 60%, monster unknown" in status, status
    for width in range(20, 100):
        rows = [str(row) for row in Content(status).wrap(width)]
        assert not any(row.startswith("%") for row in rows), (width, rows)
