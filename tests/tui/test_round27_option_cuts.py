"""Round 26's leftover (#28): at the first Preparation at 80x24 (Helena), once Dangerous
Idea had spent the level's use, "8. Dangerous Idea (no ability uses left th…)" cut the
reason mid-word, and "9. Cold Logic [Sage] (pay… (cannot pay)" left a bracket open. A
row's reason is whole, or said briefly, whole; a cut never leaves a bracket open."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui.option_rows import DecisionList
from unbroken.words.cutting import unclosed

RULES = load_ruleset()


@sync
async def test_an_option_rows_reason_is_never_cut_at_80x24() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = Game.new(RULES, "helena", seed=1)
    assert game.state.step == "preparation"
    game.apply(act.Use("base:sage", "dangerous-idea"))  # the level's one use spent
    while game.state.step != "preparation" and game.decision is not None:
        game.apply(game.options()[0][0])
    async with played(game) as (_, screen):
        rows = [" ".join(r.split()) for r in screen.query_one(DecisionList).row_shown_all()]
    for name in ("Dangerous Idea", "Cold Logic"):
        row = next(row for row in rows if name in row)
        assert row.endswith(" (no ability uses left)"), rows
    assert not any("…)" in row for row in rows), rows  # no reason cut within its bracket


@sync
async def test_an_option_row_cut_never_leaves_a_bracket_open_at_80x24() -> None:
    # At the first Preparation: "9. Cold Logic [Sage] (pay… (cannot pay)", its cost's
    # bracket left open before the reason's.
    assert save_settings(Settings(hints=False)) == ""
    game = Game.new(RULES, "helena", seed=1)
    async with played(game) as (_, screen):
        rows = [" ".join(r.split()) for r in screen.query_one(DecisionList).row_shown_all()]
    for row in rows:
        assert unclosed(row) < 0 and row.count("(") == row.count(")"), rows
    assert "9. Cold Logic [Sage]… (cannot pay)" in rows, rows
