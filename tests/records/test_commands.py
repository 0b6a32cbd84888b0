"""`unbroken scores`, `scores export`, `achievements` and `sim --record`."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from recorded_games import GameMaker
from schema_check import validate

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.records import achievement_sheet, add_game, all_achievements, open_records


def unbroken(*argv: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    return subprocess.run(
        [sys.executable, "-m", "unbroken", "--data-dir", str(data), *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_five_hundred_recorded_sims_export_and_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "sim", "--record", "--games", "500"]) == 0
    out = capsys.readouterr()
    assert "500 games recorded in" in out.err
    assert main(["--data-dir", str(data), "scores", "export", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 500
    assert {r["difficulty"] for r in rows} == {"easy", "normal", "hard"}
    assert main(["--data-dir", str(data), "scores", "export", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert len(document["games"]) == 500 and validate(document) == []
    wins = sum(g["outcome"] == "won" for g in document["games"])
    assert main(["--data-dir", str(data), "scores"]) == 0
    shown = capsys.readouterr().out
    assert f"500 games, {wins} won" in shown
    assert "Recent games (last 10):" in shown and "Best scores by class and difficulty:" in shown
    assert main(["--data-dir", str(data), "achievements"]) == 0
    sheet = capsys.readouterr().out.splitlines()
    earned = sum(len(g["achievements"]) for g in document["games"])
    assert sheet[0].split() == ["Achievement", "Easy", "Normal", "Hard"]
    assert len([line for line in sheet if line.count("[") == 3]) == 16
    assert (earned == 0) == sheet[-1].startswith("0 of 48 earned")


def test_the_scores_show_wins_and_new_achievements(
    won_game: GameMaker, lost_game: GameMaker, rules: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_records() as records:
        add_game(records, lost_game(seed=1), rules)
        win = add_game(records, won_game(seed=3, score=31, rank="Revenant"), rules)
    assert main(["scores", "--recent", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 1 won (50.0 %)" in out
    assert "Recent games (last 1):" in out
    # Printed names, as the game shows them: character, class, difficulty, achievements.
    first_new = next(a.name for a in all_achievements(None) if a.id == win.new_achievements[0])
    assert "won, 31 points (Revenant)" in out and f"[new: {first_new}" in out
    recent = next(line for line in out.splitlines() if "won, 31 points" in line)
    assert recent.split()[3:7] == ["Maxyn", "Zenma", "Sneak", "Normal"]
    best = [line.split() for line in out.splitlines() if line.strip().startswith("Sneak")]
    assert best == [["Sneak", "Normal", "31", "Revenant", "1/2", "#2", "Maxyn", "Zenma"]]
    assert main(["achievements", "--describe"]) == 0
    sheet = capsys.readouterr().out
    with open_records() as records:
        names = {row.id: row.name for row in achievement_sheet(records.first_earned())}
    for aid, name in names.items():
        line = next(line for line in sheet.splitlines() if line.startswith(name + "  "))
        marks = "[ ]     [x]     [ ]" if aid in win.achievements else "[ ]     [ ]     [ ]"
        assert line.endswith(marks), line
    assert f"{len(win.achievements)} of 48 earned ([x] earned, [ ] not yet)." in sheet
    assert "Let monsters catch you off guard" in sheet


def test_the_scores_show_plugins_alternative_scores_beside_a_win(
    won_game: GameMaker,
    rules: Ruleset,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        "unbroken.plugins.alternative_scores",
        lambda ruleset, events, state: {"molehill:five": 5, "unearthed:unstoppable": 31},
    )
    with open_records() as records:
        add_game(records, won_game(seed=3, score=31, rank="Revenant"), rules)
    assert main(["scores"]) == 0
    out = capsys.readouterr().out
    assert "won, 31 points (Revenant); molehill:five 5, unearthed:unstoppable 31" in out


def test_the_scores_show_a_lost_game_s_killer_and_ids_when_names_are_unknown(
    lost_game: GameMaker,
    rules: Ruleset,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = lost_game(seed=2)
    assert game.outcome is not None and game.outcome.cause == "wounds"
    with open_records() as records:
        add_game(records, game, rules)
    assert main(["scores"]) == 0
    killer = rules.card_name(game.outcome.source)
    assert f"lost on level {game.outcome.level}: wounds ({killer})" in capsys.readouterr().out
    # Content that does not load (or a plugin gone): the ids, and a note saying why.
    monkeypatch.setenv("UNBROKEN_PLUGINS", "no-such-plugin")
    assert main(["scores"]) == 0
    shown = capsys.readouterr()
    assert "note: showing card ids, not names: plugin 'no-such-plugin'" in shown.err
    killer_id = game.outcome.source.split(":")[1]
    row = next(line for line in shown.out.splitlines() if "lost on level" in line)
    assert row.split()[3:6] == ["maxyn-zenma", "sneak", "normal"]
    assert f": wounds ({killer_id})" in shown.out


def test_no_games_yet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scores"]) == 0
    assert "No games recorded yet" in capsys.readouterr().out


def test_export_to_a_file(
    tmp_path: Path, lost_game: GameMaker, rules: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_records() as records:
        add_game(records, lost_game(seed=1), rules)
    target = tmp_path / "games.json"
    assert main(["scores", "export", "--format", "json", "--output", str(target)]) == 0
    assert f"1 game written to {target}" in capsys.readouterr().out
    assert validate(json.loads(target.read_text(encoding="utf-8"))) == []
    bad = tmp_path / "missing" / "games.csv"
    assert main(["scores", "export", "--format", "csv", "--output", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {bad}" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [["scores"], ["achievements"], ["scores", "export", "--format", "csv"], ["sim", "--record"]],
)
def test_a_corrupt_records_file_is_one_line_not_a_traceback(
    tmp_path: Path, argv: list[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.sqlite3").write_bytes(b"\x00garbage\xff" * 500)
    proc = unbroken(*argv, data=data)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert str(data / "records.sqlite3") in proc.stderr and "corrupt" in proc.stderr


def test_a_future_records_file_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    import sqlite3

    data = tmp_path / "data"
    data.mkdir()
    db = sqlite3.connect(data / "records.sqlite3")
    db.execute("PRAGMA user_version = 7")
    db.close()
    proc = unbroken("achievements", data=data)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "schema version 7" in proc.stderr and "newer Unbroken" in proc.stderr


def test_export_needs_a_known_format(tmp_path: Path) -> None:
    proc = unbroken("scores", "export", "--format", "xls", data=tmp_path)
    assert proc.returncode == 2 and "invalid choice: 'xls'" in proc.stderr


def test_a_starved_game_names_no_killer(rules: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    from unbroken.testing import Scenario

    game = Scenario("tomu", level=2).resources(se=0, food=0).monster("goblin").start("hunger")
    game.apply(game.legal_actions()[0])  # eat nothing
    assert game.outcome is not None and game.outcome.cause == "starvation"
    with open_records() as records:
        add_game(records, game, rules)
    assert main(["scores"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "lost on" in line)
    assert row.endswith("lost on level 2: starvation")  # not "starvation (hunger)"


def test_a_class_never_won_with_has_no_best_score(
    lost_game: GameMaker, rules: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_records() as records:
        add_game(records, lost_game(seed=1), rules)
    assert main(["scores"]) == 0
    out = capsys.readouterr().out
    best = [line.split() for line in out.splitlines() if line.strip().startswith("Sneak")]
    assert best and best[0][:5] == ["Sneak", "Normal", "-", "-", "0/1"]
