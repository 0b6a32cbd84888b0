"""Problems found across packs are told at file:line: by `content check` and as a plugin loads.

An upgrade edge onto a missing weapon, a reference no pack defines and an id
another pack has are found only once the packs meet; each is still told at
the line of the plugin's own file that is at fault.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.plugins import PluginError, PluginWarning, load_plugins
from unbroken.testing import FolderPlugin, write_pack

WEAPONS = """\
[[weapons]]
id = "harpoon"
name = "Harpoon"
type = "basic"
text = "Barbed and tethered."
attacks = [{ id = "jab", type = "break", power = 1, cost = { se = 1 } }]

[[upgrades]]
from = "base:bare-hands"
to = "harpoon"
cost = { wood = 1, time = 1 }
"""

MONSTERS = """\
[[monsters]]
id = "crab"
name = "Reef Crab"
level = 2
number = 7
armor = 2
health = 5
text = "All shell and grudge."
ambush = [{ kind = "condition", condition = "waterlogged", timing = "now" }]
table = [
  { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 1 } }] },
  { result = "DAZE", effects = [{ kind = "condition", condition = "tidepool:waterlogged" }] },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
]
"""

CONDITIONS = """\
[[conditions]]
id = "waterlogged"
name = "Waterlogged"
text = "Soaked through."
"""

FILES = {"weapons.toml": WEAPONS, "monsters.toml": MONSTERS, "conditions.toml": CONDITIONS}


@pytest.fixture
def tidepool(tmp_path: Path) -> Path:
    """Return the folder of a small expansion pack, valid as written."""
    return write_pack(tmp_path / "tidepool", FILES)


def spoil(folder: Path, name: str, old: str, new: str) -> int:
    """Replace the one `old` in a file of the pack by `new`; return the line it is on."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def checked(folder: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Return what `unbroken content check` says of the pack, line by line."""
    code = main(["content", "check", str(folder), "--name", "tidepool"])
    out = capsys.readouterr().out.splitlines()
    assert code == (0 if out[0].endswith("is valid") else 1)
    return out


def warned(folder: Path) -> str:
    """Return the warning that skips the plugin as the game loads it."""
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "tidepool"], extra=[("tidepool", FolderPlugin(folder))])
    assert "tidepool" not in loaded.ruleset.plugins
    [warning] = caught
    return str(warning.message)


def test_the_pack_is_valid_both_ways(
    tidepool: Path, capsys: pytest.CaptureFixture[str], recwarn: pytest.WarningsRecorder
) -> None:
    assert checked(tidepool, capsys)[0] == f"{tidepool}: pack 'tidepool' is valid"
    loaded = load_plugins(["base", "tidepool"], extra=[("tidepool", FolderPlugin(tidepool))])
    assert "tidepool:harpoon" in [u.to for u in loaded.ruleset.weapons["base:bare-hands"].upgrades]
    assert not [w for w in recwarn if issubclass(w.category, PluginWarning)]


def test_an_edge_from_a_missing_weapon_is_told_at_its_line(
    tidepool: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = spoil(tidepool, "weapons.toml", '"base:bare-hands"', '"base:bare-hand"')
    problem = (
        f"{tidepool / 'weapons.toml'}:{line}: pack 'tidepool' adds an upgrade to missing "
        "weapon 'base:bare-hand' (did you mean 'base:bare-hands'?)"
    )
    assert checked(tidepool, capsys) == [problem]
    assert warned(tidepool) == f"plugin 'tidepool': {problem}"


def test_an_edge_to_a_missing_weapon_is_the_edges_fault_not_the_base_weapons(
    tidepool: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = spoil(tidepool, "weapons.toml", 'to = "harpoon"', 'to = "harpon"')
    problem = (
        f"{tidepool / 'weapons.toml'}:{line}: pack 'tidepool' adds an upgrade from "
        "'base:bare-hands' to missing weapon 'tidepool:harpon' (did you mean 'tidepool:harpoon'?)"
    )
    assert checked(tidepool, capsys) == [problem]
    assert warned(tidepool) == f"plugin 'tidepool': {problem}"


def test_a_named_plugin_with_a_bad_edge_is_an_error_at_its_line(tidepool: Path) -> None:
    line = spoil(tidepool, "weapons.toml", 'to = "harpoon"', 'to = "harpon"')
    with pytest.raises(PluginError, match=rf"weapons\.toml:{line}: pack 'tidepool' adds"):
        load_plugins(
            ["base", "tidepool"], ["tidepool"], extra=[("tidepool", FolderPlugin(tidepool))]
        )


def test_a_missing_reference_is_told_at_its_line_as_the_plugin_loads(
    tidepool: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Written local in the ambush, namespaced in the table: each at its own line.
    ambush = spoil(tidepool, "monsters.toml", '"waterlogged", timing', '"waterloged", timing')
    daze = spoil(tidepool, "monsters.toml", '"tidepool:waterlogged"', '"tidepool:soggy"')
    monsters = tidepool / "monsters.toml"
    problems = [
        f"{monsters}:{ambush}: monster 'tidepool:crab' names missing condition "
        "'tidepool:waterloged' (did you mean 'tidepool:waterlogged'?)",
        f"{monsters}:{daze}: monster 'tidepool:crab' names missing condition 'tidepool:soggy'",
    ]
    assert sorted(checked(tidepool, capsys)) == sorted(problems)
    warning = warned(tidepool)
    assert warning.startswith(f"plugin 'tidepool': {monsters}:")
    # The same places, sentences and suggestions as content check.
    assert sorted(warning.removeprefix("plugin 'tidepool': ").splitlines()) == sorted(problems)


def test_an_id_in_the_base_games_namespace_is_told_in_its_own_file(
    tidepool: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = spoil(tidepool, "monsters.toml", 'id = "crab"', 'id = "base:hyena"')
    problem = (
        f"{tidepool / 'monsters.toml'}:{line}: duplicate id 'base:hyena': defined by pack "
        "'base' and by pack 'tidepool'"
    )
    assert checked(tidepool, capsys) == [problem]
    assert warned(tidepool) == f"plugin 'tidepool': {problem}"


def test_card_lines_find_a_card_and_what_it_names(tidepool: Path) -> None:
    from unbroken.content import CardLines

    lines = CardLines([tidepool], "tidepool")
    monsters = str(tidepool / "monsters.toml")
    assert lines.where("tidepool:crab") == (monsters, 2)
    assert lines.where("tidepool:crab", "tidepool:waterlogged") == (monsters, 9)
    assert lines.where("tidepool:crab", "tidepool:nothing") == (monsters, 2)
    assert lines.where("base:crab") is None


def test_an_upgrade_circle_is_refused_at_the_weapon(tidepool: Path) -> None:
    # Issue #19: upgrade cycles passed `content check`.
    spoil(
        tidepool,
        "weapons.toml",
        'attacks = [{ id = "jab"',
        'upgrades = [{ to = "base:bare-hands", cost = { wood = 1, time = 1 } }]\n'
        'attacks = [{ id = "jab"',
    )
    assert warned(tidepool) == (
        f"plugin 'tidepool': {tidepool / 'weapons.toml'}:6: weapon 'tidepool:harpoon' upgrades "
        "in a circle: 'tidepool:harpoon' -> 'base:bare-hands' -> 'tidepool:harpoon'; remove one "
        "of these upgrades"
    )
