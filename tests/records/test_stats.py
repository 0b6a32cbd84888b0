"""The records in figures (`unbroken.records.stats`) and `unbroken stats`, its text and JSON."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from recorded_games import GameMaker

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.records import GameRow, add_game, open_records
from unbroken.records.stats import Result, Stats, compute, killer_name, periods, to_document

CHARACTERS = ("base:tomu", "base:niola", "base:helena", "molehill:digger")
DIFFICULTIES = ("hard", "normal", "easy", "nightmare")
KILLERS = ("base:goblin", "base:basilisk", "hunger", "base:poisoned", "")


def row(
    ident: int,
    won: bool,
    score: int = 0,
    character: str = "base:tomu",
    difficulty: str = "normal",
    killed_by: str = "",
    cause: str = "wounds",
) -> GameRow:
    """A finished game's row as the records hand it back (only what the figures read)."""
    return GameRow(
        id=ident,
        started="2026-11-20T10:00:00+00:00",
        finished=f"2026-11-{10 + ident % 20:02d}T10:00:00+00:00",
        character=character,
        cls="base:sage",
        difficulty=difficulty,
        seed=ident,
        plugins={},
        won=won,
        level=4 if won else 2,
        step="hunger",
        cause="" if won else cause,
        killed_by="" if won else killed_by,
        score=score if won else 0,
        rank="Avenger" if won else "",
        alternative_scores={},
        replay=None,
    )


games = st.lists(
    st.builds(
        lambda won, score, character, difficulty, killer: (
            won,
            score,
            character,
            difficulty,
            killer,
        ),
        st.booleans(),
        st.integers(0, 90),
        st.sampled_from(CHARACTERS),
        st.sampled_from(DIFFICULTIES),
        st.sampled_from(KILLERS),
    ),
    max_size=60,
)


def rows_of(drawn: list[tuple[bool, int, str, str, str]]) -> list[GameRow]:
    return [
        row(i + 1, won, score, character, difficulty, killer)
        for i, (won, score, character, difficulty, killer) in enumerate(drawn)
    ]


@given(games, st.randoms(use_true_random=False))
def test_every_game_counts_once_in_every_figure(
    drawn: list[tuple[bool, int, str, str, str]], shuffle: random.Random
) -> None:
    rows = rows_of(drawn)
    stats = compute(rows)
    wins = sum(r.won for r in rows)
    assert (stats.games, stats.wins) == (len(rows), wins)
    for tallies in (stats.by_character, stats.by_difficulty):
        assert sum(t.games for t in tallies) == len(rows)
        assert sum(t.wins for t in tallies) == wins
        assert all(0 <= t.wins <= t.games and 0 <= t.rate <= 1 for t in tallies)
    assert [t.key for t in stats.by_character] == sorted({r.character for r in rows})
    assert sum(d.deaths for d in stats.deaths) == len(rows) - wins
    assert [d.deaths for d in stats.deaths] == sorted(
        (d.deaths for d in stats.deaths), reverse=True
    )
    assert [r.id for r in stats.results] == sorted(r.id for r in rows)
    assert stats.best == max((r.score for r in rows), default=0)
    # The order the records hand the games back in changes nothing (newest first, say).
    shuffle.shuffle(rows)
    assert compute(rows) == stats


@given(games, st.integers(1, 80))
def test_the_score_over_time_splits_the_games_into_even_runs(
    drawn: list[tuple[bool, int, str, str, str]], count: int
) -> None:
    stats = compute(rows_of(drawn))
    runs = stats.periods(count)
    assert len(runs) == min(count, stats.games)
    assert sum(p.games for p in runs) == stats.games
    assert sum(p.wins for p in runs) == stats.wins
    assert sum(p.total for p in runs) == sum(r.score for r in stats.results)
    # Consecutive, oldest first, each game in one run: run i starts after run i - 1 ends.
    ids = [r.id for r in stats.results]
    covered = [i for p in runs for i in ids[ids.index(p.first) : ids.index(p.last) + 1]]
    assert covered == ids
    if runs:
        assert max(p.games for p in runs) - min(p.games for p in runs) <= 1
    for p in runs:
        assert 0 <= p.average <= p.best <= stats.best


