"""Each content problem is one line naming the file and the line of the very key at fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.content import read_pack, read_upgrades, toml_lines

CLASSES = """\
[[classes]]
id = "tidecaller"
name = "Tidecaller"
text = "Reads the water and the weather."

[[classes.abilities]]
id = "undertow"
name = "Undertow"
type = "action"
timing = "combat"
cost = { me = 1 }
text = "Spend 1 ME: wound the monster once, ignoring armor."
effects = [{ kind = "wound", amount = 1, ignore_armor = true }]

[[classes.abilities]]
id = "brine-sense"
name = "Brine Sense"
type = "response"
trigger = "after_monster_roll"
cost = { se = 1 }
text = "Spend 1 SE to lower the monster's roll by 1."
effects = [{ kind = "modify_roll", amount = -1 }]

[[classes.abilities]]
id = "salt-skin"
name = "Salt Skin"
type = "response"
trigger = "battle_start"
text = "At the start of a battle, gain Salted."
effects = [{ kind = "condition", condition = "salted", timing = "now" }]

[[characters]]
id = "mara-kell"
name = "Mara Kell"
cls = "tidecaller"
text = "A pearl diver who surfaced once too many times."
"""

CONDITIONS = """\
[[conditions]]
id = "salted"
name = "Salted"
positive = true
text = "Crusted in salt."

[[conditions]]
id = "waterlogged"
name = "Waterlogged"
text = "Soaked through."
"""

ENCOUNTERS = """\
[[encounters]]
id = "tidepool"
name = "Tidepool"
group = "tidepool"
spend = { se = 1 }
gain = { food = 2 }
time = 1
copies = 2
text = "Mussels and the odd crab."

[[encounters]]
id = "rogue-wave"
name = "Rogue Wave"
group = "tidepool"
time = 2
effects = [{ kind = "condition", condition = "waterlogged", timing = "now" }]
text = "It comes out of a calm sea."
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
  { result = "DEFEND", effects = [{ kind = "defend" }] },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 2 } }] },
  { result = "HEAL", effects = [{ kind = "monster_heal", amount = 1 }] },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 3 } }] },
]
rewards = [{ kind = "gain", amounts = { metal = 1, food = 1 } }]
"""

WEAPONS = """\
[[weapons]]
id = "harpoon"
name = "Harpoon"
type = "basic"
text = "Barbed and tethered."
attacks = [
  { id = "jab", type = "break", power = 1, cost = { se = 1 } },
  { id = "spear", type = "wound", power = 2, cost = { se = 2 } },
]
upgrades = [
  { to = "base:club", cost = { wood = 1, time = 1 } },
]

[[upgrades]]
from = "base:knife"
to = "harpoon"
cost = { metal = 1, time = 1 }

[[upgrades]]
from = "base:bare-hands"
to = "harpoon"
cost = { wood = 1, time = 1 }
"""

FILES = {
    "classes.toml": CLASSES,
    "conditions.toml": CONDITIONS,
    "encounters.toml": ENCOUNTERS,
    "monsters.toml": MONSTERS,
    "weapons.toml": WEAPONS,
}


@pytest.fixture
def tidepool(tmp_path: Path) -> Path:
    """Return a small expansion pack, valid as written."""
    folder = tmp_path / "tidepool"
    folder.mkdir()
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def spoil(folder: Path, name: str, old: str, new: str) -> int:
    """Replace the one `old` in a file of the pack by `new`; return the line it is on."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def problems(folder: Path) -> list[str]:
    _, found = read_pack(folder, "tidepool")
    return [str(p) for p in found]


