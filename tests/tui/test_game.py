"""The game screen played with the keyboard (Pilot): decisions, panels, the log, take-backs.

(Split from test_app.py by screen, #32 item 10.)
"""

from __future__ import annotations

import re
from typing import Any

from pilot import on_top, sync
from playing import (
    RULES,
    after,
    choose,
    play_a_new_game,
    press_until_over,
    screen_text,
)

from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.help import HelpScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.newgame import NewGameScreen
from unbroken.tui.widgets import OPTION_KEYS


async def panel_lines(game: Game, panel: str, size: tuple[int, int] = (80, 24)) -> list[str]:
    """Return the lines of a game screen's panel (at 80x24), checking that each fits it."""
    from unbroken.tui.widgets import Panel

    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(panel, Panel)
        lines = str(widget.render()).splitlines()
        assert max(len(line) for line in lines) <= widget.size.width, lines
    return lines


def bracketed_rules() -> Any:
    """The base rules with "[x]" and "[/]" in names and texts, as a plugin might write them."""
    import dataclasses

    import msgspec

    def odd(name: str) -> str:
        return f"{name} [x] [/]"

    return dataclasses.replace(
        RULES,
        characters={
            k: msgspec.structs.replace(c, name=odd(c.name)) for k, c in RULES.characters.items()
        },
        encounters={
            k: msgspec.structs.replace(e, name=odd(e.name), text=odd(e.text))
            for k, e in RULES.encounters.items()
        },
    )


