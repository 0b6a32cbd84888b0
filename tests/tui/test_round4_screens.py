"""#28 playtest round 4: what a README-only player found on the screens at 80x24."""

from __future__ import annotations

import pytest
from pilot import sync
from playing import opened_help
from textual.widgets import Input, OptionList

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.held_words import HeldStatic
from unbroken.tui.help import HelpScreen, SectionText
from unbroken.tui.inspector import InspectorScreen

RULES = load_ruleset()


def prompts(options: OptionList) -> list[str]:
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


@sync
async def test_help_search_marks_the_section_shown_and_its_keys_open_one() -> None:
    # After `/` and a word the contents showed no highlight, the section shown stayed
    # How to play, and Down/Enter did nothing the player could see.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await opened_help(pilot, app)
        contents = screen.query_one("#help-list", OptionList)
        section = screen.query_one("#help-section", SectionText)
        assert prompts(contents)[1] == "▶ Keys"  # opened on Keys, marked
        await pilot.press("slash", *"starvation")
        await pilot.pause()
        found = prompts(contents)
        assert found[0].startswith("▶ ") and all(p.startswith("  ") for p in found[1:])
        first = screen.sections[screen.listed[0]][1]
        assert section.source == first  # the first found is shown as it is typed
        await pilot.press("down")  # Down goes to what was found
        await pilot.pause()
        assert contents.has_focus and contents.highlighted == 0
        await pilot.press("down")
        await pilot.pause()
        assert prompts(contents)[1].startswith("▶ ")
        assert section.source == screen.sections[screen.listed[1]][1]
        screen.query_one("#help-search", Input).focus()
        await pilot.press("enter")  # Enter in the search opens the section marked
        await pilot.pause()
        assert screen.query_one("#help-text").has_focus
        assert section.source == screen.sections[screen.listed[1]][1]


@sync
async def test_the_inspector_marks_the_card_chosen() -> None:
    # "↑↓ choose one", and nothing showed which card was chosen.
    game = Scenario("tomu", seed=3).weapon("knife").start("preparation")
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and not screen.comparing
        cards = screen.query_one("#inspector-cards", OptionList)
        first = cards.highlighted
        assert first is not None and prompts(cards)[first].startswith("▶ ")
        await pilot.press("down")
        await pilot.pause()
        now = cards.highlighted
        assert now is not None and now != first
        marked = [i for i, p in enumerate(prompts(cards)) if p.startswith("▶ ")]
        assert marked == [now]


def class_info(app: UnbrokenApp) -> str:
    return app.screen.query_one("#class-info", HeldStatic).said


@sync
async def test_new_game_says_what_differs_between_characters_of_one_class() -> None:
    # Huckdorf and Kirilla el Kaer (both Hunters) showed the same text: the class's.
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        chars = app.screen.query_one("#characters", OptionList)
        said = {}
        for char in ("huckdorf", "kirilla-el-kaer"):
            chars.highlighted = chars.get_option_index(f"base:{char}")
            await pilot.pause()
            said[char] = class_info(app)
        assert said["huckdorf"] != said["kirilla-el-kaer"]
        assert RULES.characters["base:huckdorf"].text in said["huckdorf"]
        same = "Same abilities and start as Kirilla el Kaer: only the story differs."
        assert same in " ".join(said["huckdorf"].split())


def test_a_sheet_with_its_own_start_says_how_it_differs_from_its_class_mate() -> None:
    import dataclasses

    import msgspec

    from unbroken.words.cards import class_mates

    niola = msgspec.structs.replace(RULES.characters["base:niola"], weapon="base:knife")
    rules = dataclasses.replace(RULES, characters={**RULES.characters, "base:niola": niola})
    assert class_mates(rules, rules.characters["base:caellahan"]) == [
        "Same abilities as Niola (Brawler); differs in the start: the usual "
        "start, where Niola has the Knife as its weapon."
    ]


@sync
async def test_how_a_win_is_scored_is_found_in_help_and_in_the_inspector() -> None:
    # The weights were seen only at the end ("SE 9 × 0 = 0 SE scores nothing", ×10).
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", "slash", *"score")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.sections[screen.listed[0]][0] == "Score"  # found first
        text = screen.query_one("#help-section", SectionText).source
        for words in (
            "3 per ME",
            "5 per LE",
            "10 per treasure",
            "SE scores nothing",
            "41+ Nemesis",
        ):
            assert words in text, words
        # Out of the search, to the whole contents, out of help (round 13: Esc goes back
        # one step at a time).
        await pilot.press("escape", "escape", "escape")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        inspector = app.screen
        assert isinstance(inspector, InspectorScreen)
        cards = inspector.query_one("#inspector-cards", OptionList)
        cards.highlighted = cards.get_option_index("score")
        await pilot.pause()
        shown = str(inspector.query_one(".inspector-one").render())
        assert "10 per treasure" in " ".join(shown.split())


