"""`%` in `unbroken play` (#20 item 1): the odds of the options that can be taken, then the game."""

from __future__ import annotations

import io
import os
import threading
import time

from unbroken.play.text import TextGame
from unbroken.plugins import load_ruleset

RULES = load_ruleset()


def test_percent_prints_the_odds_and_the_prompt_comes_back() -> None:
    game = TextGame(RULES, "tomu", "normal", 5, {}, record=False)
    game.odds_most = 4
    offered = game.game.options()
    out = io.StringIO()
    game.loop(io.StringIO("%\n1\n"), out)
    text = out.getvalue()
    assert "Odds after 4 games each" in text
    table = text.split("Odds after 4 games each")[1].split("Your choice")[0]
    lines = [line for line in table.splitlines()[1:] if line.strip()]
    rows, verdict = lines[:-1], lines[-1]
    assert len(rows) == sum(1 for _, why in offered if not why)  # every option it can take
    assert all("%" in row and "(" in row for row in rows)
    said = verdict.strip()
    assert said.startswith("about equal on the same futures: ") or " is best on the same " in said
    assert " points (" in said  # with the paired difference it rests on
    assert text.count("Your choice") >= 2  # asked again, then `1` was taken


def test_a_choice_typed_while_the_odds_run_is_taken() -> None:
    game = TextGame(RULES, "tomu", "normal", 5, {}, record=False)
    game.odds_most = 100_000  # it would run long: the choice typed stops it
    read, write = os.pipe()
    os.write(write, b"%\n")
    stdin = os.fdopen(read, "r", buffering=1)
    out = io.StringIO()

    def answer() -> None:
        time.sleep(0.5)
        os.write(write, b"1\n")
        time.sleep(0.5)
        os.close(write)

    threading.Thread(target=answer).start()
    game.loop(stdin, out)
    text = out.getvalue()
    assert "Estimating the odds" in text
    assert game.game.state.decisions >= 1  # the `1` typed during the estimate was taken
