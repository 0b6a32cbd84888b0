"""30a-13: `i`'s side by side said nothing of a card that cannot be paid: the list said
"1. Bear Trap: 1 cunning -> 2 metal (time 2) (cannot pay: rest, gain 2 SE)", under `i`
its column only "Resolve: Spend 1 cunning to gain 2 metal. Rest: gain 2 SE."."""

from __future__ import annotations

from pilot import sync

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.inspector import CardView, InspectorScreen
from unbroken.words.actions import option_text


@sync
async def test_side_by_side_a_card_that_cannot_be_paid_says_so_as_its_line_does() -> None:
    # The playtester's Exploration: no cunning for the Bear Trap's 1; Metal Scraps paid.
    game = Scenario("tomu", seed=3).encounters("bear-trap", "metal-scraps").start("exploration")
    lines = {
        a.card: option_text(a, "", game.state, game.ruleset)
        for a, _ in game.options()
        if isinstance(a, act.ChooseEncounter)
    }
    note = lines["base:bear-trap"]
    note = note[note.index("(cannot pay: rest, ") :]
    assert note.endswith(")") and all(
        "cannot pay" not in t for c, t in lines.items() if c != "base:bear-trap"
    )
    app = UnbrokenApp(game.ruleset, animate=False, game=game, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i")
        screen = app.screen
        assert isinstance(screen, InspectorScreen) and screen.comparing
        views = list(screen.query(".inspector-column").results(CardView))
        said = {offer.card: view.lines for offer, view in zip(screen.offers, views, strict=True)}
        assert set(said) == set(lines)
        # Under its name, before its card's words, as its option's line says it.
        assert said["base:bear-trap"][1] == f"  {note}", said["base:bear-trap"]
        for card, shown in said.items():
            assert sum("cannot pay:" in line for line in shown) == (card == "base:bear-trap")
