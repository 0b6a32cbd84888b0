"""Help that helps (#18): How to play first, then the rules by their contents, `/` to
search them, the rules without their ids (#28 round 27)."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path

from pilot import sync
from playing import choose, opened_help
from textual.widgets import Input, OptionList

from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HOW_TO_PLAY, HelpScreen, SectionText, rules_sections

RULES = load_ruleset()


def shown(app: UnbrokenApp) -> str:
    return app.screen.query_one("#help-section", SectionText).source


def listed(app: UnbrokenApp) -> list[str]:
    contents = app.screen.query_one("#help-list", OptionList)
    # Each title after its mark: "▶ " on the section shown, else two spaces (its next
    # lines under its words: round 16).
    prompts = [str(contents.get_option_at_index(i).prompt) for i in range(contents.option_count)]
    return [" ".join(prompt[2:].split()) for prompt in prompts]


@sync
async def test_help_opens_on_how_to_play_with_the_rules_as_contents() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await pilot.pause()
        assert shown(app) == HOW_TO_PLAY
        assert len(HOW_TO_PLAY.splitlines()) <= 22  # one screen
        titles = listed(app)
        assert titles[:4] == ["How to play", "Keys", "The screen", "Score"]
        assert "4. Travel Phase" in titles and "5. Combat Phase" in titles
        await pilot.press("down", "down")  # Keys, then the screen's legend (#18 item 5)
        legend = shown(app)
        assert "SE small, ME medium, LE" in legend and "**time** is what is left" in legend
        # A Response spends a use as an action does (R-ABILITY-1; #28 playtest).
        assert "your class's abilities, Responses too, share one pool\n  of uses" in legend
        assert "skills'\n  abilities take none." in legend  # the team's notes (#28)
        await pilot.press("down")  # how a win is scored, before the game's end (round 4)
        assert shown(app).startswith("## Score")
        await pilot.press("down")  # the rules' first section
        assert shown(app) == rules_sections()[0][1]


def test_the_rules_read_without_their_ids() -> None:
    # The rule's words open its paragraph; its id is for bug reports and the tests, not
    # said in help (#28 round 27, 27b-11; it came after the words, in italics, before).
    travel = dict(rules_sections())["4. Travel Phase"]
    assert "R-TRAVEL-1" not in travel
    assert "Preparation step. You may take General and Travel actions" in travel
    level = dict(rules_sections())["8. End of the game and score"]
    assert "R-LEVEL-1" not in level


@sync
async def test_slash_searches_the_rules() -> None:
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await pilot.pause()
        await pilot.press("slash")
        assert app.screen.query_one("#help-search", Input).has_focus
        await pilot.press(*"starvation")
        await pilot.pause()
        titles = listed(app)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        # Each holds the word or another of its forms (round 10: "starve" finds "starving").
        assert titles and all("starv" in dict(help_screen.sections)[t].lower() for t in titles)
        assert "2. Setup" not in titles
        await pilot.press("enter")  # opens the first match (shown as it was typed)
        # The Hunger step's rule (36b-9: the search's subject), saying "starve".
        assert "you starve" in shown(app).lower()
        search = app.screen.query_one("#help-search", Input)
        search.value = ""
        await pilot.press("slash", *"zzqx")
        await pilot.pause()
        assert listed(app) == ["(nothing found)"]
        await pilot.press("escape")  # clears the search first
        assert isinstance(app.screen, HelpScreen) and len(listed(app)) > 5
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


@sync
async def test_the_search_finds_every_card_condition_and_keyword_by_name() -> None:
    # #28: searching "Fright" said "(nothing found)"; the cards are found by name (a
    # prefix, any case) in the words of `unbroken cards`.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await opened_help(pilot, app)
        for typed, title in (("fright", "Frightened (condition)"), ("ARMORED", "Armored")):
            screen.query_one("#help-search", Input).value = typed
            await pilot.pause()
            listed = [screen.sections[i][0] for i in screen.listed]
            assert listed and listed[0].startswith(title), listed


@sync
async def test_help_shows_rules_and_keys() -> None:
    # (From test_app.py, split by screen: #32 item 10.)
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, app, "help")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


SLING = """
[[weapons]]
id = "sling"
name = "Sling"
type = "basic"
text = "A strap and stones."
attacks = [{ id = "stone", type = "wound", power = 1, cost = { se = 1 } }]
"""


def test_the_rules_list_the_weapons_of_the_content_in_play(tmp_path: Path) -> None:
    from unbroken.plugins import load_plugins
    from unbroken.testing import FolderPlugin, write_pack

    sling = FolderPlugin(write_pack(tmp_path / "slings", {"weapons.toml": SLING}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = load_plugins(["base", "slings"], extra=[("slings", sling)]).ruleset
    assert "slings:sling" in rules.weapons

    async def read(ruleset: Ruleset) -> str:
        app = UnbrokenApp(ruleset, animate=False, seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(HelpScreen())
            await pilot.pause()
            sections = dict(app.screen.sections)  # type: ignore[attr-defined]
        return " ".join(sections["6. Weapons, skills, abilities and conditions"].split())

    for ruleset, basic in ((RULES, "Club and Knife"), (rules, "Club, Knife and Sling")):
        weapons = asyncio.run(read(ruleset))
        assert "In the base game the Basic weapons are" not in weapons
        assert (
            f"In this game (the base game and the expansions on) the Basic weapons are "
            f"Bare Hands, {basic}, and the Advanced weapons are Sword, Spear, Axe and Maul."
        ) in weapons


@sync
async def test_esc_leaves_the_search_before_it_closes_help() -> None:
    # #28 playtest round 2: one Esc from the search went back to the game, the next one
    # asked "Leave this game?" and swallowed the key typed after it.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        help_screen: HelpScreen = await opened_help(pilot, app)
        search = help_screen.query_one("#help-search", Input)
        contents = help_screen.query_one("#help-list", OptionList)
        await pilot.press("slash", "escape")  # nothing typed: out of the search, in help
        assert app.screen is help_screen and contents.has_focus
        await pilot.press("slash", *"fright")  # searching
        await pilot.press("escape")  # leaves the search, still in help, what it found kept
        assert app.screen is help_screen and search.value == "fright" and contents.has_focus
        await pilot.press("escape")  # the second lists the whole contents (round 13)
        assert app.screen is help_screen and search.value == "" and contents.has_focus
        await pilot.press("escape")  # the third Esc closes help
        assert app.screen is not help_screen and not isinstance(app.screen, HelpScreen)


@sync
async def test_the_full_log_wraps_long_lines_without_losing_a_character() -> None:
    # #28 playtest round 2: at 80 columns `l` showed "Danger track: spa" / "2 gives it
    # nothing": lines were wrapped before the scrollbar took its columns.
    from textual.widgets import RichLog

    from unbroken.tui.help import LogScreen

    long = (
        "Danger track: space 2 gives it nothing; space 4 gives the monster 2 more health "
        "and space 6 gives it 1 armor, so the Wyvern fights with health 10 and armor 2."
    )
    lines = [f"Round {i}: you wait." for i in range(40)] + [long, long + " Again."]
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogScreen(lines))
        await pilot.pause()
        log = app.screen.query_one("#full-log", RichLog)
        assert log.max_scroll_y > 0  # the scrollbar is shown
        width = log.scrollable_content_region.width
        shown = [strip.text.rstrip() for strip in log.lines]
        assert all(len(line) <= width for line in shown), width
        assert log.max_scroll_x == 0  # nothing to scroll to sideways
        assert " ".join(shown).split() == " ".join(lines).split()


@sync
async def test_the_search_for_costly_finds_what_counts_as_costly() -> None:
    # 26a-16: every new question says "a key or Enter marks a costly option"; searching
    # help for "costly" found only Keys' "a key marks a costly option", not which are.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await opened_help(pilot, app)
        screen.query_one("#help-search", Input).value = "costly"
        await pilot.pause()
        found = [screen.sections[i] for i in screen.listed]
        said = " ".join(" ".join(text for _, text in found).split())
        assert "Costly (a key or Enter on a new question only marks it): an option that" in said
        assert "spends or loses something" in said and "passes up a Response" in said
