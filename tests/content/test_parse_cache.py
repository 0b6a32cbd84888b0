"""The TOML parse cache never changes a result (issue #19: a date where text is expected
was an error on the first `content check` and "valid" on the second)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.content.files import parse_toml
from unbroken.testing import write_pack

SHEET = """\
[[characters]]
id = "digger"
name = NAME
cls = "sneak"
text = "Digs where the others walk."
"""


def checked(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["content", "check", str(folder), "--name", "burrow"])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", ["2024-01-01", "07:30:00", "1979-05-27T07:32:00Z", "inf", "nan"])
def test_a_value_json_cannot_keep_checks_the_same_every_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    folder = write_pack(tmp_path / "burrow", {"characters.toml": SHEET.replace("NAME", name)})
    first = checked(folder, capsys)
    assert first[0] == 1 and "is valid" not in first[1]
    assert checked(folder, capsys) == first  # the second time too: nothing cached wrongly


def test_a_plain_parse_is_cached_under_the_cache_dir_and_read_back_equal() -> None:
    text = SHEET.replace("NAME", '"Digger"')
    fresh = parse_toml(text)
    folder = Path(os.environ["UNBROKEN_CACHE_DIR"]) / "toml"
    [kept] = list(folder.glob("*.json"))
    assert parse_toml(text) == fresh
    kept.write_bytes(b'{"characters": []}')  # what is there is what is used...
    assert parse_toml(text) == {"characters": []}
    assert parse_toml(text + "\n") == fresh  # ...for that text only


def test_a_date_is_never_cached() -> None:
    parse_toml("when = 2024-01-01\n")
    assert not list((Path(os.environ["UNBROKEN_CACHE_DIR"]) / "toml").glob("*.json"))
