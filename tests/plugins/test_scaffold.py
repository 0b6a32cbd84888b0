"""`unbroken plugins new NAME`: the scaffold checks, loads, plays, passes its own test, and
matches the tutorial in docs/plugins.md byte for byte."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest

import unbroken
from unbroken import sim
from unbroken.cli.command import main
from unbroken.plugins import load_plugins
from unbroken.plugins.scaffold import new_plugin, plugin_files

#: The folder holding the `unbroken` package (src/ of the repository).
UNBROKEN_SRC = Path(unbroken.__file__).resolve().parent.parent
DOCS = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def unbroken_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m unbroken ARGS` in a fresh interpreter; return what it did."""
    return subprocess.run(
        [sys.executable, "-m", "unbroken", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )


@pytest.fixture
def imported() -> Iterator[list[str]]:
    """Collect package names imported from generated projects; forget them afterwards."""
    names: list[str] = []
    yield names
    for name in names:
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]


def import_generated(project: Path, package: str, imported: list[str]) -> ModuleType:
    """Import a generated plugin's package from its src/, without installing it."""
    src = str(project / "src")
    sys.path.insert(0, src)
    try:
        imported.append(package)
        return importlib.import_module(package)
    finally:
        sys.path.remove(src)


# --------------------------------------------------------------------------- what it writes


def test_new_writes_the_project_and_says_what_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plugins", "new", "my-mod", "--dir", str(tmp_path / "work")]) == 0
    root = tmp_path / "work" / "unbroken-my-mod"
    written = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert written == [
        "README.md",
        "pyproject.toml",
        "src/unbroken_my_mod/__init__.py",
        "src/unbroken_my_mod/content/monsters.toml",
        "tests/test_my_mod.py",
    ]
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    assert 'name = "unbroken-my-mod"' in pyproject
    assert 'my-mod = "unbroken_my_mod"' in pyproject
    assert 'dependencies = ["unbroken"]' in pyproject
    assert "docs/plugins.md" in (root / "README.md").read_text(encoding="utf-8")
    out = capsys.readouterr().out
    for line in written:
        assert f"  {line}\n" in out
    assert f"unbroken content check {root}" in out
    assert f"pip install -e {root}" in out
    assert f"pytest {root}" in out
    assert "unbroken --plugins my-mod sim" in out


@pytest.mark.parametrize("name", ["molehill", "my-mod"])
def test_content_check_passes_on_the_new_project(tmp_path: Path, name: str) -> None:
    project = new_plugin(name, tmp_path)
    done = unbroken_cli("content", "check", str(project))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"pack {name!r} is valid" in done.stdout
    assert re.search(r"^  monsters +1$", done.stdout, re.MULTILINE), done.stdout


@pytest.mark.parametrize("name", ["molehill", "my-mod"])
def test_the_new_plugin_loads_and_plays(tmp_path: Path, name: str, imported: list[str]) -> None:
    project = new_plugin(name, tmp_path)
    package = "unbroken_" + name.replace("-", "_")
    module = import_generated(project, package, imported)
    plugins = load_plugins([name], strict=[name], extra=[(name, module)])
    ruleset = plugins.ruleset
    assert ruleset.monsters_of_level(1)[1].id == f"{name}:mole"
    assert ruleset.monsters[f"{name}:mole"].name == "Giant Mole"
    assert ruleset.plugins[name] == "0.1.0"
    assert [rule.name for rule in plugins.scoring_rules] == [f"{name}:five"]
    for seed, character, difficulty in sim.schedule(ruleset, games=4, seed=7):
        game, result, _ = sim.play_one(ruleset, sim.random_bot, seed, character, difficulty)
        assert game.is_over
        expected = {f"{name}:five": 5} if result.won else {}
        assert plugins.alternative_scores(game.events, game.state) == expected


