"""Round 28 (#28, 28a-7 / 28b-4): the line under the list ran sentences together: "Attack
with Heavy blow: … - pay 1 ME Defeats it if Power Through [Brawler] used." (no full stop),
and Power Through's row had one before its dash: "… to give it +1 power. — defeats it"."""

from __future__ import annotations

from pilot import played, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.option_rows import DecisionList
from unbroken.words.actions import option_text


def goblin_at_3() -> Game:
    """Caellahan (Power Through) with the Club against the Goblin at 3 health: Bash (wound
    2) defeats it only if Power Through is used."""
    game = (
        Scenario("caellahan", level=2, seed=3)
        .resources(se=10, me=3, le=1)
        .weapon("club")
        .skills("weak-spot")
        .monster("goblin")
        .dice(*[3] * 30)
        .start("battle")
    )
    assert game.state.monster is not None
    game.state.monster.health = 3
    return game


@sync
async def test_the_detail_line_ends_the_attack_before_its_responses_sentence() -> None:
    assert save_settings(Settings(hints=False)) == ""
    game = goblin_at_3()
    bash = next(i for i, (a, _) in enumerate(game.options()) if a == act.Attack("bash"))
    async with played(game) as (pilot, screen):
        screen.query_one(DecisionList).highlighted = bash
        await pilot.pause()
        said = " ".join(str(screen.query_one("#detail").render()).split())
    assert "- pay 3 SE. Defeats it if Power Through [Brawler] used." in said, said


def test_no_full_stop_before_a_rows_dash() -> None:
    game = goblin_at_3()
    game.apply(act.Attack("bash"))
    rows = [option_text(a, why, game.state, game.ruleset) for a, why in game.options()]
    power = next(row for row in rows if row.startswith("Power Through"))
    assert "+1 power — defeats it: 1 metal + 1 treasure" in power, rows
    assert ". —" not in power, rows
