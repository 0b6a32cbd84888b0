"""#28 playtest round 3: the danger track's gains shown on the stage, beside the numbers
they changed (they were only in a log line and the inspector)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pilot import game_screen_of

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, write_pack
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.stage import StagePanel

#: A difficulty whose danger track gives the monster 1 more armor and 2 more health.
DANGER = """
[[difficulties]]
id = "grim"
name = "Grim"
text = "A danger track."
danger = [{ colour = "red", armor = 1, health = 2 }, { colour = "red", health = 2 }]
"""


def test_the_stage_says_what_the_danger_track_gave_the_monster(tmp_path: Path) -> None:
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"difficulties.toml": DANGER}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    game = Game.new(rules, "tomu", "x:grim", 3)
    game.apply(act.Fight())  # the monster is revealed, the track's gains added
    mo = game.state.monster
    assert mo is not None and mo.max_health == rules.monsters[mo.id].health + 2

    async def play() -> None:
        app = UnbrokenApp(rules, animate=False, game=game, record=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            stage = game_screen_of(app).query_one(StagePanel)
            lines = stage.drawn.splitlines()
            # Under the bars, in the words the column has room for.
            assert lines[2] in (
                "danger track 1: +1 armor, +2 health",
                "danger 1: +1 armor, +2 health",
            ), stage.drawn
            assert all(len(line) <= stage.size.width for line in lines)

    asyncio.run(play())