def test_the_pack_is_valid(tidepool: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert problems(tidepool) == []
    assert read_upgrades(tidepool, "tidepool")[1] == []
    assert main(["content", "check", str(tidepool)]) == 0
    assert "pack 'tidepool' is valid" in capsys.readouterr().out


def test_an_unknown_field_in_a_table_row_names_that_row(tidepool: Path) -> None:
    line = spoil(tidepool, "monsters.toml", '"monster_heal", amount', '"monster_heal", amonut')
    assert line == 15  # rows 2 and 4 above it have effects too
    assert problems(tidepool) == [
        f"{tidepool / 'monsters.toml'}:15: monster 'tidepool:crab': unknown key 'amonut' "
        "in table[4].effects[0] (did you mean 'amount'?)"
    ]


def test_an_unknown_key_of_a_card_is_told_at_its_own_line(tidepool: Path) -> None:
    line = spoil(tidepool, "monsters.toml", "health = 5", "helth = 5")
    assert line == 7  # not the line of the card's [[monsters]] header
    assert problems(tidepool) == [
        f"{tidepool / 'monsters.toml'}:7: monster 'tidepool:crab': unknown key 'helth' "
        "(did you mean 'health'?)"
    ]


def test_an_unknown_key_near_no_valid_one_lists_them(tidepool: Path) -> None:
    spoil(tidepool, "monsters.toml", "health = 5", "health = 5\ncolour = 'red'")
    assert problems(tidepool) == [
        f"{tidepool / 'monsters.toml'}:8: monster 'tidepool:crab': unknown key 'colour'; "
        "expected one of: id, name, level, number, armor, health, text, table, ambush, "
        "trickery, abilities, rewards, keywords"
    ]


def test_an_unknown_key_of_the_settings_or_an_upgrade_edge_is_at_its_line(tidepool: Path) -> None:
    (tidepool / "settings.toml").write_text("[settings]\nhunger = 2\n", encoding="utf-8")
    [problem] = problems(tidepool)
    assert problem.startswith(
        f"{tidepool / 'settings.toml'}:2: settings: unknown key 'hunger'; expected one of: "
    )
    # An edge's keys are the upgrade's and its `from`.
    spoil(tidepool, "weapons.toml", 'from = "base:knife"', 'from = "base:knife"\ncolour = 1')
    spoil(tidepool, "weapons.toml", "cost = { wood = 1, time = 1 }\n", "cots = { wood = 1 }\n")
    _, found = read_upgrades(tidepool, "tidepool")
    assert [str(p) for p in found] == [
        f"{tidepool / 'weapons.toml'}:16: upgrade from 'base:knife': unknown key 'colour'; "
        "expected one of: to, cost, from",
        f"{tidepool / 'weapons.toml'}:23: upgrade from 'base:bare-hands': unknown key 'cots' "
        "(did you mean 'cost'?)",
    ]


def test_a_bad_effect_kind_names_its_line_and_the_kinds(tidepool: Path) -> None:
    spoil(tidepool, "monsters.toml", 'kind = "defend"', 'kind = "defned"')
    [problem] = problems(tidepool)
    assert problem.startswith(
        f"{tidepool / 'monsters.toml'}:13: monster 'tidepool:crab': Invalid value 'defned' - at "
        "`$.table[2].effects[0].kind`; expected one of gain, lose, reduce, condition, "
    )
    assert ", defend, " in problem and problem.endswith(", handler")


def test_a_bad_choice_lists_the_valid_values(tidepool: Path) -> None:
    spoil(tidepool, "weapons.toml", 'type = "basic"', 'type = "basik"')
    assert problems(tidepool) == [
        f"{tidepool / 'weapons.toml'}:4: weapon 'tidepool:harpoon': Invalid enum value 'basik' "
        "- at `$.type`; expected one of advanced, basic"
    ]


def test_a_bad_trigger_names_its_own_ability(tidepool: Path) -> None:
    line = spoil(tidepool, "classes.toml", '"battle_start"', '"battle_strat"')
    assert line == 28  # the second ability's trigger is on line 19
    [problem] = problems(tidepool)
    assert problem.startswith(
        f"{tidepool / 'classes.toml'}:28: class 'tidepool:tidecaller': ability 'salt-skin' "
        "field `trigger` is 'battle_strat'; expected one of battle_start, "
    )


def test_an_unknown_resource_names_its_key(tidepool: Path) -> None:
    spoil(tidepool, "encounters.toml", "gain = { food = 2 }", "gain = { food = 2, gold = 1 }")
    spoil(tidepool, "classes.toml", "cost = { se = 1 }", "cost = { sp = 1 }")
    assert problems(tidepool) == [
        f"{tidepool / 'classes.toml'}:20: class 'tidepool:tidecaller': field `cost` names "
        "unknown resource 'sp'",
        f"{tidepool / 'encounters.toml'}:6: encounter 'tidepool:tidepool': field `gain` names "
        "unknown resource 'gold'",
    ]


def test_a_duplicate_id_names_both_lines(tidepool: Path) -> None:
    spoil(tidepool, "encounters.toml", 'id = "rogue-wave"', 'id = "tidepool"')
    path = tidepool / "encounters.toml"
    assert problems(tidepool) == [
        f"{path}:12: duplicate id 'tidepool:tidepool'; first defined at {path}:2"
    ]


def test_a_duplicate_id_in_another_file_names_that_file(tidepool: Path) -> None:
    spoil(tidepool, "encounters.toml", 'id = "rogue-wave"', 'id = "crab"')
    assert problems(tidepool) == [
        f"{tidepool / 'monsters.toml'}:2: duplicate id 'tidepool:crab'; first defined at "
        f"{tidepool / 'encounters.toml'}:12"
    ]


def test_an_upgrade_edge_problem_names_its_own_entry(tidepool: Path) -> None:
    spoil(tidepool, "weapons.toml", "cost = { wood = 1, time = 1 }\n", 'cost = { wood = "1" }\n')
    _, found = read_upgrades(tidepool, "tidepool")
    assert [str(p) for p in found] == [
        f"{tidepool / 'weapons.toml'}:22: upgrade from 'base:bare-hands': Expected `int`, got "
        "`str` - at `$.cost[...]`"
    ]


def test_an_upgrade_cost_must_include_time(tidepool: Path) -> None:
    # R-WEAPON-2: every upgrade costs resources and time.
    spoil(tidepool, "weapons.toml", "cost = { metal = 1, time = 1 }", "cost = { metal = 1 }")
    spoil(tidepool, "weapons.toml", "{ wood = 1, time = 1 } }", "{ wood = 1 } }")
    _, found = read_upgrades(tidepool, "tidepool")
    assert [str(p) for p in found] == [
        f"{tidepool / 'weapons.toml'}:17: upgrade from 'base:knife': field `cost` has no "
        "`time`; crafting takes time (R-WEAPON-2)"
    ]
    assert problems(tidepool) == [
        f"{tidepool / 'weapons.toml'}:11: weapon 'tidepool:harpoon': field `cost` has no "
        "`time`; crafting takes time (R-WEAPON-2)"
    ]


def test_toml_lines_follow_every_kind_of_table_and_value() -> None:
    text = (
        "# [[monsters]] in a comment\n"
        'title = "a # and a ] in a string"\n'
        'multi = """\n'
        'quotes "inside" \\""" still\n'
        '"""\n'
        "[[monsters]]\n"
        'id = "a"\n'
        "table = [\n"
        '  { result = "MISS", effects = [\n'
        '    { kind = "lose", amounts = { se = 1 } },\n'
        "  ] },\n"
        '  { result = "HEAL" },\n'
        "]\n"
        "[monsters.trickery]\n"
        "cost.se = 1\n"
        "[[monsters.abilities]]\n"
        "'quoted key' = 1\n"
        "[[monsters]]\n"
        "[[monsters.abilities]]\n"
        "x = [1,\n"
        "  2]\n"
    )
    lines = toml_lines(text)
    assert lines[("title",)] == 2
    assert lines[("multi",)] == 3
    assert lines[("monsters", 0)] == 6
    assert lines[("monsters", 0, "table", 0, "effects", 0, "amounts", "se")] == 10
    assert lines[("monsters", 0, "table", 1, "result")] == 12
    assert lines[("monsters", 0, "trickery", "cost", "se")] == 15
    assert lines[("monsters", 0, "abilities", 0, "quoted key")] == 17
    assert lines[("monsters", 1)] == 18
    assert lines[("monsters", 1, "abilities", 0)] == 19
    assert lines[("monsters", 1, "abilities", 0, "x", 1)] == 21


def test_content_check_prints_the_line(tidepool: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spoil(tidepool, "monsters.toml", '"monster_heal", amount', '"monster_heal", amonut')
    assert main(["content", "check", str(tidepool)]) == 1
    assert capsys.readouterr().out == (
        f"{tidepool / 'monsters.toml'}:15: monster 'tidepool:crab': unknown key 'amonut' "
        "in table[4].effects[0] (did you mean 'amount'?)\n"
    )


def test_an_unknown_combat_result_lists_the_words(tidepool: Path) -> None:
    spoil(tidepool, "monsters.toml", '{ result = "HEAL"', '{ result = "HEALS"')
    assert problems(tidepool) == [
        f"{tidepool / 'monsters.toml'}:15: monster 'tidepool:crab': unknown combat result "
        "'HEALS'; expected one of MISS, WOUND, STEAL, DAZE, CONFUSE, DISARM, DEFEND, GAZE, "
        "WARN, THREATEN, HEAL, ROAR"
    ]
