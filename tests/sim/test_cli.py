"""The `unbroken` command: sim output, determinism of its digest, and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from unbroken.cli.command import main


def test_sim_json_has_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "40", "--seed", "9", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "losses", "games_per_second", "digest"):
        assert key in report
    assert report["games"] == 40 and report["wins"] + report["losses"] == 40
    assert len(report["digest"]) == 64


def test_same_sim_command_same_digest(capsys: pytest.CaptureFixture[str]) -> None:
    # R-DIGI-1
    main(["sim", "--games", "25", "--seed", "4", "--json"])
    first = json.loads(capsys.readouterr().out)["digest"]
    main(["sim", "--games", "25", "--seed", "4", "--json"])
    assert json.loads(capsys.readouterr().out)["digest"] == first
    main(["sim", "--games", "25", "--seed", "5", "--json"])
    assert json.loads(capsys.readouterr().out)["digest"] != first


def test_sim_filters_character_and_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sim", "--games", "6", "--character", "tomu", "--difficulty", "hard", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert list(report["by_class"]) == ["base:sage"]
    assert list(report["by_difficulty"]) == ["hard"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["sim", "--games", "0"], "must be at least 1"),
        (["sim", "--games", "lots"], "not a whole number"),
        (["sim", "--character", "gandalf"], "unknown character 'gandalf'"),
        (["sim", "--difficulty", "nightmare"], "unknown difficulty 'nightmare'"),
        (["sim", "--bot", "genius"], "unknown bot 'genius'"),
        (["sim", "--seed", "-3"], "seed"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_non_zero_without_traceback(argv: list[str], needle: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "unbroken", *argv], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr


def test_output_cut_short_by_its_reader_ends_quietly() -> None:
    # `unbroken cards | head -1`: the reader closes the pipe early; no traceback follows.
    proc = subprocess.Popen(
        [sys.executable, "-m", "unbroken", "cards"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away before the cards are written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_text_play_runs_to_the_end_of_input() -> None:
    # R-FLOW-2: the text game lists every decision as numbered options.
    answers = "\n".join(["1"] * 400) + "\n"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "unbroken",
            "play",
            "--character",
            "niola",
            "--difficulty",
            "normal",
            "--seed",
            "8",
        ],
        input=answers,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "A new game: Niola the Brawler, Normal, seed 8." in proc.stdout
    assert "Preparation: take an action, explore, or fight" in proc.stdout
    assert (
        ("VICTORY" in proc.stdout)
        or ("You die" in proc.stdout)
        or ("You starve" in proc.stdout)
        or ("Game left unfinished" in proc.stdout)
    )
    assert "Traceback" not in proc.stderr


def test_text_play_quits_cleanly_on_q() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "unbroken", "play", "--character", "tomu", "--difficulty", "easy"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0
    assert "Game left unfinished" in proc.stdout


def test_text_play_asks_for_the_one_choice_plainly() -> None:
    import io

    from unbroken.play.text import ask

    out = io.StringIO()
    assert ask("Your choice", ["Rest"], io.StringIO("2\n\n"), out) == 0
    assert out.getvalue().splitlines()[1:] == [
        "Your choice [1, q to quit]:   Please type 1 (or press Enter), or q to quit.",
        "Your choice [1, q to quit]: ",
    ]
    out = io.StringIO()
    assert ask("Your choice", ["Rest", "Resolve"], io.StringIO("3\n2\n"), out) == 1
    assert "[1-2, q to quit]:   Please type a number from 1 to 2." in out.getvalue()


def test_text_play_takes_back_a_decision_that_showed_nothing_new(tmp_path: Path) -> None:
    from unbroken.replay import read_recording

    # Focus (3) shows nothing new: u takes it back. Explore (1) reveals cards: no u then.
    proc = subprocess.run(
        [sys.executable, "-m", "unbroken", "--data-dir", str(tmp_path), "play"]
        + ["--character", "tomu", "--difficulty", "normal", "--seed", "3"],
        input="3\nu\n1\nu\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Taken back: Focus: pay 4 SE, gain 1 ME." in out
    prompts = [line for line in out.splitlines() if line.startswith("Your choice")]
    assert "u to take back" in prompts[1] and "u to take back" not in prompts[2]
    assert "Please type a number from 1 to" in out  # the second u, after exploring
    (recording,) = (tmp_path / "replays").iterdir()
    actions = [type(d.action).__name__ for d in read_recording(recording).decisions]
    assert actions == ["Explore"]  # the Focus taken back is not in the file


def test_a_plugins_bot_is_named_by_its_own_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As a plugin's characters are: "archer" for "tide:archer", when only one bot has that name.
    from unbroken.bots import batch as sim
    from unbroken.cli.command import main

    bots = {**sim.all_bots(), "tide:archer": sim.BOTS["greedy"]}
    monkeypatch.setattr(sim, "all_bots", lambda *_: bots)
    assert main(["sim", "--games", "3", "--seed", "1", "--bot", "archer", "--json"]) == 0
    assert '"bot": "tide:archer"' in capsys.readouterr().out
    bots["deep:archer"] = sim.BOTS["random"]
    assert main(["sim", "--games", "3", "--bot", "archer"]) == 2
    assert "unknown bot 'archer'; choose one of: " in capsys.readouterr().err


def test_the_progress_bar_reaches_a_terminal_as_codes_not_escaped_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # #28: `unbroken sim` on a terminal printed "\x1b[36m0:00:49\x1b[0m\x0d…" as text: the
    # command's stderr made rich's codes printable.
    import io

    from unbroken.cli.command import _Printable
    from unbroken.cli.sim import progress_bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", _Printable(terminal))
    with progress_bar(500) as advance:
        assert advance is not None
        for _ in range(500):
            advance(None)
    written = terminal.getvalue()
    assert written and "\\x1b" not in written and "\\x0d" not in written