def test_difficulties_go_easy_normal_hard_then_others() -> None:
    stats = compute([row(i, i % 2 == 0, 10, difficulty=d) for i, d in enumerate(DIFFICULTIES)])
    assert [t.key for t in stats.by_difficulty] == ["easy", "normal", "hard", "nightmare"]


def test_deaths_name_the_killer_starvation_or_the_cause() -> None:
    rows = [
        row(1, False, killed_by="base:goblin"),
        row(2, False, killed_by="hunger", cause="starvation"),
        row(3, False, killed_by="base:goblin"),
        row(4, True, 30),
        row(5, False, killed_by="", cause="Frightened"),
    ]
    stats = compute(rows)
    assert [(d.killer, d.deaths) for d in stats.deaths] == [
        ("base:goblin", 2),
        ("Frightened", 1),
        ("hunger", 1),
    ]
    names = [killer_name(d.killer, lambda card: card.split(":")[1].title()) for d in stats.deaths]
    assert names == ["Goblin", "Frightened", "Starvation"]
    assert stats.average == 30 / 5 and stats.best == 30 and stats.rate == 1 / 5


def test_runs_split_by_the_game_ids_and_average_a_loss_as_zero() -> None:
    results = [Result(i, "", i % 2 == 0, 10 * i if i % 2 == 0 else 0, 4) for i in range(1, 8)]
    runs = periods(results, 3)
    # 7 games in 3 runs: positions 0-1, 2-3, 4-6 (floor(i * 7 / 3)).
    assert [(p.first, p.last, p.games) for p in runs] == [(1, 2, 2), (3, 4, 2), (5, 7, 3)]
    assert [p.average for p in runs] == [10.0, 20.0, 20.0]
    assert [p.best for p in runs] == [20, 40, 60]
    with pytest.raises(ValueError, match="at least 1"):
        periods(results, 0)


def test_no_games_have_no_figures() -> None:
    stats = compute([])
    assert stats == Stats((), (), (), ())
    assert (stats.games, stats.wins, stats.rate, stats.best, stats.average) == (0, 0, 0, 0, 0)
    assert stats.periods(10) == []


# --------------------------------------------------------------------------- unbroken stats


def keep(rules: Ruleset, won_game: GameMaker, lost_game: GameMaker) -> list[GameRow]:
    """Record 2 wins and 3 losses of two characters on two difficulties; return their rows."""
    with open_records() as records:
        add_game(records, lost_game(seed=1, character="tomu", difficulty="easy"), rules)
        add_game(records, won_game(seed=2, character="tomu", difficulty="easy", score=31), rules)
        add_game(records, lost_game(seed=3, character="niola", difficulty="hard"), rules)
        add_game(records, won_game(seed=4, character="niola", difficulty="easy", score=44), rules)
        add_game(records, lost_game(seed=5, character="tomu", difficulty="hard"), rules)
        return records.games()


