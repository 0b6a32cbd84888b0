"""#28 playtest: the first `m` (the monster's rules) in a battle did nothing.

The Gibberling has no keyword or rule to fold: the stage drawn "in full" and
"folded" was the same, so the first `m` (to folded) changed nothing and only
the second unfolded the table's cut rows. The first-game hint on show made it
look like the hint swallowed the key.
"""

from __future__ import annotations

from pilot import sync

from unbroken.core import actions as act
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.game import GameScreen
from unbroken.tui.hints import HintBox
from unbroken.tui.sheet_rows import row_words
from unbroken.tui.stage import StagePanel
from unbroken.tui.widgets import OPTION_KEYS

RULES = load_ruleset()


@sync
async def test_the_first_m_changes_the_stage_even_with_nothing_to_fold() -> None:
    # As played: seed 1's first character fights at once, the Gibberling (the first
    # game: the Battle hint shows).
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # New game, then Enter on a character starts
        screen = app.screen
        assert isinstance(screen, GameScreen)
        fight = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Fight())
        await pilot.press(OPTION_KEYS[fight], OPTION_KEYS[fight])  # Fight marks first
        await pilot.pause()
        assert screen.game.state.monster is not None
        assert screen.game.state.monster.id == "base:gibberling"
        assert screen.query_one(HintBox).text.startswith("Battle")
        stage = screen.query_one(StagePanel)
        first = stage.drawn
        hand = screen.query_one("#hand").region.height
        # Round 10: a monster with no rules of its own showed its rows cut to one each,
        # "…", under "(m: read)", and the first `m` changed nothing. Its whole table would
        # take a row the Hand keeps (#28 round 28: the Hand kept its title and a row of
        # cards, its attacks out of sight), so its rows are cut, and the title says what
        # `m` shows: the table's rows in full, saying it has no rules.
        assert "(m: table)" in str(stage.border_title), stage.border_title
        assert "…" in first and hand >= 3  # the Hand's title and two rows of cards
        card = RULES.monsters["base:gibberling"]
        said = " ".join(first.split())
        for i, row in enumerate(card.table, 1):
            assert f"{i} {row.result}" in said, (i, said)
        await pilot.press("m")
        await pilot.pause()
        assert stage.drawn != first and "table 1 of 2" in str(stage.border_title)
        assert screen.query_one(HintBox).text == (
            "Gibberling: no battle rules, its table's rows in full, page 1 of 2 (row 5 whole"
            " on another page); ambush: lose 3 SE; trickery: 3 cunning."  # round 24; its page
            # as the title says it (35a-1), the row it cuts whole on the other (round 36)
        )
        seen = " ".join(first.split())
        while "(m: next)" in str(stage.border_title):  # every row whole on a page
            seen += " " + " ".join(stage.drawn.split())
            await pilot.press("m")
            await pilot.pause()
        seen += " " + " ".join(stage.drawn.split())
        for row in card.table:
            assert row_words(row) in seen, (row_words(row), seen)


@sync
async def test_a_scouted_monster_s_rule_names_stay_in_sight_before_its_long_ambush() -> None:
    # Playtest round 2 (#28): after Scout the Shaman's folded rules showed only its
    # ambush and trickery words; Hex of Heaviness (every attack costs 1 SE more) was
    # cut away. The short names of its rules come first, the ambush after.
    game = Scenario("tomu", level=4).resources(se=10, cunning=2, time=9).dice(4).start()
    app = UnbrokenApp(RULES, animate=False, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        scout = next(i for i, (a, _) in enumerate(screen.offered) if a == act.Scout())
        await pilot.press(OPTION_KEYS[scout])
        await pilot.pause()
        monster = screen.game.state.monster
        assert monster is not None and monster.id == "base:shaman"
        stage = screen.query_one(StagePanel)
        assert "Hex of Heaviness" in stage.drawn, stage.drawn
        assert "ambush:" in stage.drawn, stage.drawn
