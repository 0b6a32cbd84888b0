"""The kill -9 story: a text game killed mid-play is continued exactly where it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings, settings_path
from unbroken.replay import resume, unfinished_games, verify_file
from unbroken.replay.codec import state_digest

PROMPT = b"Your choice ["


def start_play(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "unbroken", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def read_until_prompts(proc: subprocess.Popen[bytes], count: int, seconds: float = 60) -> bytes:
    """Return the output up to the count-th decision prompt."""
    assert proc.stdout is not None
    out = b""
    deadline = time.monotonic() + seconds
    while out.count(PROMPT) < count:
        assert time.monotonic() < deadline, out[-2000:].decode(errors="replace")
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, out[-2000:].decode(errors="replace")
        out += chunk
    return out


def first_takeable(game: Game) -> Action:
    """Return what Enter takes at the text game's prompt: the first option that can be taken."""
    return next(action for action, why in game.options() if not why)


def test_kill_9_after_20_decisions_then_continue(ruleset: Ruleset) -> None:
    # Every Enter one decision: no single answer taken for the player in between.
    settings = Settings(auto_take=False, auto_pass=False)  # nothing taken for the player
    assert save_settings(settings, settings_path()) == ""
    proc = start_play("--character", "kirilla-el-kaer", "--difficulty", "normal", "--seed", "42")
    assert proc.stdin is not None
    proc.stdin.write(b"\n" * 20)  # Enter: the first option that can be taken
    proc.stdin.flush()
    # The 21st prompt: 20 decisions made and recorded, the process waits for the next.
    read_until_prompts(proc, 21)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    [info] = unfinished_games()
    assert info.decisions == 20 and info.outcome == "unfinished"
    assert "kirilla-el-kaer_normal_seed42" in info.path.name

    expected = Game.new(ruleset, "kirilla-el-kaer", "normal", 42)
    for _ in range(20):
        expected.apply(first_takeable(expected))
    game, recorder = resume(info.path, ruleset)
    assert game.events == expected.events
    assert state_digest(game.state) == state_digest(expected.state)
    recorder.close()

    # `unbroken play --continue` picks it up and records on into the same file.
    proc = start_play("--continue")
    assert proc.stdin is not None
    out = b""
    proc.stdin.write(b"\n\n\nq\n")  # Enter: the first option that can be taken
    proc.stdin.close()
    assert proc.stdout is not None
    out = proc.stdout.read()
    assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    assert b"Continuing " in out and b"after decision 20." in out
    assert b"Traceback" not in out
    [info] = unfinished_games()
    assert info.decisions == 23
    for _ in range(3):
        if not expected.is_over:
            expected.apply(first_takeable(expected))
    game, recorder = resume(info.path, ruleset)
    assert state_digest(game.state) == state_digest(expected.state)
    recorder.close()


def test_play_offers_to_continue_an_unfinished_game(ruleset: Ruleset) -> None:
    proc = start_play("--character", "tomu", "--difficulty", "easy", "--seed", "9")
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"1\n1\nq\n")
    proc.stdin.close()
    proc.stdout.read()
    assert proc.wait(timeout=60) == 0
    [info] = unfinished_games()
    assert info.decisions == 2

    proc = start_play()
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"1\n1\nq\n")
    proc.stdin.close()
    out = proc.stdout.read()
    assert proc.wait(timeout=60) == 0
    assert b"An unfinished game: Tomu, Easy, 2 decisions" in out
    assert b"Continuing " in out and b"after decision 2." in out
    [info] = unfinished_games()
    assert info.decisions == 3
    problem = verify_file(info.path, ruleset)  # it re-runs, but it is not over yet
    assert problem is not None and "no footer: the game is unfinished (3 decisions" in problem


def test_play_to_the_end_leaves_a_finished_recording(ruleset: Ruleset) -> None:
    proc = start_play("--character", "niola", "--difficulty", "hard", "--seed", "5")
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"\n" * 3000)
    proc.stdin.close()
    out = proc.stdout.read()
    assert proc.wait(timeout=120) == 0
    assert b"Recorded in " in out
    assert unfinished_games() == []
    from unbroken.home.paths import replays_dir

    [path] = list(replays_dir().glob("*_niola_hard_seed5_*.jsonl.gz"))
    assert path.name.endswith(("_won.jsonl.gz", "_lost.jsonl.gz"))
    assert verify_file(path, ruleset) is None


def test_continue_without_an_unfinished_game_is_a_one_line_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "unbroken", "play", "--continue"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == "unbroken: error: there is no unfinished game to continue"
