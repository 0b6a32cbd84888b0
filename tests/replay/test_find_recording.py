"""Naming a recording the short way: `unbroken replay` / `unbroken verify` take a path,
a name as `unbroken replays` prints it (or its start) in the replays folder, or nothing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.home.paths import replays_dir
from unbroken.replay import ReplayError, find_recording, newest_recording

NAMES = (
    "2026-11-20T0910_tomu_easy_seed1_lost.jsonl.gz",
    "2026-11-24T0302_caellahan_normal_seed5_won.jsonl.gz",
    "2026-11-24T0315_niola_hard_seed7_lost.jsonl.gz",
)


@pytest.fixture
def folder(compressed: Path) -> Path:
    """The user's replays folder holding three copies of a game, under the names above."""
    directory = replays_dir()
    for name in NAMES:
        shutil.copy(compressed, directory / name)
    return directory


def test_a_whole_name_or_a_unique_start_finds_the_file_in_the_replays_folder(
    folder: Path,
) -> None:
    assert find_recording(NAMES[1]) == folder / NAMES[1]
    assert find_recording("2026-11-20") == folder / NAMES[0]
    assert find_recording("2026-11-24T0315") == folder / NAMES[2]


def test_a_path_is_itself_even_when_a_recording_has_that_name(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "cwd"
    here.mkdir()
    (here / NAMES[0]).write_bytes(b"mine")
    monkeypatch.chdir(here)
    assert find_recording(NAMES[0]) == Path(NAMES[0])
    assert find_recording("sub/" + NAMES[1]) == Path("sub/" + NAMES[1])  # not looked up


def test_an_unknown_or_ambiguous_name_says_so(folder: Path) -> None:
    with pytest.raises(ReplayError, match=r"^nope: no such file here, and no recording in "):
        find_recording("nope")
    with pytest.raises(ReplayError) as caught:
        find_recording("2026-11-24")
    assert str(caught.value) == (
        f"2026-11-24: 2 recordings in {folder} start so: {NAMES[1]}, {NAMES[2]}; "
        "say more of the name"
    )


def test_looking_a_name_up_creates_no_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(tmp_path / "none"))
    with pytest.raises(ReplayError, match="no recording in"):
        find_recording("x")
    assert not (tmp_path / "none").exists()


def test_the_newest_recording_is_the_last_started(folder: Path) -> None:
    # The three copies hold one game (one start time): the newest by name breaks the tie.
    assert newest_recording() == folder / NAMES[2]
    for name in NAMES:
        os.remove(folder / name)
    with pytest.raises(ReplayError, match="no recorded games here yet"):
        newest_recording()


