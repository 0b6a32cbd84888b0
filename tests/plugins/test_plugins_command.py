"""`unbroken plugins`: listing, --json, enable/disable, install/uninstall through pip."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from unbroken import __version__
from unbroken.cli.command import main
from unbroken.plugins import config_file, disabled_plugins, set_enabled


@dataclass
class Installed:
    """An installed `unbroken` entry point `name` of distribution `dist` (never loaded here)."""

    name: str
    dist: Any
    value: str = "not_imported"


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend `tidepool` (unbroken-tidepool) and `pebbles` (Unbroken_Pebbles) are installed."""
    points = [
        Installed("pebbles", SimpleNamespace(name="Unbroken_Pebbles", version="0.2")),
        Installed("tidepool", SimpleNamespace(name="unbroken-tidepool", version="0.1")),
    ]
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: points)


@pytest.fixture
def pip_calls(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Record the pip command lines `unbroken plugins` would run, without running them."""
    calls: list[list[str]] = []

    def call(command: list[str], **kwargs: Any) -> int:
        calls.append(command)
        return 0

    monkeypatch.setattr("subprocess.call", call)
    return calls


def test_list_shows_the_base_game_and_what_it_adds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"base {__version__}  [on]  built-in")
    assert "24 monsters" in out
    # 80 columns: what it adds wraps under the text after "adds:", not under the label.
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[1].startswith("    adds: 4 classes, ") and lines[2].startswith(" " * 10)


def test_list_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    base = rows[0]
    assert base["name"] == "base" and base["enabled"] is True
    assert base["adds"]["classes"] == 4
    assert set(base) >= {"version", "origin", "scoring_rules", "handlers", "problem"}


def test_enable_needs_an_installed_plugin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "enable", "nowhere"]) == 2
    assert "plugin 'nowhere' is not installed" in capsys.readouterr().err


@pytest.mark.usefixtures("installed")
def test_disable_persists_and_base_cannot_be_disabled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["plugins", "disable", "tidepool"]) == 0
    assert disabled_plugins() == ["tidepool"]
    assert main(["plugins", "disable", "base"]) == 2
    assert "cannot be disabled" in capsys.readouterr().err


@pytest.mark.usefixtures("installed")
def test_disable_needs_an_installed_plugin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "disable", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert (
        err == "unbroken: error: plugin 'nosuch' is not installed; installed: pebbles, tidepool\n"
    )
    assert not config_file().exists()


@pytest.mark.usefixtures("installed")
def test_a_disabled_plugin_since_uninstalled_can_still_be_taken_off_the_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    set_enabled("gone", False)
    assert main(["plugins", "disable", "gone"]) == 0  # already listed: no error
    assert disabled_plugins() == ["gone"]
    assert main(["plugins", "enable", "gone"]) == 0
    assert disabled_plugins() == []
    assert "plugin 'gone' is not installed; taken off the disabled list." in capsys.readouterr().out


def test_a_name_is_needed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "install"]) == 2
    assert "needs a plugin name" in capsys.readouterr().err


@pytest.mark.usefixtures("installed")
@pytest.mark.parametrize(
    ("argv", "tail"),
    [
        (["install", "./plugins/unbroken-unearthed"], ["install", "./plugins/unbroken-unearthed"]),
        # uninstall takes the plugin's name, and pip gets its distribution's.
        (["uninstall", "tidepool"], ["uninstall", "--yes", "unbroken-tidepool"]),
        (["uninstall", "pebbles"], ["uninstall", "--yes", "Unbroken_Pebbles"]),
        # The distribution's own name works too, spelt as pip would accept it.
        (["uninstall", "unbroken-tidepool"], ["uninstall", "--yes", "unbroken-tidepool"]),
        (["uninstall", "unbroken-pebbles"], ["uninstall", "--yes", "Unbroken_Pebbles"]),
    ],
)
def test_install_and_uninstall_run_pip_in_the_games_interpreter(
    pip_calls: list[list[str]], argv: list[str], tail: list[str]
) -> None:
    assert main(["plugins", *argv]) == 0
    assert pip_calls == [[sys.executable, "-m", "pip", *tail]]


@pytest.mark.usefixtures("installed")
@pytest.mark.parametrize(
    ("name", "error"),
    [
        (
            "nosuch",
            "plugin 'nosuch' is not installed; installed: "
            "pebbles (Unbroken_Pebbles), tidepool (unbroken-tidepool)",
        ),
        ("base", "'base' is the base game, built into unbroken: it cannot be uninstalled"),
        ("unbroken", "'unbroken' is the base game, built into unbroken: it cannot be uninstalled"),
    ],
)
def test_uninstall_of_an_unknown_name_or_the_base_game_is_refused_without_pip(
    pip_calls: list[list[str]], capsys: pytest.CaptureFixture[str], name: str, error: str
) -> None:
    assert main(["plugins", "uninstall", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"unbroken: error: {error}") and len(err.splitlines()) == 1
    assert pip_calls == []


def test_uninstall_of_a_name_two_distributions_give_asks_which(
    monkeypatch: pytest.MonkeyPatch, pip_calls: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    points = [
        Installed("tidepool", SimpleNamespace(name="unbroken-tidetwo", version="0.1")),
        Installed("tidepool", SimpleNamespace(name="unbroken-tidepool", version="0.1")),
    ]
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: points)
    assert main(["plugins", "uninstall", "tidepool"]) == 2
    assert capsys.readouterr().err == (
        "unbroken: error: plugin 'tidepool' is given by unbroken-tidepool and unbroken-tidetwo; "
        "name the distribution to uninstall\n"
    )
    assert main(["plugins", "uninstall", "unbroken-tidetwo"]) == 0
    assert pip_calls == [[sys.executable, "-m", "pip", "uninstall", "--yes", "unbroken-tidetwo"]]


def test_plugins_option_names_the_plugins_for_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--plugins", "nowhere", "sim", "--games", "1"]) == 2
    assert "plugin 'nowhere' is not installed" in capsys.readouterr().err


@pytest.fixture
def under_pipx(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """The game running in a pipx venv (its metadata beside the prefix), pipx on PATH."""
    (tmp_path / "pipx_metadata.json").write_text(
        json.dumps({"main_package": {"package": "unbroken"}, "pipx_metadata_version": "0.5"})
    )
    monkeypatch.setattr("sys.prefix", str(tmp_path))
    pipx = "/opt/pipx/bin/pipx"
    monkeypatch.setattr("shutil.which", lambda name: pipx if name == "pipx" else None)
    return pipx


@pytest.mark.usefixtures("installed")
def test_under_pipx_plugins_are_injected_so_pipx_keeps_them(
    pip_calls: list[list[str]], under_pipx: str
) -> None:
    # #31: pip-installed plugins were invisible to `pipx list --include-injected` and lost
    # by `pipx reinstall unbroken`.
    assert main(["plugins", "install", "./plugins/unbroken-unearthed"]) == 0
    assert main(["plugins", "uninstall", "tidepool"]) == 0
    assert pip_calls == [
        [under_pipx, "inject", "unbroken", "./plugins/unbroken-unearthed"],
        [under_pipx, "uninject", "unbroken", "unbroken-tidepool"],
    ]


def test_under_pipx_without_pipx_on_path_says_what_to_run(
    pip_calls: list[list[str]],
    under_pipx: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("unbroken.plugins.installer.source_tree", lambda: None)
    assert main(["plugins", "install", "unbroken-unearthed"]) == 2
    err = capsys.readouterr().err
    assert "pipx is not on PATH: run `pipx inject unbroken unbroken-unearthed`" in err
    assert pip_calls == []


def test_a_bare_name_installs_the_expansion_from_the_games_source(
    pip_calls: list[list[str]],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Playtest round 4: `plugins install gauntlet` installed an unrelated `gauntlet`
    # package from the index; the game's own expansion is in its source's plugins/.
    folder = tmp_path / "plugins" / "unbroken-gauntlet"
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text("[project]\nname = 'unbroken-gauntlet'\n")
    monkeypatch.setattr("unbroken.plugins.installer.source_tree", lambda: tmp_path)
    for name in ("gauntlet", "unbroken-gauntlet", "Unbroken_Gauntlet"):
        assert main(["plugins", "install", name]) == 0
        assert f"installing unbroken-gauntlet from {folder}" in capsys.readouterr().out
    assert pip_calls == [[sys.executable, "-m", "pip", "install", str(folder)]] * 3


def test_a_bare_name_without_the_source_is_looked_up_as_unbroken_name(
    pip_calls: list[list[str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("unbroken.plugins.installer.source_tree", lambda: None)
    assert main(["plugins", "install", "gauntlet"]) == 0
    assert "installing unbroken-gauntlet (plugins are published as unbroken-NAME)" in (
        capsys.readouterr().out
    )
    assert pip_calls == [[sys.executable, "-m", "pip", "install", "unbroken-gauntlet"]]


def test_a_name_the_index_has_not_says_where_the_expansions_are(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("unbroken.plugins.installer.source_tree", lambda: None)
    monkeypatch.setattr("subprocess.call", lambda command, **kwargs: 1)
    assert main(["plugins", "install", "gauntlet"]) == 1
    out = capsys.readouterr().out
    assert "unbroken-gauntlet could not be installed" in out
    assert "`unbroken plugins install PATH/plugins/unbroken-NAME`" in out


def test_what_an_install_added_that_gives_no_plugin_is_uninstalled_again(
    pip_calls: list[list[str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = iter(
        [
            {"textual": ("6.0", False)},
            {"textual": ("6.0", False), "unbroken-gauntlet": ("0.1.0", False)},
        ]
    )
    monkeypatch.setattr("unbroken.plugins.installer.source_tree", lambda: None)
    monkeypatch.setattr("unbroken.plugins.installer.distributions", lambda: next(seen))
    assert main(["plugins", "install", "gauntlet"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "unbroken: error: unbroken-gauntlet is not an Unbroken plugin (it gives no `unbroken` "
        "entry point): uninstalled it again\n"
    )
    assert pip_calls == [
        [sys.executable, "-m", "pip", "install", "unbroken-gauntlet"],
        [sys.executable, "-m", "pip", "uninstall", "--yes", "unbroken-gauntlet"],
    ]


def test_an_install_that_gives_a_plugin_or_changes_nothing_is_kept() -> None:
    from unbroken.plugins.installer import not_plugins

    before = {"textual": ("6.0", False)}
    assert not_plugins(before, {**before, "unbroken-x": ("1", True), "dep": ("2", False)}) == []
    assert not_plugins(before, before) == []  # installed already
    assert not_plugins(before, {"textual": ("6.1", False), "dep": ("2", False)}) == ["dep"]
