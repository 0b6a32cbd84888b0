"""`unbroken plugins new NAME`: write a ready-to-develop plugin project.

The templates are the tutorial's files in docs/plugins.md (the unbroken-molehill
example) with the plugin's name put in; a test keeps the two byte-identical.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from string import Template

from unbroken.plugins import config

#: What a plugin name may be: it is the entry point's name and the ids' namespace.
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_-]*$")

PYPROJECT = Template("""\
[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "unbroken-${name}"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = ["unbroken"]

[project.entry-points.unbroken]
${name} = "${package}"

[tool.hatch.build.targets.wheel]
packages = ["src/${package}"]
""")

README = Template("""\
# unbroken-${name}

An expansion for Unbroken, the terminal card game: the plugin `${name}` adds one
monster, the Giant Mole (level 1, die face 1), and a scoring rule, 5 points for a
win. `unbroken plugins new ${name}` wrote it; the game's guide to plugins,
docs/plugins.md ("Plugins: writing an expansion"), explains every part of it,
and docs/reference.md lists everything `unbroken.api` (the module it imports
from) offers.

Check it from source, before installing it:

    unbroken content check .

Install it into the game's environment while you work on it, then run its tests:

    pip install -e . pytest
    pytest

Play it with a bot, and measure its balance beside the base game:

    unbroken --plugins ${name} sim --games 100
    unbroken --plugins ${name} balance --games 500 --output BALANCE.md
""")

INIT = Template('''\
"""unbroken-${name}: an expansion for Unbroken."""

from __future__ import annotations

from pathlib import Path

from unbroken.api import GameOver, ScoringRule, hookimpl

__version__ = "0.1.0"


@hookimpl
def unbroken_content_packs() -> list[Path]:
    return [Path(__file__).parent / "content"]


def five_for_a_win(ruleset, events, state) -> int | None:
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    return 5 if over is not None and over.won else None  # None: does not apply


@hookimpl
def unbroken_scoring_rules() -> list[ScoringRule]:
    return [ScoringRule("five", "5 points for a win.", five_for_a_win)]
''')

MONSTERS = Template("""\
[[monsters]]
id = "mole"
name = "Giant Mole"
level = 1
number = 1
armor = 0
health = 4
text = "It surfaces under your feet, blinking and furious."
ambush = [{ kind = "lose", amounts = { se = 1 } }]
trickery = { cost = { food = 1 } }
table = [
  { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 1 } }] },
  { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 2 } }] },
  { result = "HEAL", effects = [{ kind = "monster_heal", amount = 1 }] },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 2 } }] },
]
rewards = [{ kind = "gain", amounts = { food = 1 } }]
""")

TEST = Template('''\
"""Tests of the ${name} plugin: run `pytest` once it is installed (`pip install -e .`)."""

from __future__ import annotations

import pytest

from unbroken.api import load_ruleset, play_one, random_bot, schedule

#: Name the plugins, so a broken ${name} is an error rather than a warning.
PLUGINS = "base,${name}"


def test_the_mole_is_on_face_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNBROKEN_PLUGINS", PLUGINS)
    assert load_ruleset().monsters_of_level(1)[1].id == "${name}:mole"


def test_games_with_the_plugin_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNBROKEN_PLUGINS", PLUGINS)
    ruleset = load_ruleset()
    assert "${name}" in ruleset.plugins
    for seed, character, difficulty in schedule(ruleset, games=5, seed=1):
        game, result, _ = play_one(ruleset, random_bot, seed, character, difficulty)
        assert game.is_over and result.decisions > 0
''')


def package_name(name: str) -> str:
    """Return the Python package of plugin `name`: `my-mod` -> `unbroken_my_mod`."""
    return "unbroken_" + name.replace("-", "_")


def check_name(name: str) -> None:
    """Raise ValueError, with a one-line reason, if `name` cannot name a new plugin."""
    if not NAME_PATTERN.fullmatch(name):
        raise ValueError(
            f"bad plugin name {name!r}: use lower-case letters, digits, '-' and '_', "
            "starting with a letter"
        )
    if name[-1] in "-_":
        raise ValueError(f"bad plugin name {name!r}: it must end with a letter or a digit")
    if name == config.BASE:
        raise ValueError(f"bad plugin name {name!r}: it is the base game's")
    installed = config.installed_names()
    if name in installed:
        raise ValueError(f"a plugin named {name!r} is already installed; choose another name")


def plugin_files(name: str) -> dict[str, str]:
    """Return the files of a new plugin project: {path inside it: text}."""
    package = package_name(name)
    values = {"name": name, "package": package}
    return {
        "pyproject.toml": PYPROJECT.substitute(values),
        "README.md": README.substitute(values),
        f"src/{package}/__init__.py": INIT.substitute(values),
        f"src/{package}/content/monsters.toml": MONSTERS.substitute(values),
        f"tests/test_{name.replace('-', '_')}.py": TEST.substitute(values),
    }


def new_plugin(name: str, directory: Path) -> Path:
    """Write the project of plugin `name` into `directory`/unbroken-`name`; return its folder.

    Raises ValueError with a one-line reason for a bad name, an existing
    folder, or a folder that cannot be written; nothing is ever overwritten,
    and a project half-written when the disk fails is removed.
    """
    check_name(name)
    root = directory / f"unbroken-{name}"
    if root.exists() or root.is_symlink():
        raise ValueError(f"{root} already exists; not overwriting it")
    if directory.exists() and not directory.is_dir():
        raise ValueError(f"{directory} is not a folder")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        root.mkdir()
    except FileExistsError:
        raise ValueError(f"{root} already exists; not overwriting it") from None
    except OSError as exc:
        raise ValueError(f"cannot create {root}: {exc.strerror or exc}") from None
    try:
        for relative, text in plugin_files(name).items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("x", encoding="utf-8", newline="\n") as out:
                out.write(text)
    except OSError as exc:
        shutil.rmtree(root, ignore_errors=True)
        raise ValueError(f"cannot write {root}: {exc.strerror or exc}") from None
    return root
