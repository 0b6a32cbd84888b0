"""Content an expansion adds: monster keywords, difficulties with a danger track, carried setup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unbroken.core import events as ev
from unbroken.core.combat import danger_space, reveal_monster
from unbroken.core.game import Game
from unbroken.core.model import DangerSpace, Difficulty
from unbroken.core.resolver import Resolver
from unbroken.plugins import PluginError, load_plugins, load_ruleset
from unbroken.testing import FolderPlugin, write_pack
from unbroken.words.cards import describe_card

ROOT = Path(__file__).resolve().parents[2]

KEYWORDS = """
[[keywords]]
id = "tough"
name = "Tough"
text = "Hard to hurt."

[[keywords.abilities]]
id = "tough-hide"
name = "Tough"
type = "passive"
text = "Monster rolls +1."
modifiers = [{ kind = "roll_bonus", amount = 1 }]
"""

MONSTER = """
[[monsters]]
id = "brute"
name = "Brute"
level = 1
number = 1
armor = 0
health = 4
keywords = ["{keyword}"]
text = "Big."
table = [
  {{ result = "MISS" }}, {{ result = "MISS" }}, {{ result = "MISS" }},
  {{ result = "MISS" }}, {{ result = "MISS" }}, {{ result = "MISS" }},
]
"""

DIFFICULTY = """
[[difficulties]]
id = "{id}"
name = "Gritty"
text = "A danger track."
skip = ["green"]
danger = [
  {{ colour = "green", health = 1 }},
  {{ colour = "amber", armor = 1 }},
  {{ colour = "green", health = 1 }},
  {{ colour = "red", health = 3 }},
]
"""


def pack(tmp_path: Path, keyword: str = "tough", difficulty: str = "gritty") -> FolderPlugin:
    files = {
        "keywords.toml": KEYWORDS,
        "monsters.toml": MONSTER.format(keyword=keyword),
        "difficulties.toml": DIFFICULTY.format(id=difficulty),
    }
    return FolderPlugin(write_pack(tmp_path / "x", files))


def test_base_digest_is_unchanged_by_the_later_fields() -> None:
    # R-DIGI-1: content that does not use keywords, difficulties or danger tracks has
    # the digest the golden recordings were made with.
    header = json.loads((ROOT / "replays").glob("*.jsonl").__next__().read_text().split("\n")[0])
    assert load_ruleset().digest == header["ruleset"]


def test_a_keyword_gives_its_abilities_to_the_monsters_that_name_it(tmp_path: Path) -> None:
    # R-EFFECT-1: a keyword's Passive is the monster's while it is in play.
    rules = load_plugins(["base", "x"], extra=[("x", pack(tmp_path))]).ruleset
    assert rules.monsters["x:brute"].keywords == ["x:tough"]
    in_play = rules.in_play(("", (), (), "x:brute"))
    assert [(src, a.id, kind) for src, a, kind in in_play] == [("x:brute", "tough-hide", "monster")]
    assert "  Tough: Hard to hurt." in describe_card(rules, "x:brute")
    assert "  Monsters: Brute" in describe_card(rules, "x:tough")


def test_a_missing_keyword_is_refused_naming_the_monster(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match="monster 'x:brute' names missing keyword 'x:nimble'"):
        load_plugins(["base", "x"], strict=["x"], extra=[("x", pack(tmp_path, "nimble"))])


@pytest.mark.parametrize(
    ("skip", "expected"),
    [
        ([], [(0, 0), (1, 0), (2, 0), (3, 0), (3, 0)]),
        (["green"], [(1, 1), (3, 1), (3, 0), (3, 0), (3, 0)]),
        (["red"], [(0, 0), (1, 0), (2, 0), (3, 0), (3, 0)]),
    ],
)
def test_the_danger_marker_skips_its_colours_and_stops_at_the_end(
    skip: list[str], expected: list[tuple[int, int]]
) -> None:
    # R-MONSTER-1: the monster's armor and health come from its sheet plus the track.
    track = Difficulty(
        id="t", name="T", text="", skip=skip,
        danger=[DangerSpace(c) for c in ("green", "amber", "green", "red")],
    )  # fmt: skip
    assert [danger_space(track, level) for level in range(1, 6)] == expected


def test_a_plugin_difficulty_joins_and_hardens_the_revealed_monster(tmp_path: Path) -> None:
    # R-MONSTER-1, R-SETUP-1: a plugin's difficulty is chosen by its local id.
    rules = load_plugins(["base", "x"], extra=[("x", pack(tmp_path))]).ruleset
    assert [d.id for d in rules.settings.difficulties] == ["easy", "normal", "hard", "x:gritty"]
    assert rules.difficulty_name("x:gritty") == "Gritty"
    game = Game.new(rules, "tomu", "gritty", seed=4)
    assert game.state.difficulty == "x:gritty"
    run = Resolver(rules, game.state, lambda stream, why: 1)
    reveal_monster(run)
    [shown] = [e for e in run.emitted if isinstance(e, ev.MonsterRevealed)]
    assert (shown.monster, shown.armor, shown.health) == ("x:brute", 1, 4)
    assert (shown.danger, shown.skipped) == (2, 1)
    from unbroken.words.events import Narrator

    assert Narrator(rules).describe(shown) == (
        "The monster is revealed: Brute (armor 1, health 4; printed armor 0). "
        "Danger track: space 2 gives it +1 armor; 1 space skipped on the way "
        "(passed over: it gives nothing)."
    )
    plain = ev.MonsterRevealed("x:brute", 0, 4)
    assert Narrator(rules).describe(plain) == "The monster is revealed: Brute (armor 0, health 4)."


def test_a_plugin_difficulty_may_not_take_a_base_id(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match="difficulty 'x:hard' has the id of the base game's"):
        load_plugins(["base", "x"], strict=["x"], extra=[("x", pack(tmp_path, difficulty="hard"))])


def test_a_carried_weapon_skill_and_treasure_start_the_game() -> None:
    # R-SETUP-2 with the carry option: what an earlier game kept.
    rules = load_ruleset()
    carry = {"weapon": "base:sword", "skills": ["base:daring"], "res": {"treasure": 2}}
    game = Game.new(rules, "tomu", "normal", seed=9, options={"carry": carry})
    s = game.state
    assert s.weapons == ["base:bare-hands", "base:sword"]
    assert s.skills == ["base:daring"] and "base:daring" not in s.skill_deck
    assert s.res["treasure"] == 2
    assert isinstance(game.events[0], ev.GameStarted)
    assert game.events[0].options["carry"] == carry
    plain = Game.new(rules, "tomu", "normal", seed=9)
    assert isinstance(plain.events[0], ev.GameStarted)
    assert "carry" not in plain.events[0].options


@pytest.mark.parametrize(
    ("carry", "message"),
    [
        ({"weapon": "base:bare-hands"}, "'base:bare-hands' is not a weapon to carry"),
        ({"skills": ["base:nope"]}, "unknown skill 'base:nope'"),
        ({"res": {"time": 3}}, "cannot carry 3 time"),
        ({"armour": 1}, "option 'carry': Object contains unknown field `armour`"),
    ],
)
def test_a_bad_carry_is_refused_with_what_is_wrong(carry: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.new(load_ruleset(), "tomu", "normal", seed=9, options={"carry": carry})


def test_content_check_knows_a_packs_keywords_and_difficulties(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from unbroken.cli.command import main

    monkeypatch.setenv("UNBROKEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = pack(tmp_path).folder
    assert main(["content", "check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "  difficulties  1\n  keywords      1\n" in out
    (folder / "monsters.toml").write_text(MONSTER.format(keyword="nimble"))
    assert main(["content", "check", str(folder)]) == 1
    err = capsys.readouterr()
    assert "monster 'x:brute' names missing keyword 'x:nimble'" in err.out + err.err


def test_commands_take_a_plugin_difficulty_by_its_local_id(tmp_path: Path) -> None:
    from unbroken.cli.command import CommandError, resolve_difficulty

    rules = load_plugins(["base", "x"], extra=[("x", pack(tmp_path))]).ruleset
    assert resolve_difficulty(rules, "gritty") == "x:gritty"
    assert resolve_difficulty(rules, "x:gritty") == "x:gritty"
    assert resolve_difficulty(rules, "hard") == "hard"
    with pytest.raises(CommandError, match="unknown difficulty 'grim'; choose one of: easy, "):
        resolve_difficulty(rules, "grim")
