"""Round 17's playtest (#28), second part: the stage's `m` pages."""

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

#: A difficulty whose danger track gives the monster 1 more armor.
DANGER = """
[[difficulties]]
id = "grim"
name = "Grim"
text = "A danger track."
danger = [{ colour = "red", armor = 1 }, { colour = "red", health = 2 }]
"""


def test_m_pages_say_the_danger_track_once(tmp_path: Path) -> None:
    # Round 17: "danger track 6: +1 armor" twice on a page of `m` (Gauntlet Expert, no
    # die shown): the head's second line said it, and the page said it again.
    plugin = FolderPlugin(write_pack(tmp_path / "x", {"difficulties.toml": DANGER}))
    rules = load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset
    said = "danger track 1: +1 armor"
    seen = []
    for seed in range(1, 40):
        game = Game.new(rules, "tomu", "x:grim", seed)
        game.apply(act.Fight())

        async def play(game: Game, seed: int) -> None:
            app = UnbrokenApp(rules, animate=False, game=game, record=False)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                stage = game_screen_of(app).query_one(StagePanel)
                # No die in sight (as after the monster's defeat): the head's second line
                # says the track's gains.
                stage.show(game.state, rules, "")
                for _ in range(8):
                    stage.fold_or_unfold(lambda: stage.show(game.state, rules, ""))
                    if stage.pages > 1:
                        seen.append(seed)
                        assert stage.drawn.count(said) == 1, stage.drawn
                    if not stage.expanded:
                        break

        asyncio.run(play(game, seed))
        if len(seen) >= 2:
            break
    assert seen
