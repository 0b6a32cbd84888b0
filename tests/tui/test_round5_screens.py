"""#28 playtest round 5: what a README-only player found on the screens at 80x24."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path

from pilot import game_screen_of, kept_and_left, on_top, sync
from playing import opened_help
from textual.containers import VerticalScroll
from textual.widgets import Input

from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen, SectionText
from unbroken.tui.hints import HINTS
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@sync
async def test_a_cut_first_game_hint_is_written_in_the_log_once() -> None:
    # The crowded first Preparation's hint was cut again as the options were fitted, and
    # written whole in the log at each cut: two or three times.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("helena").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 23)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        said = game_screen_of(app).said
        hint = f"First game: {HINTS[StepName.PREPARATION]}"
        assert said.count(hint) == 1, [line for line in said if line.startswith("First")]


@sync
async def test_the_monster_die_says_the_monster_it_picked_not_a_row_of_its_table() -> None:
    # "die ⚃ 4 (which monster)" stood just above the monster's table, whose row "4 DAZE"
    # then read as the roll's result. It says what the roll did: it picked the monster.
    from unbroken.core import actions as act

    game = Scenario("tomu").resources(se=8).dice(4, 1, 1, 1).start("preparation")
    fight = next(i for i, (a, _) in enumerate(game.options()) if isinstance(a, act.Fight))
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(OPTION_KEYS[fight], OPTION_KEYS[fight])  # Fight marks first
        await pilot.pause()
        stage = str(app.screen.query_one("#stage").render()).splitlines()
        name = RULES.card_name(RULES.monsters_of_level(1)[4].id)
        [die] = [line for line in stage if line.lstrip().startswith("die")]
        assert die.strip() == f"die ⚃ 4 picked the {name}", stage


def footer(app: UnbrokenApp) -> str:
    """Return the screen's last row, the footer, as the player reads it."""
    strips = app.screen._compositor.render_strips()
    return "".join(segment.text for segment in strips[-1])


@sync
async def test_help_keys_behave_as_in_a_pager() -> None:
    # Tab then Page Down did not scroll the help text; a second `/` typed "/" into the
    # search, found nothing and showed How to play; the first Esc only left the search
    # and nothing said so.
    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await opened_help(pilot, app)
        text = screen.query_one("#help-text", VerticalScroll)
        search = screen.query_one("#help-search", Input)
        section = screen.query_one("#help-section", SectionText)
        for focus in ("tab", "tab", "tab"):  # Page Down scrolls the text wherever the focus is
            await pilot.press(focus)
            text.scroll_home(animate=False)
            await pilot.press("pagedown")
            await pilot.pause()
            assert text.scroll_y > 0, screen.focused
            await pilot.press("pageup")
            await pilot.pause()
            assert text.scroll_y == 0
        assert "Esc Back" in footer(app).replace("esc", "Esc") and "PgUp/PgDn" in footer(app)
        await pilot.press("slash", *"frighten")
        await pilot.pause()
        found = section.source
        assert "Frightened" in found
        assert "Leave search" in footer(app)  # what the first Esc does, said
        await pilot.press("slash")  # again: to the search, what was typed selected
        await pilot.pause()
        assert search.has_focus and search.value == "frighten" and section.source == found
        assert search.selected_text == "frighten"
        await pilot.press("escape")  # leaves the search, still in help
        assert (on_top(app) is screen, search.has_focus) == (True, False)  # one: not narrowed
        assert "Leave search" not in footer(app)
        assert "All contents" in footer(app)  # what the second does (round 13)
        await pilot.press("escape")  # the second lists the whole contents, the third closes it
        assert on_top(app) is screen and search.value == ""
        await pilot.press("escape")
        assert on_top(app) is not screen


