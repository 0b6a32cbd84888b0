"""Golden replays: every recording in replays/ re-runs exactly against the engine.

When a rules or content change is meant to change games, re-record them
deliberately with `python tools/goldens.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.core.ruleset import Ruleset
from unbroken.replay import read_recording, verify_file
from unbroken.testing import GOLDEN_DIR

GOLDENS = sorted(GOLDEN_DIR.glob("*.jsonl"))


def test_the_goldens_cover_every_difficulty_and_class(ruleset: Ruleset) -> None:
    # A won and a lost game for every difficulty and class (docs/replay-format.md).
    cells = set()
    for path in GOLDENS:
        rec = read_recording(path)
        header = rec.header
        assert rec.footer is not None
        won = rec.footer.outcome.won
        cells.add((header.difficulty, ruleset.characters[header.character].cls, won))
    wanted = {
        (d.id, cls, won)
        for d in ruleset.settings.difficulties
        for cls in ruleset.classes
        for won in (True, False)
    }
    assert wanted <= cells
    characters = {read_recording(p).header.character for p in GOLDENS}
    assert characters == set(ruleset.characters)


@pytest.mark.parametrize("path", GOLDENS, ids=[p.name for p in GOLDENS])
def test_golden_replay_verifies(path: Path, ruleset: Ruleset) -> None:
    assert verify_file(path, ruleset) is None


def test_verify_command_passes_on_all_goldens(capsys: pytest.CaptureFixture[str]) -> None:
    from unbroken.cli.command import main

    assert main(["verify", *map(str, GOLDENS)]) == 0
    assert f"{len(GOLDENS)} OK, 0 failed" in capsys.readouterr().out


def test_replays_command_lists_recorded_games(
    recording: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from unbroken.cli.command import main
    from unbroken.home.paths import replays_dir

    assert main(["replays"]) == 0
    assert "No recorded games" in capsys.readouterr().out
    shutil.copy(recording, replays_dir() / recording.name)
    (replays_dir() / "junk.jsonl").write_bytes(b"\x00junk")
    shutil.copy(recording, replays_dir() / ("x" + recording.name))  # a second, other name
    assert main(["replays"]) == 0
    out = capsys.readouterr()
    rows = out.out.splitlines()
    assert rows[0].split() == ["name", "finished", "character", "difficulty", "outcome", "score"]
    assert max(len(row) for row in rows[:-1]) <= 80
    names = sorted(row.split()[0] for row in rows[1:3])
    assert names == sorted([recording.name[:15], "x" + recording.name[:14]])  # unique starts
    # Not kept in the records: when they finished is not known ("-").
    said = [row.split()[1:7] for row in rows[1:3]]
    assert all(row == ["-", "Maxyn", "Zenma", "Normal", "lost", "0"] for row in said), said
    assert "junk.jsonl:1: missing header" in out.err
    # Each name shown is what `unbroken replay` / `verify` take.
    assert main(["verify", names[0], names[1]]) == 0
