"""#28 round 27 (27b-5): `unbroken analyze` weighed the game anew every time (1 min 50 s,
then 2 min 20 s right after), though the README says it keeps its analysis and the
viewer's `a` had analysed that game. A kept analysis of the same recording, made the
same way (rules and plugins, release, futures per option, seed), is shown again and says
so; anything else, or `--fresh`, weighs the game again, and a damaged file is said in a
line, not a traceback.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import unbroken
from observing import analyses_counted
from unbroken.advisor import analysis as advisor_analysis
from unbroken.advisor.analysis import (
    Unreadable,
    cache_path,
    differs,
    keep,
    made_with,
    read_kept,
)
from unbroken.cli.command import main
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

RULES = load_ruleset()
SHORT = Path(__file__).parents[2] / "replays" / "normal_tomu_seed1811464556580010651_lost.jsonl"


@pytest.fixture
def weighed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the analyses made (each call of the advisor's `analyze`)."""
    return analyses_counted(monkeypatch)


def run(path: Path, *more: str) -> None:
    assert main(["analyze", str(path), "--games", "2", "--jobs", "1", *more]) == 0


def table(out: str) -> list[str]:
    """The report's rows and summary: all but its title and the kept note."""
    return [line for line in out.splitlines()[1:] if not line.startswith("From the analysis")]


def test_a_second_run_shows_the_analysis_kept(
    tmp_path: Path, weighed: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    run(path)
    first = capsys.readouterr()
    assert len(weighed) == 1 and "kept" not in first.out.splitlines()[1]
    run(path)
    second = capsys.readouterr()
    assert len(weighed) == 1, "the kept analysis was weighed again"
    said = second.out.splitlines()[1]
    assert said.startswith("From the analysis kept on ") and "(`--fresh` weighs" in said
    assert table(second.out) == table(first.out)
    assert second.err == ""
    # --json says when it was kept, beside the same figures.
    assert main(["analyze", str(path), "--games", "2", "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(weighed) == 1 and out["kept_on"].startswith("20")
    # --fresh weighs it again (and keeps the new one).
    run(path, "--fresh")
    assert len(weighed) == 2 and "From the analysis" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("other", "said"),
    [
        (("--games", "3"), "was made with 2 games per option"),
        (("--seed", "7"), "was made with advisor seed 20"),
    ],
)
def test_another_setting_weighs_the_game_again(
    tmp_path: Path,
    weighed: list[int],
    capsys: pytest.CaptureFixture[str],
    other: tuple[str, str],
    said: str,
) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    run(path)
    capsys.readouterr()
    assert main(["analyze", str(path), "--jobs", "1", "--games", "2", *other]) == 0
    out, err = capsys.readouterr()
    assert len(weighed) == 2
    assert said in err and "weighing the game again" in err
    assert "From the analysis" not in out


def test_another_release_weighs_the_game_again(
    tmp_path: Path,
    weighed: list[int],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    run(path)
    capsys.readouterr()
    before = unbroken.__version__
    monkeypatch.setattr(unbroken, "__version__", "99.0.0")
    run(path)
    assert len(weighed) == 2
    assert f"was made by unbroken {before}: weighing" in capsys.readouterr().err
    run(path)
    assert len(weighed) == 2  # kept by 99.0.0 now: shown again


def test_the_key_covers_the_rules_and_plugins() -> None:
    rec = read_recording(SHORT)
    made = made_with(rec, RULES, 100, 20)
    assert made["ruleset"] == RULES.digest and made["plugins"] == RULES.plugins
    assert made["format"] == advisor_analysis.FORMAT
    assert made["unbroken"] == unbroken.__version__
    kept = advisor_analysis.Kept(advisor_analysis.Analysis(100, 20, 1, "lost"), made, None)
    assert differs(kept, made) == ""
    other = {**made, "plugins": {**made["plugins"], "frostbite": "1.0"}}
    assert differs(kept, other) == "was made with other rules or plugins"
    assert differs(kept, {**made, "ruleset": "0" * 16}) == "was made with other rules or plugins"
    # Kept before what it was made with was kept: never taken for the same.
    old = advisor_analysis.Kept(kept.analysis, None, None)
    assert differs(old, made).startswith("does not say how it was made")


@pytest.mark.parametrize(
    # The format this release writes (a damaged one of its own, not an older format).
    "content",
    ["not json {", "[1, 2]", f'{{"format": {advisor_analysis.FORMAT}, "games": "many"}}', "\udcff"],
)
def test_a_damaged_kept_analysis_is_said_and_weighed_again(
    tmp_path: Path, weighed: list[int], capsys: pytest.CaptureFixture[str], content: str
) -> None:
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    run(path)
    capsys.readouterr()
    cache_path(path).write_bytes(content.encode("utf-8", "surrogateescape"))
    with pytest.raises(Unreadable):
        read_kept(path)
    run(path)
    out, err = capsys.readouterr()
    assert len(weighed) == 2
    assert err.startswith("unbroken: the analysis kept at ") and "cannot be read" in err
    assert "Traceback" not in err and "weighing the game again" in err
    assert "Missteps (!)" in out
    found = read_kept(path)  # kept anew, readable
    assert found is not None and found.made_with is not None


def test_an_analysis_kept_without_its_settings_is_weighed_again(
    tmp_path: Path, weighed: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    # As the viewer and analyze kept them before round 27: no "made_with".
    path = Path(shutil.copy(SHORT, tmp_path / SHORT.name))
    run(path)
    capsys.readouterr()
    found = read_kept(path)
    assert found is not None
    keep(path, found.analysis)
    run(path)
    assert len(weighed) == 2
    assert "does not say how it was made" in capsys.readouterr().err


def test_on_a_terminal_the_line_on_stderr_wraps_between_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import os
    import shutil
    import sys

    from unbroken.cli import analyze as cli_analyze

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda: os.terminal_size((40, 24)))
    said = "the analysis kept on 28 Nov 2026, 18:23 UTC was made with 4 games per option"
    cli_analyze._tell(f"{said}: weighing the game again.")
    lines = err.getvalue().splitlines()
    assert len(lines) > 2 and all(len(line) <= 40 for line in lines)
    assert " ".join(lines) == f"unbroken: {said}: weighing the game again."
