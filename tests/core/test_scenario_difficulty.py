"""`Scenario(difficulty=...)` reads a difficulty as `Game.new` does (brief tidyW item 4):
`Scenario("…", difficulty="expert")` with the Gauntlet loaded built a game whose
difficulty was the unknown "expert", so its monsters met no danger track."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario

DIFFICULTIES = (
    Path(__file__).resolve().parents[2]
    / "plugins/unbroken-gauntlet/src/unbroken_gauntlet/content/difficulties.toml"
)


def with_expert(tmp_path: Path, *packs: str) -> Ruleset:
    """The base game and each pack in `packs` with the Gauntlet's Expert difficulty."""
    extra = []
    for pack in packs:
        folder = tmp_path / pack
        folder.mkdir()
        shutil.copy(DIFFICULTIES, folder / "difficulties.toml")
        extra.append((pack, FolderPlugin(folder)))
    return load_plugins(["base", *packs], extra=extra).ruleset


def test_a_plugins_difficulty_by_its_local_id_is_that_difficulty(tmp_path: Path) -> None:
    rules = with_expert(tmp_path, "gauntlet")
    short = Scenario("maxyn-zenma", difficulty="expert", ruleset=rules).monster("goblin")
    full = Scenario("maxyn-zenma", difficulty="gauntlet:expert", ruleset=rules)
    assert short.difficulty == full.difficulty == "gauntlet:expert"
    game = short.start("battle")
    assert game.state.difficulty == "gauntlet:expert"
    track = rules.difficulty(game.state.difficulty)
    assert track is not None and track.danger  # the monsters it reveals meet the track


def test_an_unknown_difficulty_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    rules = with_expert(tmp_path, "gauntlet")
    with pytest.raises(ValueError) as raised:
        Scenario("maxyn-zenma", difficulty="expret", ruleset=rules)
    message = str(raised.value)
    assert "\n" not in message and "'expret'" in message
    for known in ("easy", "normal", "hard", "gauntlet:expert"):
        assert known in message


def test_a_local_id_two_plugins_share_is_refused(tmp_path: Path) -> None:
    rules = with_expert(tmp_path, "gauntlet", "frost")
    with pytest.raises(ValueError, match="gauntlet:expert, frost:expert|frost:expert"):
        Scenario("maxyn-zenma", difficulty="expert", ruleset=rules)
    assert Scenario(difficulty="frost:expert", ruleset=rules).difficulty == "frost:expert"
