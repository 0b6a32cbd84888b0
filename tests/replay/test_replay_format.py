"""The recording format: header, setup, decisions, checks, footer; names; resume."""

from __future__ import annotations

import dataclasses
import gzip
import shutil
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest

from unbroken import __version__
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.replay import (
    CHECK_EVERY,
    FORMAT,
    Recorder,
    ReplayError,
    Timeline,
    read_info,
    read_recording,
    recorded_games,
    replay,
    resume,
    take_back,
    unfinished_games,
    verify_file,
)
from unbroken.replay.codec import state_digest
from unbroken.sim import greedy_bot


def play_recorded(
    game: Game, recorder: Recorder, decisions: int | None = None, start: int = 0
) -> int:
    """Play `decisions` greedy decisions (None: to the end), recording each; return the count."""
    n = start
    while not game.is_over and (decisions is None or n < start + decisions):
        action = greedy_bot(game, n)
        n += 1
        recorder.record(action, game.apply(action), game)
    return n


def test_a_recording_has_header_setup_decisions_checks_and_footer(
    recording: Path, ruleset: Ruleset
) -> None:
    lines = [msgspec.json.decode(raw) for raw in recording.read_bytes().splitlines()]
    header = lines[0]
    assert header["kind"] == "header"
    assert header["format"] == FORMAT
    assert header["engine"] == __version__
    assert header["seed"] == 47
    assert header["character"] == "base:maxyn-zenma"
    assert header["difficulty"] == "normal"
    assert header["plugins"] == ruleset.plugins
    assert header["ruleset"] == ruleset.digest
    assert lines[1]["kind"] == "setup"
    assert lines[1]["events"][0]["type"] == "game_started"
    decisions = [line for line in lines if line["kind"] == "decision"]
    assert [d["n"] for d in decisions] == list(range(1, len(decisions) + 1))
    assert all("type" in d["action"] for d in decisions)
    checks = [line["n"] for line in lines if line["kind"] == "check"]
    assert checks == list(range(CHECK_EVERY, len(decisions) + 1, CHECK_EVERY))
    assert lines[-1]["kind"] == "footer"
    assert lines[-1]["decisions"] == len(decisions)
    assert recording.name.endswith("_lost.jsonl")
    assert verify_file(recording, ruleset) is None


def test_the_recorder_names_files_by_date_character_difficulty_seed_and_outcome(
    ruleset: Ruleset, tmp_path: Path
) -> None:
    game = Game.new(ruleset, "tomu", "easy", 7)
    recorder = Recorder.start(game, ruleset, tmp_path)
    assert recorder.path.name.endswith("_tomu_easy_seed7.jsonl.gz")
    assert recorder.path.name[:4].isdigit() and "T" in recorder.path.name[:16]
    play_recorded(game, recorder)
    path = recorder.finish(game)
    outcome = "won" if game.outcome is not None and game.outcome.won else "lost"  # the content's
    assert path.name.endswith(f"_tomu_easy_seed7_{outcome}.jsonl.gz")
    assert path.exists() and not (tmp_path / path.name.replace(f"_{outcome}", "")).exists()
    again = Recorder.start(Game.new(ruleset, "tomu", "easy", 7), ruleset, tmp_path)
    assert again.path != recorder.path  # same minute, same game: a second file
    again.close()


@pytest.mark.parametrize("hard_links", [True, False])
def test_the_same_game_ended_twice_in_a_minute_keeps_both_recordings(
    ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hard_links: bool
) -> None:
    # "Same seed again" after a quick game: the second rename must not replace the first.
    if not hard_links:

        def no_link(src: object, dst: object) -> None:
            raise PermissionError(1, "Operation not permitted")

        monkeypatch.setattr("os.link", no_link)
    created = datetime(2026, 11, 23, 10, 45, tzinfo=UTC)
    paths = []
    for _ in range(3):
        game = Game.new(ruleset, "tomu", "easy", 7)
        recorder = Recorder.start(game, ruleset, tmp_path, created=created)
        play_recorded(game, recorder)
        paths.append(recorder.finish(game))
    first = paths[0].read_bytes()
    outcome = "won" if game.outcome is not None and game.outcome.won else "lost"  # the content's
    assert [p.name for p in paths] == [
        f"2026-11-23T1045_tomu_easy_seed7_{outcome}.jsonl.gz",
        f"2026-11-23T1045_tomu_easy_seed7_{outcome}-2.jsonl.gz",
        f"2026-11-23T1045_tomu_easy_seed7_{outcome}-3.jsonl.gz",
    ]
    assert sorted(tmp_path.iterdir()) == sorted(paths)  # nothing else left behind
    assert paths[0].read_bytes() == first
    assert all(verify_file(p, ruleset) is None for p in paths)
    assert [i.outcome for i in recorded_games(tmp_path)[0]] == [outcome] * 3


