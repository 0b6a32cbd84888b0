"""Loading content: the base pack loads, and bad content names file, line, card and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unbroken.content import ContentError, base_content_dir, load_pack, read_pack
from unbroken.core.handlers import BUILTIN_HANDLERS
from unbroken.core.ruleset import RulesetError, build_ruleset


def copy_base(tmp_path: Path) -> Path:
    target = tmp_path / "base"
    shutil.copytree(base_content_dir(), target)
    return target


def test_base_pack_loads_with_every_kind() -> None:
    pack = load_pack(base_content_dir(), "base")
    assert len(pack.classes) == 4
    assert len(pack.characters) == 8
    assert len(pack.weapons) == 7
    assert {m.level for m in pack.monsters} == {1, 2, 3, 4}
    assert sum(e.copies for e in pack.encounters) >= 41
    assert all(c.id.startswith("base:") for c in pack.characters)
    build_ruleset([pack], BUILTIN_HANDLERS)


def edit_hyena(folder: Path, field: str, value: str) -> int:
    """Set a field of the Hyena's sheet in monsters.toml; return the line it is on."""
    path = folder / "monsters.toml"
    text = path.read_text()
    at = text.index(f"{field} = ", text.index('id = "hyena"'))
    end = text.index("\n", at)
    path.write_text(text[:at] + f"{field} = {value}" + text[end:])
    return text[:at].count("\n") + 1


def test_wrong_type_names_file_line_card_and_field(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    line = edit_hyena(folder, "health", '"four"')
    with pytest.raises(ContentError) as err:
        load_pack(folder, "base")
    message = str(err.value)
    assert f"monsters.toml:{line}:" in message
    assert "base:hyena" in message and "health" in message


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    path = folder / "weapons.toml"
    path.write_text(path.read_text().replace('name = "Club"', 'name = "Club"\nsharpness = 3', 1))
    _, problems = read_pack(folder, "base")
    assert problems and "sharpness" in str(problems[0]) and "base:club" in str(problems[0])
    assert "weapons.toml:" in str(problems[0])


def test_a_monster_number_must_be_one_or_more(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    edit_hyena(folder, "number", "0")
    _, problems = read_pack(folder, "base")
    assert any("base:hyena" in str(p) and "`number` must be 1 or more" in str(p) for p in problems)


def test_broken_toml_gives_line(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    (folder / "extra.toml").write_text('[[skills]]\nid = "x"\nname = \n')
    with pytest.raises(ContentError, match=r"extra\.toml:3: not valid TOML"):
        load_pack(folder, "base")


def test_unknown_trigger_and_resource_are_reported(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    (folder / "extra.toml").write_text(
        "[[skills]]\n"
        'id = "odd"\nname = "Odd"\ntext = "t"\n'
        "abilities = [\n"
        '  { id = "a", name = "A", type = "response", trigger = "at_dawn", text = "t",'
        " cost = { gold = 1 } },\n]\n"
    )
    _, problems = read_pack(folder, "base")
    text = "\n".join(str(p) for p in problems)
    assert "at_dawn" in text and "trigger" in text
    assert "gold" in text and "extra.toml:6" in text


def test_duplicate_id_in_pack_is_an_error(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    (folder / "extra.toml").write_text(
        '[[conditions]]\nid = "weakened"\nname = "Weakened again"\ntext = "t"\n'
    )
    _, problems = read_pack(folder, "base")
    assert any("duplicate id 'base:weakened'" in str(p) for p in problems)


def test_missing_reference_is_a_ruleset_error(tmp_path: Path) -> None:
    folder = copy_base(tmp_path)
    path = folder / "weapons.toml"
    path.write_text(path.read_text().replace('to = "maul"', 'to = "halberd"', 1))
    with pytest.raises(RulesetError, match="missing weapon 'base:halberd'"):
        build_ruleset([load_pack(folder, "base")], BUILTIN_HANDLERS)


def test_two_packs_defining_one_id_name_both(tmp_path: Path) -> None:
    base = load_pack(base_content_dir(), "base")
    with pytest.raises(RulesetError, match="'base'.*'base'"):
        build_ruleset([base, base], BUILTIN_HANDLERS)
