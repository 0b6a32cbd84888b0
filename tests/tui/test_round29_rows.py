"""Round 29's playtest (#28): the options' rows at 80x24 say what a class ability does,
cut with "…" (29a-6, 29b-2: "8. Dangerous Idea [Sage] (1 ability use)" read as whole)."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.tui.option_rows import DecisionList, cut_own_words, without_own_words

RULES = load_ruleset()
IDEA = (
    "8. Dangerous Idea [Sage] (1 ability use): roll the die: if it is above the level, gain 1 time"
)


@sync
async def test_dangerous_ideas_row_says_what_it_does_at_80x24() -> None:
    """Tomu (Sage) on Hard, the first Preparation, hints on as a new player has them: the
    row said "8. Dangerous Idea [Sage] (1 ability use)", nothing of the die it rolls."""
    assert save_settings(Settings()) == ""
    game = Game.new(RULES, "tomu", difficulty="hard", seed=7855111943350237865)
    async with played(game) as (_, screen):
        row = next(r for r in screen.query_one(DecisionList).row_shown_all() if "Idea" in r)
    assert row.startswith("8. Dangerous Idea [Sage] ("), row
    assert "roll the die" in row and row.endswith("…"), row


def test_an_abilitys_row_with_no_room_for_its_deeds_says_it_was_cut() -> None:
    assert cut_own_words(IDEA, without_own_words(IDEA), 44) == (
        "8. Dangerous Idea [Sage] (…): roll the die…"
    )
    assert cut_own_words(IDEA, without_own_words(IDEA), 41) == (
        "8. Dangerous Idea [Sage] (…): roll the…"
    )
    # No room for a word of it even with "(…)": its cost's bracket kept, "…" after it.
    long = "8. Dangerous Idea of the Old Ones [Sage] (pay 1): roll the die"
    assert cut_own_words(long, without_own_words(long), 49) == (
        "8. Dangerous Idea of the Old Ones [Sage] (pay 1)…"
    )
