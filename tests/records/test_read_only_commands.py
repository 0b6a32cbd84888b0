"""`unbroken scores`, `scores export`, `stats` and `achievements` only read: without records they
say so and create nothing, neither the records file nor the data dir."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.records import open_records

READERS = [
    ["scores"],
    ["scores", "export", "--format", "csv"],
    ["scores", "export", "--format", "json"],
    ["stats"],
    ["stats", "--json"],
    ["achievements"],
    ["achievements", "--describe"],
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def same(text: str, data: Path) -> str:
    """Return the output without what differs between two runs: the folder, the time."""
    text = text.replace(str(data), "DATA")
    return re.sub(r'"exported": "[^"]*"', '"exported": "…"', text)


@pytest.mark.parametrize("argv", READERS)
def test_without_records_a_reader_says_what_empty_records_say_and_creates_nothing(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    open_records(empty / "records.sqlite3").close()  # records without a game
    expected = run(["--data-dir", str(empty), *argv], capsys)
    missing = tmp_path / "nonexistent" / "deep"
    status, out, err = run(["--data-dir", str(missing), *argv], capsys)
    assert (status, same(out, missing), err) == (
        expected[0],
        same(expected[1], empty),
        expected[2],
    )
    assert status == 0 and err == ""
    assert not (tmp_path / "nonexistent").exists()


def test_scores_without_records_names_where_they_would_be(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()  # the data dir exists (replays, say), the records file does not
    status, out, _ = run(["--data-dir", str(data), "scores"], capsys)
    assert (status, out) == (0, f"No games recorded yet (records: {data / 'records.sqlite3'}).\n")
    assert list(data.iterdir()) == []


def test_the_empty_achievement_sheet_is_shown_without_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["--data-dir", str(tmp_path / "none"), "achievements"], capsys)
    assert status == 0
    assert out.startswith("Achievement ") and "[x]" not in out.split("\n\n")[0]
    assert out.endswith(" earned ([x] earned, [ ] not yet).\n")
    assert "\n0 of " in out
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize("argv", READERS)
def test_a_file_on_the_way_to_the_data_dir_is_still_named(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    status, out, err = run(["--data-dir", str(afile / "sub"), *argv], capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"unbroken: error: cannot create data dir {afile / 'sub'}: {afile} is a file, "
        "not a folder (set by UNBROKEN_DATA_DIR or --data-dir)\n"
    )
    assert afile.read_text() == "x"


def test_export_to_a_file_without_records_writes_only_that_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "games.csv"
    argv = ["--data-dir", str(tmp_path / "none"), "scores", "export", "--format", "csv"]
    status, out, _ = run([*argv, "--output", str(report)], capsys)
    assert (status, out) == (0, f"0 games written to {report}\n")
    assert report.read_text(encoding="utf-8").startswith("id,started,finished,")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]