def test_the_score_section_names_the_expansions_scores() -> None:
    from types import SimpleNamespace

    from unbroken.plugins.hookspecs import ScoringRule
    from unbroken.tui.help import score_section

    tally = ScoringRule("unearthed:tally", "A base by difficulty.", lambda *_: None, "Tally")
    text = score_section(RULES, SimpleNamespace(scoring_rules=[tally]))
    assert "- **Tally**: A base by difficulty." in text
    # 26b-10: the last Hunger showed three scores; which one Records ranks by is said.
    assert "Records rank games by the score above, not by these:" in text


def phase_text(app: UnbrokenApp) -> str:
    from unbroken.tui.widgets import PhaseTracker

    return str(app.screen.query_one("#phase", PhaseTracker).render())


@sync
async def test_the_phase_tracker_names_the_step_the_combat_opened_with() -> None:
    # "Combat: Ambush › ▶Battle" with no ambush, while the log said "Trickery step".
    from unbroken.core import actions as act
    from unbroken.core.state import StepName

    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu", seed=3).start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game  # type: ignore[attr-defined]
        while game.state.step != StepName.BATTLE:  # Fight now, then fight rather than trick
            fight = next(i for i, (a, why) in enumerate(game.options()) if a == act.Fight())
            screen.take(fight)  # type: ignore[attr-defined]
            await pilot.pause()
        crumb = phase_text(app)
        assert "Trickery ›" in crumb and "Ambush" not in crumb, crumb  # whole: round 16
        assert "▶Battle" in crumb


@sync
async def test_the_first_m_shows_the_text_of_a_rule_folded_to_its_name() -> None:
    # "Charge (m: read)": the first `m` folded the table instead of showing Charge's text
    # (on main before the round-3 stage work; kept here as the playtest's case).
    from unbroken.tui.stage import StagePanel

    game = Scenario("tomu", level=3).monster("minotaur").resources(se=15).start("battle")
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stage = app.screen.query_one(StagePanel)
        assert "Charge" in str(stage.render()).split("\n"), str(stage.render())
        assert str(stage.border_title) == "Stage (m: read)"  # in the title (round 27)
        await pilot.press("m")
        await pilot.pause()
        shown = " ".join(str(stage.render()).split())
        assert "Charge: The Minotaur's combat rolls get +1." in shown, shown
        assert all(f" {row} " in f" {shown} " for row in "123456")  # the six rows in sight


async def display_lines(app: UnbrokenApp) -> list[str]:
    from unbroken.tui.widgets import DisplayPanel

    return str(app.screen.query_one("#display", DisplayPanel).render()).splitlines()


@sync
async def test_a_mark_does_not_move_the_materials_to_other_rows() -> None:
    # "food 0/1 −1 SE" became "food 1/1 ▲+1" and wood moved up a row: the Display re-wrapped.
    from unbroken.core import actions as act

    game = (
        Scenario("tomu", seed=3)
        .resources(se=12)
        .encounters("sickly-berries", "metal-scraps", "a-safe-place")
        .start("exploration")
    )
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = await display_lines(app)
        rows = [i for i, line in enumerate(before) if "wood" in line or "food" in line]
        sg = screen.game  # type: ignore[attr-defined]
        while sg.state.res.get("food", 0) == 0:
            first = next(i for i, (a, why) in enumerate(sg.options()) if not why)
            keep = [i for i, (a, why) in enumerate(sg.options()) if a == act.Resolve()]
            screen.take(keep[0] if keep else first)  # type: ignore[attr-defined]
            await pilot.pause()
        after = await display_lines(app)
        assert "▲" in " ".join(after), after
        assert [i for i, line in enumerate(after) if "wood" in line or "food" in line] == rows
        assert len(after) == len(before)
        assert any("level 2 starts at 22" in line for line in after)  # what the 22 is


def test_an_expansion_s_score_wraps_under_itself_on_the_end_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Tally's words wrapped back to the edge under their indented first line.
    import asyncio

    from playing import press_until_over, winning

    from unbroken.tui import gameover

    # Unearthed's words (its own tests hold them; the expansion is not installed here).
    how = (
        "Won games only: a base by difficulty, plus your effort left (SE 1, ME 2, LE 3"
        " each) and 2 per time left on the time track (none once the track is gone)."
    )
    monkeypatch.setattr("unbroken.plugins.alternative_scores", lambda *_: {"t": 42})
    monkeypatch.setattr(gameover, "scoring_rules", lambda _: {"t": ("Tally", how)})

    async def run() -> None:
        app = UnbrokenApp(RULES, animate=False, game=winning())
        async with app.run_test(size=(80, 24)) as pilot:
            await press_until_over(pilot, app)
            await pilot.pause()
            said = str(app.screen.query_one("#result").render()).splitlines()
            start = said.index("  Tally: 42")
            words = said[start + 1 : start + 3]
            assert all(line.startswith("    ") and len(line) <= 76 for line in words), said

    asyncio.run(run())