def test_recording_the_game_writes_every_decision_to_disk_at_once(
    ruleset: Ruleset, tmp_path: Path
) -> None:
    game = Game.new(ruleset, "helena", "hard", 3)
    recorder = Recorder.start(game, ruleset, tmp_path)
    for n in range(5):
        play_recorded(game, recorder, 1, start=n)
        # Read by another handle while the recorder's file is still open.
        assert len(read_recording(recorder.path).decisions) == n + 1
    assert [i.outcome for i in unfinished_games(tmp_path)] == ["unfinished"]
    recorder.close()


def test_resume_continues_the_same_file_and_checks_it(ruleset: Ruleset, tmp_path: Path) -> None:
    game = Game.new(ruleset, "niola", "normal", 16)  # a game the greedy bot loses
    recorder = Recorder.start(game, ruleset, tmp_path)
    play_recorded(game, recorder, 12)
    recorder.close()
    resumed, again = resume(recorder.path, ruleset)
    assert state_digest(resumed.state) == state_digest(game.state)
    assert resumed.events == game.events
    assert again.notices == []
    n = play_recorded(resumed, again, start=12)
    path = again.finish(resumed)
    assert verify_file(path, ruleset) is None
    assert unfinished_games(tmp_path) == []
    infos, problems = recorded_games(tmp_path)
    assert problems == [] and infos[0].outcome == "lost" and infos[0].decisions == n


@pytest.mark.parametrize("compress", [True, False])
@pytest.mark.parametrize(("played", "kept"), [(12, 11), (11, 10), (10, 9), (3, 0)])
def test_resume_can_take_back_the_last_decisions(
    ruleset: Ruleset, tmp_path: Path, compress: bool, played: int, kept: int
) -> None:
    # Decision 10 has a check line after it: taking 10 back takes the check line too.
    game = Game.new(ruleset, "niola", "normal", 16)
    recorder = Recorder.start(game, ruleset, tmp_path, compress=compress)
    play_recorded(game, recorder, played)
    recorder.close()
    before = Game.new(ruleset, "niola", "normal", 16)
    for decision in read_recording(recorder.path, drop_torn=True).decisions[:kept]:
        before.apply(decision.action)
    resumed, again = resume(recorder.path, ruleset, decisions=kept)
    assert resumed.events == before.events
    assert state_digest(resumed.state) == state_digest(before.state)
    assert again.decisions == kept and again.notices == []
    rec = read_recording(recorder.path, drop_torn=True)
    assert len(rec.decisions) == kept and all(n <= kept for n in rec.checks)
    # The game goes on from there, and the file verifies to its end.
    play_recorded(resumed, again, start=kept)
    assert verify_file(again.finish(resumed), ruleset) is None


def test_take_back_keeps_the_game_when_the_file_fails(ruleset: Ruleset, tmp_path: Path) -> None:
    game = Game.new(ruleset, "niola", "normal", 16)
    recorder = Recorder.start(game, ruleset, tmp_path, compress=False)
    play_recorded(game, recorder, 4)
    good = take_back(game, recorder, ruleset)  # the file is fine: decision 4 is gone
    assert good.problem == "" and good.action is not None and good.recorder is not None
    assert good.recorder.decisions == 3
    good.recorder.close()
    path = good.recorder.path
    path.write_bytes(path.read_bytes().replace(b'"n":2', b'"n":7'))  # damaged since
    done = take_back(good.game, good.recorder, ruleset)
    assert done.problem.startswith("Could not take the decision back: ")
    assert "out of order" in done.problem
    assert done.game is good.game and done.action is None and done.recorder is None


def test_a_torn_last_line_is_dropped_with_a_notice(ruleset: Ruleset, tmp_path: Path) -> None:
    game = Game.new(ruleset, "mae-el", "easy", 5)
    recorder = Recorder.start(game, ruleset, tmp_path, compress=False)
    play_recorded(game, recorder, 6)
    recorder.close()
    good = recorder.path.read_bytes()
    with open(recorder.path, "ab") as file:
        file.write(b'{"kind":"decision","n":7,"action":{"ty')
    assert "cut off" in (verify_file(recorder.path, ruleset) or "")
    resumed, again = resume(recorder.path, ruleset)
    assert resumed.events == game.events
    assert len(again.notices) == 1 and "dropped" in again.notices[0]
    assert recorder.path.read_bytes() == good
    action = greedy_bot(resumed, 6)
    again.record(action, resumed.apply(action), resumed)
    again.close()
    assert len(read_recording(recorder.path).decisions) == 7


