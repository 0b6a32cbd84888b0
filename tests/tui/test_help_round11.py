"""Help explains the words the screen shows (#28 playtest round 11)."""

from __future__ import annotations

from pilot import sync

from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.help import HelpScreen
from unbroken.tui.help_search import holds, patterns

RULES = load_ruleset()


async def found(typed: str) -> list[str]:
    """Return the sections help's search lists for `typed`, each as its text."""
    app = UnbrokenApp(RULES, animate=False, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HelpScreen())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        texts = [text for _, text in screen.sections if holds(text, patterns(typed))]
        return [" ".join(text.split()) for text in texts]


@sync
async def test_the_odds_words_stopped_and_at_most_are_explained() -> None:
    # "[24% stopped]" and "[≤59% stopped]" were explained nowhere a player looks.
    texts = await found("stopped")
    # Round 13: "about equal to the best" read as contradicted by "[0% stopped]" beside a
    # 15 % best: the race stops it in the worse half, before it could be called behind.
    said = [" ".join(t.split()) for t in texts]
    assert any("stopped it early, in the worse half before it could be called" in t for t in said)
    assert any("`≤` before it" in t and "at most the best's" in t for t in texts)


@sync
async def test_the_time_rows_words_are_found_by_help() -> None:
    # The Display says "level 2 starts at 22" (round 27: "next level: 22 time" read
    # as a target or a cost); help said "where the next level starts" and its search for
    # "gets" found nothing.
    texts = await found("starts at")
    assert any('"level 2 starts at 22": where its track starts' in t for t in texts)
