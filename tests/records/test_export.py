"""CSV and JSON exports, and the JSON against docs/records-schema.json."""

from __future__ import annotations

import csv
import io
import json

import pytest
from recorded_games import GameMaker
from schema_check import schema, validate

from unbroken.core.ruleset import Ruleset
from unbroken.records import Records, add_game
from unbroken.records.export import CSV_COLUMNS, EXPORT_SCHEMA_VERSION, to_csv, to_json


@pytest.fixture
def filled(records: Records, won_game: GameMaker, lost_game: GameMaker, rules: Ruleset) -> Records:
    add_game(records, lost_game(seed=1), rules)
    add_game(records, won_game(seed=3), rules, replay_path="/tmp/nowhere/game.jsonl")
    add_game(records, lost_game(seed=2, character="tomu", difficulty="hard"), rules)
    return records


def test_the_json_export_validates_and_names_every_field(filled: Records) -> None:
    document = json.loads(to_json(filled.games(newest_first=False)))
    assert validate(document) == []
    assert document["schema_version"] == EXPORT_SCHEMA_VERSION
    games = document["games"]
    assert [g["id"] for g in games] == [1, 2, 3]
    assert games[1]["outcome"] == "won" and games[1]["achievements"]
    assert games[1]["replay"] == "/tmp/nowhere/game.jsonl" and games[0]["replay"] is None
    assert games[0]["plugins"]["base"]
    assert set(games[0]) == set(CSV_COLUMNS)


def test_the_schema_documents_every_exported_field() -> None:
    game = schema()["$defs"]["game"]
    assert set(game["required"]) == set(CSV_COLUMNS) == set(game["properties"])
    for name, rule in game["properties"].items():
        assert "type" in rule, name


def test_the_validator_catches_what_breaks_the_schema(filled: Records) -> None:
    document = json.loads(to_json(filled.games()))
    del document["games"][0]["score"]
    document["games"][1]["outcome"] = "draw"
    document["games"][2]["seed"] = "12"
    document["games"][2]["surprise"] = 1
    document["schema_version"] = 2
    found = validate(document)
    assert len(found) == 5
    assert any("'score' is missing" in p for p in found)
    assert any("'draw'" in p for p in found)
    assert any("seed" in p and "not integer" in p for p in found)
    assert any("'surprise' is not allowed" in p for p in found)


def test_the_csv_has_a_named_header_and_one_row_per_game(filled: Records) -> None:
    text = to_csv(filled.games(newest_first=False))
    reader = csv.DictReader(io.StringIO(text))
    assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
    rows = list(reader)
    assert [r["id"] for r in rows] == ["1", "2", "3"]
    assert rows[1]["outcome"] == "won" and rows[1]["score"] == "23"
    assert rows[0]["replay"] == "" and rows[0]["plugins"].startswith("base=")
    assert rows[1]["achievements"] == " ".join(filled.games()[1].achievements)
    assert rows[2]["class"] == "base:sage" and rows[2]["difficulty"] == "hard"
    assert "\r\n" in text  # what spreadsheets expect of CSV


def test_an_empty_export_is_still_valid(records: Records) -> None:
    assert validate(json.loads(to_json([]))) == []
    assert to_csv([]).strip() == ",".join(CSV_COLUMNS)
