"""`unbroken plugins`: listing, --json, enable/disable, install/uninstall through pip."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from unbroken.cli import main
from unbroken.plugins import disabled_plugins


def test_list_shows_the_base_game_and_what_it_adds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("base 0.1.0  [on]  built-in")
    assert "24 monsters" in out


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


def test_disable_persists_and_base_cannot_be_disabled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["plugins", "disable", "someday"]) == 0
    assert disabled_plugins() == ["someday"]
    assert main(["plugins", "disable", "base"]) == 2
    assert "cannot be disabled" in capsys.readouterr().err


def test_a_name_is_needed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "install"]) == 2
    assert "needs a plugin name" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "tail"),
    [
        (["install", "./plugins/unbroken-unearthed"], ["install", "./plugins/unbroken-unearthed"]),
        (["uninstall", "unbroken-unearthed"], ["uninstall", "--yes", "unbroken-unearthed"]),
    ],
)
def test_install_and_uninstall_run_pip_in_the_games_interpreter(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], tail: list[str]
) -> None:
    calls: list[list[str]] = []

    def call(command: list[str], **kwargs: Any) -> int:
        calls.append(command)
        return 0

    monkeypatch.setattr("subprocess.call", call)
    assert main(["plugins", *argv]) == 0
    assert calls == [[sys.executable, "-m", "pip", *tail]]


def test_plugins_option_names_the_plugins_for_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--plugins", "nowhere", "sim", "--games", "1"]) == 2
    assert "plugin 'nowhere' is not installed" in capsys.readouterr().err
