"""#28 round 26: what the advisor says an option is sure to do.

26a-8, Niola, Normal (seed 3092556922674710277), decision 48: the Crazed Survivor's Fight or
Trick. Analyze said "Trick the Crazed Survivor: nothing paid or lost now", but the trick
downgrades the weapon (Club → Bare Hands), as fighting does by its Grab the Weapon.
"""

from __future__ import annotations

from pathlib import Path

from unbroken.advisor.changes import NOTHING_SURE, what_it_changes
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

NIOLA = Path(__file__).parent / "data" / "round26_niola_normal_won.jsonl.gz"


def _game_at(path: Path, n: int) -> Game:
    rec = read_recording(path)
    h = rec.header
    game = Game.new(load_ruleset(), h.character, h.difficulty, h.seed, h.options)
    for d in rec.decisions:
        if d.n == n:
            return game
        game.apply(d.action)
    raise AssertionError(f"no decision {n}")


def test_a_trick_that_downgrades_the_weapon_says_so() -> None:
    game = _game_at(NIOLA, 48)
    said = what_it_changes(game, act.Trick())
    assert said != NOTHING_SURE
    assert "downgrades your weapon: Club → Bare Hands" in said
    # Fighting says the same loss, with the rule that takes it.
    assert "Club → Bare Hands" in what_it_changes(game, act.Fight())
