"""The replay viewer says when a recording fails verification, and where (issue #17, case 8)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.replays import ReplayViewerScreen, ViewerNotice

RULES = load_ruleset()
GOLDEN = sorted((Path(__file__).parents[2] / "replays").glob("*_won.jsonl"))[0]


def edited(target: Path) -> Path:
    """Copy a golden recording with its date changed: it replays, but the log digest differs."""
    first, rest = GOLDEN.read_bytes().split(b"\n", 1)
    header = json.loads(first)
    header["created"] = "2026-02-02T00:00:00Z"
    target.write_bytes(json.dumps(header, separators=(",", ":")).encode() + b"\n" + rest)
    return target


def problem_of(path: Path) -> str:
    lines = path.read_bytes().splitlines()
    last = max(i for i, line in enumerate(lines, 1) if b'"kind":"decision"' in line)
    return f"{path}: the log digest differs: the file was edited (footer after line {last})"


def expected_warning(path: Path) -> str:
    return (
        f"This recording fails verification: {problem_of(path)}. The viewer shows what the "
        "file says, which is not a game the engine would play (unbroken verify checks it)."
    )


def test_unbroken_replay_warns_before_the_screen_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = edited(tmp_path / "edited.jsonl")
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().out == f"FAIL  {problem_of(path)}\n"
    status = main(["replay", str(path)])  # no terminal here: the warning still comes first
    err = capsys.readouterr().err
    assert status == 2
    assert err.splitlines()[0] == f"unbroken: warning: {expected_warning(path)}"


def test_the_viewer_notifies_a_recording_that_fails_verification(tmp_path: Path) -> None:
    path = edited(tmp_path / "edited.jsonl")

    async def go() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False)
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_replay(path)
            await pilot.pause()
            assert isinstance(app.screen, ReplayViewerScreen)
            # In the viewer's notice line, whole (32a-1: a notice in the corner covered log
            # lines), no notice in the corner.
            assert app.screen.query_one(ViewerNotice).text == expected_warning(path)
            assert list(app._notifications) == []

    asyncio.run(go())


def test_the_viewer_says_nothing_of_a_good_recording() -> None:
    async def go() -> None:
        app = UnbrokenApp(RULES, animate=False, record=False)
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_replay(GOLDEN)
            await pilot.pause()
            assert isinstance(app.screen, ReplayViewerScreen)
            assert list(app._notifications) == []
            assert not app.screen.query_one(ViewerNotice).text

    asyncio.run(go())


def test_the_viewer_shows_a_crafted_recordings_text_as_escapes(tmp_path: Path) -> None:
    """An event's text holding an escape sequence is shown as escapes (case 3)."""
    from unbroken.replay.viewing import watch

    lines = GOLDEN.read_bytes().splitlines(keepends=True)
    footer = json.loads(lines[-1])
    footer["outcome"]["rank"] = "\x1b]0;pwned\x07"
    lines[-1] = json.dumps(footer).encode() + b"\n"
    path = tmp_path / "crafted.jsonl"
    path.write_bytes(b"".join(lines))
    timeline, problem = watch(path, RULES)
    assert timeline.footer is not None and timeline.footer.outcome.rank == "\\x1b]0;pwned\\x07"
    assert problem is not None and "the outcome differs" in problem
