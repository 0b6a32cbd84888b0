"""a48 (a47's note): the cache's kept analyses were never removed: an unfinished recording,
growing as it is played on, got a new file at each analysis (each named by its bytes then),
and a deleted recording's stayed. Keeping one removes those never shown again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from unbroken.advisor.analysis import Analysis, cache_path, keep, kept
from unbroken.advisor.estimator import GAMES
from unbroken.advisor.rollouts import DEFAULT_SEED

SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"
OTHER = SHORT.parent / "hard_helena_seed2402836692624358730_lost.jsonl"
ANALYSIS = Analysis(GAMES, DEFAULT_SEED, 10, "lost", [])


def test_keeping_an_analysis_removes_those_never_shown_again(tmp_path: Path) -> None:
    lines = SHORT.read_bytes().splitlines(keepends=True)
    playing = tmp_path / "2026-11-28T2100_tomu_normal_seed1.jsonl"
    # The game being played, analysed at each of three lengths (as the viewer's `a` or
    # `unbroken analyze` would, the recording growing between): the last one stays.
    files = []
    for end in (5, 9, 14):
        playing.write_bytes(b"".join(lines[:end]))
        files.append(keep(playing, ANALYSIS))
    folder = cache_path(playing).parent
    assert len(set(files)) == 3 and list(folder.iterdir()) == [files[-1]]
    other = Path(shutil.copy(OTHER, tmp_path / OTHER.name))
    deleted = tmp_path / "deleted.jsonl"
    deleted.write_bytes(b"".join(lines[:4]))
    kept_other, kept_deleted = keep(other, ANALYSIS), keep(deleted, ANALYSIS)
    assert kept_other is not None and kept_deleted is not None
    # Kept before analyses said their recording: it may serve a recording still here.
    # Of another format: never shown. Damaged, or being written: left alone.
    unsaid = folder / ("0" * 24 + ".json")
    unsaid.write_text(json.dumps({**ANALYSIS.as_json(), "made_with": None}))
    stale = folder / ("1" * 24 + ".json")
    stale.write_text(json.dumps({**ANALYSIS.as_json(), "format": 3}))
    damaged = folder / ("2" * 24 + ".json")
    damaged.write_text("{not json")
    deleted.unlink()
    playing.write_bytes(b"".join(lines))
    now = keep(playing, ANALYSIS)
    assert now == cache_path(playing) != files[-1]
    assert sorted(folder.iterdir()) == sorted([now, kept_other, unsaid, damaged])
    assert kept(playing) == kept(other) == ANALYSIS
    # Kept again as it is (`--fresh`): it stays.
    assert keep(playing, ANALYSIS) == now and now.exists()
