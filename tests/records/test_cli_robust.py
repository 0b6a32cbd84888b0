"""The command line on a bad disk or bad input: one line naming what and where, never a
traceback, never a lost game; and the text game keeping its record."""

from __future__ import annotations

import errno
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from recorded_games import GameMaker

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.records import add_game, open_records
from unbroken.replay import read_recording, unfinished_games

#: Enough Enter presses (option 1 each time) to play this game to its end.
TO_THE_END = "\n" * 3000
NEW_GAME = ["play", "--seed", "1", "--character", "niola", "--difficulty", "easy"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out, out.err


def play(
    argv: list[str], answers: str, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    mp.setattr("sys.stdin", io.StringIO(answers))
    return run(argv, capsys)


# --------------------------------------------------------------------------- the user dirs


@pytest.mark.parametrize(
    "argv",
    [
        ["replays"],
        ["replays", "--unfinished"],
        ["play", "--continue"],
        NEW_GAME,
        ["scores"],
        ["stats"],
        ["achievements"],
    ],
)
def test_a_data_dir_that_is_a_file_is_one_line_and_exit_2(
    argv: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    status, out, err = play(["--data-dir", str(afile), *argv], "", capsys, monkeypatch)
    assert status == 2
    assert err == f"unbroken: error: data dir {afile} is a file, not a folder " + (
        "(set by UNBROKEN_DATA_DIR or --data-dir)\n"
    )
    assert afile.read_text() == "x"


def test_a_file_on_the_way_to_the_data_dir_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    status, _, err = run(["--data-dir", str(afile / "sub"), "replays"], capsys)
    assert status == 2
    assert f"cannot create data dir {afile / 'sub'}: {afile} is a file, not a folder" in err


@pytest.mark.parametrize(
    "argv", [["plugins"], ["plugins", "disable", "x"], ["sim", "--games", "1"]]
)
def test_a_config_dir_that_is_a_file_is_one_line_and_exit_2(
    argv: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    monkeypatch.setenv("UNBROKEN_CONFIG_DIR", str(afile))
    monkeypatch.delenv("UNBROKEN_PLUGINS")  # the config names the plugins that are off
    status, _, err = run(argv, capsys)
    assert status == 2
    assert err == f"unbroken: error: config dir {afile} is a file, not a folder " + (
        "(set by UNBROKEN_CONFIG_DIR)\n"
    )


def test_a_data_dir_that_cannot_be_made_says_why_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    data = tmp_path / "data"
    status, _, err = run(["--data-dir", str(data), "replays"], capsys)
    assert status == 2
    assert f"unbroken: error: cannot create data dir {data}: Permission denied" in err
    # Keeping a game needs the folder (`scores`, which only reads, does not make it).
    status, _, err = run(["--data-dir", str(data), "sim", "--games", "1", "--record"], capsys)
    assert status == 2 and "cannot create data dir" in err and "Errno" not in err


def test_records_that_cannot_be_opened_say_why_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    from unbroken.records import Records, RecordsError

    where = tmp_path / "new" / "records.sqlite3"
    with pytest.raises(RecordsError) as caught:
        Records(where)
    assert str(caught.value) == f"cannot open records file {where}: Permission denied"


def test_an_empty_data_dir_option_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit:
        main(["--data-dir", "", "replays"])
    assert exit.value.code == 2
    assert "argument --data-dir: an empty path" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no ./replays


# --------------------------------------------------------------------------- the output


class FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_output_that_cannot_be_written_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdout", FullDisk())
    assert main(["cards"]) == 1
    err = capsys.readouterr().err
    assert err == "unbroken: error: cannot write the output: No space left on device\n"
    # argparse ignores a failed write of --help; the exit status does not.
    monkeypatch.setattr("sys.stdout", FullDisk())
    assert main(["--help"]) == 1
    assert "cannot write the output" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["cards"], ["--help"], ["--version"]])
def test_a_full_disk_as_stdout_is_one_line_not_a_traceback(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "unbroken", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert proc.returncode == 1
    assert proc.stderr == "unbroken: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        (["replay", "a", "b"], "usage: unbroken replay "),
        (["achievements", "extra"], "usage: unbroken achievements "),
        (["scores", "export", "--format", "csv", "x"], "usage: unbroken scores export "),
    ],
)
def test_an_extra_argument_shows_the_usage_of_its_command(
    argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage) and f"unrecognized arguments: {argv[-1]}" in err


# --------------------------------------------------------------------------- the text game


def test_a_finished_text_game_is_kept_in_the_records_from_its_start(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(NEW_GAME, TO_THE_END, capsys, monkeypatch)
    assert status == 0 and "Recorded in " in out
    with open_records() as records:
        (row,) = records.games()
    assert row.replay is not None and Path(row.replay).exists()
    created = read_recording(row.replay).header.created
    assert row.started == created.replace("Z", "+00:00")
    assert (row.character, row.difficulty, row.seed) == ("base:niola", "easy", 1)


def test_the_text_display_of_resources_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(NEW_GAME, "\n" * 3, capsys, monkeypatch)
    assert status == 0
    rows = [line for line in out.splitlines() if line.startswith("  SE ")]
    assert rows and all(len(row) <= 80 for row in rows)
    following = out.splitlines()[out.splitlines().index(rows[0]) + 1]
    assert following.startswith("  food ") and "treasure 0/7" in following


def test_a_continued_game_is_kept_with_the_day_it_began(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(NEW_GAME, "\n" * 5, capsys, monkeypatch)
    assert status == 0 and "Game left unfinished" in out
    (info,) = unfinished_games()
    monkeypatch.setattr("unbroken.records.keeping._now", lambda: "2099-01-01T00:00:00+00:00")
    status, out, _ = play(["play", "--continue"], TO_THE_END, capsys, monkeypatch)
    assert status == 0 and "Recorded in " in out
    with open_records() as records:
        (row,) = records.games()
    assert row.finished == "2099-01-01T00:00:00+00:00"
    assert row.started == info.created.replace("Z", "+00:00")


def test_records_that_cannot_be_opened_warn_and_the_game_ends_normally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = Path(os.environ["UNBROKEN_DATA_DIR"])
    (data / "records.sqlite3").mkdir(parents=True)  # a folder where the file should be
    status, out, _ = play(NEW_GAME, TO_THE_END, capsys, monkeypatch)
    assert status == 0 and "Recorded in " in out
    (warning,) = [line for line in out.splitlines() if line.startswith("Warning:")]
    assert warning.startswith("Warning: the game was not kept in the records: records file")


def test_a_replays_folder_that_cannot_be_written_plays_on_unrecorded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", "/ro/replays/game.jsonl.gz")

    monkeypatch.setattr("unbroken.replay.Recorder.start", refuse)
    status, out, _ = play(NEW_GAME, TO_THE_END, capsys, monkeypatch)
    assert status == 0
    # Wrapped between words at 80 columns (#28 round 22), the first thing said.
    assert " ".join(out.split()).startswith(
        "Warning: this game is not recorded (/ro/replays/game.jsonl.gz: Permission denied): "
        "it cannot be continued later. A new game"
    )
    said = [ln for ln in out.splitlines() if not ln.startswith("Your choice")]  # + input
    assert not [line for line in said if len(line) > 80]
    assert "Recorded in" not in out
    with open_records() as records:
        (row,) = records.games()  # still kept in the records
    assert row.replay is None


def test_continue_refuses_the_options_of_a_new_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for extra in (["--seed", "3"], ["--character", "niola"], ["--gentle-start"]):
        status, out, err = play(["play", "--continue", *extra], "", capsys, monkeypatch)
        assert status == 2 and out == ""
        assert err == (
            "unbroken: error: --continue goes on with the game as it was started; "
            f"drop {extra[0]}\n"
        )


def test_the_continue_offer_and_ctrl_c_speak_like_the_rest_of_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class CtrlC(io.StringIO):
        # typeshed's _IOBase.readline returns bytes, TextIOBase's str: no override fits both.
        def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
            line = super().readline(size)
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.setattr("sys.stdin", CtrlC("\n" * 5))
    status, out, _ = run(NEW_GAME, capsys)
    assert status == 130
    assert out.endswith(
        "\nInterrupted.\nGame left unfinished (seed 1).\n"
        "`unbroken play --continue` picks it up again.\n"
    )
    (info,) = unfinished_games()  # the recording is closed and can be continued
    # 5 decisions typed, and any with one answer taken for the player (auto-take).
    assert info.decisions >= 5
    status, out, _ = play(["play"], "q\n", capsys, monkeypatch)
    assert status == 0
    assert out.startswith(f"An unfinished game: Niola, Easy, {info.decisions} decisions, started ")


# --------------------------------------------------------------------------- sim and balance


def test_sim_speaks_in_printed_names_and_counts_one_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["sim", "--games", "30"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert "base:" not in out
    assert lines[2].startswith("wins by class: Brawler ")
    assert lines[3].startswith("wins by difficulty: Easy ")
    assert lines[4].startswith("deaths by monster in play (deaths/met): ")
    assert lines[5].startswith("deaths by cause: ")
    status, out, _ = run(["sim", "--games", "1"], capsys)
    assert out.startswith("1 game (random bot, seed 1): ")


def test_sim_starts_no_more_workers_than_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from unbroken.bots import batch as sim

    real = sim.run
    asked: list[int] = []

    def spy(*args: Any, **kwargs: Any) -> sim.Summary:
        asked.append(kwargs["jobs"])
        return real(*args, **{**kwargs, "jobs": 1})

    monkeypatch.setattr(sim, "run", spy)
    status, _, _ = run(["sim", "--games", "5", "--jobs", "64"], capsys)
    assert status == 0 and asked == [min(5, os.cpu_count() or 1)]


def test_balance_prints_the_report_and_writes_nothing_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # One game per class and difficulty cannot meet the targets: exit status 1.
    status, out, err = run(["balance", "--games", "1"], capsys)
    assert status == 1
    assert out.startswith("# Balance report\n")
    assert "Generated by `unbroken balance --games 1 --seed 1`" in out
    assert err.splitlines()[-1].startswith("balance: ")
    assert list(tmp_path.iterdir()) == []
    status, out, err = run(["balance", "--games", "1", "--output", "report.md"], capsys)
    assert status == 1 and out == ""
    assert "`unbroken balance --games 1 --seed 1 --output report.md`" in (
        tmp_path / "report.md"
    ).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- 80 columns


def test_scores_fit_a_terminal_of_80_columns(
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
    monkeypatch.delenv("COLUMNS", raising=False)
    status, piped, _ = run(["scores"], capsys)
    row = next(line for line in piped.splitlines() if "won, 31 points" in line)
    assert len(row) > 80 and "[new: " in row  # piped: one line per game, for grep
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a: os.terminal_size((80, 24)))
    status, shown, _ = run(["scores"], capsys)
    assert status == 0
    assert max(len(line) for line in shown.splitlines()) <= 80
    continued = shown[shown.index("won, 31 points") :].splitlines()[1]
    assert continued.startswith(" " * 8) and not continued[8].isspace()  # under the date
    assert " ".join(shown.split()) == " ".join(piped.split())  # the same words
    # COLUMNS set says the width, piped too, as `ls` takes it (#28 round 17: `COLUMNS=80
    # unbroken scores` into a file printed a 100-column line); a COLUMNS that is not a
    # width is not one.
    monkeypatch.setattr("sys.stdout.isatty", lambda: False, raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    status, told, _ = run(["scores"], capsys)
    assert status == 0 and told == shown
    monkeypatch.setenv("COLUMNS", "wide")
    status, junk, _ = run(["scores"], capsys)
    assert status == 0 and junk == piped


def test_achievement_descriptions_fit_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["achievements", "--describe"], capsys)
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "    Let monsters catch you off guard: take an ambush effect 4 times in a" in out
