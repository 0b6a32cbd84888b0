"""a48: `Analysis.from_json` read formats 1 to 8, 10 and 11 but not 9 (dd9609c made 10 the
format without adding 9 to those read): a board keeping an analysis of a release of format
9 failed on its page. Every format up to the current one reads; another is refused in words
that say it is unknown."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from unbroken.advisor.analysis import FORMAT, Analysis, analyze
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


@pytest.fixture(scope="module")
def analysis() -> Analysis:
    return analyze(read_recording(SHORT), RULES, games=1, seed=1)


def test_an_analysis_of_format_9_reads(analysis: Analysis) -> None:
    # Format 9 had no `equal_best` (11) and no `score_ahead` below 0 (10).
    data = json.loads(json.dumps(analysis.as_json()))
    data["format"] = 9
    for c in data["choices"]:
        del c["equal_best"]
        c["score_ahead"] = max(0, c["score_ahead"])
    read = Analysis.from_json(data)
    assert [c.n for c in read.choices] == [c.n for c in analysis.choices]
    assert read.choices[0] == replace(
        analysis.choices[0],
        equal_best=(),
        score_ahead=max(0, analysis.choices[0].score_ahead),
    )


def test_every_format_up_to_this_one_reads_and_another_says_it_is_unknown(
    analysis: Analysis,
) -> None:
    data = json.loads(json.dumps(analysis.as_json()))
    for number in range(1, FORMAT + 1):
        assert Analysis.from_json({**data, "format": number}).decisions == analysis.decisions
    for other in (0, FORMAT + 1, "9", None):
        with pytest.raises(ValueError) as caught:
            Analysis.from_json({**data, "format": other})
        assert str(caught.value) == (
            f"unknown analysis format {other!r} (this release reads 1 to {FORMAT})"
        )
