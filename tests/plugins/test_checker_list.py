"""Issue #19's "content the checker accepts but should not", bullet by bullet: each is refused
by `unbroken content check` and as the plugin loads, at its file:line, with a fix; and an
ability can be made conditionally unavailable (`requires`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.core import actions as act
from unbroken.plugins import PluginWarning, load_plugins
from unbroken.testing import FolderPlugin, Scenario, write_pack

MOLE = """[[monsters]]
id = "mole"
name = "Giant Mole"
level = 1
number = 1
armor = 0
health = 4
text = "Blinking."
table = [{ result = "MISS" }, { result = "MISS" }, { result = "MISS" },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" }]
rewards = [{ kind = "gain_weapon", choices = ["base:club", "base:knife"] }]
"""
HOARD = """[[encounters]]
id = "hoard"
name = "Hoard"
group = "food"
time = 1
text = "Stolen things."
"""
SHEET = """[[characters]]
id = IDENT
name = "Digger"
cls = "base:sneak"
text = "Digs."
"""
LOOP = """[[weapons]]
id = "stick"
name = "Stick"
type = "basic"
text = "A stick."
attacks = [{ id = "poke", type = "wound", power = 1, cost = { se = 1 } }]
upgrades = [{ to = "base:club", cost = { wood = 1, time = 1 } }]

[[upgrades]]
from = "base:club"
to = "stick"
cost = { wood = 1, time = 1 }
"""

CASES = {
    "a second copy of one weapon": (
        "monsters.toml",
        MOLE.replace('"base:club", "base:knife"', '"base:club", "base:club"'),
        11,
        "monster 'bad:mole': `gain_weapon` offers 'base:club' twice; a weapon is held once "
        "(R-REWARD-2): remove one",
    ),
    "a weapon offer of nothing": (
        "monsters.toml",
        MOLE.replace('"base:club", "base:knife"', ""),
        11,
        "monster 'bad:mole': `gain_weapon` offers no weapon; name at least one in `choices`",
    ),
    "number 9 on a six-monster level": (
        "monsters.toml",
        MOLE.replace("number = 1", "number = 9"),
        2,
        "monster 'bad:mole' has number 9, but the other monsters of level 1 are numbered 1-6: "
        "number it 7 to join them, or 1-6 to replace one",
    ),
    "a negative amount": (
        "encounters.toml",
        HOARD + "gain = { food = -2 }\n",
        7,
        "encounter 'bad:hoard': field `gain` has a negative amount",
    ),
    "copies = -1": (
        "encounters.toml",
        HOARD + "copies = -1\n",
        7,
        "encounter 'bad:hoard': field `copies` must be 0-10",
    ),
    "copies = 1000000000": (
        "encounters.toml",
        HOARD + "copies = 1000000000\n",
        7,
        "encounter 'bad:hoard': field `copies` must be 0-10",
    ),
    "an id with a slash": (
        "characters.toml",
        SHEET.replace("IDENT", '"a/b"'),
        2,
        "a [[characters]] id 'a/b' is not allowed: an id is letters, digits, '-' and '_' "
        "(at most 64), like 'a-b'",
    ),
    "an id with ..": (
        "characters.toml",
        SHEET.replace("IDENT", '"../up"'),
        2,
        "a [[characters]] id '../up' is not allowed: an id is letters, digits, '-' and '_' "
        "(at most 64), like 'up'",
    ),
    "an id with a newline": (
        "characters.toml",
        SHEET.replace("IDENT", '"dig\\nger"'),
        2,
        "a [[characters]] id 'dig\\\\x0ager' is not allowed: an id is letters, digits, '-' "
        "and '_' (at most 64), like 'dig-ger'",
    ),
    "an id with a bidi control": (
        "characters.toml",
        SHEET.replace("IDENT", '"dig\\u202eger"'),
        2,
        '`id` holds a control character, escape sequence or bidi override ("dig\\u202eger"); '
        "content text must show as it is written",
    ),
    "an upgrade cycle": (
        "weapons.toml",
        LOOP,
        7,
        "weapon 'bad:stick' upgrades in a circle: 'bad:stick' -> 'base:club' -> 'bad:stick'; "
        "remove one of these upgrades",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_content_check_refuses_it_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    file, text, line, message = CASES[case]
    folder = write_pack(tmp_path / "bad", {file: text})
    assert main(["content", "check", str(folder), "--name", "bad"]) == 1
    out = capsys.readouterr().out
    assert f"{folder / file}:{line}: {message}\n" in out


@pytest.mark.parametrize("case", list(CASES))
def test_loading_refuses_it_at_its_line(tmp_path: Path, case: str) -> None:
    file, text, line, message = CASES[case]
    folder = write_pack(tmp_path / "bad", {file: text})
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "bad"], extra=[("bad", FolderPlugin(folder))])
    assert "bad" not in loaded.ruleset.plugins
    assert any(f"{folder / file}:{line}: {message}" in str(w.message) for w in caught)


def test_a_weapon_already_held_is_never_offered_again() -> None:
    """R-REWARD-2: the Mole's club-or-knife offer, with a club held, offers the knife alone."""
    game = Scenario("tomu").weapon("bare-hands", "club").start("preparation")
    from unbroken.core.effects import EFFECTS
    from unbroken.core.model import GainWeapon
    from unbroken.core.resolver import Resolver
    from unbroken.core.state import Queued

    run = Resolver(game.ruleset, game.state)
    effect = GainWeapon(["base:club", "base:knife"])
    EFFECTS[GainWeapon](run, effect, Queued(effect=effect, source="base:x"))
    assert game.state.choices == ["base:knife"]


SKILL = """[[skills]]
id = "sun-dance"
name = "Sun Dance"
text = "Only the blessed can dance it."

[[skills.abilities]]
id = "dance"
name = "Dance"
type = "action"
timing = "general"
text = "Gain 1 ME."
effects = [{ kind = "gain", amounts = { me = 1 } }]
requires = REQUIRES
"""


def dancing(tmp_path: Path, requires: str) -> FolderPlugin:
    text = SKILL.replace("REQUIRES", requires)
    return FolderPlugin(write_pack(tmp_path / "sun", {"skills.toml": text}))


def test_an_ability_can_be_made_conditionally_unavailable(tmp_path: Path) -> None:
    """`requires`: not offered (and said why) until what it needs holds."""
    plugin = dancing(tmp_path, '{ conditions = ["base:blessed"], levels = [1, 2] }')
    rules = load_plugins(["base", "sun"], extra=[("sun", plugin)]).ruleset
    dance = act.Use("sun:sun-dance", "dance")
    game = Scenario("tomu", ruleset=rules).skills("sun:sun-dance").start("preparation")
    assert dance not in game.legal_actions()
    assert (dance, "needs Blessed") in game.options()
    blessed = Scenario("tomu", ruleset=rules).skills("sun:sun-dance").condition("blessed")
    game = blessed.start("preparation")
    assert dance in game.legal_actions()
    me = game.state.res["me"]
    game.apply(dance)
    assert game.state.res["me"] == me + 1


def test_requires_naming_a_missing_card_or_level_is_refused_at_its_line(tmp_path: Path) -> None:
    plugin = dancing(tmp_path, '{ conditions = ["base:blesed"], levels = [5] }')
    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "sun"], extra=[("sun", plugin)])
    [warning] = caught
    assert (
        f"{tmp_path / 'sun' / 'skills.toml'}:13: skill 'sun:sun-dance': ability 'dance' requires "
        "levels [5]; levels are 1-4"
    ) in str(warning.message)
    plugin = dancing(tmp_path, '{ conditions = ["base:blesed"] }')
    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "sun"], extra=[("sun", plugin)])
    [warning] = caught
    assert str(warning.message).endswith(
        f"{tmp_path / 'sun' / 'skills.toml'}:13: skill 'sun:sun-dance' requires missing "
        "condition 'base:blesed' (did you mean 'base:blessed'?)"
    )
