"""`unbroken scores` keeps its columns in line whatever the names' lengths (#28 playtest
round 8: "Hesk Marrow Gravedigger  Expert  lost" pushed the result out of line)."""

from __future__ import annotations

import pytest
from recorded_games import GameMaker

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.records import add_game, open_records


def test_long_names_keep_the_columns_in_line(
    lost_game: GameMaker,
    rules: Ruleset,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with open_records() as records:
        add_game(records, lost_game(seed=1), rules)
        add_game(records, lost_game(seed=2, character="caellahan", difficulty="hard"), rules)
    # As long as an expansion's names (Unearthed's Gravedigger on the Gauntlet's Expert).
    long = {"hard": "Nightmare Expert"}
    monkeypatch.setattr(Ruleset, "difficulty_name", lambda self, d: long.get(d, d.title()))
    assert main(["scores"]) == 0
    lines = capsys.readouterr().out.splitlines()
    recent = lines[lines.index("Recent games (last 2):") + 1 :][:3]
    assert (
        len(
            {
                line.index("result") if i == 0 else line.index("lost on")
                for i, line in enumerate(recent)
            }
        )
        == 1
    ), recent
    assert "Nightmare Expert" in recent[1] + recent[2]
    best = lines[lines.index("Best scores by class and difficulty:") + 1 :]
    assert len(best) == 3, best
    # "best" and "won" are right-aligned: each ends where its title does.
    for title, cell in (("best", "-"), ("won", "/1")):
        end = best[0].index(title) + len(title)
        assert all(line[end - len(cell) : end] == cell for line in best[1:]), best
