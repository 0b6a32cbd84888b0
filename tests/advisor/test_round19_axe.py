"""#28 round 19: Mae'el on Expert with both expansions won with the Axe's Cleave while
`unbroken analyze` called Explore costly beside "Downgrade: give up the Axe".

The reference bot, whose play the chances measure, never cleaved: Hack (wound 3 for
1 ME) and Cleave (wound 6 for 2 ME) deal as much per SE and the tie went to the first
listed, so every line that kept the Axe was played worse than a player plays it. The
bot now takes the kill at the same price (tests/sim/test_heuristic.py);
here, the position of the playtest's kind and the one code path of analyze and `%`.
"""

from __future__ import annotations

from pathlib import Path

from unbroken.advisor.analysis import analyze, option_name, positions
from unbroken.advisor.estimator import futures, futures_key, weigh
from unbroken.advisor.rollouts import play_round, position
from unbroken.bots.batch import record_game
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.replay import read_recording
from unbroken.testing import Scenario


def axe_over_a_sling(rules: Ruleset) -> Game:
    """The playtest's kind of position: Mae'el, Expert, the Axe over a Sling (Downgrade: "back
    to your Sling"), level 2, no ME, the wood and metal of a Longbow in hand."""
    scenario = Scenario("mae-el", "gauntlet:expert", level=2, seed=5, ruleset=rules)
    scenario = scenario.weapon("unearthed:sling", "base:axe")
    return scenario.resources(se=12, me=0, wood=2, metal=1, time=8).start()


def test_the_bot_that_keeps_the_axe_wins_its_share(everything: Ruleset) -> None:
    # Explore keeping the Axe against Downgrade (the Longbow crafted next), on the same 300
    # futures: before the fix 8 and 53 won, after it 18 and 91 (the Longbow's Heart-shot
    # ties Broadhead too, and its kills were missed the same way). Downgrade stays
    # ahead here: for a character who pays 4 SE for an ME, the Longbow's SE attacks cost
    # less than the Axe's ME ones, so with its wood and metal in hand that verdict holds.
    game = axe_over_a_sling(everything)
    seen = position(game)
    legal = game.legal_actions()
    explore = next(a for a in legal if isinstance(a, act.Explore))
    downgrade = next(a for a in legal if isinstance(a, act.Downgrade))
    wins = play_round(seen, [explore, downgrade], futures(futures_key(seen), 0, 300))
    kept, given = (w.bit_count() for w in wins)
    assert kept >= 14, (kept, given)


def test_analyze_and_the_odds_give_one_verdict_with_the_axe(
    everything: Ruleset, tmp_path: Path
) -> None:
    """Every position of a recorded Expert game with both expansions where the Axe is
    held: analyze's chance, best option, figure taken and verdict are the estimator's at
    that position alone (the one `%` asks), on the same futures."""
    path = record_game(
        everything, "base:mae-el", "gauntlet:expert", 17, "heuristic", tmp_path, compress=False
    )
    rec = read_recording(path)
    analysis = analyze(rec, everything, games=16, jobs=1)
    found, _ = positions(rec, everything)
    at = {p.n: p for p in found}
    checked = 0
    for choice in analysis.choices:
        p = at[choice.n]
        if p.game.state.weapons[-1] != "base:axe":
            continue
        alone = weigh(p.game, p.legal, most=16)
        state, rules = p.game.state, p.game.ruleset
        assert choice.before == alone.chance
        assert choice.best == option_name(p.legal[alone.best], state, rules)
        assert choice.against_best == alone.difference(p.taken)
        assert choice.clearly_worse == alone.clearly_worse(p.taken) or choice.certain
        if not choice.certain:
            assert choice.chance_taken == alone.shown(p.taken)
        checked += 1
    assert checked >= 3
