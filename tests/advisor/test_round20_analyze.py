"""#28 round 20: `unbroken analyze` on the playtesters' recordings.

Huckdorf, Hard (seed 3145851930969495089): at decision 11 the game said "Taken for you:
Pass (use nothing more) — it would do nothing here" (Snare against the armorless
Gibberling), and analyze listed that Pass as the costliest decision of the game ("Snare
instead: +19 points"). The engine proves Pass never worse there (R-DIGI-4); the race's
figures differed only by how the reference bot played on after paying 2 SE for nothing.
"""

from __future__ import annotations

from pathlib import Path

from unbroken.advisor.analysis import positions
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.replay import read_recording

PLAYERS_GAME = Path(__file__).parent / "data" / "round20_huckdorf_hard_won.jsonl.gz"


def _taken_for_the_player(rec_path: Path) -> list[int]:
    """Return the decisions of a recording answered as the game takes them for the player
    (the pointless answer, or the obvious one), where there was more than one answer."""
    rules = load_ruleset()
    rec = read_recording(rec_path)
    h = rec.header
    game = Game.new(rules, h.character, h.difficulty, h.seed, h.options)
    found = []
    for d in rec.decisions:
        proved = game.pointless() or game.obvious()
        if len(game.legal_actions()) > 1 and proved is not None and proved[0] == d.action:
            found.append(d.n)
        game.apply(d.action)
    return found


def test_a_decision_the_game_takes_for_the_player_is_not_weighed() -> None:
    taken_for_you = _taken_for_the_player(PLAYERS_GAME)
    assert 11 in taken_for_you  # the Snare window against the Gibberling
    found, _ = positions(read_recording(PLAYERS_GAME), load_ruleset())
    weighed = {p.n for p in found}
    assert weighed, "the game's other decisions are still weighed"
    assert not weighed & set(taken_for_you), sorted(weighed & set(taken_for_you))
