"""The reference bot plays a seed the same whatever the process did before (#28 round 17).

Its estimates are memoised per ruleset (`unbroken.bots.values`); a memo keyed too loosely
would make a game's walk depend on the games, rulesets and weighings that came before it
in the process, and the advisor's chances on the number of worker processes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from unbroken.advisor.estimator import weigh
from unbroken.bots import values
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}
SEEDS = (3, 12, 21)


def walk(rules: Ruleset, seed: int, character: str, difficulty: str) -> str:
    """Return the digest of a bot game's decisions and actions, to its end."""
    game = Game.new(rules, character, difficulty, seed)
    seen = hashlib.sha256()
    while not game.is_over:
        action = heuristic_bot(game, game.state.decisions)
        seen.update(repr((game.state.decisions, game.state.decision, action)).encode())
        game.apply(action)
    return seen.hexdigest()[:16]


def walks(rules: Ruleset, difficulty: str) -> list[str]:
    characters = sorted(rules.characters)
    return [walk(rules, s, characters[s % len(characters)], difficulty) for s in SEEDS]


_FRESH = """
import importlib, json, sys
from tests.bots.test_same_walk import EXPANSIONS, PLUGINS, walks, weaker
from unbroken.plugins import load_plugins, load_ruleset
sys.path[:0] = [str(PLUGINS / f"unbroken-{name}" / "src") for name in EXPANSIONS]
extra = [(name, importlib.import_module(pkg)) for name, pkg in EXPANSIONS.items()]
full = load_plugins(["base", *EXPANSIONS], extra=extra).ruleset
weak = walks(weaker(load_ruleset()), "normal")  # first: no other ruleset asked before
print(json.dumps({
    "weaker": weak,
    "base": walks(load_ruleset(), "hard"),
    "full": walks(full, "gauntlet:expert"),
}))
"""


def weaker(rules: Ruleset) -> Ruleset:
    """The ruleset with every monster at 1 health and no armor: another game, the same
    packs' digest (a copy made as a test makes one)."""
    monsters = {k: msgspec.structs.replace(m, health=1, armor=0) for k, m in rules.monsters.items()}
    return dataclasses.replace(rules, monsters=monsters)


@pytest.fixture(scope="module")
def fresh() -> dict[str, list[str]]:
    """The walks as a process of their own plays them, before anything else."""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", _FRESH], capture_output=True, text=True, check=True, cwd=root
    ).stdout
    found: dict[str, list[str]] = msgspec.json.decode(out)
    return found


def test_a_seed_walks_the_same_after_other_rulesets_games_and_weighings(
    everything: Ruleset, fresh: dict[str, list[str]]
) -> None:
    base = load_ruleset()
    assert walks(base, "hard") == fresh["base"]
    assert walks(everything, "gauntlet:expert") == fresh["full"]
    game = Game.new(everything, "base:huckdorf", "gauntlet:expert", 5)
    for _ in range(12):
        game.apply(heuristic_bot(game, game.state.decisions))
    weigh(game, most=16)  # a weighing in between, as the game's % makes one
    assert walks(base, "hard") == fresh["base"]
    assert walks(weaker(base), "normal") == fresh["weaker"]
    assert walks(everything, "gauntlet:expert") == fresh["full"]


def test_a_ruleset_changed_as_a_copy_is_not_read_from_the_memo_of_its_original() -> None:
    # Keyed by the digest, the copy's estimates were the original's: the same packs, so
    # the same digest, every monster at 1 health (failed before: 10.9, the original's, not 3.4).
    base = load_ruleset()
    game = Game.new(base, "tomu", "normal", 7)
    before = values.battle_cost(game)
    copy = weaker(base)
    other = Game.new(copy, "tomu", "normal", 7)
    assert copy.digest == base.digest
    assert values.battle_cost(other) < before
    for mon in values.likely_monsters(other):
        assert mon.health == 1
        mean = sum(values.row_cost(other, mon.id, r) for r in range(1, 7)) / 6
        assert values.mean_row_cost(other, mon.id) == mean
    assert values.battle_cost(game) == before  # the original's memo is its own


def test_the_chances_are_the_same_with_one_job_or_two(everything: Ruleset) -> None:
    # Property-style over a few seeds of Gauntlet Expert bot games with both expansions:
    # every 7th decision with a choice, raced here and on two workers (forked after this
    # process played and weighed), gives the same wins, games and best option.
    from unbroken.advisor.pool import RolloutPool, weigh_all  # lazy: only this test pools

    found: list[tuple[Game, list[Action]]] = []
    for seed in (4, 9):
        game = Game.new(everything, "base:huckdorf", "gauntlet:expert", seed)
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) > 1 and game.state.decisions % 7 == 3:
                found.append((game.fork(resample=0), legal))
            game.apply(heuristic_bot(game, game.state.decisions))
    assert len(found) >= 4
    alone = [weigh(g, legal, 16) for g, legal in found]
    with RolloutPool(everything, 2) as pool:
        pooled = weigh_all(pool, found, 16)
    assert [(w.wins, w.games, w.best) for w in pooled] == [(w.wins, w.games, w.best) for w in alone]