def test_stats_prints_the_figures_as_text(
    rules: Ruleset,
    won_game: GameMaker,
    lost_game: GameMaker,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = keep(rules, won_game, lost_game)
    assert main(["stats", "--periods", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "5 games, 2 won (40.0 %); best score 44, average 15.00 per game"
    # The same games and win rate as `unbroken scores`.
    assert main(["scores"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "5 games, 2 won (40.0 %)"
    table = lines[lines.index("Score over time (a lost game scores 0):") + 2 :][:3]
    assert [line.split() for line in table] == [
        ["1-2", "1/2", "15.50", "31"],
        ["3-5", "1/3", "14.67", "44"],
        [],
    ]
    by_difficulty = lines[lines.index("Win rate by difficulty:") + 1 :][:2]
    assert [line.split() for line in by_difficulty] == [
        ["Easy", "2/3", "66.7", "%"],
        ["Hard", "0/2", "0.0", "%"],
    ]
    by_character = lines[lines.index("Win rate by character:") + 1 :][:2]
    assert [line.split() for line in by_character] == [
        ["Niola", "1/2", "50.0", "%"],
        ["Tomu", "1/3", "33.3", "%"],
    ]
    deaths = lines[lines.index("Deaths by monster or cause (3):") + 1 : -2]
    killers = [killer_name(r.killed_by, rules.card_name) for r in rows if not r.won]
    assert sorted(line.rsplit(None, 3)[0].strip() for line in deaths) == sorted(set(killers))
    assert sum(int(line.split()[-3]) for line in deaths) == 3
    assert lines[-1].startswith("Records: ") and lines[-1].endswith("records.sqlite3")


def test_stats_json_has_the_same_figures_for_tools(
    rules: Ruleset,
    won_game: GameMaker,
    lost_game: GameMaker,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = keep(rules, won_game, lost_game)
    assert main(["stats", "--json", "--periods", "2"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document == to_document(compute(rows), 2, rules.card_name, rules.difficulty_name)
    assert document["schema_version"] == 1
    assert (document["games"], document["wins"], document["win_rate"]) == (5, 2, 0.4)
    assert document["score_over_time"][0] == {
        "first_game": 1,
        "last_game": 2,
        "games": 2,
        "wins": 1,
        "average_score": 15.5,
        "best_score": 31,
    }
    # Ids as `unbroken scores export` keeps them, each beside its printed name.
    assert document["by_character"][1] == {
        "character": "base:tomu",
        "name": "Tomu",
        "games": 3,
        "wins": 1,
        "win_rate": 0.3333,
    }
    assert [d["difficulty"] for d in document["by_difficulty"]] == ["easy", "hard"]
    assert sum(d["deaths"] for d in document["deaths"]) == 3
    assert main(["scores", "export", "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)["games"]
    assert sorted({g["killed_by"] for g in exported if g["outcome"] == "lost"}) == sorted(
        d["killer"] for d in document["deaths"]
    )


def test_stats_last_counts_only_the_newest_games(
    rules: Ruleset,
    won_game: GameMaker,
    lost_game: GameMaker,
    capsys: pytest.CaptureFixture[str],
) -> None:
    keep(rules, won_game, lost_game)
    assert main(["stats", "--last", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games (the last 2 of 5), 1 won (50.0 %); best score 44")
    assert main(["stats", "--last", "2", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["games"] == 2 and document["score_over_time"][0]["first_game"] == 4


def test_stats_without_games_says_so_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "none"
    assert main(["--data-dir", str(data), "stats"]) == 0
    assert capsys.readouterr().out == f"No games recorded yet (records: {data}/records.sqlite3).\n"
    assert main(["--data-dir", str(data), "stats", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["games"] == 0 and document["score_over_time"] == document["deaths"] == []
    assert not data.exists()
    # A records file with no game in it says the same.
    open_records(data / "records.sqlite3").close()
    assert main(["--data-dir", str(data), "stats"]) == 0
    assert capsys.readouterr().out.startswith("No games recorded yet")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--periods", "0"], "argument --periods: 0 must be at least 1"),
        (["--periods", "many"], "argument --periods: 'many' is not a whole number"),
        (["--last", "-3"], "argument --last: -3 must be at least 1"),
        (["--recent", "3"], "unrecognized arguments: --recent 3"),
    ],
)
def test_stats_bad_arguments_say_what_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["stats", *argv])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "usage: unbroken stats" in err and "Traceback" not in err


def test_stats_of_a_corrupt_records_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.sqlite3").write_bytes(b"this is not a database" * 100)
    assert main(["--data-dir", str(data), "stats"]) == 2
    err = capsys.readouterr().err
    assert re.fullmatch(r"unbroken: error: records file .*records.sqlite3 is corrupt .*\n", err)
