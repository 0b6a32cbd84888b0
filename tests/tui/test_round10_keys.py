"""#28 playtest round 10: the screens' surprises a README-only player met at 80x24."""

from __future__ import annotations

import asyncio

import pytest
from pilot import game_screen_of, on_top, paced, played, settle, sync

from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.help import HelpScreen
from unbroken.tui.hints import HINTS, HintBox
from unbroken.tui.leaving import LeaveScreen
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@sync
async def test_a_key_that_is_no_answer_closes_the_leave_question_and_is_the_games() -> None:
    # A stray Esc asked "Leave this game for the title screen?", which then took the next
    # key (`1`, later `%`) doing nothing. Now it stays in the game and the key acts there.
    game = Scenario("tomu").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        decisions = len(game.events)
        await pilot.press("escape")
        assert isinstance(on_top(app), LeaveScreen)
        await pilot.press("percent_sign")  # not an answer: stays, and shows the odds
        await settle(pilot)
        assert on_top(app) is screen and not game.is_over
        assert screen.odds.shown
        await pilot.press("escape", "1")  # an option's key: stays, and takes the option
        await settle(pilot)
        assert on_top(app) is screen and len(game.events) > decisions
        await pilot.press("escape", "q")  # a key the game does not use: says it stayed
        await settle(pilot)
        assert on_top(app) is screen
        assert screen.query_one(HintBox).text == "Stayed in the game."
        await pilot.press("escape", "y")  # y still leaves
        await settle(pilot)
        assert on_top(app) is not screen and not isinstance(on_top(app), LeaveScreen)


@sync
async def test_a_hint_covered_by_help_is_still_there_when_help_closes() -> None:
    # The first Preparation's hint went while help was open over it (its time ran out
    # unseen) and was never shown again: its time now runs only while it is in sight.
    game = Scenario("tomu").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        box = game_screen_of(app).query_one(HintBox)
        hint = HINTS[StepName.PREPARATION]
        assert box.text == hint
        await pilot.press("question_mark", "escape")  # help loaded once: it opens at once
        await settle(pilot)
        box.say(hint, 3.0)  # its time made short, to run out under help
        await pilot.press("question_mark")
        assert isinstance(on_top(app), HelpScreen)
        await pilot.pause(3.5)  # longer than the hint's time
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(on_top(app), GameScreen)
        assert box.text == hint and box.display
        await pilot.pause(3.5)  # in sight, its time runs out
        assert box.text == ""


