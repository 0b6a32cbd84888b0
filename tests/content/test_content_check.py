"""`unbroken content check`: the base pack passes; broken packs give file:line messages."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from unbroken.cli.command import main
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


def test_a_path_that_does_not_exist_is_a_bad_argument(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["content", "check", str(tmp_path / "nowhere")]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        f"unbroken: error: {tmp_path / 'nowhere'} does not exist; "
        "name a pack folder or a plugin project\n"
    )


def test_a_file_is_a_bad_argument_before_anything_is_checked(
    pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = pack / "monsters.toml"
    assert main(["content", "check", str(pack), str(afile)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        f"unbroken: error: {afile} is a file, not a folder; "
        "name a pack folder or a plugin project\n"
    )


def test_a_plugins_content_folder_that_is_a_file_says_so(tmp_path: Path) -> None:
    from unbroken.content import read_pack

    (tmp_path / "content").write_text("", encoding="utf-8")
    assert [str(p) for p in read_pack(tmp_path / "content")[1]] == [
        f"{tmp_path / 'content'}: content folder is a file, not a folder"
    ]
    assert [str(p) for p in read_pack(tmp_path / "gone")[1]] == [
        f"{tmp_path / 'gone'}: content folder does not exist"
    ]


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
    assert "  encounters    1 (1 card counting copies)\n" in out


def test_the_summary_and_counts_say_one_card_and_no_cards(
    tmp_path: Path, pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "wells"
    folder.mkdir()
    (folder / "encounters.toml").write_text(
        EXPANSION.replace("time = 2", "time = 2\ncopies = 0"), encoding="utf-8"
    )
    assert main(["content", "check", str(folder)]) == 0
    assert "  encounters    1 (0 cards counting copies)\n" in capsys.readouterr().out
    # A complete pack down to one encounter card and one level-1 monster.
    for kind in ("encounters", "monsters"):
        path = pack / f"{kind}.toml"
        text = path.read_text(encoding="utf-8")
        second = text.index(f"[[{kind}]]", text.index(f"[[{kind}]]") + 1)
        path.write_text(text[:second], encoding="utf-8")
    assert main(["content", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "1 encounter (counting copies); the base game has 88" in out
    assert "level 1 has 1 monster; expected 6" in out
    assert "level 2 has 0 monsters; expected 6" in out


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


SHEET = """
[[characters]]
id = "digger"
name = "Digger"
cls = "CLASS"
text = "Digs where the others walk."
"""


@pytest.mark.parametrize(
    ("written", "named", "hint"),
    [
        ("sneak", "deep:sneak", " (did you mean 'base:sneak'?)"),  # local, meant the base card
        ("base:sneek", "base:sneek", " (did you mean 'base:sneak'?)"),  # a typo
        ("sneek", "deep:sneek", " (did you mean 'base:sneak'?)"),  # both
        ("ninja", "deep:ninja", ""),  # nothing close: no guess
    ],
)
def test_a_missing_class_suggests_the_nearest_one_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str, named: str, hint: str
) -> None:
    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "characters.toml").write_text(SHEET.replace("CLASS", written), encoding="utf-8")
    assert main(["content", "check", str(folder)]) == 1
    assert capsys.readouterr().out == (
        f"{folder / 'characters.toml'}:5: character 'deep:digger' names missing class "
        f"{named!r}{hint}\n"
    )


REFERENCES = """
[[encounters]]
id = "odd-well"
name = "Odd Well"
time = 2
text = "A well that glows, a blade beside it, a rite to learn."
effects = [
  { kind = "condition", condition = "sneak" },
  { kind = "condition", condition = "blesed" },
  { kind = "gain_weapon", choices = ["knive", "base:club"] },
  { kind = "handler", name = "lose_per_tokens", params = { resource = "se", per = 1 } },
]
"""


def test_every_kind_of_reference_suggests_from_its_own_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "encounters.toml").write_text(REFERENCES, encoding="utf-8")
    assert main(["content", "check", str(folder)]) == 1
    where = f"{folder / 'encounters.toml'}"
    assert capsys.readouterr().out.splitlines() == [
        # A class of that name is no condition: no guess.
        f"{where}:8: encounter 'deep:odd-well' names missing condition 'deep:sneak'",
        f"{where}:9: encounter 'deep:odd-well' names missing condition 'deep:blesed' "
        "(did you mean 'base:blessed'?)",
        f"{where}:10: encounter 'deep:odd-well' offers missing weapon 'deep:knive' "
        "(did you mean 'base:knife'?)",
        f"{where}:11: encounter 'deep:odd-well' uses unknown handler 'lose_per_tokens' "
        "(did you mean 'lose_per_token'?)",
    ]


def test_did_you_mean_matches_local_parts_own_pack_first_then_the_base_game() -> None:
    from unbroken.content import did_you_mean

    known = ["base:sneak", "tide:sneak", "deep:sneak", "base:sage", "deep:snack"]
    assert did_you_mean("deep:sneak", known) == " (did you mean 'base:sneak' or 'tide:sneak'?)"
    assert did_you_mean("deep:sneek", known) == (
        " (did you mean 'deep:sneak' or 'base:sneak' or 'tide:sneak'?)"
    )
    assert did_you_mean("ninja", known) == ""
    assert did_you_mean("helth", ["armor", "health"]) == " (did you mean 'health'?)"
