"""A plugin that calls sys.exit() — at import or in a hook — is named and skipped;
the game goes on (issue #19: every command exited 3 with no message)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from installed import install_package

from unbroken import hookimpl
from unbroken.cli.command import main
from unbroken.plugins import PluginWarning, load_plugins
from unbroken.testing import FolderPlugin, write_pack


@pytest.fixture
def exiting_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install unbroken-quitter 0.1.0 (plugin `quitter`), whose import calls sys.exit(3)."""
    site = tmp_path / "site"
    source = '"""Quits."""\nimport sys\n\nsys.exit(3)\n'
    module = install_package(site, "quitter", "0.1.0", source)
    monkeypatch.syspath_prepend(str(site))
    yield module
    sys.modules.pop("unbroken_quitter", None)


def test_sys_exit_at_import_is_named_and_skipped(exiting_package: Path) -> None:
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "quitter"])
    assert [str(w.message) for w in caught] == [
        "plugin 'quitter' (unbroken-quitter (entry point)) failed to load: SystemExit: 3 "
        "(__init__.py:4)"
    ]
    assert "quitter" not in loaded.ruleset.plugins


def test_the_plugins_list_still_works(
    exiting_package: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("UNBROKEN_PLUGINS")
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "quitter 0.1.0" in out and "failed to load: SystemExit: 3" in out


class Quitter(FolderPlugin):
    @hookimpl
    def unbroken_content_packs(self) -> list[Path]:
        sys.exit(3)


def test_sys_exit_in_a_hook_is_named_and_skipped(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "quit", {})
    with pytest.warns(PluginWarning) as caught:
        loaded = load_plugins(["base", "quit"], extra=[("quit", Quitter(folder))])
    [warning] = caught
    assert str(warning.message).startswith(
        "plugin 'quit': unbroken_content_packs raised SystemExit: 3"
    )
    assert "quit" not in loaded.ruleset.plugins


class OneString(FolderPlugin):
    @hookimpl
    # The wrong answer on purpose: a folder, not a list of them.
    def unbroken_content_packs(self) -> str:  # type: ignore[override]
        return str(self.folder)


def test_a_content_hook_returning_a_string_is_one_clear_problem(tmp_path: Path) -> None:
    # Issue #19: each character of the string was a "content folder does not exist".
    folder = write_pack(tmp_path / "one", {})
    with pytest.warns(PluginWarning) as caught:
        load_plugins(["base", "one"], extra=[("one", OneString(folder))])
    assert [str(w.message) for w in caught] == [
        "plugin 'one': unbroken_content_packs returned an unusable str (TypeError: expected "
        "a list of folders, e.g. [Path(__file__).parent / 'content'])"
    ]


class Watcher(FolderPlugin):
    @hookimpl
    def unbroken_content_packs(self) -> list[Path]:
        return []  # no cards: an observer only

    @hookimpl
    def unbroken_game_event(self, event: object) -> None:
        """Count nothing; only be listed."""


def test_the_plugins_listing_names_observers_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from unbroken.cli import plugins as command

    loaded = load_plugins(
        ["base", "watch"], extra=[("watch", Watcher(write_pack(tmp_path / "w", {})))]
    )
    [info] = [i for i in loaded.infos if i.name == "watch"]
    assert info.observers == [f"{__name__}.Watcher.unbroken_game_event"]
    row = {
        "name": "watch", "version": "0.1.0", "origin": "test", "enabled": True, "adds": {},
        "scoring_rules": [], "handlers": [], "achievements": [], "bots": [],
        "observers": info.observers, "problem": "",
    }  # fmt: skip
    monkeypatch.setattr(command, "_rows", lambda: [row])
    assert command._list(as_json=False) == 0
    assert f"    observers: {__name__}.Watcher.unbroken_game_event" in capsys.readouterr().out
