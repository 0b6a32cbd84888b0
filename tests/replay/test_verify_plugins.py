"""Verify re-runs a recording with the plugins it was made with, when they are installed
at the recorded versions and no plugins were named for the run (`--plugins`): a folder of
games from before and after installing a plugin verifies in one command."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.plugins import load_plugins
from unbroken.replay import verify_file
from unbroken.sim import record_game

PLUGIN = """
from pathlib import Path

from unbroken.testing import FolderPlugin

plugin = FolderPlugin(Path(__file__).parent / "moles")
"""


@pytest.fixture
def moles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An installed plugin 'moles' (an empty pack), on and not restricted by UNBROKEN_PLUGINS."""
    (tmp_path / "moles").mkdir()
    (tmp_path / "moles" / "cards.toml").write_text("", encoding="utf-8")
    (tmp_path / "verify_moles_plugin.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    point = metadata.EntryPoint("moles", "verify_moles_plugin:plugin", "unbroken")
    monkeypatch.setattr("unbroken.plugins.config.installed_entry_points", lambda: [point])
    monkeypatch.delenv("UNBROKEN_PLUGINS")
    yield
    sys.modules.pop("verify_moles_plugin", None)


@pytest.mark.usefixtures("moles")
def test_recordings_with_and_without_an_installed_plugin_verify_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base_only = load_plugins(["base"]).ruleset
    with_moles = load_plugins(None).ruleset
    assert set(with_moles.plugins) == {"base", "moles"}
    folder = tmp_path / "replays"
    before = record_game(base_only, "tomu", "easy", 3, "greedy", folder)
    after = record_game(with_moles, "niola", "normal", 4, "greedy", folder)
    assert verify_file(before, with_moles) is None
    assert verify_file(after, base_only) is None
    assert main(["verify", str(folder)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 OK, 0 failed"


@pytest.mark.usefixtures("moles")
def test_with_plugins_named_for_the_run_verify_uses_those_and_says_what_differs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_moles = load_plugins(None).ruleset
    path = record_game(with_moles, "niola", "normal", 4, "greedy", tmp_path / "replays")
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base")
    problem = verify_file(path, load_plugins(["base"]).ruleset)
    assert problem is not None
    assert problem.endswith(
        ":1: recorded with other plugins: plugin 'moles' ? was used but is left out by "
        "--plugins / UNBROKEN_PLUGINS here"
    )


@pytest.mark.usefixtures("moles")
def test_a_recorded_plugin_at_another_version_is_named_not_loaded(tmp_path: Path) -> None:
    base_only = load_plugins(["base"]).ruleset
    path = record_game(base_only, "tomu", "easy", 3, "greedy", tmp_path / "replays")
    lines = path.read_bytes()
    import gzip

    text = gzip.decompress(lines).replace(
        b'"plugins":{"base":', b'"plugins":{"moles":"9.9","base":', 1
    )
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(text)
    problem = verify_file(edited, base_only)
    assert problem is not None
    assert ":1: recorded with other plugins: plugin 'moles' was 9.9, here it is ?" in problem


@pytest.mark.usefixtures("moles")
def test_a_plugin_at_another_version_says_how_to_get_the_recorded_one(tmp_path: Path) -> None:
    # #28 round 17: Unearthed 0.5.0 refused a 0.4.0 game, naming both versions but not
    # how to get 0.4.0 back; the recording names the package that brought the plugin.
    with_moles = load_plugins(None).ruleset
    path = record_game(with_moles, "niola", "normal", 4, "greedy", tmp_path / "replays")
    import gzip

    here = with_moles.plugins["moles"]
    header, rest = gzip.decompress(path.read_bytes()).split(b"\n", 1)
    header = header.replace(f'"moles":"{here}"'.encode(), b'"moles":"0.0.1"', 1)
    header = header[:-1] + b',"packages":{"moles":"unbroken-moles"}}'
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(header + b"\n" + rest)
    problem = verify_file(edited, with_moles)
    assert problem is not None
    assert (
        f"plugin 'moles' was 0.0.1, here it is {here} "
        "(to replay it: pip install unbroken-moles==0.0.1)"
    ) in problem, problem
