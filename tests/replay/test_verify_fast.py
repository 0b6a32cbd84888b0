"""Verify compares a decision's recorded events as bytes, and decodes them only when they differ."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import msgspec
import pytest

from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.replay import (
    Recording,
    ReplayError,
    parse_recording,
    read_recording,
    replay,
    unpack,
    verify_file,
)
from unbroken.replay import verify as verify_module
from unbroken.replay.codec import encode


def lines_of(path: Path) -> list[bytes]:
    return unpack(path.read_bytes()).splitlines(keepends=True)


def write(tmp_path: Path, lines: list[bytes], name: str = "edited.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"".join(lines))
    return path


def with_footer_digest(lines: list[bytes]) -> list[bytes]:
    """Return `lines` with the footer's log digest made to match the lines before it."""
    footer = msgspec.json.decode(lines[-1])
    footer["digest"] = hashlib.sha256(b"".join(lines[:-1])).hexdigest()
    return [*lines[:-1], msgspec.json.encode(footer) + b"\n"]


def reformat(line: bytes) -> bytes:
    """The same JSON value with other whitespace and keys in another order."""
    value = json.loads(line)
    return json.dumps(value, indent=None, separators=(", ", " : "), sort_keys=True).encode() + b"\n"


@pytest.mark.parametrize("fixture", ["recording", "compressed"])
def test_a_file_the_recorder_wrote_holds_the_engines_encoded_events(
    fixture: str, ruleset: Ruleset, request: pytest.FixtureRequest
) -> None:
    # The property the fast path relies on: each decision's events in the file
    # are byte for byte `encode(events)` of what the engine produces.
    path: Path = request.getfixturevalue(fixture)
    rec = parse_recording(path.read_bytes(), path, raw_events=True)
    assert rec.raw is not None and rec.decisions == []
    h = rec.header
    game = Game.new(ruleset, h.character, h.difficulty, h.seed, h.options)
    for decision in rec.raw:
        assert bytes(decision.events) == encode(game.apply(decision.action))
    assert rec.footer is not None
    assert len(rec.raw) == len(read_recording(path).decisions) == rec.footer.decisions


@pytest.mark.parametrize("fixture", ["recording", "compressed"])
def test_a_good_recording_verifies_without_decoding_any_decision_events(
    fixture: str, ruleset: Ruleset, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("decoded the events of a decision that matched")

    monkeypatch.setattr(verify_module, "_raw_events", refuse)
    assert verify_file(request.getfixturevalue(fixture), ruleset) is None


def test_a_reformatted_but_equal_decision_line_only_breaks_the_log_digest(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    lines = lines_of(recording)
    lines[4] = reformat(lines[4])
    assert lines[4] != lines_of(recording)[4]
    problem = verify_file(write(tmp_path, lines), ruleset)
    assert problem is not None and "the log digest differs: the file was edited" in problem
    assert "diverges" not in problem


def test_a_reformatted_line_with_a_matching_log_digest_verifies(
    recording: Path,
    compressed: Path,
    ruleset: Ruleset,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Other bytes for the same events are decoded and compared as events.
    lines = lines_of(recording)
    for i in (2, 4, 7):
        lines[i] = reformat(lines[i])
    path = write(tmp_path, with_footer_digest(lines))
    decoded: list[int | None] = []
    decode = verify_module._raw_events

    def spy(rec: Recording, line: int | None, raw: msgspec.Raw) -> list[object]:
        decoded.append(line)
        return list(decode(rec, line, raw))

    monkeypatch.setattr(verify_module, "_raw_events", spy)
    assert verify_file(path, ruleset) is None
    assert decoded[:2] == [3, 5]
    footer = read_recording(compressed).footer
    assert footer is not None
    assert replay(read_recording(path), ruleset).outcome == footer.outcome


@pytest.mark.parametrize("name", ["edited.jsonl", "edited.jsonl.gz"])
def test_a_changed_event_gives_the_divergence_at_its_decision_and_line(
    name: str, recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    lines = lines_of(recording)
    data = msgspec.json.decode(lines[4])
    original = data["events"][0]
    data["events"][0] = {"type": "rested", "card": "base:nowhere"}
    lines[4] = msgspec.json.encode(data) + b"\n"
    body = b"".join(lines)
    if name.endswith(".gz"):
        body = gzip.compress(body)
    path = tmp_path / name
    path.write_bytes(body)
    problem = verify_file(path, ruleset)
    engine = json.dumps(original, separators=(",", ":"))
    assert problem == (
        f"{path}:5: diverges at decision 3, event 1: expected "
        f'{{"type":"rested","card":"base:nowhere"}}, the engine produced {engine}'
    )
    with pytest.raises(ReplayError) as full:
        replay(read_recording(path), ruleset)
    assert str(full.value) == problem


def test_events_that_do_not_fit_are_a_bad_line_even_after_an_earlier_divergence(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    # The reader names a line whose events are not events before any divergence,
    # wherever that line is; verify says the same though it reads events undecoded.
    lines = lines_of(recording)
    diverging = msgspec.json.decode(lines[4])
    diverging["events"][0] = {"type": "rested", "card": "base:nowhere"}
    lines[4] = msgspec.json.encode(diverging) + b"\n"
    bad = msgspec.json.decode(lines[20])
    assert bad["kind"] == "decision"
    bad["events"][0]["type"] = "no_such_event"
    lines[20] = msgspec.json.encode(bad) + b"\n"
    path = write(tmp_path, lines)
    problem = verify_file(path, ruleset)
    assert problem is not None
    assert problem.startswith(
        f"{path}:21: not a valid recording line (Invalid value 'no_such_event'"
    )
    with pytest.raises(ReplayError) as full:
        read_recording(path)
    assert str(full.value) == problem


def test_replaying_a_raw_recording_words_unfitting_events_as_the_reader_does(
    recording: Path, ruleset: Ruleset
) -> None:
    lines = lines_of(recording)
    bad = msgspec.json.decode(lines[9])
    bad["events"][-1] = {"type": "rested", "card": 7}
    lines[9] = msgspec.json.encode(bad) + b"\n"
    data = b"".join(lines)
    rec = parse_recording(data, Path("bad.jsonl"), raw_events=True)
    with pytest.raises(ReplayError) as lazy:
        replay(rec, ruleset)
    with pytest.raises(ReplayError) as full:
        parse_recording(data, Path("bad.jsonl"))
    assert str(lazy.value) == str(full.value)
    assert str(full.value).startswith("bad.jsonl:10: not a valid recording line (Expected `str`")


def test_a_raw_recording_replays_to_the_same_game(compressed: Path, ruleset: Ruleset) -> None:
    data = compressed.read_bytes()
    full, raw = parse_recording(data), parse_recording(data, raw_events=True)
    assert (raw.size, raw.lines, raw.checks, raw.footer) == (
        full.size,
        full.lines,
        full.checks,
        full.footer,
    )
    assert raw.hasher.hexdigest() == full.hasher.hexdigest()
    assert replay(raw, ruleset).state == replay(full, ruleset).state
