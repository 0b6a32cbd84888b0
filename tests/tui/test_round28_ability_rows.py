"""Round 28 (#28, 28b-7): class abilities' rows did not say what they do: "8. Delve
[Gravedigger] (pay 1 SE, 1 ability…", its detail line "Delve [Gravedigger] (pay 1 SE, 1
ability use). Last use this level: …" never said it reveals 3 more cards (Orienteer beside
it: "reveal 2 more cards"); with room, "(pay 1 SE, 1 ability use): Spend 1 SE: …" gave
the cost twice; "Take a Peek [Sneak] (1 ability use)" the same. An action's row says what
it does in short, its cost once."""

from __future__ import annotations

from pathlib import Path

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import expansions_from_source
from unbroken.tui.option_rows import DecisionList, cut_own_words, without_own_words
from unbroken.words.actions import option_text

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


def row_of(game: Game, name: str) -> str:
    """Return the option `name` uses as its row's words say it."""
    s, rules = game.state, game.ruleset
    rows = [option_text(a, why, s, rules) for a, why in game.options() if isinstance(a, act.Use)]
    return next(row for row in rows if row.startswith(name))


def test_an_abilitys_row_says_what_it_does_its_cost_once() -> None:
    with expansions_from_source(PLUGINS, {"unearthed": "unbroken_unearthed"}) as rules:
        delve = row_of(Game.new(rules, "orla-vane", seed=1), "Delve")
    assert delve == (
        "Delve [Gravedigger] (pay 1 SE, 1 ability use): reveal 3 more cards at the next Exploration"
    )
    peek = row_of(Game.new(load_ruleset(), "maxyn-zenma", seed=1), "Take a Peek")
    assert peek == "Take a Peek [Sneak] (1 ability use): reveal 1 more card at the next Exploration"
    forage = row_of(Game.new(load_ruleset(), "huckdorf", seed=1), "Forage")
    assert "Spend" not in forage and forage.endswith("): gain 1 food"), forage


@sync
async def test_delves_row_or_its_detail_line_says_what_it_does_at_80x24() -> None:
    assert save_settings(Settings(hints=False)) == ""
    with expansions_from_source(PLUGINS, {"unearthed": "unbroken_unearthed"}) as rules:
        game = Game.new(rules, "orla-vane", seed=1)
        async with played(game, rules=rules) as (pilot, screen):
            options = screen.query_one(DecisionList)
            at, row = next((i, r) for i, r in enumerate(options.row_shown_all()) if "Delve" in r)
            options.highlighted = at
            await pilot.pause()
            said = " ".join(f"{row} {screen.query_one('#detail').render()}".split())
    assert "reveal 3 more cards at the next Exploration" in said, said


@sync
async def test_delves_row_cut_to_one_keeps_what_it_does_at_80x24() -> None:
    """28b-7's leftover: cut to one row at 80x24 it read "8. Delve [Gravedigger] (pay 1
    SE, …)", nothing of what it does; its cost's bracket gives way first (the detail line
    says it whole). Hints on, as a new player has them: the hint takes rows."""
    assert save_settings(Settings()) == ""
    with expansions_from_source(PLUGINS, {"unearthed": "unbroken_unearthed"}) as rules:
        game = Game.new(rules, "orla-vane", seed=1)
        async with played(game, rules=rules) as (_, screen):
            options = screen.query_one(DecisionList)
            row = next(r for r in options.row_shown_all() if "Delve" in r)
    assert "\n" not in row and row.startswith("8. Delve [Gravedigger] ("), row
    assert "): reveal 3 more" in row, row


def test_an_abilitys_cost_gives_way_to_what_it_does_only_where_that_says_more() -> None:
    peek = "4. Take a Peek [Sneak] (1 ability use): reveal 1 more card at the next Exploration"
    assert cut_own_words(peek, without_own_words(peek), 46) == (
        "4. Take a Peek [Sneak] (…): reveal 1 more…"
    )
    # With room for the deeds' first words, the cost stays whole.
    assert cut_own_words(peek, without_own_words(peek), 60) == (
        "4. Take a Peek [Sneak] (1 ability use): reveal 1 more card…"
    )
    heroic = "8. Heroic Perseverance (pay 1 LE): inflict 3 wounds that ignore armor — defeats it"
    # No room for the deeds even with "(…)": the cost stays.
    assert cut_own_words(heroic, without_own_words(heroic), 46) == (
        "8. Heroic Perseverance (pay 1 LE) — defeats it"
    )