def test_the_generated_test_passes(tmp_path: Path) -> None:
    """Install the new project with pip (into a folder, not a venv), then run its own tests.

    `pip install --target` builds it with its backend (hatchling) and installs
    the package and its entry point as into a venv, in a few seconds; the
    game is this checkout's, on PYTHONPATH.
    """
    project = new_plugin("molehill", tmp_path / "work")
    site = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "--no-deps", "--no-input", "--quiet"]
    installed = subprocess.run(
        [*pip, "--disable-pip-version-check", "--target", str(site), str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if "No matching distribution found for hatchling" in installed.stderr:
        pytest.skip(f"pip cannot get the build backend here: {installed.stderr.strip()[-200:]}")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (site / "unbroken_molehill" / "content" / "monsters.toml").is_file()
    path = os.pathsep.join([str(site), str(UNBROKEN_SRC)])
    env = {**os.environ, "PYTHONPATH": path}
    env.pop("UNBROKEN_PLUGINS")  # the generated test names its plugins itself
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(project)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=project,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout
    # And the game plays with it, as the README says.
    played = unbroken_cli("--plugins", "molehill", "sim", "--games", "3", env=env)
    assert played.returncode == 0, played.stdout + played.stderr


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Base", "bad plugin name 'Base'"),
        ("base", "it is the base game's"),
        ("9x", "bad plugin name '9x'"),
        ("a b", "bad plugin name 'a b'"),
        ("mole-", "must end with a letter or a digit"),
        ("mole\n", "bad plugin name 'mole\\n'"),
        ("unearthed", "a plugin named 'unearthed' is already installed"),
    ],
)
def test_bad_names_are_refused_and_nothing_is_written(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    reason: str,
) -> None:
    installed = [metadata.EntryPoint("unearthed", "unbroken_unearthed", "unbroken")]
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: installed)
    target = tmp_path / "out"
    assert main(["plugins", "new", name, "--dir", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and reason in captured.err
    assert captured.err.startswith("unbroken: error: ")
    assert not target.exists()


def test_an_existing_folder_is_never_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "unbroken-molehill"
    root.mkdir()
    (root / "pyproject.toml").write_text("mine\n", encoding="utf-8")
    assert main(["plugins", "new", "molehill", "--dir", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"unbroken: error: {root} already exists; not overwriting it\n"
    assert [p.name for p in root.iterdir()] == ["pyproject.toml"]
    assert (root / "pyproject.toml").read_text(encoding="utf-8") == "mine\n"


def test_dir_is_only_for_new(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "list", "--dir", "somewhere"]) == 2
    assert "--dir is for `plugins new`" in capsys.readouterr().err


def test_a_dir_that_is_a_file_is_refused(tmp_path: Path) -> None:
    spot = tmp_path / "spot"
    spot.write_text("", encoding="utf-8")
    with pytest.raises(ValueError, match="is not a folder"):
        new_plugin("molehill", spot)


# --------------------------------------------------------------------------- the tutorial


def tutorial_block(docs: str, intro: str) -> str:
    """Return the code of the first fenced block after the line that holds `intro`."""
    start = docs.index(intro)
    match = re.compile(r"^```\w*\n(.*?)^```$", re.MULTILINE | re.DOTALL).search(docs, start)
    assert match is not None, f"no code block after {intro!r} in {DOCS}"
    return match.group(1)


@pytest.mark.parametrize(
    ("intro", "path"),
    [
        ("`pyproject.toml` — the entry point", "pyproject.toml"),
        (
            "`src/unbroken_molehill/content/monsters.toml`",
            "src/unbroken_molehill/content/monsters.toml",
        ),
        ("`src/unbroken_molehill/__init__.py`:", "src/unbroken_molehill/__init__.py"),
    ],
)
def test_the_tutorial_shows_what_new_writes(tmp_path: Path, intro: str, path: str) -> None:
    docs = DOCS.read_text(encoding="utf-8")
    block = tutorial_block(docs, intro)
    assert block == plugin_files("molehill")[path]
    written = new_plugin("molehill", tmp_path) / path
    assert written.read_bytes() == block.encode("utf-8")


def test_the_tutorial_says_new_writes_it() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    tutorial = docs[docs.index("## Tutorial") : docs.index("### 1. The package")]
    assert "`unbroken plugins new molehill`" in tutorial
