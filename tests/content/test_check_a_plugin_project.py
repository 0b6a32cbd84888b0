"""`unbroken content check PROJECT` on a project made by `unbroken plugins new`.

As an expansion's author works on it: installed too (`pip install -e`), and
with the game version it needs written in its pyproject.toml.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from unbroken import __version__, plugins
from unbroken.cli.command import main
from unbroken.plugins.scaffold import new_plugin

SHEET = """\
[[characters]]
id = "digger"
name = "Digger"
cls = "sneak"
text = "Digs where the others walk."
"""


@pytest.fixture
def burrow(tmp_path: Path) -> Iterator[Path]:
    """Return the folder of a new plugin project `burrow`; forget its modules afterwards."""
    yield new_plugin("burrow", tmp_path)
    for name in [m for m in sys.modules if m.split(".")[0] == "unbroken_burrow"]:
        del sys.modules[name]
    plugins._load_cached.cache_clear()


def content(project: Path) -> Path:
    return project / "src" / "unbroken_burrow" / "content"


def test_the_new_project_checks_clean(burrow: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check", str(burrow)]) == 0
    assert "pack 'burrow' is valid" in capsys.readouterr().out


def test_a_project_also_installed_tells_each_problem_once(
    burrow: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    recwarn: pytest.WarningsRecorder,
) -> None:
    # Installed as `pip install -e` leaves it: an entry point importing the same source.
    monkeypatch.syspath_prepend(str(burrow / "src"))
    installed = metadata.EntryPoint("burrow", "unbroken_burrow", "unbroken")
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: [installed])
    monkeypatch.delenv("UNBROKEN_PLUGINS")  # every installed plugin is on, as for a player
    plugins._load_cached.cache_clear()
    (content(burrow) / "characters.toml").write_text(SHEET, encoding="utf-8")
    assert main(["content", "check", str(burrow)]) == 1
    assert capsys.readouterr().out == (
        f"{content(burrow) / 'characters.toml'}:4: character 'burrow:digger' names missing "
        "class 'burrow:sneak' (did you mean 'base:sneak'?)\n"
    )
    # Not again as a warning that the installed copy is skipped.
    assert [str(w.message) for w in recwarn if issubclass(w.category, plugins.PluginWarning)] == []


def test_a_project_needing_a_newer_game_is_a_problem_at_its_line(
    burrow: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pyproject = burrow / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    assert 'dependencies = ["unbroken"]' in text
    pyproject.write_text(
        text.replace('dependencies = ["unbroken"]', 'dependencies = [\n  "unbroken>=99",\n]'),
        encoding="utf-8",
    )
    line = pyproject.read_text(encoding="utf-8").splitlines().index('  "unbroken>=99",') + 1
    assert main(["content", "check", str(burrow)]) == 1
    # In the words of the plugin host, which would skip it once installed.
    assert capsys.readouterr().out == (
        f"{pyproject}:{line}: plugin 'burrow' (unbroken-burrow (project)): unbroken-burrow "
        f"0.1.0 needs unbroken>=99, this is unbroken {__version__}; upgrade unbroken or "
        "install an older unbroken-burrow\n"
    )


@pytest.mark.parametrize(
    "dependencies",
    [
        '["unbroken>=0.1", "msgspec"]',
        '["unbroken>=99; python_version < \\"3\\""]',  # a marker that does not hold here
        '["unbroken-extras>=99"]',  # another distribution
    ],
)
def test_a_requirement_the_game_meets_is_no_problem(
    burrow: Path, capsys: pytest.CaptureFixture[str], dependencies: str
) -> None:
    pyproject = burrow / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    pyproject.write_text(
        text.replace('dependencies = ["unbroken"]', f"dependencies = {dependencies}"),
        encoding="utf-8",
    )
    assert main(["content", "check", str(burrow)]) == 0
    assert "pack 'burrow' is valid" in capsys.readouterr().out
