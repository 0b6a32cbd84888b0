"""The end-of-game summary written beside each replay."""

from __future__ import annotations

from pathlib import Path

from recorded_games import GameMaker

from unbroken.core import events as ev
from unbroken.core.ruleset import Ruleset
from unbroken.records import Records, add_game, story_path_for
from unbroken.words.endings import how_lost
from unbroken.words.story import story


def test_a_lost_game_tells_each_level_and_its_end(lost_game: GameMaker, rules: Ruleset) -> None:
    game = lost_game(seed=5)
    text = story(game.events, rules)
    lines = text.splitlines()
    assert lines[0] == "Maxyn Zenma the Sneak, Normal game, seed 5."  # its name (round 21)
    levels = [e.level for e in game.events if isinstance(e, ev.LevelStarted)]
    for level in levels:
        assert f"Level {level}" in lines
    monsters = [e.monster for e in game.events if isinstance(e, ev.MonsterRevealed)]
    for monster in monsters:
        assert f"Met {rules.card_name(monster)}" in text
    over = game.outcome
    assert over is not None
    assert f"Lost on level {over.level}, {over.step} step: {over.cause}" in text
    # #28 round 20: what the blow asked beyond what was held, as the game over screen says
    # it (the held resources alone, "Resources left: 1 SE", read as if some were left).
    assert how_lost(game.events, game.state, rules) in lines
    assert "asked for more effort than you had" in text or "were due" in text
    assert "Resources held at the end: " in text and "Resources left" not in text
    assert "Score: 0 (only a won game scores)." in lines


def test_rounds_and_food_come_from_the_events(lost_game: GameMaker, rules: Ruleset) -> None:
    game = lost_game(seed=5)
    text = story(game.events, rules)
    rounds = max(e.round for e in game.events if isinstance(e, ev.RoundStarted))
    assert f"in {rounds} rounds" in text or f"in {rounds} round." in text
    ate = [e for e in game.events if isinstance(e, ev.Ate)]
    assert ate, "seed 5 reaches a Hunger step"
    assert f"Hunger: ate {ate[0].food} of {ate[0].requirement} food needed." in text


def test_a_tricked_monster_is_told_as_tricked(lost_game: GameMaker, rules: Ruleset) -> None:
    game = lost_game(seed=6)
    tricked = [e.monster for e in game.events if isinstance(e, ev.MonsterTricked)]
    assert tricked, "the greedy bot tricks a monster with seed 6"
    assert f"Met {rules.card_name(tricked[0])}: tricked it and slipped past." in story(
        game.events, rules
    )


def test_a_won_game_breaks_down_its_score(won_game: GameMaker, rules: Ruleset) -> None:
    game = won_game(seed=3, score=23, rank="Avenger")
    text = story(game.events, rules)
    assert "Won: out of the caverns after level 4." in text
    assert "  Total 23: Avenger." in text
    for key, points in rules.settings.score.items():
        have = game.state.res.get(key, 0)
        if have:
            assert f" x {points} = {have * points}" in text


def test_add_game_writes_the_story_beside_the_replay(
    records: Records, lost_game: GameMaker, rules: Ruleset, tmp_path: Path
) -> None:
    game = lost_game(seed=5)
    replay = tmp_path / "replays" / "2026-01-01-seed5.jsonl.gz"
    replay.parent.mkdir()
    assert story_path_for(replay.with_name("2026-01-01-seed5.jsonl")).name == "2026-01-01-seed5.txt"
    row = add_game(records, game, rules, replay_path=replay)
    beside = tmp_path / "replays" / "2026-01-01-seed5.txt"
    assert story_path_for(replay) == beside
    assert row.replay == str(replay) and row.story_path == str(beside)
    assert beside.read_text(encoding="utf-8") == story(game.events, rules)
    assert records.games()[0].replay == str(replay)


def test_a_story_that_cannot_be_written_does_not_lose_the_game(
    records: Records, lost_game: GameMaker, rules: Ruleset, tmp_path: Path
) -> None:
    replay = tmp_path / "no-such-folder" / "game.jsonl"
    row = add_game(records, lost_game(seed=5), rules, replay_path=replay)
    assert row.story_path is None and "game.txt" in row.story_error
    assert records.count() == (1, 0)