def test_the_game_writes_gzip_that_holds_the_same_lines(
    compressed: Path, recording: Path, ruleset: Ruleset
) -> None:
    # The same game recorded twice: the compressed file is the plain one, gzipped.
    assert compressed.name.endswith("_lost.jsonl.gz")
    assert gzip.decompress(compressed.read_bytes()) == recording.read_bytes()
    assert compressed.stat().st_size * 4 < recording.stat().st_size
    assert verify_file(compressed, ruleset) is None
    assert read_info(compressed) == dataclasses.replace(read_info(recording), path=compressed)


def test_a_compressed_recording_killed_mid_write_resumes_at_the_last_whole_decision(
    ruleset: Ruleset, tmp_path: Path
) -> None:
    game = Game.new(ruleset, "mae-el", "easy", 5)
    recorder = Recorder.start(game, ruleset, tmp_path)
    play_recorded(game, recorder, 6)
    before = recorder.path.stat().st_size
    after_six = list(game.events)
    action = greedy_bot(game, 6)
    recorder.record(action, game.apply(action), game)
    # Not closed: what is on disk is what a kill -9 leaves (no gzip trailer).
    whole = recorder.path.read_bytes()
    assert len(read_recording(recorder.path).decisions) == 7
    notices = 0
    for cut in range(before, len(whole)):
        copy = tmp_path / f"cut{cut}.jsonl.gz"
        copy.write_bytes(whole[:cut])  # the 7th decision's write, torn at every byte
        resumed, again = resume(copy, ruleset)
        assert resumed.events in (after_six, game.events)
        notices += len(again.notices)
        assert all("dropped" in notice for notice in again.notices)
        follow = greedy_bot(resumed, again.decisions)
        again.record(follow, resumed.apply(follow), resumed)
        again.close()
        # The resumed file is a whole gzip stream again, ending with the new decision.
        text = gzip.decompress(copy.read_bytes())
        assert len(read_recording(copy).decisions) == again.decisions
        assert text.count(b'"kind":"decision"') == again.decisions
    assert notices > 0  # some cuts fall inside the 7th line's text


def test_damaged_compressed_data_names_the_line(compressed: Path, tmp_path: Path) -> None:
    raw = bytearray(compressed.read_bytes())
    raw[len(raw) // 2 : len(raw) // 2 + 8] = b"\xff" * 8
    path = tmp_path / "damaged.jsonl.gz"
    path.write_bytes(bytes(raw))
    with pytest.raises(ReplayError, match=r"damaged.jsonl.gz:\d+: the compressed data is damaged"):
        read_recording(path)
    path.write_bytes(compressed.read_bytes() + b"trailing junk")
    with pytest.raises(ReplayError, match="unexpected bytes after the end of the compressed data"):
        read_recording(path)


def test_a_finished_game_cannot_be_resumed(recording: Path, ruleset: Ruleset) -> None:
    with pytest.raises(ReplayError, match="already over"):
        resume(recording, ruleset)


def test_timeline_states_match_the_engine_at_every_position(
    recording: Path, ruleset: Ruleset
) -> None:
    timeline = Timeline(recording, ruleset)
    rec = read_recording(recording)
    assert len(timeline) == len(rec.decisions) + 1
    game = Game.new(ruleset, rec.header.character, rec.header.difficulty, rec.header.seed)
    expected = [state_digest(game.state)]
    for d in rec.decisions:
        game.apply(d.action)
        expected.append(state_digest(game.state))
    # Backwards, as the viewer's step-back does.
    for i in reversed(range(len(timeline))):
        assert state_digest(timeline.state_at(i)) == expected[i]
    assert timeline.events_at(0) == rec.setup
    assert timeline.action_at(0) is None and timeline.action_at(1) == rec.decisions[0].action
    battle = timeline.next_index("battle", 0)
    assert battle is not None
    assert any(type(e).__name__ == "BattleStarted" for e in timeline.events_at(battle))
    death = timeline.next_index("death", 0)
    assert death == len(timeline) - 1
    assert timeline.next_index("death", death) is None
    assert (
        timeline.previous_index("battle", battle) is None
        or (timeline.previous_index("battle", battle) or 0) < battle
    )
    level = timeline.next_index("level", 0)
    assert level is None or level > 0
    # A returned state is a copy: changing it leaves the timeline alone.
    timeline.state_at(3).res["se"] = 999
    assert state_digest(timeline.state_at(3)) == expected[3]
    with pytest.raises(IndexError):
        timeline.state_at(len(timeline))


def test_replay_returns_the_game_as_it_ended(recording: Path, ruleset: Ruleset) -> None:
    game = replay(read_recording(recording), ruleset)
    footer = read_recording(recording).footer
    assert footer is not None
    assert game.is_over and game.outcome == footer.outcome


def test_a_copy_in_another_folder_still_verifies(
    recording: Path, ruleset: Ruleset, tmp_path: Path
) -> None:
    copy = tmp_path / "copy.jsonl"
    shutil.copy(recording, copy)
    assert verify_file(copy, ruleset) is None
