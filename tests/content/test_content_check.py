"""`unbroken content check`: the base pack passes; broken packs give file:line messages."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from unbroken.cli import main
from unbroken.content import base_content_dir


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """Return a copy of the base pack, ready to break."""
    folder = tmp_path / "mypack"
    shutil.copytree(base_content_dir(), folder)
    return folder


def break_file(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    """Replace `old` by `new` in one file of the pack (it must be there)."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """Return the 1-based line of the first line containing `needle`."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {path}")


def test_base_pack_is_the_boxed_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check"]) == 0
    out = capsys.readouterr().out
    assert "is valid" in out
    for kind, count in [
        ("classes", 4),
        ("characters", 8),
        ("weapons", 7),
        ("monsters", 24),
        ("skills", 24),
        ("conditions", 10),
    ]:
        assert re.search(rf"{kind}\s+{count}\b", out), kind
    assert "88 cards counting copies" in out
    assert "level 1: 6, level 2: 6, level 3: 6, level 4: 6" in out


def test_a_copied_pack_checks_clean(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check", str(pack)]) == 0
    assert "pack 'mypack' is valid" in capsys.readouterr().out


def test_bad_type_names_file_and_line(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "monsters.toml", "health = 3", 'health = "three"')
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    line = line_of(pack / "monsters.toml", 'health = "three"')
    assert f"monsters.toml:{line}:" in out
    assert "Expected `int`, got `str`" in out


def test_missing_condition_reference(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "monsters.toml", 'condition = "poisoned"', 'condition = "cursed"')
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    line = line_of(pack / "monsters.toml", 'condition = "cursed"')
    assert f"monsters.toml:{line}:" in out
    assert "missing condition 'mypack:cursed'" in out


def test_upgrade_to_missing_weapon(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "weapons.toml", 'to = "sword"', 'to = "rapier"')
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    line = line_of(pack / "weapons.toml", 'to = "rapier"')
    assert f"weapons.toml:{line}:" in out
    assert "upgrades to missing weapon 'mypack:rapier'" in out


def test_duplicate_id(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "encounters.toml", 'id = "eavesdropping"', 'id = "abandoned-hovel"')
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "duplicate id 'mypack:abandoned-hovel'" in out
    assert re.search(r"encounters\.toml:\d+:", out)


def test_wrong_row_count(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = pack / "monsters.toml"
    text = path.read_text(encoding="utf-8")
    first_row = re.search(r"^  \{ result = .*\},\n", text, flags=re.M)
    assert first_row is not None
    path.write_text(text[: first_row.start()] + text[first_row.end() :], encoding="utf-8")
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "has 5 rows; expected 6" in out
    assert re.search(r"monsters\.toml:\d+:", out)


def test_toml_syntax_error(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "skills.toml", 'id = "daring"', 'id = "daring')
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    line = line_of(pack / "skills.toml", 'id = "daring')
    assert f"skills.toml:{line}: not valid TOML" in out


def test_wrong_encounter_count(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "encounters.toml", "copies = 3\n", "")
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "86 encounters (counting copies); the base game has 88" in out
    assert re.search(r"encounters\.toml:\d+:", out)


def test_two_monsters_with_one_number(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = pack / "monsters.toml"
    text = path.read_text(encoding="utf-8")
    # Give the level-1 monster numbered 2 the number 1 as well.
    at = text.index("level = 1\nnumber = 2")
    path.write_text(
        text[:at] + "level = 1\nnumber = 1" + text[at + len("level = 1\nnumber = 2") :],
        encoding="utf-8",
    )
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "number 1 is used by 2 monsters of level 1" in out


def test_every_problem_is_reported(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    break_file(pack, "monsters.toml", "health = 3", 'health = "three"')
    break_file(pack, "encounters.toml", "time = 5", "time = 9")
    assert main(["content", "check", str(pack)]) == 1
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln]
    assert len(lines) >= 2
    assert all(re.match(r".+\.toml:\d+: ", ln) for ln in lines)
    assert any("`time` must be 1-5" in ln for ln in lines)


def test_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check", str(tmp_path / "nowhere")]) == 1
    assert "content folder not found" in capsys.readouterr().out


EXPANSION = """
[[encounters]]
id = "odd-well"
name = "Odd Well"
time = 2
text = "Drink from a well that glows: gain Blessed for the next level."
effects = [{ kind = "condition", condition = "base:blessed" }]
"""


def test_an_expansion_leans_on_the_base_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "wells"
    folder.mkdir()
    (folder / "encounters.toml").write_text(EXPANSION, encoding="utf-8")
    assert main(["content", "check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "pack 'wells' is valid" in out
    assert "1 cards counting copies" in out


def test_an_expansion_naming_a_missing_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "wells"
    folder.mkdir()
    text = EXPANSION.replace("base:blessed", "cursed")
    (folder / "encounters.toml").write_text(text, encoding="utf-8")
    assert main(["content", "check", "--name", "deep", str(folder)]) == 1
    out = capsys.readouterr().out
    line = line_of(folder / "encounters.toml", '"cursed"')
    assert f"encounters.toml:{line}: encounter 'deep:odd-well' names missing condition" in out
