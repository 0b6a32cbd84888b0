"""Expert on the achievements sheet (#28 playtest round 8): an Expert win earned
achievements the sheet had no column for."""

from __future__ import annotations

import pytest

from unbroken import sim
from unbroken.cli.command import main
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.core.state import StepName
from unbroken.plugins import load_ruleset
from unbroken.records import add_game, open_records


def test_an_expert_win_ticks_the_expert_column(capsys: pytest.CaptureFixture[str]) -> None:
    rules = load_ruleset()
    game = Game.new(rules, character="maxyn-zenma", difficulty="gauntlet:expert", seed=3)
    sim.play(game, sim.greedy_bot)
    # A real Expert game, its end turned into a win (the bots rarely win).
    events = [e for e in game.events if not isinstance(e, ev.GameOver)]
    events.append(ev.GameOver(won=True, level=4, step=StepName.HUNGER, score=20, rank="Avenger"))
    won = Game(rules, fold(events), events)
    with open_records() as records:
        kept = add_game(records, won, rules)
    assert kept.achievements, "a won Expert game earns some achievement"
    assert main(["achievements"]) == 0
    sheet = capsys.readouterr().out.splitlines()
    assert sheet[0].split() == ["Achievement", "Easy", "Normal", "Hard", "Expert"]
    ticked = [line for line in sheet if line.rstrip().endswith("[ ]     [ ]     [ ]     [x]")]
    assert len(ticked) == len(set(kept.achievements)), sheet
    assert sheet[-1].startswith(f"{len(set(kept.achievements))} of 64 earned")
