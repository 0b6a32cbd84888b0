"""The records store: one row per finished game, achievements per game and per difficulty."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from recorded_games import BY_CLASS, GameMaker

from unbroken.core.achievements import earned
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.records import Records, RecordsError, achievement_sheet, add_game, open_records
from unbroken.records import schema as rec


def test_a_lost_game_is_stored_with_every_field(
    records: Records, lost_game: GameMaker, rules: Ruleset
) -> None:
    game = lost_game(seed=5)
    row = add_game(records, game, rules, started="2026-01-02T03:04:05+00:00")
    outcome = game.outcome
    assert outcome is not None and not outcome.won
    assert row.id == 1
    assert row.started == "2026-01-02T03:04:05+00:00" and row.finished >= row.started
    assert (row.character, row.cls, row.difficulty) == ("base:maxyn-zenma", "base:sneak", "normal")
    assert row.seed == 5
    assert row.plugins == dict(rules.plugins) and "base" in row.plugins
    assert row.outcome == "lost" and not row.won
    assert (row.level, row.step, row.cause) == (outcome.level, outcome.step, outcome.cause)
    assert row.killed_by == outcome.source != ""
    assert (row.score, row.rank) == (0, "")
    assert row.alternative_scores == {}
    assert row.replay is None and row.story_path is None
    assert row.achievements == [] and row.new_achievements == []
    assert records.games() == [row]


def test_a_seed_above_the_signed_64_bit_range_survives(records: Records, rules: Ruleset) -> None:
    game = Game.new(rules, character="tomu", seed=(1 << 64) - 1)
    from unbroken import sim

    sim.play(game, sim.random_bot)
    assert add_game(records, game, rules).seed == (1 << 64) - 1
    assert records.games()[0].seed == (1 << 64) - 1


def test_an_unfinished_game_is_refused(records: Records, rules: Ruleset) -> None:
    game = Game.new(rules, character="tomu", seed=1)
    with pytest.raises(ValueError, match="finished"):
        add_game(records, game, rules)
    assert records.count() == (0, 0)


def test_a_won_game_keeps_its_achievements_new_only_once_per_difficulty(
    records: Records, won_game: GameMaker, rules: Ruleset
) -> None:
    # R-ACH-1: per difficulty
    game = won_game(seed=3)
    expected = earned(game.events, rules)
    assert expected, "the synthetic win should earn some single-game achievements"
    first = add_game(records, game, rules)
    assert first.won and first.score == 23 and first.rank == "Avenger"
    assert first.achievements == expected
    assert first.new_achievements == expected
    again = add_game(records, won_game(seed=3), rules)
    assert again.achievements == expected and again.new_achievements == []
    hard_game = won_game(seed=3, difficulty="hard")
    hard = add_game(records, hard_game, rules)
    assert hard.new_achievements == earned(hard_game.events, rules)
    stored = {r.id: r for r in records.games()}
    assert stored[first.id].new_achievements == expected
    assert stored[again.id].achievements == expected and stored[again.id].new_achievements == []


def test_consistency_is_key_comes_with_the_third_win_in_a_row(
    records: Records, won_game: GameMaker, lost_game: GameMaker, rules: Ruleset
) -> None:
    # R-ACH-1 Consistency Is Key: three wins of one difficulty back to back
    add_game(records, won_game(seed=1), rules)
    add_game(records, won_game(seed=2), rules)
    add_game(records, lost_game(seed=3), rules)
    add_game(records, won_game(seed=4, difficulty="hard"), rules)  # other difficulty: no break
    fourth = add_game(records, won_game(seed=5), rules)
    fifth = add_game(records, won_game(seed=6), rules)
    assert "consistency-is-key" not in fourth.achievements
    sixth = add_game(records, won_game(seed=7), rules)
    assert "consistency-is-key" not in fifth.achievements
    assert "consistency-is-key" in sixth.new_achievements
    seventh = add_game(records, won_game(seed=8), rules)
    assert "consistency-is-key" not in seventh.achievements  # earned once per difficulty


def test_best_served_cold_comes_with_the_fourth_class_won(
    records: Records, won_game: GameMaker, rules: Ruleset
) -> None:
    # R-ACH-1 Best Served Cold: a win with each of the four classes, one difficulty
    rows = []
    for i, character in enumerate(BY_CLASS.values()):
        add_game(records, won_game(seed=10 + i, character=character, difficulty="easy"), rules)
        rows.append(add_game(records, won_game(seed=20 + i, character=character), rules))
    assert all("best-served-cold" not in r.achievements for r in rows[:3])
    assert "best-served-cold" in rows[3].new_achievements
    sheet = {s.id: s for s in achievement_sheet(records.first_earned())}
    assert set(sheet["best-served-cold"].earned) == {"easy", "normal"}
    assert sheet["best-served-cold"].cross_game


def test_the_sheet_lists_all_sixteen_with_the_first_game_per_difficulty(
    records: Records, won_game: GameMaker, lost_game: GameMaker, rules: Ruleset
) -> None:
    add_game(records, lost_game(seed=1), rules)
    win = add_game(records, won_game(seed=3, difficulty="hard"), rules)
    add_game(records, won_game(seed=3, difficulty="hard"), rules)
    sheet = achievement_sheet(records.first_earned())
    assert len(sheet) == 16
    for row in sheet:
        if row.id in win.achievements:
            assert row.earned == {"hard": win.id}
        else:
            assert row.earned == {}


def test_an_achievement_of_a_plugin_no_longer_installed_still_shows(
    records: Records, rules: Ruleset, lost_game: GameMaker
) -> None:
    row = add_game(records, lost_game(seed=1), rules)
    records.db.execute(
        "INSERT INTO achievements VALUES (?, 'gone:dragon-slayer', 'normal', 1)", (row.id,)
    )
    sheet = achievement_sheet(records.first_earned())
    assert sheet[-1].id == "gone:dragon-slayer" and sheet[-1].earned == {"normal": row.id}


def test_best_scores_count_and_filters(
    records: Records, won_game: GameMaker, lost_game: GameMaker, rules: Ruleset
) -> None:
    add_game(records, won_game(seed=1, score=12, rank="Survivor"), rules)
    top = add_game(records, won_game(seed=2, score=31, rank="Revenant"), rules)
    add_game(records, lost_game(seed=3), rules)
    add_game(records, lost_game(seed=4, character="tomu", difficulty="hard"), rules)
    assert records.count() == (4, 2)
    best = {(b.cls, b.difficulty): b for b in records.best_scores()}
    assert list(best) == [("base:sage", "hard"), ("base:sneak", "normal")]
    sneak = best["base:sneak", "normal"]
    assert (sneak.score, sneak.rank, sneak.game_id, sneak.games, sneak.wins) == (
        31,
        "Revenant",
        top.id,
        3,
        2,
    )
    assert best["base:sage", "hard"].score == 0 and best["base:sage", "hard"].game_id == 0
    assert [r.id for r in records.games()] == [4, 3, 2, 1]
    assert [r.id for r in records.games(newest_first=False, limit=2)] == [1, 2]
    assert [r.id for r in records.games(won=True)] == [2, 1]
    assert [r.id for r in records.games(difficulty="hard")] == [4]
    assert [r.id for r in records.games(cls="base:sneak", won=False)] == [3]


def test_the_best_won_score_of_a_class_on_a_difficulty(
    records: Records, won_game: GameMaker, lost_game: GameMaker, rules: Ruleset
) -> None:
    assert records.best_won_score("base:sneak", "normal") is None
    add_game(records, lost_game(seed=3), rules)
    assert records.best_won_score("base:sneak", "normal") is None  # a loss is no score
    first = add_game(records, won_game(seed=1, score=12), rules)
    second = add_game(records, won_game(seed=2, score=31), rules)
    third = add_game(records, won_game(seed=4, score=20), rules)
    assert records.best_won_score("base:sneak", "normal") == 31
    assert records.best_won_score("base:sneak", "normal", before=first.id) is None
    assert records.best_won_score("base:sneak", "normal", before=second.id) == 12
    assert records.best_won_score("base:sneak", "normal", before=third.id) == 31
    assert records.best_won_score("base:sneak", "hard") is None
    assert records.best_won_score("base:sage", "normal") is None


def test_the_file_is_wal_and_carries_the_schema_version(records: Records) -> None:
    assert records.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert records.db.execute("PRAGMA user_version").fetchone()[0] == rec.schema_version()


def test_open_records_uses_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(tmp_path / "elsewhere"))
    with open_records() as store:
        assert store.path == tmp_path / "elsewhere" / "records.sqlite3"
    assert store.path.exists()


def test_a_corrupt_file_raises_a_records_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"this is not a database, just garbage " * 200)
    with pytest.raises(RecordsError) as caught:
        open_records(path)
    message = str(caught.value)
    assert str(path) in message and "corrupt" in message and "\n" not in message
    assert path.read_bytes().startswith(b"this is not a database")


def test_a_future_schema_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, future TEXT)")
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    with pytest.raises(RecordsError) as caught:
        open_records(path)
    message = str(caught.value)
    assert str(path) in message and "99" in message and "newer" in message
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 99
    db.close()


def test_an_older_file_is_migrated_and_keeps_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lost_game: GameMaker, rules: Ruleset
) -> None:
    path = tmp_path / "records.sqlite3"
    with open_records(path) as store:
        add_game(store, lost_game(seed=1), rules)
    version = rec.schema_version()

    def add_notes(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT ''")

    monkeypatch.setattr(rec, "MIGRATIONS", [*rec.MIGRATIONS, add_notes])
    with open_records(path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == version + 1
        assert store.db.execute("SELECT notes FROM games").fetchall() == [("",)]
        assert [r.seed for r in store.games()] == [1]
        add_game(store, lost_game(seed=2), rules)
        assert store.count() == (2, 0)


def test_a_migration_that_fails_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "records.sqlite3"
    open_records(path).close()

    def broken(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN x TEXT")
        db.execute("THIS IS NOT SQL")

    monkeypatch.setattr(rec, "MIGRATIONS", [*rec.MIGRATIONS, broken])
    with pytest.raises(RecordsError, match=str(path)):
        open_records(path)
    monkeypatch.undo()
    with open_records(path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == rec.schema_version()
        columns = [c[1] for c in store.db.execute("PRAGMA table_info(games)")]
        assert "x" not in columns
