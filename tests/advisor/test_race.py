"""The race keeps the best option: no option halved away on the noise of 16 futures (#30)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from unbroken.advisor.estimator import Race

#: Decision 128 of playtest round 9's Expert game with both expansions (Hesk Marrow, won;
#: the recording was the playtester's): its 8 options' wins on futures 0-99 of the
#: position's stream 20 (bit i: future i won), in the race's (canonical) order, as the
#: compiled and the pure engine both play them. On futures 1000-1399 of the same stream the
#: Lunge won 351 of 400 and Inspiration 256, the next best: the Lunge is the best.
DECISION_128 = (
    ("Plan", 0x9000000080000000200000800),
    ("Skip your turn", 0xDE8A4DB7D22FC0E4275067F56),
    ("Focus", 0x9A08081090010020200004C00),
    ("Downgrade", 0x800),
    ("Inspiration", 0x9E8E4DB7DABFF26FBF4B66D7F),
    ("Lunge", 0xFF7FFFE8FFDFBFBBFFFFF9FB9),
    ("Pierce", 0xFF3BDD08944BA9226654D1E10),
    ("Grim Determination", 0xBB894C1F9429C1E42414C7C56),
)


def race_on(masks: list[int], **how: int) -> Race:
    """Run a race on given results, stage by stage, until it is decided."""
    race = Race(len(masks), **how)
    while not race.decided:
        start, count, live = race.stage()
        for k in live:
            race.record(k, start, count, (masks[k] >> start) & ((1 << count) - 1))
        race.close_stage()
    return race


def test_the_race_keeps_the_best_option_it_once_halved_away_at_16_futures() -> None:
    names = [name for name, _ in DECISION_128]
    masks = [mask for _, mask in DECISION_128]
    # At 16 futures the Lunge had won 11, Skip 11, Inspiration 12, Grim Determination 9
    # (the other four clearly behind): halving kept Inspiration and, on the tie, Skip.
    assert [(m & 0xFFFF).bit_count() for m in masks] == [1, 11, 3, 1, 12, 11, 5, 9]
    old = race_on(masks, halve_from=16)
    assert names[old.best] == "Inspiration" and old.games[names.index("Lunge")] == 16
    race = race_on(masks)
    assert names[race.best] == "Lunge"
    assert race.games[names.index("Lunge")] == max(race.games)


def race_check() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "race_check.py"
    spec = importlib.util.spec_from_file_location("race_check_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_race_check_judges_each_way_on_the_same_fresh_futures() -> None:
    # tools/race_check.py on decision 128's results, the fresh futures as many wins as each
    # option won of 400 there: halving from 16 names Inspiration, 95 wins (24 points) and
    # clearly behind the Lunge; from 32 the Lunge, nothing lost.
    tool = race_check()
    won = [18, 203, 58, 1, 256, 351, 194, 196]
    masks = [mask for _, mask in DECISION_128]
    picked = tool.Picked("round 9", 128, None, [], masks, [(1 << w) - 1 for w in won])
    old, new = (tool.judge([picked], 100, 400, h) for h in (16, 32))
    assert (old.lost, old.clearly) == ([23.75], [True])
    assert (new.lost, new.clearly) == ([0.0], [False])
    assert old.rollouts[0] < new.rollouts[0]
