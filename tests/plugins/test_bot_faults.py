"""A plugin's bot that raises, or plays an action that is not legal, is named (plugin, bot,
line) and the batch says which game, instead of a traceback naming no plugin (#19 item 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from unbroken import hookimpl
from unbroken.bots import batch
from unbroken.core import actions as act
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, write_pack


def clumsy(game: Any, n: int) -> Any:
    raise RuntimeError("dropped the dice")


def cheat(game: Any, n: int) -> Any:
    return act.Rest()


def fine(game: Any, n: int) -> Any:
    return game.legal_actions()[0]


fine.title = "Fine"  # type: ignore[attr-defined]  # a bot's optional title (getattr)


class Bots(FolderPlugin):
    @hookimpl
    def unbroken_bots(self) -> dict[str, Any]:
        return {"clumsy": clumsy, "cheat": cheat, "fine": fine}


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        (
            "clumsy",
            "plugin 'botty': bot 'botty:clumsy' raised RuntimeError: dropped the dice "
            "(test_bot_faults.py:19) in game 1 (game seed 5, base:tomu, normal)",
        ),
        (
            "cheat",
            "plugin 'botty': bot 'botty:cheat' returned Rest(), not one of game.legal_actions() "
            "in game 1 (game seed 5, base:tomu, normal)",
        ),
    ],
)
def test_a_plugin_bot_at_fault_is_named_with_its_game(
    tmp_path: Path, bot: str, message: str
) -> None:
    folder = write_pack(tmp_path / "botty", {"none.toml": ""})
    loaded = load_plugins(["base", "botty"], extra=[("botty", Bots(folder))])
    policy = loaded.bots[f"botty:{bot}"]
    with pytest.raises(batch.GameFailed) as caught:
        batch.play_numbered(loaded.ruleset, policy, (1, 5, "base:tomu", "normal"))
    assert str(caught.value) == message


def test_a_plugin_bot_that_plays_fairly_keeps_its_title(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "botty", {"none.toml": ""})
    loaded = load_plugins(["base", "botty"], extra=[("botty", Bots(folder))])
    policy = loaded.bots["botty:fine"]
    assert getattr(policy, "title", "") == "Fine"
    game, result, _ = batch.play_numbered(loaded.ruleset, policy, (1, 5, "base:tomu", "normal"))
    assert game.is_over and result.decisions > 0