@sync
async def test_the_records_screen_at_80_columns_cuts_no_column_and_labels_one_game_once() -> None:
    # At 80 columns the table's last column was cut to "Clas", and the score chart of
    # one game labelled its bar "game 1 game 1".
    from playing import records_with_a_starved_game
    from test_layout import screen_text
    from textual.widgets import DataTable

    from unbroken.tui.charts import ScoreChart
    from unbroken.tui.history import RecordsScreen

    app = records_with_a_starved_game()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RecordsScreen)
        text = screen_text(screen)  # type: ignore[arg-type]
        header = next(line for line in text.splitlines() if "Finished" in line)
        # Round 12: Outcome says the cause ("lost: starvation"), the line above where the
        # class is ("class: below" read as a riddle).
        assert header.rstrip().endswith("Outcome") and "Clas" not in header, text
        table = screen.query_one("#games", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert "the class is in the sentence below" in text
        await pilot.resize_terminal(130, 30)  # room for every column: the class is back
        await settle(pilot)
        wide = screen_text(screen)  # type: ignore[arg-type]
        assert "Class" in next(line for line in wide.splitlines() if "Finished" in line)
        await pilot.resize_terminal(80, 24)
        await pilot.press("c")
        await settle(pilot)
        chart = screen.query_one(ScoreChart)
        said = str(chart.render())
        # Round 12: a few games are numbered under their columns: "1  ← game (date)", once.
        assert said.splitlines()[-1].split()[:3] == ["1", "←", "game"], said
        assert said.count("← game") == 1, said


@sync
async def test_the_viewers_death_step_says_the_time_as_the_fight_did() -> None:
    # The replay viewer's last step of a game lost in a fight said "time 26 left" and
    # "level 3 gets 26 time", where the live fight (and the step before) said "26 level
    # 3 time": in a fight the track holds the next level's time (R-COMBAT-3).
    from pathlib import Path

    from unbroken.tui.replays import ReplayViewerScreen
    from unbroken.tui.widgets import DisplayPanel

    path = (
        Path(__file__).parents[2] / "replays" / "easy_caellahan_seed698320187082438441_lost.jsonl"
    )
    app = UnbrokenApp(RULES, animate=False, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(path)
        await settle(pilot)
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)

        def time_said() -> str:
            said = str(viewer.query_one(DisplayPanel).render())
            return " ".join(said[said.index("\ntime") :].split("uses")[0].split())

        await pilot.press("end")
        await settle(pilot)
        at_death = time_said()
        await pilot.press("left")
        await settle(pilot)
        in_the_fight = time_said()
        assert "for level 3" in in_the_fight and " left" not in in_the_fight, in_the_fight
        assert at_death.split()[-3:] == in_the_fight.split()[-3:], (at_death, in_the_fight)
        assert " left" not in at_death and "gets" not in at_death, at_death


def test_when_the_options_keys_move_the_prompt_says_so_and_a_key_marks_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Mid-battle `0` was "Craft the Knife"; once crafted, the Knife's three attacks
    # pushed every option down and `0` became another craft, with no cue. Keys stay
    # put while only costs change; when the list moves them, the prompt says "Options
    # changed" and a costly option's key marks it first.

    paced(monkeypatch, careful=60.0)  # not timed here
    asyncio.run(keys_moved())


async def keys_moved() -> None:
    from test_layout import screen_text

    from unbroken.core import actions as act

    game = (
        Scenario("tomu")
        .resources(se=10, me=5, le=3, wood=3, metal=3)
        .monster("goblin")
        .start("battle")
    )
    async with played(game) as (pilot, screen):
        before = [action for action, _ in screen.offered]
        knife = before.index(act.Craft(weapon="base:knife"))
        await pilot.press("5")  # Plan: costs change, no key moves, no cue
        await settle(pilot)
        assert [a for a, _ in screen.offered] == before
        assert "Options changed" not in screen_text(screen)
        await pilot.press(OPTION_KEYS[knife])  # the Knife: three attacks, not two
        await settle(pilot)
        now = [action for action, _ in screen.offered]
        focus = now.index(act.Focus())
        assert focus != before.index(act.Focus())
        assert "Options changed" in screen_text(screen), screen_text(screen)
        taken = len(game.events)
        key = OPTION_KEYS[before.index(act.Inspiration())]  # its key before: now Focus's
        await pilot.press(key)
        await settle(pilot)
        assert len(game.events) == taken  # marked, not taken
        assert f"{key} marked" in screen_text(screen), screen_text(screen)
        await pilot.press(key)  # the same key again takes it
        await settle(pilot)
        assert len(game.events) > taken


@sync
async def test_a_hint_a_notice_covered_comes_back_when_the_notice_goes() -> None:
    # A hint counts as shown only once in sight: "Not now: …" (a dimmed option's key)
    # took its place in the notice line, and the hint was gone for good.
    game = Scenario("tomu").start("preparation")
    async with played(game) as (pilot, screen):
        box = screen.query_one(HintBox)
        hint = HINTS[StepName.PREPARATION]
        assert box.text == hint
        dimmed = next(i for i, (_, why) in enumerate(screen.offered) if why)
        await pilot.press(OPTION_KEYS[dimmed])
        await settle(pilot)
        assert box.text.startswith("Not now: ")
        box.expire()  # the notice's time is over
        await settle(pilot)
        assert box.text == hint and box.heading == "First game: "
        await pilot.press(OPTION_KEYS[dimmed], "1")  # a decision taken: both go
        await settle(pilot)
        assert HINTS[StepName.PREPARATION] not in box.text


def test_an_attack_that_ignores_armor_says_so_in_the_hand() -> None:
    # #28 round 11: the Hand's "Pierce: wound 2 no armor ← 3 SE" read as "only against no
    # armor"; the attack ignores armor.
    from unbroken.core import model as m
    from unbroken.tui.hand import attack_text

    pierce = m.Attack(id="pierce", type="wound", power=2, cost={"se": 3}, ignore_armor=True)
    assert attack_text(pierce) == "Pierce: wound 2 past armor ← 3 SE"
