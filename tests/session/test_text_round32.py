"""#28 playtest round 32 (32a-10): `unbroken play` lists "Keep which result?" as the game
screen does, the first roll then the re-roll, and Enter keeps the one proved better
wherever it stands (round 16: Enter kept the first listed, the worse)."""

from __future__ import annotations

import io

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.play.text import TextGame
from unbroken.testing import Scenario


def rerolled(first: int, again: int) -> Game:
    """The Wyvern rolls `first`, Lucky Break re-rolls `again` (2: lose 4 SE, 3: lose 3 SE)."""
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20)
        .skills("lucky")
        .monster("wyvern")
        .dice(first, again, *[3] * 10)
        .start("battle")
    )
    game.apply(act.Skip())
    game.apply(act.Use("base:lucky", "lucky-reroll"))
    return game


def test_the_first_roll_is_listed_first_and_enter_keeps_the_better() -> None:
    for first, again in ((2, 3), (3, 2)):
        game = rerolled(first, again)
        out = io.StringIO()
        TextGame.resumed(game.ruleset, game, None).loop(io.StringIO("\nq\n"), out)
        said = out.getvalue()
        assert said.index(f"1. Keep the {first}:") < said.index(f"2. Keep the {again}:"), said
        kept = [e.value for e in game.events if isinstance(e, ev.RollSet) and e.why == "picked"]
        assert kept == [3], (first, again, said)  # lose 3 SE, not 4
