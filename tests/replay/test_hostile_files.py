"""Hostile recordings (issue #17): deep nesting, compressed bombs, FIFOs, loops, bad paths.

Each is one line naming the file and the line, and a batch goes on to the next file.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import os
import shutil
import zlib
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.home.paths import replays_dir
from unbroken.replay import (
    ReplayError,
    Verdict,
    bounds,
    read_recording,
    recorded_games,
    resume,
    unfinished_games,
    verify_file,
)

DEEP = b"[" * 1000 + b"]" * 1000
DEEP_MESSAGE = f"JSON nested more than {bounds.MAX_DEPTH} levels deep (the limit)"
BOMB_MESSAGE = (
    "the recording inflates to more than 16 MiB (the limit; a whole game is under 100 KB): "
    "not read further"
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out, out.err


def deep_header(recording: Path, target: Path) -> Path:
    """Copy `recording` with 1,000 nested arrays in an unknown key of its header."""
    lines = recording.read_bytes().split(b"\n", 1)
    target.write_bytes(b'{"zz":' + DEEP + b"," + lines[0][1:] + b"\n" + lines[1])
    return target


def unfinished(recording: Path, target: Path, decisions: int = 5) -> Path:
    """Copy `recording` without its footer and with only its first lines (resumable)."""
    lines = recording.read_bytes().splitlines(keepends=True)
    target.write_bytes(b"".join(lines[: 2 + decisions]))
    return target


def bomb(target: Path) -> Path:
    """A small .jsonl.gz that inflates to 200 MiB of one header line."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, bounds.GZIP_WBITS)
    parts = [deflate.compress(b'{"kind":"header","format":1,"x":"')]
    block = deflate.compress(b" " * (1024 * 1024))
    parts += [block] + [deflate.compress(b" " * (1024 * 1024)) for _ in range(199)]
    parts.append(deflate.flush())
    target.write_bytes(b"".join(parts))
    return target


# --------------------------------------------------------------------------- case 1: nesting


