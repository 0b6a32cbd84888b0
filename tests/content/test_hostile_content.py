"""Content files that tracebacked `content check` (issue #17, case 7): deep nesting, not UTF-8.

Each is one problem naming the file and line, from `content check` and when a
plugin's pack is loaded (a warning that names the file, not a bare error).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.content import read_pack
from unbroken.content.files import MAX_DEPTH, too_deep_line
from unbroken.plugins import PluginWarning, load_plugins
from unbroken.testing import FolderPlugin

DEEP = f"tables and arrays nested more than {MAX_DEPTH} levels deep (the limit)"


def check(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["content", "check", str(folder)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out + out.err


def deep_pack(folder: Path) -> Path:
    folder.mkdir()
    (folder / "deep.toml").write_text(
        '# a pack\n[[monsters]]\nid = "x"\nextra = ' + "[" * 1000 + "]" * 1000 + "\n"
    )
    return folder


def latin1_pack(folder: Path) -> Path:
    folder.mkdir()
    (folder / "cards.toml").write_bytes(b'[[monsters]]\nid = "caf\xe9"\n')
    return folder


def test_content_check_names_a_deeply_nested_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = deep_pack(tmp_path / "deep")
    status, out = check(pack, capsys)
    assert status == 1
    assert f"{pack / 'deep.toml'}:4: {DEEP}\n" in out


def test_content_check_names_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = latin1_pack(tmp_path / "latin1")
    status, out = check(pack, capsys)
    assert status == 1
    message = "not UTF-8 text (byte 0xe9 at column 10); save the file as UTF-8"
    assert f"{pack / 'cards.toml'}:2: {message}\n" in out


def test_dotted_keys_nested_past_the_limit_are_named(tmp_path: Path) -> None:
    (tmp_path / "dots.toml").write_text("[settings]\n" + "a" + ".a" * 3000 + " = 1\n")
    pack, problems = read_pack(tmp_path, "dots")
    assert pack is None
    assert [str(p) for p in problems] == [f"{tmp_path / 'dots.toml'}:2: {DEEP}"]


def test_a_fifo_toml_is_refused_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    _, problems = read_pack(tmp_path, "pipe")
    assert [str(p) for p in problems] == [
        f"{tmp_path / 'pipe.toml'}: not a content file: this is a named pipe (FIFO), "
        "not a regular file"
    ]


def test_brackets_in_strings_and_comments_do_not_count() -> None:
    assert too_deep_line('a = "' + "[" * 100 + '"\n# ' + "{" * 100 + "\n") == 0
    assert too_deep_line("a = " + "[" * 65 + "]" * 65 + "\n") == 1


@pytest.mark.parametrize("make", [deep_pack, latin1_pack])
def test_a_plugin_with_such_a_pack_is_skipped_with_a_warning_naming_the_file(
    make: Callable[[Path], Path], tmp_path: Path
) -> None:
    pack = make(tmp_path / "pack")
    with pytest.warns(PluginWarning) as warned:
        plugins = load_plugins(["base", "bad"], extra=[("bad", FolderPlugin(pack))])
    assert "bad" not in plugins.ruleset.plugins
    [warning] = [str(w.message) for w in warned]
    assert "plugin 'bad'" in warning
    name = "deep.toml:4" if make is deep_pack else "cards.toml:2"
    assert str(pack / name) in warning


def test_a_card_name_with_an_escape_sequence_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Shown on the game screen it would retitle the window (case 3): content must be printable."""
    tmp_path.joinpath("pack").mkdir()
    (tmp_path / "pack" / "m.toml").write_text(
        '[[monsters]]\nid = "evil"\nname = "\\u001b]0;pwned\\u0007Evil"\ntext = "two\\nlines"\n'
    )
    status, out = check(tmp_path / "pack", capsys)
    assert status == 1
    assert out == (
        f"{tmp_path / 'pack' / 'm.toml'}:3: `name` holds a control character, escape sequence "
        'or bidi override ("\\x1b]0;pwned\\x07Evil"); content text must show as it is written\n'
    )


def test_a_starting_weapon_that_is_not_text_is_a_problem_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by bench/fuzz.py: `starting_weapon = 0` raised TypeError in content check."""
    from unbroken.content import base_content_dir

    pack = tmp_path / "pack"
    pack.mkdir()
    for source in base_content_dir().glob("*.toml"):
        text = source.read_text(encoding="utf-8")
        if source.name == "settings.toml":
            lines = text.splitlines(keepends=True)
            at = next(i for i, line in enumerate(lines) if line.startswith("starting_weapon"))
            lines[at] = "starting_weapon = 0\n"
            text = "".join(lines)
            number = at + 1
        (pack / source.name).write_text(text, encoding="utf-8")
    status, out = check(pack, capsys)
    assert (status, out) == (
        1,
        f"{pack / 'settings.toml'}:{number}: settings: Expected `str`, got `int` - "
        "at `$.starting_weapon`\n",
    )
