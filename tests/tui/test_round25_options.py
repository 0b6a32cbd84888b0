"""Round 25's playtest (#28): the options keep every one in reach in sight, the odds'
status line counted in the prompt over them (25-2), and a row cut to fit keeps what the
option will or will not do before the card's own words (25-4, 24a-11)."""

from __future__ import annotations

from pilot import game_screen_of, played, settle, sync
from test_round9_screens import many_options
from test_screen_leftovers import rows_of

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.hints import HintBox
from unbroken.tui.option_rows import cut_kept, fit_options, option_line

RULES = load_ruleset()

#: An odds status line as long as round 25's (three rows at 80 columns).
STATUS = (
    "chance here 40 % (30-50): 9 ahead of 2 by 9 points (-3 to 20), of 1 by 12 (-8 to 31), "
    "the same as 4 (-7 to 7); press % to hide them"
)


def hobgoblin() -> Game:
    """Round 25's battle: the Sage with her Sword against the Hobgoblin, nine options."""
    scene = Scenario("helena", level=3).resources(se=15).weapon("knife", "sword")
    return scene.monster("hobgoblin").dice(*[3] * 30).start("battle")


async def walk_with_odds(game: Game, size: tuple[int, int]) -> None:
    """Show odds on every option with a long status line, then walk the highlight down
    every option: each highlighted one is in sight, over the detail line."""
    assert save_settings(Settings(hints=False)) == ""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        panel = screen.decision_panel
        n = len(panel.offered)
        panel.odds = ({i: f"[{40 + i}% stopped]" for i in range(n)}, STATUS)
        await settle(pilot)
        detail = screen.query_one("#detail")
        log = screen.query_one("#log")
        assert panel.region.bottom <= detail.region.y < log.region.y, (panel.region, detail.region)
        assert log.region.y < screen.size.height - 1  # its border over the footer's row
        shown = " ".join(rows_of(screen, screen.query_one("#prompt")))
        assert "press % to hide them" in shown, shown  # the odds header whole
        for i in range(n):
            if i:
                await pilot.press("down")
                await settle(pilot)
            assert panel.highlighted == i
            rows = rows_of(screen, panel)
            key = option_line(i, "")
            assert any(row.startswith(key) for row in rows), (i, rows)
            if i == n - 1 and n > len(rows):
                assert panel.max_scroll_y > 0  # its scrollbar shows that more lie above


@sync
async def test_with_odds_shown_every_option_highlighted_is_in_sight_at_80x24() -> None:
    # Round 25: three rows of odds status pushed option 9 below the column's bottom, no
    # scrollbar, and ↓ moved the highlight onto it unseen (Enter would have skipped the turn).
    await walk_with_odds(hobgoblin(), (80, 24))


@sync
async def test_with_odds_shown_a_long_list_scrolls_to_the_highlight() -> None:
    # Round 25's first Preparation: option 7 cut after its first row, 8, 9, 0, a unseen.
    await walk_with_odds(many_options(), (80, 24))
    await walk_with_odds(many_options(), (120, 40))


def test_a_row_cut_keeps_the_name_and_the_reason_before_a_cards_own_words() -> None:
    # Round 25: "8. Take a Peek [Sneak] (1 ability use): The…", its "(no use now: …)" gone;
    # round 24: "4. Inspiration: pay 2 ME, g… (cannot pay 2…)" said nothing whole.
    peek = (
        "8. Take a Peek [Sneak] (1 ability use): The next Exploration step reveals 1 more"
        " encounter card. (no use now: you are committed to 1 card)"
    )
    # Round 26 (26a-12): cut between words, no amount without its unit.
    assert cut_kept(peek, 44) == "8. Take a Peek [Sneak]… (no use now)"
    assert cut_kept(peek, 60) == "8. Take a Peek [Sneak] (1 ability use) (no use now)"
    inspiration = "4. Inspiration: pay 2 ME, gain 1 LE (cannot pay 2 ME even with your 1 LE)"
    assert cut_kept(inspiration, 44) == "4. Inspiration: pay 2 ME, gain… (cannot pay)"
    logic = "7. [46% stopped] Cold Logic [Sage] (pay 2 cunning, 1 ability use; cannot pay)"
    assert cut_kept(logic, 44) == "7. [46% stopped] Cold Logic… (cannot pay)"
    assert cut_kept("0. Craft the Club: pay 1 wood + 1 time (cannot pay)", 30) == (
        "0. Craft the Club (cannot pay)"
    )
    focus = (
        "4. Focus: pay 4 SE, gain 1 ME (no use now: needs 4 SE, you have 1, so ME pays the rest:"
        " 1 SE + 3 ME to gain 1 ME; it takes your turn)"
    )
    assert cut_kept(focus, 44).endswith("… (no use now)")  # the warning before the turn
    for line in (peek, inspiration, logic, focus):
        for width in (20, 30, 44, 60):
            assert len(cut_kept(line, width)) <= width
    # As the list cuts a row of no use now, and an ability's own words where room lacks.
    logic = (
        "7. Cold Logic [Sage] (pay 2 cunning, 1 ability use): Spend 2 cunning to gain 1 ME"
        " and 1 SE. A calm mind finds strength where the body has none."
    )
    rows = fit_options([peek, logic, "9. Skip your turn"], 44, 3, None, [True, True, False])
    assert rows == [
        "8. Take a Peek [Sneak]… (no use now)",
        # What it does before its cost where the cost would leave no room for it (round
        # 28, 28b-7's leftover: "(pay 2 cunning, …)" said nothing of it); closed.
        "7. Cold Logic [Sage] (…): gain 1 ME and…",
        "9. Skip your turn",
    ], rows


@sync
async def test_a_no_use_now_ability_cut_at_80x24_keeps_its_warning() -> None:
    # Round 25, after Discarded Weaponry: Take a Peek's row kept its card's "The…".
    assert save_settings(Settings(hints=False)) == ""
    game = Scenario("mae-el", level=2).resources(se=3).weapon("knife", "sword")
    app = UnbrokenApp(
        RULES, animate=False, game=game.commit().ability_uses(3).start(), record=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen_of(app)
        panel = screen.decision_panel
        panel.odds = ({}, STATUS)  # three rows fewer for the options: some are cut
        await settle(pilot)
        rows = rows_of(screen, panel)
    peek = [row for row in rows if "Take a Peek" in row]
    assert peek and peek[0].endswith("(no use now)"), "\n".join(rows)
    inspiration = [row for row in rows if "Inspiration" in row]
    assert inspiration and inspiration[0].endswith("(cannot pay)"), rows


@sync
async def test_m_on_the_goblin_under_a_long_prompt_says_its_summary_whole() -> None:
    # Round 25: under "Taken for you: Daring … New options …" (five rows), `m`'s summary
    # for the Goblin ended "trickery: 3" at the column's bottom, "cunning." cut unmarked:
    # the prompt's cue was not counted in the rows the options left.
    assert save_settings(Settings(hints=False)) == ""
    scene = Scenario("helena", level=2).resources(se=12).weapon("knife", "sword")
    game = scene.skills("daring").monster("goblin").dice(*[3] * 30).start("battle")
    async with played(game, rules=RULES) as (pilot, screen):
        taken = ["Daring: you gain 2 SE at the start of the battle.", "Second Wind: +3 SE."]
        screen.decision_panel.hold(taken, 30)
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        box = screen.query_one(HintBox)
        said = " ".join(row.strip("▌ ") for row in rows_of(screen, box))
        assert box.region.bottom <= screen.size.height - 1, box.region
    assert said.endswith("trickery: 3 cunning."), said
