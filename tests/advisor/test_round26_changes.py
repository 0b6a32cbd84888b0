"""#28 round 26: what the advisor says an option is sure to do, and analyze's rows.

26a-8, Niola, Normal (seed 3092556922674710277), decision 48: the Crazed Survivor's Fight or
Trick. Analyze said "Trick the Crazed Survivor: nothing paid or lost now", but the trick
downgrades the weapon (Club → Bare Hands), as fighting does by its Grab the Weapon.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from unbroken.advisor.analysis import _score_ahead, positions
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.changes import NOTHING_SURE, what_it_changes
from unbroken.advisor.choice import Choice
from unbroken.advisor.paired import Difference
from unbroken.cli.analyze import short, short_option
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
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


def test_eating_one_food_more_scores_three_more_than_eating_none() -> None:
    """26a-10: the last Hunger, both options won in every future: "Eat 1 food — score 48"
    was "about equal to Eat 0 food — score 45" and no more; the score decides between them."""
    found, _ = positions(read_recording(NIOLA), load_ruleset())
    p = {q.n: q for q in found}[154]
    one, none = act.Eat(food=1), act.Eat(food=0)
    assert _score_ahead(p.game, one, none) == 3
    assert _score_ahead(p.game, none, one) == -3
    taken = "Eat 1 food — score 48 (rank: Nemesis; 4 food kept score 12)"
    best = "Eat 0 food — score 45 (rank: Nemesis; 5 food kept score 15)"
    everywhere = Estimate(100, 100)
    equal = Difference(0, 0, 100)
    choice = Choice(
        154,
        4,
        DecisionKind.HUNGER,
        5,
        taken,
        best,
        taken,
        everywhere,
        Figure(1.0, 0.97, 1.0, 100),
        equal,
        score_ahead=3,
    )
    assert choice.verdict().endswith("; Eat 1 food scores 3 more if you win")
    swapped = replace(choice, taken=best, best=taken, score_ahead=-3)
    assert swapped.verdict().endswith("; Eat 1 food scores 3 more if you win")


def test_a_row_title_is_not_cut_inside_its_brackets_nor_mid_word() -> None:
    """26a-10 / 26b-8: "Eat 1 food — score 48 (rank" stopped inside its bracket with no
    "…"; "took Scout: pay 1 cunning + 1 time, reveal t… 42 %" was cut mid-word."""
    eat = (
        "Eat 1 food — score 48 (rank: Nemesis; 4 food kept score 12; the 6 SE hunger"
        " takes scores nothing)"
    )
    assert short_option(eat, 40) == "Eat 1 food — score 48…"
    scout = "Scout: pay 1 cunning + 1 time, reveal the monster"
    assert short(scout, 40) == "Scout: pay 1 cunning + 1 time, reveal…"
