"""A verdict on each recording: ok, unfinished, failed at a line with why, or unreadable;
the file parsed once."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from unbroken.core.ruleset import Ruleset
from unbroken.replay import Verdict, VerdictKind, reader, verdict, verdicts


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_a_good_recording_is_ok_with_no_problem(recording: Path, ruleset: Ruleset) -> None:
    found = verdict(recording, ruleset)
    assert found == Verdict(recording, VerdictKind.OK)
    assert found.problem is None


def test_an_unfinished_recording_says_how_many_decisions_check_out(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    path = tmp_path / "unfinished.jsonl"
    path.write_bytes(b"".join(lines_of(recording)[:8]))  # header, setup, 6 decisions
    found = verdict(path, ruleset)
    assert (found.kind, found.decisions, found.over) == (VerdictKind.UNFINISHED, 6, False)
    assert found.problem == f"{path}: no footer: the game is unfinished (6 decisions recorded)"


def test_a_game_over_without_its_footer_is_unfinished_and_over(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    path = tmp_path / "no-footer.jsonl"
    path.write_bytes(b"".join(lines_of(recording)[:-1]))
    found = verdict(path, ruleset)
    assert found.kind == VerdictKind.UNFINISHED and found.over


def test_a_divergence_fails_at_its_line_with_the_reason(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    lines = lines_of(recording)
    data = msgspec.json.decode(lines[4])
    data["events"][0] = {"type": "rested", "card": "base:nowhere"}
    lines[4] = msgspec.json.encode(data) + b"\n"
    path = tmp_path / "edited.jsonl"
    path.write_bytes(b"".join(lines))
    found = verdict(path, ruleset)
    assert (found.kind, found.line) == (VerdictKind.FAILED, 5)
    assert found.reason.startswith("diverges at decision 3, event 1: expected")
    assert found.problem == f"{path}:5: {found.reason}"


def test_a_file_that_cannot_be_read_is_unreadable(ruleset: Ruleset, tmp_path: Path) -> None:
    found = verdict(tmp_path / "missing.jsonl", ruleset)
    assert found.kind == VerdictKind.UNREADABLE and found.line is None
    assert found.problem == f"{tmp_path / 'missing.jsonl'}: {found.reason}"


def test_a_file_is_parsed_once(
    recording: Path, ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A good file, an unfinished one and a diverging one: each read and parsed once.
    unfinished = tmp_path / "unfinished.jsonl"
    unfinished.write_bytes(b"".join(lines_of(recording)[:8]))
    lines = lines_of(recording)
    data = msgspec.json.decode(lines[4])
    data["events"][0] = {"type": "rested", "card": "base:nowhere"}
    lines[4] = msgspec.json.encode(data) + b"\n"
    diverging = tmp_path / "diverging.jsonl"
    diverging.write_bytes(b"".join(lines))
    parsed: list[Path | None] = []
    parse = reader.parse_recording

    def counting(data: bytes, path: Path | None = None, *args: object, **kw: bool) -> object:
        parsed.append(path)
        return parse(data, path, *args, **kw)  # type: ignore[arg-type]  # passed on as given

    monkeypatch.setattr("unbroken.replay.verify.parse_recording", counting)
    kinds = [v.kind for v in verdicts([recording, unfinished, diverging], ruleset)]
    assert kinds == [VerdictKind.OK, VerdictKind.UNFINISHED, VerdictKind.FAILED]
    assert parsed == [recording, unfinished, diverging]
