"""Bad recordings: one line naming the file and line, a non-zero exit, never a traceback."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.replay import (
    ReplayError,
    Timeline,
    parse_recording,
    read_info,
    read_recording,
    replay,
    resume,
    unpack,
    verify_file,
)


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def write(tmp_path: Path, lines: list[bytes]) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"".join(lines))
    return path


def edit(line: bytes, change: dict[str, object]) -> bytes:
    data = msgspec.json.decode(line)
    data.update(change)
    return msgspec.json.encode(data) + b"\n"


def verify_cli(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["verify", str(path)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out.strip()


def test_verify_says_ok_for_a_good_recording(
    recording: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = verify_cli(recording, capsys)
    assert status == 0 and out.startswith("OK")


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        ("truncated", r":\d+: the last line is cut off"),
        ("reordered", r":3: decision 2 out of order \(expected decision 1\)"),
        ("missing header", ":1: missing header"),
        ("wrong format", ":1: format version 99; this unbroken .* reads version 1"),
        ("binary", ":1: missing header"),
        ("binary line", r":5: not a valid recording line"),
        ("empty", ":1: empty file"),
        ("edited event", r":\d+: diverges at decision 3, event 1: expected"),
        ("edited action", r":\d+: decision 2: the recorded action .* is not legal here"),
        ("edited seed", ":2: diverges at setup, event 1"),
        ("edited check", "the state digest differs from the check line"),
        ("edited footer", "the outcome differs"),
        ("line after footer", "a line after the footer"),
        ("unknown character", ":1: the header cannot start a game: unknown character"),
    ],
)
def test_a_damaged_file_fails_with_one_line_naming_file_and_line(
    damage: str,
    expected: str,
    recording: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = lines_of(recording)
    if damage == "truncated":
        data = b"".join(lines)
        lines = [data[: len(data) - 30]]
    elif damage == "reordered":
        lines[2], lines[3] = lines[3], lines[2]
    elif damage == "missing header":
        lines = lines[1:]
    elif damage == "wrong format":
        lines[0] = edit(lines[0], {"format": 99})
    elif damage == "binary":
        lines = [bytes(range(256)) * 4]
    elif damage == "binary line":
        lines[4] = b"\x00\xff\xfe garbage \x80\n"
    elif damage == "empty":
        lines = []
    elif damage == "edited event":
        data = msgspec.json.decode(lines[4])
        data["events"][0] = {"type": "rested", "card": "base:nowhere"}
        lines[4] = msgspec.json.encode(data) + b"\n"
    elif damage == "edited action":
        lines[3] = edit(lines[3], {"action": {"type": "eat", "food": 9}})
    elif damage == "edited seed":
        lines[0] = edit(lines[0], {"seed": 43})
    elif damage == "edited check":
        index = next(i for i, line in enumerate(lines) if b'"kind":"check"' in line)
        lines[index] = edit(lines[index], {"state": "0" * 64})
    elif damage == "edited footer":
        data = msgspec.json.decode(lines[-1])
        data["outcome"]["score"] = 1000
        lines[-1] = msgspec.json.encode(data) + b"\n"
    elif damage == "line after footer":
        lines.append(lines[2])
    elif damage == "unknown character":
        lines[0] = edit(lines[0], {"character": "base:nobody"})
    path = write(tmp_path, lines)
    status, out = verify_cli(path, capsys)
    assert status == 1
    assert len(out.splitlines()) == 1
    assert out.startswith(f"FAIL  {path}:") or out.startswith(f"FAIL  {path}: ")
    assert re.search(expected, out), out


def test_a_hand_edited_line_that_still_replays_breaks_the_log_digest(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = lines_of(recording)
    lines[0] = lines[0].replace(b'"created":"', b'"created":"1')
    status, out = verify_cli(write(tmp_path, lines), capsys)
    assert status == 1 and "the log digest differs" in out


def test_other_plugins_or_content_are_named_instead_of_diverging(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    rec = read_recording(recording)
    other = dataclasses.replace(ruleset, plugins={**ruleset.plugins, "unearthed": "1.2.0"})
    with pytest.raises(ReplayError, match="plugin 'unearthed' 1.2.0 is enabled here but was not"):
        replay(rec, other)
    older = dataclasses.replace(ruleset, plugins={"base": "0.0.1"})
    with pytest.raises(ReplayError, match="plugin 'base' was .*, here it is 0.0.1"):
        replay(rec, older)
    changed = dataclasses.replace(ruleset, digest="f" * 64)
    with pytest.raises(ReplayError) as bumped:
        replay(rec, changed)
    assert str(bumped.value).endswith(
        ":1: recorded with other content under the same plugins and versions: the base "
        f"game's content changed without a version bump (ruleset digest {rec.header.ruleset[:12]} "
        "in the file, ffffffffffff here); a plugin's version must change whenever its cards do"
    )
    mole = dataclasses.replace(changed, plugins={**ruleset.plugins, "moles": "1.2.3"})
    moled = read_recording(
        write(
            tmp_path,
            [edit(lines_of(recording)[0], {"plugins": mole.plugins}), *lines_of(recording)[1:]],
        )
    )
    with pytest.raises(
        ReplayError, match="the content of moles 1.2.3 changed without a version bump"
    ):
        replay(moled, mole)
    lines = lines_of(recording)
    lines[0] = edit(lines[0], {"plugins": {**ruleset.plugins, "lich": "2.0"}})
    problem = verify_file(write(tmp_path, lines), ruleset)
    assert problem is not None and problem.endswith(
        "plugin 'lich' 2.0 was used but is not installed here: install the package that "
        "brings it (usually unbroken-lich), version 2.0"
    )
    lines[0] = edit(lines[0], {"packages": {"lich": "unbroken-lich-king"}})
    problem = verify_file(write(tmp_path, lines), ruleset)
    assert problem is not None and problem.endswith(
        "plugin 'lich' 2.0 was used but is not installed here: pip install unbroken-lich-king==2.0"
    )


def test_a_recording_with_a_disabled_plugin_says_how_to_enable_it(
    recording: Path, ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from importlib import metadata

    from unbroken import plugins

    lines = lines_of(recording)
    lines[0] = edit(lines[0], {"plugins": {**ruleset.plugins, "lich": "2.0"}})
    path = write(tmp_path, lines)
    lich = metadata.EntryPoint("lich", "lich_plugin", "unbroken")
    monkeypatch.setattr(plugins.config, "installed_entry_points", lambda: [lich])
    monkeypatch.delenv("UNBROKEN_PLUGINS", raising=False)
    monkeypatch.setattr(plugins.config, "disabled_plugins", lambda: ["lich"])
    problem = verify_file(path, ruleset)
    assert problem is not None
    assert "plugin 'lich' 2.0 was used but is disabled here" in problem
    assert "`unbroken plugins enable lich` turns it on" in problem
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base")
    problem = verify_file(path, ruleset)
    assert problem is not None and "is left out by --plugins / UNBROKEN_PLUGINS" in problem


def test_verify_exits_1_when_any_file_fails(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = b"".join(lines_of(recording))
    bad = write(tmp_path, [data[:-30]])  # torn: cut off mid-line
    assert main(["verify", str(recording), str(bad), str(tmp_path / "missing.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "1 OK, 2 failed" in out and "cannot read the file" in out
    # --quiet: the failures and the count, no line per good file.
    assert main(["verify", "-q", str(recording), str(bad)]) == 1
    quiet = capsys.readouterr().out.splitlines()
    assert len(quiet) == 2 and quiet[0].startswith(f"FAIL  {bad}:") and quiet[1] == "1 OK, 1 failed"
    assert main(["verify", "--quiet", str(recording)]) == 0
    assert capsys.readouterr().out == "1 OK, 0 failed\n"


def test_verify_takes_a_folder_for_the_recordings_in_it(
    recording: Path, compressed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "replays"
    folder.mkdir()
    shutil.copy(recording, folder / "a.jsonl")
    shutil.copy(compressed, folder / "b.jsonl.gz")
    (folder / "a.txt").write_text("the story of a game, not a recording")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["verify", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"OK    {folder / 'a.jsonl'}" in out and f"OK    {folder / 'b.jsonl.gz'}" in out
    assert "a.txt" not in out and "2 OK, 0 failed" in out
    assert main(["verify", str(folder), str(empty)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {empty}: no recordings" in out and "2 OK, 1 failed" in out


def test_verify_in_a_subprocess_prints_no_traceback(recording: Path, tmp_path: Path) -> None:
    bad = write(tmp_path, [b"\x89PNG\r\n\x1a\n\x00\x00"])
    done = subprocess.run(
        [sys.executable, "-m", "unbroken", "verify", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.strip().startswith(f"FAIL  {bad}:1:")


#: The settings of the tests that mutate real recordings (each example rewrites its own file).
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


def others_refuse_cleanly(data: bytes, path: Path, ruleset: Ruleset) -> None:
    """Resuming (dropping a torn line) and the viewer read `data`, or refuse it in a ReplayError."""
    for reader in (
        lambda: parse_recording(data, path, drop_torn=True),
        lambda: Timeline(parse_recording(data, path), ruleset),
    ):
        try:
            reader()
        except ReplayError:
            pass


@FUZZ
@given(data=st.data())
def test_mutated_recordings_fail_cleanly_or_verify(
    data: st.DataObject, recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    raw = bytearray(recording.read_bytes())
    mutation = data.draw(st.sampled_from(["flip", "delete", "insert", "swap", "cut", "digit"]))
    if mutation == "flip":
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    elif mutation == "delete":
        at = data.draw(st.integers(0, len(raw) - 1))
        del raw[at : at + data.draw(st.integers(1, 40))]
    elif mutation == "insert":
        at = data.draw(st.integers(0, len(raw)))
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=20))
    elif mutation == "swap":
        lines = bytes(raw).splitlines(keepends=True)
        i = data.draw(st.integers(0, len(lines) - 1))
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        raw = bytearray(b"".join(lines))
    elif mutation == "cut":
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    else:
        digits = [i for i, b in enumerate(raw) if 0x30 <= b <= 0x39]
        raw[data.draw(st.sampled_from(digits))] = data.draw(st.integers(0x30, 0x39))
    mutated = bytes(raw)
    path = tmp_path / "mutated.jsonl"
    path.write_bytes(mutated)
    problem = None
    try:
        replay(parse_recording(mutated, path), ruleset)
    except ReplayError as exc:
        problem = str(exc)
        assert problem.startswith(str(path))
        assert "\n" not in problem
    # `unbroken verify` compares events as bytes, decoding them only when they differ:
    # it names the same problem as reading every line in full, or none.
    assert verify_file(path, ruleset) == problem
    if problem is None:
        # Only a change with no effect on what the file says may verify: the same
        # bytes before the footer (the log digest), and a footer saying the same.
        original = recording.read_bytes()
        body = original[: original.rstrip(b"\n").rfind(b"\n") + 1]
        assert mutated.startswith(body)
        assert parse_recording(mutated).footer == parse_recording(original).footer
    # Resuming, the listing and the viewer refuse the same file just as cleanly.
    others_refuse_cleanly(mutated, Path("m.jsonl"), ruleset)


def test_read_info_and_resume_refuse_a_binary_file(ruleset: Ruleset, tmp_path: Path) -> None:
    path = write(tmp_path, [b"\x00\x01\x02\n\xff\xfe\n"])
    with pytest.raises(ReplayError, match=":1: missing header"):
        read_info(path)
    with pytest.raises(ReplayError, match=":1: missing header"):
        resume(path, ruleset)


def test_the_reader_never_unpickles(recording: Path, tmp_path: Path) -> None:
    import pickle

    path = tmp_path / "pickle.jsonl"
    path.write_bytes(pickle.dumps({"kind": "header"}))
    with pytest.raises(ReplayError):
        read_recording(path)
    shutil.copy(recording, tmp_path / "fine.jsonl")


def test_the_timeline_refuses_events_the_reducer_cannot_apply(
    recording: Path, ruleset: Ruleset
) -> None:
    # A monster change with no monster in play: the fold itself fails.
    lines = lines_of(recording)
    data = msgspec.json.decode(lines[1])
    data["events"].append(
        {
            "type": "monster_changed",
            "armor": 0,
            "max_armor": 0,
            "health": 1,
            "max_health": 1,
            "defend": False,
            "wounds_this_round": 0,
            "why": "edited",
        }
    )
    lines[1] = msgspec.json.encode(data) + b"\n"
    rec = parse_recording(b"".join(lines), Path("edited.jsonl"))
    with pytest.raises(ReplayError, match="^edited.jsonl:2: the setup events cannot be applied"):
        Timeline(rec, ruleset)
    with pytest.raises(ReplayError, match="^edited.jsonl:2: diverges at setup, event 7"):
        replay(rec, ruleset)


@FUZZ
@given(data=st.data())
def test_mutated_compressed_recordings_fail_cleanly_or_verify(
    data: st.DataObject, compressed: Path, ruleset: Ruleset
) -> None:
    raw = bytearray(compressed.read_bytes())
    mutation = data.draw(st.sampled_from(["flip", "delete", "insert", "cut"]))
    at = data.draw(st.integers(0, len(raw) - 1))
    if mutation == "flip":
        raw[at] ^= data.draw(st.integers(1, 255))
    elif mutation == "delete":
        del raw[at : at + data.draw(st.integers(1, 40))]
    elif mutation == "insert":
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=20))
    else:
        raw = raw[:at]
    mutated = bytes(raw)
    try:
        replay(parse_recording(mutated, Path("mutated.jsonl.gz")), ruleset)
    except ReplayError as exc:
        assert str(exc).startswith("mutated.jsonl.gz")
        assert "\n" not in str(exc)
    else:
        # Verifying means the text inside is the original text: the gzip
        # header's own fields (name, time, flags) are all a change may touch.
        assert unpack(mutated) == unpack(compressed.read_bytes())
    others_refuse_cleanly(mutated, Path("m.jsonl.gz"), ruleset)


def test_verify_in_worker_processes_reports_the_same_in_the_same_order(
    recording: Path, compressed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = b"".join(lines_of(recording))
    bad = write(tmp_path, [data[:-30]])  # torn: cut off mid-line
    files = [str(p) for p in (recording, bad, compressed, tmp_path / "missing.jsonl")] * 3
    assert main(["verify", "--jobs", "1", *files]) == 1
    alone = capsys.readouterr().out
    assert main(["verify", "--jobs", "2", *files]) == 1
    assert capsys.readouterr().out == alone
    assert "6 OK, 6 failed" in alone