def test_verify_takes_names_and_with_none_the_replays_folder(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "2026-11-20"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"OK    {folder / NAMES[0]}"]
    assert main(["verify"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [*(f"OK    {folder / n}" for n in NAMES), "3 OK, 0 failed"]
    assert main(["verify", "2026-11-24", NAMES[0]]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAIL  2026-11-24: 2 recordings in ")
    assert out[1:] == [f"OK    {folder / NAMES[0]}", "1 OK, 1 failed"]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The recordings the viewer opens (it opens none: no screen here), as if in a terminal."""
    from unbroken.tui.app import UnbrokenApp

    paths: list[Path] = []
    monkeypatch.setattr(UnbrokenApp, "run", lambda app: paths.append(app._replay))
    monkeypatch.setattr("unbroken.cli.replay.require_terminal", lambda what: None)
    return paths


def test_replay_opens_the_named_or_newest_game_and_refuses_none(
    folder: Path, capsys: pytest.CaptureFixture[str], opened: list[Path]
) -> None:
    assert main(["replay", "2026-11-20"]) == 0
    assert main(["replay"]) == 0
    assert opened == [folder / NAMES[0], folder / NAMES[2]]
    assert capsys.readouterr().err.startswith("Watching the newest finished game, ")
    assert main(["replay", "2026-11-24"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("unbroken: error: 2026-11-24: 2 recordings in ") and "Traceback" not in err
    )
    for name in NAMES:
        os.remove(folder / name)
    assert main(["replay"]) == 2
    assert capsys.readouterr().err == f"unbroken: error: {folder}: no recorded games here yet\n"


def test_verify_alone_with_no_games_yet_has_nothing_to_verify(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(tmp_path / "data"))
    assert main(["verify"]) == 0
    folder = tmp_path / "data" / "replays"
    assert capsys.readouterr().out == f"No recorded games in {folder} yet: nothing to verify.\n"
    assert not (tmp_path / "data").exists()  # and it made nothing
    folder.mkdir(parents=True)
    assert main(["verify", str(folder)]) == 1  # a folder named by hand must hold some
    assert "no recordings" in capsys.readouterr().out


def test_replay_of_a_folder_opens_its_newest_game(
    folder: Path, capsys: pytest.CaptureFixture[str], opened: list[Path]
) -> None:
    assert main(["replay", str(folder)]) == 0
    assert opened == [folder / NAMES[2]]
    empty = folder.parent / "empty"
    empty.mkdir()
    assert main(["replay", str(empty)]) == 2
    assert capsys.readouterr().err == f"unbroken: error: {empty}: no recorded games here yet\n"


def test_the_full_screen_commands_refuse_a_pipe_in_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Under pytest standard input and output are no terminal, as with `unbroken replay X | cat`.
    assert main(["replay", "2026-11-20"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unbroken: error: unbroken replay is full-screen and needs a terminal")
    assert len(err.strip().splitlines()) == 1
    assert main([]) == 2
    assert "unbroken is full-screen and needs a terminal" in capsys.readouterr().err


def test_replays_lists_each_game_by_the_shortest_start_that_names_it() -> None:
    from unbroken.replay import short_names

    same_minute = [
        "2026-11-24T0302_tomu_easy_seed1_won.jsonl.gz",
        "2026-11-24T0302_tomu_easy_seed2_lost.jsonl.gz",
        "2026-11-24T0302_niola_hard_seed3_lost.jsonl.gz",
    ]
    alone = "2026-11-25T1010_niola_hard_seed4.jsonl.gz"
    names = short_names([*same_minute, alone], [*same_minute, alone, "bad.jsonl"])
    assert names == [
        "2026-11-24T0302_tomu_easy_seed1",
        "2026-11-24T0302_tomu_easy_seed2",
        "2026-11-24T0302_n",
        "2026-11-25T1010",
    ]
    for name, short in zip([*same_minute, alone], names, strict=True):
        assert [n for n in [*same_minute, alone] if n.startswith(short)] == [name]


def test_a_name_that_starts_anothers_is_named_whole_without_its_ending(tmp_path: Path) -> None:
    # Three games of one seed in one minute: "…seed5", "…seed5-2", "…seed5-3".
    from unbroken.replay import short_names

    files = [f"2026-11-24T0417_tomu_normal_seed5{n}.jsonl.gz" for n in ("", "-2", "-3")]
    for name in files:
        (tmp_path / name).write_bytes(b"")
    names = short_names(files, files)
    assert names == [
        "2026-11-24T0417_tomu_normal_seed5",
        "2026-11-24T0417_tomu_normal_seed5-2",
        "2026-11-24T0417_tomu_normal_seed5-3",
    ]
    for name, short in zip(files, names, strict=True):
        assert find_recording(short, tmp_path) == tmp_path / name


def test_replay_with_no_name_opens_the_newest_finished_game_and_says_so(
    folder: Path,
    recording: Path,
    capsys: pytest.CaptureFixture[str],
    opened: list[Path],
) -> None:
    # 28a-18: `unbroken replay` opened the game still in progress (at its 0th of 46
    # decisions), not the last one played to its end; it says which and how to watch the
    # unfinished one.
    lines = recording.read_bytes().splitlines(keepends=True)
    later = folder / "2026-11-28T1900_maxyn-zenma_normal_seed47.jsonl"
    later.write_bytes(b"".join(lines[:5]))  # header, setup, decisions: no footer
    assert main(["replay"]) == 0
    assert opened == [folder / NAMES[2]]
    said = " ".join(capsys.readouterr().err.split())
    assert said == (
        f"Watching the newest finished game, {NAMES[2].removesuffix('.jsonl.gz')}. An "
        "unfinished game started after it: 2026-11-28T1900_maxyn-zenma_normal_seed47 "
        "(unbroken replay NAME watches it; Continue on the title screen plays on)."
    )
    for name in NAMES:
        (folder / name).unlink()
    assert main(["replay"]) == 0
    assert opened[1] == later
    said = capsys.readouterr().err
    assert said.startswith("Watching the newest game, 2026-11-28T1900"), said
    assert "(no game is finished yet)" in said


def test_analyze_with_no_name_takes_the_game_replay_opens_and_says_so(
    folder: Path,
    recording: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a48: `unbroken analyze` took the newest game even while it was still being played,
    # where `unbroken replay` (28a-18) opens the newest finished one; one finder for both.
    import json

    from unbroken.advisor import analysis
    from unbroken.advisor.estimator import GAMES
    from unbroken.advisor.rollouts import DEFAULT_SEED

    made = analysis.Analysis(GAMES, DEFAULT_SEED, 10, "lost", [])
    monkeypatch.setattr(analysis, "analyze", lambda *_: made)
    lines = recording.read_bytes().splitlines(keepends=True)
    later = folder / "2026-11-28T1900_maxyn-zenma_normal_seed47.jsonl"
    later.write_bytes(b"".join(lines[:5]))  # header, setup, decisions: no footer
    assert main(["analyze", "--json", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["recording"] == str(folder / NAMES[2])
    assert " ".join(err.split()) == (
        f"Analysing the newest finished game, {NAMES[2].removesuffix('.jsonl.gz')}. An "
        "unfinished game started after it: 2026-11-28T1900_maxyn-zenma_normal_seed47 "
        "(unbroken analyze NAME analyses it; Continue on the title screen plays on)."
    )
