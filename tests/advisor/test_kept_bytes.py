"""A kept analysis is named by the bytes it was made of (a49): `unbroken analyze` and the
viewer's `a` named it by the file's bytes when the analysis was done, so a game played on
while it was weighed (an unfinished game's file grows with each decision) had the analysis
of its first decisions kept as the analysis of all of them, and `unbroken analyze` then
showed it "From the analysis kept", decisions missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unbroken.advisor import analysis as advisor
from unbroken.advisor.rollouts import DEFAULT_SEED
from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording
from unbroken.tui import analysis as viewer

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


def _unfinished(tmp_path: Path) -> tuple[Path, bytes]:
    """A copy of SHORT cut after its 10th decision (no footer: still being played), and
    the whole recording's bytes, what the file holds once played on."""
    whole = SHORT.read_bytes()
    path = tmp_path / SHORT.name
    path.write_bytes(b"".join(whole.splitlines(keepends=True)[:12]))
    return path, whole


def _analyze(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    assert main(["analyze", str(path), "--games", "2", "--jobs", "1", "--json"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_a_game_played_on_while_analyze_weighs_it_is_weighed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, whole = _unfinished(tmp_path)
    weigh = advisor.analyze

    def played_on(*args: object, **kwargs: object) -> advisor.Analysis:
        made = weigh(*args, **kwargs)  # type: ignore[arg-type]
        path.write_bytes(whole)  # the game went on in another terminal meanwhile
        return made

    monkeypatch.setattr(advisor, "analyze", played_on)
    first = _analyze(capsys, path)
    assert first["decisions"] == 10 and first["outcome"] == "unfinished"
    monkeypatch.setattr(advisor, "analyze", weigh)
    again = _analyze(capsys, path)
    assert "kept_on" not in again  # weighed anew: none kept of these bytes
    assert again["decisions"] == len(read_recording(SHORT).decisions)
    assert again["outcome"] == "lost"


def test_the_viewer_finds_the_analysis_of_the_bytes_it_shows(tmp_path: Path) -> None:
    path, whole = _unfinished(tmp_path)
    rec = read_recording(path)  # the viewer opened the game after its 10th decision
    made = advisor.made_with(rec, RULES, viewer.GAMES, DEFAULT_SEED)
    short = advisor.Analysis(viewer.GAMES, DEFAULT_SEED, 10, "unfinished", [])
    path.write_bytes(whole)  # played on while `a` weighed it
    advisor.keep(path, short, made, rec.digest)
    assert viewer.kept(path, made, rec.digest) == short  # the timeline shown: its analysis
    assert viewer.kept(path, made) is None  # the file now: not the 10 decisions' analysis
    grown = read_recording(path)
    assert grown.digest != rec.digest and advisor.kept(path, grown.digest) is None
