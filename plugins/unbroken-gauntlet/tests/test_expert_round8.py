"""Expert on the achievements sheet (#28 playtest round 8): an Expert win earned
achievements the sheet had no column for."""

from __future__ import annotations

import subprocess
import sys

import pytest


def unbroken(*argv: str) -> list[str]:
    # The commands, as a player runs them (the plugin's tests import only the API).
    done = subprocess.run(
        [sys.executable, "-m", "unbroken", *argv], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_an_expert_win_ticks_the_expert_column(monkeypatch: pytest.MonkeyPatch) -> None:
    # Six greedy Expert games of the Gravedigger (Unearthed): three won, seed 1.
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base,gauntlet,unearthed")
    sim = ["sim", "--record", "--games", "6", "--difficulty", "expert", "--seed", "1"]
    unbroken(*sim, "--character", "hesk-marrow", "--bot", "greedy")
    sheet = unbroken("achievements")
    assert sheet[0].split() == ["Achievement", "Easy", "Normal", "Hard", "Expert"]
    ticked = [line for line in sheet if line.endswith("[ ]     [ ]     [ ]     [x]")]
    assert ticked, sheet
    assert sheet[-1].startswith(f"{len(ticked)} of 64 earned"), sheet