@sync
async def test_esc_in_the_text_opened_goes_back_to_the_contents_then_closes_help() -> None:
    # Round 8: Esc goes back one step everywhere. Enter on the contents opens the section's
    # text; Esc there went straight out of help.
    from textual.widgets import OptionList

    app = UnbrokenApp(RULES, animate=False, game=Scenario("tomu").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen: HelpScreen = await opened_help(pilot, app)
        contents = screen.query_one("#help-list", OptionList)
        assert contents.has_focus and "Back" in footer(app)
        await pilot.press("down", "enter")  # the next section, read
        await pilot.pause()
        shown = screen.query_one("#help-section", SectionText).source
        assert screen.query_one("#help-text", VerticalScroll).has_focus
        assert "Contents" in footer(app) and "Back" not in footer(app)
        await pilot.press("escape")
        await pilot.pause()
        assert on_top(app) is screen and contents.has_focus
        assert screen.query_one("#help-section", SectionText).source == shown
        await pilot.press("escape")
        await pilot.pause()
        assert on_top(app) is not screen


SLING = """
[[weapons]]
id = "sling"
name = "Sling"
type = "basic"
text = "A leather strap and a pocket of stones: it hurts from a safe distance."
attacks = [
  { id = "glancing-stone", type = "break", power = 1, cost = { se = 1 } },
  { id = "sling-stone", type = "wound", power = 1, cost = { se = 1 } },
  { id = "heavy-shot", type = "wound", power = 2, cost = { se = 2 } },
]

[[upgrades]]
from = "base:bare-hands"
to = "sling"
cost = { wood = 1, time = 1 }
"""


def test_every_offer_compared_can_be_brought_into_sight_at_80_columns(tmp_path: Path) -> None:
    # Crafting from Bare Hands with an expansion's Sling: four weapons side by side, three
    # fit at 80 columns and the fourth (the Sling) was off screen, Right and Tab doing
    # nothing. They bring it into sight, and the title says which are shown.
    from unbroken.core.game import Game
    from unbroken.plugins import load_plugins
    from unbroken.testing import FolderPlugin, write_pack
    from unbroken.tui.inspector import CardView, InspectorScreen

    plugin = FolderPlugin(write_pack(tmp_path / "slings", {"weapons.toml": SLING}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = load_plugins(["base", "slings"], extra=[("slings", plugin)]).ruleset
    game = Game.new(rules, "maxyn-zenma", "normal", 3)
    game.state.res.update(wood=2, metal=2)
    app = UnbrokenApp(rules, animate=False, game=game, record=False)

    async def inspect() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("i")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, InspectorScreen) and screen.comparing
            names = [rules.card_name(offer.card) for offer in screen.offers]
            assert names == ["Bare Hands", "Club", "Knife", "Sling"]

            def in_sight() -> list[str]:
                views = list(screen.query(".inspector-column").results(CardView))
                top = screen.query_one("#inspector-compare").region
                seen = [
                    name
                    for name, v in zip(names, views, strict=True)
                    if v.display and v.region.right <= 80 and top.y <= v.region.y < top.y + 3
                ]
                return seen

            assert in_sight() == names[:3]
            title = str(screen.query_one("#inspector-title").render())
            assert "1-3 of 4 in sight" in title, title
            for key, then in (
                ("right", names[1:]),
                ("right", names[1:]),  # the last is in sight: no further
                ("left", names[:3]),
                ("tab", names[1:]),
                ("tab", names[:3]),  # Tab goes on past the last, back to the first
            ):
                await pilot.press(key)
                await pilot.pause()
                assert in_sight() == then, key

    asyncio.run(inspect())


@sync
async def test_new_game_keeps_the_information_notices_and_puts_warnings_away() -> None:
    # Leaving a game for the title said "Game saved…"; opening New game at once put every
    # notice away, that one too (warnings of plugins skipped would cover the screen). Since
    # 32a-9 "Game saved" is the title's own line, not a notice over the next screen.
    from unbroken.tui.newgame import NewGameScreen

    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await kept_and_left(app, pilot)
        app.notify("A replay was kept.")
        app.notify("A plugin was skipped.", severity="warning")
        await pilot.pause()  # shown before New game opens, as a plugin's warning is
        app.open_screen("new")
        await pilot.pause()
        assert isinstance(on_top(app), NewGameScreen)
        said = [str(n.message) for n in app._notifications]
        assert "A replay was kept." in said, said
        assert "A plugin was skipped." not in said
        assert not any(s.startswith("Game saved") for s in said), said


@sync
async def test_the_mouse_over_a_dimmed_option_shows_its_reason() -> None:
    # A dimmed option cut to one row ("Inspiration: pay 2 ME, gain 1 LE (cannot…") said
    # its reason under the list only when the arrows reached it, not under the mouse.
    from textual.widgets import Static

    app = UnbrokenApp(RULES, animate=False, game=Scenario("helena").start("preparation"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = game_screen_of(app).decision_panel
        cut = [i for i, (_, why) in enumerate(panel.offered) if why and panel.is_cut(i)]
        assert cut, [str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count)]
        index = cut[0]
        row = sum(str(panel.get_option_at_index(i).prompt).count("\n") + 1 for i in range(index))
        detail = app.screen.query_one("#detail", Static)
        await pilot.hover("#decisions", offset=(4, row))
        await pilot.pause()
        why = panel.offered[index][1]
        assert why in str(detail.render()), (why, str(detail.render()))
        await pilot.hover("#stage")  # off the options: the highlighted one's detail again
        await pilot.pause()
        assert why not in str(detail.render())
