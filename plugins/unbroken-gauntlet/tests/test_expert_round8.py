"""Expert in round 8 of the playtests (#28): an Expert win earned
achievements the sheet had no column for; the New game screen spoke of green spaces."""

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


def test_expert_says_what_each_level_s_monster_gains_where_it_is_chosen() -> None:
    # Round 8: the New game screen read "(green spaces skipped)", which only help
    # explained. It says what that means for the monster of each level too.
    from unbroken.words.cards import difficulty_text

    expert = load_ruleset().difficulty("gauntlet:expert")
    assert expert is not None
    text = difficulty_text(expert)
    assert text.endswith(
        "(green spaces skipped). That is, the monster gains nothing on level 1, "
        "+1 health on level 2, +1 armor on level 3 and +2 health on level 4."
    ), text