@sync
async def test_whole_game_from_the_title_by_keyboard_to_its_end() -> None:
    # R-FLOW-2: every decision is offered; key 1 always takes the first listed one.
    app = UnbrokenApp(RULES, animate=False, seed=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # first character
        await pilot.press("enter")  # Normal (the default): starts the game
        assert isinstance(app.screen, GameScreen)
        game = app.screen.game
        assert (game.state.seed, game.state.difficulty) == (12, "normal")
        await press_until_over(pilot, app)
        assert game.outcome is not None
        text = str(app.screen.query_one("#result").render())
        if game.outcome.won:
            assert "VICTORY" in text
        else:
            assert "DEATH" in text and f"level {game.outcome.level}" in text


@sync
async def test_arrows_and_enter_take_the_highlighted_decision() -> None:
    game = Scenario("tomu").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        legal = game.legal_actions()
        await pilot.press("down", "down", "enter")  # the third option
        assert type(game.events[-1]).__name__ == "Awaiting"
        assert len(game.legal_actions()) >= 1
        assert legal[2].__struct_config__.tag in {
            "focus",
            "plan",
            "orienteer",
            "scout",
            "use",
        }


@sync
async def test_effects_of_the_last_decision_are_marked_with_arrows() -> None:
    game = Scenario("tomu").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        focus = [
            i for i, a in enumerate(a for a, _ in game.options()) if type(a).__name__ == "Focus"
        ][0]
        await pilot.press(OPTION_KEYS[focus])
        display = str(app.screen.query_one("#display").render())
        assert "▼−4" in display and "▲+1" in display  # SE down 4, ME up 1: not colour alone


@sync
async def test_die_roll_animation_does_not_block_input() -> None:
    game = Scenario("tomu", level=1).monster("kobold").start("battle")
    app = UnbrokenApp(RULES, animate=True, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(game.events)
        skip = len(game.options())  # Skip is last
        await pilot.press(str(skip))
        await pilot.press("enter")  # straight away, during the roll
        assert len(game.events) > before
        await pilot.pause(0.5)
        assert "die" in str(app.screen.query_one("#stage").render())


@sync
async def test_played_game_is_recorded_verifies_and_replays_in_the_viewer() -> None:
    from textual.widgets import DataTable

    from unbroken.replay import recorded_games, verify_file
    from unbroken.tui.replays import ReplayListScreen, ReplayViewerScreen

    # Seed 1: Enter's game ends in 54 decisions, a battle among them (seed 21's took 127).
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_a_new_game(pilot, app)
        infos, problems = recorded_games()
        assert len(infos) == 1 and not problems and infos[0].outcome in ("won", "lost")
        assert verify_file(infos[0].path, RULES) is None
        await pilot.press("enter")  # title
        await choose(pilot, app, "replays")
        assert isinstance(app.screen, ReplayListScreen)
        listed = [str(c) for c in app.screen.query_one("#replays", DataTable).get_row_at(0)]
        assert RULES.card_name(infos[0].character) in listed  # the printed name
        await pilot.press("enter")
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        await pilot.press("end")
        last = viewer.position
        assert last == len(viewer.timeline) - 1 > 0
        await pilot.press("left", "left")
        assert viewer.position == last - 2
        await pilot.press("home", "b")  # the first battle
        assert viewer.position == viewer.timeline.next_index("battle", 0)
        await pilot.press("d")
        assert viewer.position == last


@sync
async def test_unfinished_game_continues_where_it_was() -> None:
    from unbroken.core import events as ev
    from unbroken.tui.replays import ReplayListScreen

    # A seed whose game (always the first option) lasts past the case; content changes move it.
    app = UnbrokenApp(RULES, animate=False, seed=10)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        # Play on until the die shown was rolled before the last decision (it stays). An
        # Enter on a card just revealed, or on an attack after a Response, marks it first
        # (round 16): more Enters than decisions.
        for n in range(120):
            await pilot.press("enter")
            screen = app.screen
            assert isinstance(screen, GameScreen), "the game ended before the case came up"
            if n >= 12 and screen.die and not any(isinstance(e, ev.DieRolled) for e in screen.last):
                break
        else:
            raise AssertionError("no decision without a roll came after one with a roll")
        game = screen.game
        before = game.state
        shown = {w: str(screen.query_one(w).render()) for w in ("#display", "#stage")}
        assert f"die {screen.die}" in shown["#stage"]
        await pilot.press("escape", "enter")  # back to the title (asked first): saved
        await choose(pilot, app, "continue")
        assert isinstance(app.screen, ReplayListScreen)
        assert "1 unfinished game: Enter continues one" in str(
            app.screen.query_one("#replays-summary").render()
        )
        await pilot.press("enter")
        resumed = app.screen.game  # type: ignore[attr-defined]
        assert resumed is not game
        import msgspec

        assert msgspec.json.encode(resumed.state) == msgspec.json.encode(before)
        # The same screen as before: the last changes (marks) and the die included.
        assert {w: str(app.screen.query_one(w).render()) for w in shown} == shown


@sync
async def test_the_panels_fit_80_columns() -> None:
    # The note on the time track goes on a line of its own when the panel is narrow,
    # and long lines wrap with their continuation indented.
    for game, note in (
        (Scenario("tomu", level=1).start("preparation"), "level 2 starts at 22"),
        (Scenario("tomu", level=4).no_time_track().start("preparation"), "time costs SE"),
    ):
        lines = await panel_lines(game, "#display")
        assert any(line.strip().startswith(note) for line in lines), lines
    club = Scenario("tomu").weapon("club").start("preparation")
    lines = await panel_lines(club, "#hand-text")
    assert after(lines, "Crafts: Axe").startswith(" " * 10 + "2 time")  # under the name
    # The monster's table: a long row goes on under its effect column, not at the edge;
    # at 80x24 too for a monster with no rules (round 10: its rows were cut to one each).
    battle = Scenario("tomu").monster("kobold").start("battle")
    lines = await panel_lines(battle, "#stage")
    [confuse] = [line for line in lines if "CONFUSE" in line]
    assert not confuse.endswith("…") and re.match(r" {11}\S", after(lines, "CONFUSE")), lines
    # At 120x40 a row wraps only where it is long (CONFUSE says what it takes now: "lose 1
    # SE (you have no ME)" fits, #28 round 28); any continuation is under the effects.
    lines = await panel_lines(battle, "#stage", (120, 40))
    table = lines[lines.index(next(line for line in lines if line.startswith(" 1 "))) :]
    assert all(re.match(r" [1-6] [A-Z]| {11}\S", line) for line in table if line.strip()), lines


@sync
async def test_the_kept_encounter_is_on_the_stage_though_the_monster_was_scouted() -> None:
    # Resolve or rest is decided on the card's cost, so the card is what the stage shows.
    game = Scenario("tomu").monster("kobold").start("exploration")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("1")  # keep the first card revealed
        assert game.decision is not None and game.decision.kind == "resolve_or_rest"
        stage = str(app.screen.query_one("#stage").render())
        assert "Kept encounter" in stage and RULES.card_name(game.state.chosen) in stage
        assert "Kobold" not in stage


@sync
async def test_brackets_in_card_names_and_messages_are_text_not_markup() -> None:
    # A name with "[x]" lost it, one with "[/]" crashed the app: markup is never read
    # from card names, card texts, file names or error messages.
    from textual.widgets import DataTable, OptionList

    from unbroken.tui.history import RecordsScreen
    from unbroken.tui.replays import ReplayListScreen

    rules = bracketed_rules()
    app = UnbrokenApp(rules, animate=False, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        characters = app.screen.query_one("#characters", OptionList)
        assert "Caellahan [x] [/] — Brawler" in screen_text(characters)
        await pilot.press("enter")  # start
        seen = False
        for _ in range(3000):
            if isinstance(app.screen, GameOverScreen):
                break
            if app.screen.game.state.decision == "choose_encounter":  # type: ignore[attr-defined]
                shown = screen_text(app.screen.query_one("#decisions", OptionList))
                seen = seen or "[x] [/]" in shown.splitlines()[0]
            await pilot.press("enter")
        assert seen and isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await choose(pilot, app, "records")
        assert isinstance(app.screen, RecordsScreen)
        table = app.screen.query_one("#games", DataTable)
        assert "Caellahan [x] [/]" in screen_text(table)
        for _ in range(3):  # sorting by a column of Text cells and one of numbers
            await pilot.press("s", "right")
        await pilot.press("escape")
        await choose(pilot, app, "replays")
        assert isinstance(app.screen, ReplayListScreen)
        assert "Caellahan [x] [/]" in screen_text(app.screen.query_one("#replays", DataTable))


@sync
async def test_an_ability_s_text_is_shown_once() -> None:
    # The decision already reads "Snare [Hunter] (pay 2 SE, 1 ability use): <its text>";
    # no copy below it.
    game = (
        Scenario("kirilla-el-kaer", level=2, seed=3)
        .resources(se=12)
        .monster("crazed-survivor")
        .dice(*[3] * 20)
        .start("battle")
    )
    assert game.state.decision == "response"
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import OptionList

        decisions = " ".join(screen_text(app.screen.query_one("#decisions", OptionList)).split())
        snare = "1. Snare [Hunter] (pay 2 SE, 1 ability use): At the start of the Battle step"
        assert decisions.startswith(snare) and decisions.count("At the start") == 1
        assert str(app.screen.query_one("#detail").render()).strip() == ""


@sync
async def test_long_decisions_wrap_under_their_text_and_rewrap_on_resize() -> None:
    import re

    from textual.widgets import OptionList

    def check(lines: list[str], width: int) -> int:
        """Check every line is a numbered option or its indented continuation; count those."""
        wrapped = 0
        for line in lines:
            assert len(line.rstrip()) <= width
            if line.strip():
                assert re.match(r"\d\. |   \S", line), lines
                wrapped += line.startswith("   ")
        return wrapped

    app = UnbrokenApp(RULES, animate=False, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        wrapped = 0
        for _ in range(25):
            decisions = app.screen.query_one("#decisions", OptionList)
            wrapped += check(screen_text(decisions).splitlines(), decisions.size.width)
            await pilot.press("enter")
        assert wrapped, "no decision was long enough to wrap"
        long_lines = screen_text(app.screen.query_one("#decisions", OptionList)).splitlines()
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        decisions = app.screen.query_one("#decisions", OptionList)
        wide = screen_text(decisions).splitlines()
        check(wide, decisions.size.width)
        # Rewrapped: no more continuation lines than at 80 columns (the wide screen may
        # show options the narrow one cut: its rows are not fewer then).
        assert sum(x.startswith("   ") for x in wide) <= sum(
            x.startswith("   ") for x in long_lines
        )


@sync
async def test_l_shows_the_whole_log_and_esc_comes_back() -> None:
    from textual.widgets import RichLog

    from unbroken.tui.help import LogScreen
    from unbroken.words.events import Narrator

    app = UnbrokenApp(RULES, animate=False, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        await pilot.press(*["enter"] * 15)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        narrator = Narrator(RULES)
        said = [line for e in game_screen.game.events if (line := narrator.describe(e))]
        await pilot.press("l")
        assert isinstance(on_top(app), LogScreen)
        log = app.screen.query_one("#full-log", RichLog)
        assert len(said) > 20 and len(log.lines) >= len(said)  # every line (long ones wrap)
        await pilot.press("escape")
        assert on_top(app) is game_screen
        before = game_screen.game.state.decisions
        # The game goes on: at the Hunger step, new within the careful window (#28 round
        # 11), the first Enter marks the option and the second takes it.
        await pilot.press("enter", "enter")
        assert game_screen.game.state.decisions > before


@sync
async def test_u_takes_back_a_decision_that_showed_nothing_new() -> None:
    import msgspec

    from unbroken.core import actions as act
    from unbroken.replay import read_recording, verify_file, why_not_take_back

    app = UnbrokenApp(RULES, animate=False, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.recorder is not None
        before = msgspec.json.encode(screen.game.state)
        focus = next(
            i for i, a in enumerate(a for a, _ in screen.game.options()) if a == act.Focus()
        )
        await pilot.press(OPTION_KEYS[focus])  # pay 4 SE, gain 1 ME: nothing hidden shown
        assert msgspec.json.encode(screen.game.state) != before
        await pilot.press("u")
        again = app.screen
        assert isinstance(again, GameScreen) and again is not screen
        assert msgspec.json.encode(again.game.state) == before
        assert again.recorder is not None and again.recorder.decisions == 0
        # Said in the hint's place (which covers no tracker), not as a toast over the log.
        await pilot.pause()
        box = again.query_one(HintBox)
        assert box.text.startswith("Taken back: Focus")
        assert str(box.render()).startswith("Taken back"), box.render()  # not "First game:"
        assert not app._notifications
        path = again.recorder.path
        assert read_recording(path, drop_torn=True).decisions == []
        # Exploring reveals cards: that cannot be taken back.
        await pilot.press("1")
        assert not again.query_one(HintBox).text.startswith("Taken back")  # gone at once
        revealed = msgspec.json.encode(again.game.state)
        await pilot.press("u")
        assert on_top(app) is again and msgspec.json.encode(again.game.state) == revealed
        assert why_not_take_back(again.game, again.recorder).startswith(
            "The last decision showed something new"
        )
        assert again.recorder.decisions == 1
        await press_until_over(pilot, app)
        finished = again.session.finished
        assert finished is not None and finished.replay is not None
        assert verify_file(finished.replay, RULES) is None


@sync
async def test_a_plugin_handler_that_raises_is_a_notice_not_a_crash() -> None:
    import msgspec

    from unbroken.core import actions as act
    from unbroken.core import model as m

    def chill(ctx: Any, params: dict[str, Any]) -> None:
        raise ValueError("chill exploded")

    card = m.Encounter(
        id="tide:cold-pool", name="Cold Pool", time=1, text="test card",
        effects=[m.Handler(name="tide:chill")],
    )  # fmt: skip
    import dataclasses

    rules = dataclasses.replace(
        RULES,
        encounters={**RULES.encounters, card.id: card},
        handlers={**RULES.handlers, "tide:chill": chill},
    )
    game = Scenario("tomu", ruleset=rules).encounters("tide:cold-pool").start("preparation")
    game.apply(act.Explore())
    game.apply(act.ChooseEncounter("tide:cold-pool"))
    before = msgspec.json.encode(game.state)
    app = UnbrokenApp(rules, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        resolve = game.legal_actions().index(act.Resolve())
        await pilot.press(OPTION_KEYS[resolve])
        await pilot.pause()
        from unbroken.tui.switching import SwitchOffScreen

        offer = app.screen  # the refusal, and the offer to switch the plugin off (#29)
        assert isinstance(offer, SwitchOffScreen) and not game.is_over
        assert "effect handler 'tide:chill'" in offer.error and offer.plugin == "tide"
        await pilot.press("n")  # keep it on: the game is as it was, to choose again
        await pilot.pause()
        assert app.screen is screen
        assert msgspec.json.encode(game.state) == before
        rest = game.legal_actions().index(act.Rest())
        await pilot.press(OPTION_KEYS[rest])
        assert game.state.step != "exploration" or game.state.decision != "resolve_or_rest"


def test_attack_costs_include_what_cards_in_play_add() -> None:
    # Bleeding: weapon attacks cost 1 more SE (R-BATTLE-3); the option, the hand and
    # the engine's charge agree.
    from unbroken.core import actions as act
    from unbroken.core import events as ev
    from unbroken.words.actions import label

    scenario = Scenario("caellahan").resources(se=10).condition("bleeding").monster("kobold")
    game = scenario.weapon("knife").dice(1, 1, 1).start("battle")
    attack = next(a for a in game.legal_actions() if isinstance(a, act.Attack))
    knife = RULES.weapons["base:knife"]
    printed = next(a for a in knife.attacks if a.id == attack.attack).cost
    text = label(attack, game.state, RULES)
    want = dict(printed)
    want["se"] = want.get("se", 0) + 1
    from unbroken.words.vocabulary import amounts

    # What adds to the printed cost is named (#28 playtest round 3).
    assert text.endswith(f" - pay {amounts(want)} (Bleeding +1)")
    spent = [e for e in game.apply(attack) if isinstance(e, ev.Spent)]
    assert spent[0].amounts == want and spent[0].source == "base:knife"


@sync
async def test_the_help_from_a_game_shows_the_game_s_keys_first() -> None:
    from unbroken.tui.help import SectionText

    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause()
        source = app.screen.query_one("#help-section", SectionText).source
        assert source.startswith("## Keys\n\n| key | does |")
        assert source.index("| 1-9, 0, a, b, … |") < source.index("| L, B, D (Shift) |")


@sync
async def test_after_u_the_display_marks_what_the_take_back_changed() -> None:
    # Round 6: after `u` the Display's marks showed the change of the decision before the
    # one taken back (SE ▼-4 ME ▲+1), while what `u` changed had none: misleading. Round
    # 30 (30a-12): with no marks at all, what `u` changed was to be found by comparing
    # numbers: it marks the change from the game shown before `u` to the game now.
    from unbroken.core import actions as act
    from unbroken.tui.widgets import DisplayPanel

    app = UnbrokenApp(RULES, animate=False, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        decided = []
        for _ in range(2):  # two decisions that show nothing new
            decided.append(screen.game.state.decisions)
            options = [a for a, _ in screen.game.options()]
            key = OPTION_KEYS[options.index(act.Focus())]
            await pilot.press(key)
            await pilot.pause()
            if screen.decision_panel.marked is not None:  # its key again marks (round 21)
                await pilot.press(key)
                await pilot.pause()
        assert screen.game.state.decisions == decided[1] + 1
        shown = str(screen.query_one(DisplayPanel).render())
        assert "▼" in shown  # the second Focus's own change is marked
        await pilot.press("u")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, GameScreen) and again.game.state.decisions == decided[1]
        rows = [
            " ".join(r.split()) for r in str(again.query_one(DisplayPanel).render()).split("\n")
        ]
        # The second Focus taken back: its 4 SE back, its 1 ME gone; nothing else marked.
        assert next(r for r in rows if r.startswith("SE")).endswith("▲+4"), rows
        assert next(r for r in rows if r.startswith("ME")).endswith("▼−1"), rows
        assert sum("▲" in r or "▼" in r for r in rows) == 2, rows
        # The next decision marks its own changes again.
        await pilot.press(key, key)  # marked, then taken (round 21)
        await pilot.pause()
        assert again.game.state.decisions == decided[1] + 1
        rows = [
            " ".join(r.split()) for r in str(again.query_one(DisplayPanel).render()).split("\n")
        ]
        assert next(r for r in rows if r.startswith("SE")).endswith("▼−4"), rows
        assert next(r for r in rows if r.startswith("ME")).endswith("▲+1"), rows