def test_deep_nesting_in_an_unknown_header_key_is_one_line(
    recording: Path, ruleset: Ruleset, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = deep_header(recording, tmp_path / "deep.jsonl")
    with pytest.raises(ReplayError) as caught:
        read_recording(bad)
    assert str(caught.value) == f"{bad}:1: {DEEP_MESSAGE}"
    assert verify_file(bad, ruleset) == f"{bad}:1: {DEEP_MESSAGE}"
    status, out, _ = run(["verify", str(bad)], capsys)
    assert (status, out) == (1, f"FAIL  {bad}:1: {DEEP_MESSAGE}\n")


def test_replay_refuses_a_deeply_nested_file_in_one_line(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = deep_header(recording, tmp_path / "deep.jsonl")
    status, _, err = run(["replay", str(bad)], capsys)
    assert (status, err) == (2, f"unbroken: error: {bad}:1: {DEEP_MESSAGE}\n")


def test_deep_nesting_in_a_decision_line_names_that_line(recording: Path, tmp_path: Path) -> None:
    lines = recording.read_bytes().splitlines(keepends=True)
    lines[4] = lines[4][:-2] + b',"zz":' + DEEP + b"}\n"
    bad = tmp_path / "deep.jsonl"
    bad.write_bytes(b"".join(lines))
    with pytest.raises(ReplayError, match=r"deep.jsonl:5: JSON nested more than 64"):
        read_recording(bad)


def test_nesting_up_to_the_limit_reads_and_brackets_in_strings_do_not_count() -> None:
    assert bounds.nesting(b"[" * 64 + b"]" * 64) == 64
    assert bounds.nesting(b'{"a":"' + b"[" * 500 + b'"}') == 1
    assert bounds.nesting(b'{"a":"\\"[[[["}') == 1
    bounds.check_lines([b'{"a":"' + b"[" * 500 + b'"}'])  # no Breach
    with pytest.raises(bounds.Breach):
        bounds.check_lines([b"[" * 65 + b"]" * 65])
    with pytest.raises(bounds.Breach):
        bounds.check_lines([b"[" * 1000])  # never closed: still too deep to decode


def test_one_deeply_nested_file_does_not_stop_the_listing_play_or_continue(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = replays_dir()
    bad = deep_header(recording, folder / "2026-01-01T0000_tomu_normal_seed1.jsonl")
    good = unfinished(recording, folder / "2026-01-02T0000_maxyn-zenma_normal_seed47.jsonl")
    infos, problems = recorded_games()
    assert [i.path for i in infos] == [good]
    assert problems == [f"{bad}:1: {DEEP_MESSAGE}"]
    assert [i.path for i in unfinished_games()] == [good]
    status, out, err = run(["replays"], capsys)
    assert status == 0 and "2026-01-02T0000" in out
    assert err == f"unbroken: skipped unreadable {bad}:1: {DEEP_MESSAGE}\n"


def test_play_starts_with_only_a_deeply_nested_unfinished_file(
    recording: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    deep_header(recording, replays_dir() / "2026-01-01T0000_tomu_normal_seed1.jsonl")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    status, out, _ = run(["play"], capsys)
    assert status == 0
    assert out.startswith("Choose your character:\n") and out.endswith("Goodbye.\n")
    status, _, err = run(["play", "--continue"], capsys)
    assert (status, err) == (2, "unbroken: error: there is no unfinished game to continue\n")


def test_verify_with_two_workers_reports_the_bad_file_and_the_summary(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = shutil.copy(recording, tmp_path / "good.jsonl")
    bad = deep_header(recording, tmp_path / "deep.jsonl")
    status, out, _ = run(["verify", "--jobs", "2", str(bad), str(good)], capsys)
    assert status == 1
    assert out == f"FAIL  {bad}:1: {DEEP_MESSAGE}\nOK    {good}\n1 OK, 1 failed\n"


def test_the_title_screens_continue_list_skips_a_deeply_nested_file(
    recording: Path, ruleset: Ruleset
) -> None:
    from textual.widgets import DataTable, OptionList

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.replays import ReplayListScreen

    folder = replays_dir()
    bad = deep_header(recording, folder / "2026-01-01T0000_tomu_normal_seed1.jsonl")
    unfinished(recording, folder / "2026-01-02T0000_maxyn-zenma_normal_seed47.jsonl")

    async def go() -> None:
        app = UnbrokenApp(ruleset, animate=False, seed=1)
        async with app.run_test(size=(100, 30)) as pilot:
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = menu.get_option_index("continue")
            await pilot.press("enter")
            assert isinstance(app.screen, ReplayListScreen)
            summary = str(app.screen.query_one("#replays-summary").render())
            assert summary == (
                "1 unfinished game: Enter continues one "
                f"(1 unreadable files skipped: {bad}:1: {DEEP_MESSAGE})"
            )
            assert app.screen.query_one("#replays", DataTable).row_count == 1

    asyncio.run(go())


# --------------------------------------------------------------------------- case 2: bombs


def test_a_compressed_bomb_stops_at_the_limit(
    tmp_path: Path, ruleset: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = bomb(tmp_path / "bomb.jsonl.gz")
    assert bad.stat().st_size < 300_000
    assert verify_file(bad, ruleset) == f"{bad}:1: {BOMB_MESSAGE}"
    status, out, _ = run(["verify", str(bad)], capsys)
    assert (status, out) == (1, f"FAIL  {bad}:1: {BOMB_MESSAGE}\n")


def test_a_bomb_in_the_replays_folder_is_skipped_at_start(
    recording: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = bomb(replays_dir() / "2026-01-01T0000_tomu_normal_seed1.jsonl.gz")
    infos, problems = recorded_games()
    assert infos == [] and problems == [f"{bad}:1: {BOMB_MESSAGE}"]
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    status, out, _ = run(["play"], capsys)
    assert status == 0 and out.startswith("Choose your character:\n")


def test_inflating_is_bounded_by_the_limit_given() -> None:
    text = b'{"kind":"header"}\n' * 100
    packed = gzip.compress(text)
    assert bounds.inflate(packed, most=len(text)) == text
    with pytest.raises(bounds.Breach) as caught:
        bounds.inflate(packed, most=len(text) - 1)
    assert caught.value.line == 100
    assert bounds.inflate(packed + packed, most=2 * len(text)) == 2 * text
    with pytest.raises(bounds.Breach):
        bounds.inflate(packed + packed, most=2 * len(text) - 1)


def test_too_many_lines_and_too_long_a_line_are_refused() -> None:
    with pytest.raises(bounds.Breach) as caught:
        bounds.check_lines([b"{}"] * (bounds.MAX_LINES + 1))
    assert (caught.value.line, caught.value.message) == (
        100_001,
        "more than 100,000 lines (the limit; a whole game has about 200)",
    )
    with pytest.raises(bounds.Breach) as caught:
        bounds.check_lines([b"{}", b" " * (bounds.MAX_LINE + 1)])
    assert (caught.value.line, caught.value.message) == (
        2,
        "the line is longer than 1 MiB (the limit)",
    )


def test_a_plain_file_over_the_limit_is_not_read(tmp_path: Path, ruleset: Ruleset) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as file:
        file.truncate(bounds.MAX_TEXT + 1)
    assert verify_file(big, ruleset) == f"{big}: the file is larger than 16 MiB (the limit)"


# --------------------------------------------------------------------------- case 5: paths


def test_a_fifo_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    message = f"{fifo}: not a recording: this is a named pipe (FIFO), not a regular file"
    status, out, _ = run(["verify", str(fifo)], capsys)
    assert (status, out) == (1, f"FAIL  {message}\n")
    status, _, err = run(["replay", str(fifo)], capsys)
    assert (status, err) == (2, f"unbroken: error: {message}\n")


def test_a_fifo_in_the_replays_folder_is_skipped(recording: Path) -> None:
    fifo = replays_dir() / "2026-01-01T0000_tomu_normal_seed1.jsonl"
    os.mkfifo(fifo)
    good = unfinished(recording, replays_dir() / "2026-01-02T0000_maxyn-zenma_normal_seed47.jsonl")
    infos, problems = recorded_games()
    assert [i.path for i in infos] == [good]
    assert problems == [f"{fifo}: not a recording: this is a named pipe (FIFO), not a regular file"]


def test_a_symlink_loop_is_named(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(tmp_path / "loop.jsonl")
    good = shutil.copy(recording, tmp_path / "good.jsonl")
    status, out, _ = run(["verify", str(loop), str(good)], capsys)
    assert status == 1
    assert out == (
        f"FAIL  {loop}: cannot read the file: a loop of symbolic links\n"
        f"OK    {good}\n1 OK, 1 failed\n"
    )


def test_an_unsearchable_folder_does_not_stop_the_batch(
    recording: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Root searches any folder, so the EACCES a user gets is made where it is met.
    good = shutil.copy(recording, tmp_path / "good.jsonl")
    closed = tmp_path / "closed"
    closed.mkdir()
    shutil.copy(recording, closed / "a.jsonl")
    real_stat, real_open = os.stat, os.open

    def refuse(path: object) -> None:
        if str(path).startswith(str(closed) + os.sep):
            raise PermissionError(13, "Permission denied", str(path))

    def stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        refuse(path)
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]  # passed on as given

    def opened(path: object, *args: object, **kwargs: object) -> int:
        refuse(path)
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]  # passed on as given

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(os, "open", opened)
    status, out, _ = run(["verify", str(good), str(closed / "a.jsonl")], capsys)
    assert status == 1
    assert out == (
        f"FAIL  {closed / 'a.jsonl'}: cannot read the file (Permission denied)\n"
        f"OK    {good}\n1 OK, 1 failed\n"
    )


def test_resume_refuses_a_fifo(tmp_path: Path, ruleset: Ruleset) -> None:
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(ReplayError, match="named pipe"):
        resume(fifo, ruleset)


def _dying_chunk(paths: list[Path]) -> list[Verdict]:
    """Verify a chunk in a worker, but die (as if killed) on the file named 02.jsonl."""
    from unbroken import replay
    from unbroken.bots import workers

    if any(p.name == "02.jsonl" for p in paths):
        os._exit(1)
    return [replay.verdict(p, workers.ruleset()) for p in paths]


def test_a_worker_that_dies_does_not_stop_verify(
    recording: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A worker killed mid-run (out of memory, say): the files left are verified here."""
    from unbroken.replay import verify

    files = [shutil.copy(recording, tmp_path / f"{n:02d}.jsonl") for n in range(4)]
    monkeypatch.setattr(verify, "_verify_chunk", _dying_chunk)
    status, out, _ = run(["verify", "--jobs", "2", *map(str, files)], capsys)
    assert status == 0
    assert out == "".join(f"OK    {f}\n" for f in files) + "4 OK, 0 failed\n"


def test_verify_of_a_folder_reports_a_fifo_in_it(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = shutil.copy(recording, tmp_path / "a.jsonl")
    fifo = tmp_path / "b.jsonl"
    os.mkfifo(fifo)
    status, out, _ = run(["verify", str(tmp_path)], capsys)
    assert status == 1
    assert out == (
        f"OK    {good}\n"
        f"FAIL  {fifo}: not a recording: this is a named pipe (FIFO), not a regular file\n"
        "1 OK, 1 failed\n"
    )
