"""30a-8: New game's character descriptions said a class's abilities in their card's words
alone ("Cold Logic (…): Spend 2 cunning to gain 1 ME and 1 SE."), their ability use left
out though the Hand, `i`, help and `unbroken cards` say it (R-ABILITY-1)."""

from __future__ import annotations

from pathlib import Path

from pilot import opened, sync
from textual.widgets import OptionList

from unbroken.testing import expansions_from_source
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.held_words import HeldStatic
from unbroken.tui.help_text import NO_BREAK
from unbroken.tui.newgame import NewGameScreen
from unbroken.words.vocabulary import ABILITY_USE, amounts

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}


@sync
async def test_new_game_says_each_class_abilitys_whole_cost() -> None:
    with expansions_from_source(PLUGINS, EXPANSIONS) as everything:
        app = UnbrokenApp(everything, animate=False, seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await opened(pilot, "enter", NewGameScreen)
            chars = screen.query_one("#characters", OptionList)
            info = screen.query_one("#class-info", HeldStatic)
            classes = set()
            for index in range(chars.option_count):
                chars.highlighted = index
                await pilot.pause()
                char_id, _ = screen.choice()
                cls = everything.classes[everything.characters[char_id].cls]
                classes.add(cls.id)
                rows = info.said.replace(NO_BREAK, " ").splitlines()
                for ability in cls.abilities:
                    row = next(r for r in rows if r.startswith(f"{ability.name} ("))
                    head = row.split("): ", 1)[0]
                    assert head.endswith(ABILITY_USE), row  # Cold Logic's, Forage's: none
                    if ability.cost:  # Forage's "Spend 2 time", said in the card's words
                        assert amounts(ability.cost) in row, row
            assert classes == set(everything.classes)  # every class of the three, each seen
