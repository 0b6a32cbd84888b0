"""A records file with one damaged column — a score of 1.5, 1e20 or 'abc', a level that is
no whole number, plugins that are no JSON object, a list for the alternative scores — gives
`scores`, `stats` and `scores export` the one-line error docs/records.md promises, naming
the game and the column, and exit 2; never a traceback (#29 item 7)."""

from __future__ import annotations

import sqlite3

import pytest

from unbroken.cli.command import main
from unbroken.records import RecordsError, open_records, records_path

DAMAGE = [
    ("score", 1.5, "`score` holds 1.5, not a whole number"),
    ("score", 1e20, "`score` holds 1e+20, not a whole number"),
    ("score", "abc", "`score` holds 'abc', not a whole number"),
    ("level", 2.5, "`level` holds 2.5, not a whole number"),
    ("seed", "12x", "`seed` holds '12x', not a whole number"),
    ("plugins", "{bad", "`plugins` holds '{bad', not a JSON object of names and versions"),
    (
        "alternative_scores",
        "[1, 2]",
        "`alternative_scores` holds '[1, 2]', not a JSON object of names and whole numbers",
    ),
]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a records file holding three won-or-lost games (game 2 gets damaged)."""
    folder = tmp_path_factory.mktemp("records")
    mp = pytest.MonkeyPatch()
    mp.setenv("UNBROKEN_DATA_DIR", str(folder))
    mp.setenv("UNBROKEN_PLUGINS", "base")
    try:
        assert main(["sim", "--games", "3", "--seed", "2", "--record"]) == 0
        with open_records() as records:  # the file whole, the log folded in
            assert len(records.games()) == 3
        return records_path().read_bytes()
    finally:
        mp.undo()


@pytest.mark.parametrize(("column", "value", "said"), DAMAGE)
@pytest.mark.parametrize("argv", [["scores"], ["stats"], ["scores", "export", "--format", "csv"]])
def test_a_damaged_column_is_one_line_naming_the_game_and_column(
    games: bytes,
    column: str,
    value: object,
    said: str,
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = records_path()
    path.write_bytes(games)
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE games SET {column} = ? WHERE id = 2", (value,))
    db.close()
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        f"unbroken: error: records file {path}: game 2: {said}; the file is damaged "
        "(move it away to start new records)\n"
    )


def test_a_damaged_best_score_is_named_too(games: bytes) -> None:
    path = records_path()
    path.write_bytes(games)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET outcome = 'won', score = 'abc' WHERE id = 2")
        cls, difficulty = db.execute("SELECT class, difficulty FROM games WHERE id = 2").fetchone()
    db.close()
    with open_records() as records, pytest.raises(RecordsError, match="game 2: `score` holds"):
        records.best_won_score(cls, difficulty)
    with open_records() as records, pytest.raises(RecordsError, match="game 2: `score` holds"):
        records.best_scores()
