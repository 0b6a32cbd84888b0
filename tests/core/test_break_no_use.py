"""Round 28 (#28), 28a-1: with Weak Spot (every weapon's wounding attacks ignore armor,
R-BATTLE-3) an armor-breaking attack (Crack) changes no wound: wherever the core says so
(`Query.attack_cannot_help`, what the option's "(no use now: …)" asks), making it never
leaves the player better off than skipping the turn, over many battles: each forked with
the same dice, every Response window on the attack's way tried, and played past the
monster's turn (tests/core/test_pointless.py's comparison)."""

from __future__ import annotations

import random
from collections import Counter

from test_pointless import RULES, AlignedDice, _copy_dice, _no_better, fork

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.query import ARMOR_IGNORED, Query
from unbroken.testing import Scenario

#: Armored monsters, and weapons with an armor-breaking attack.
MONSTERS = sorted(k for k, v in RULES.monsters.items() if v.armor > 0)
WEAPONS = ["base:club", "base:knife", "base:sword", "base:axe", "base:maul", "base:bare-hands"]
#: Skills beside Weak Spot: abilities that wound (past armor or not), break armor, Follow Up.
BESIDE = [
    (),
    ("grim-determination",),
    ("spike-thrower",),
    ("inventive",),
    ("wrecker",),
    ("heroic-perseverance",),
    ("brute-force",),
]


def _check(game: Game, found: Counter[str]) -> None:
    """Check every break attack of no use at this player turn against a skip."""
    if game.decision is None or game.decision.kind != "player_turn":
        return
    legal = game.legal_actions()
    since = len(game.events)
    dice_seed = since * 7919 + game.state.seed % 1000
    for attack in legal:
        if not isinstance(attack, act.Attack):
            continue
        why = Query(game.ruleset, game.state).attack_cannot_help(attack)
        if not why:
            continue
        assert why == ARMOR_IGNORED
        found[why] += 1
        made = fork(game, dice_seed)
        made.apply(attack)
        for leaf in _turn_leaves(made, since):
            skipped = fork(game, dice_seed)
            skipped.apply(act.Skip())
            worse = _no_better(leaf, skipped, since) or _guard_spent(leaf, skipped)
            assert not worse, f"{attack!r} beats a skip ({worse}); {game.state.monster}"


def _guard_spent(made: Game, skipped: Game) -> str:
    """Return why the attack left the monster's guard spent where a skip kept it (the next
    wounding attack then lands, R-BATTLE-4), "" when it did not."""
    mo, ms = made.state.monster, skipped.state.monster
    if mo is not None and ms is not None and ms.defend and not mo.defend:
        return "the guard is spent"
    return ""


def _turn_leaves(game: Game, since: int, depth: int = 0) -> list[Game]:
    """Return the games reached by every way of finishing the player's turn (every answer
    to each decision on the attack's way tried, a few deep: Power Through, Follow Up and
    its extra attack), up to the monster's turn."""
    over = any(isinstance(e, ev.TurnStarted) and e.who == "monster" for e in game.events[since:])
    if game.is_over or over or depth >= 4 or game.decision is None:
        return [game]
    out: list[Game] = []
    for action in game.legal_actions():
        branch = game.fork()
        branch.dice = _copy_dice(game.dice)
        branch.apply(action)
        out.extend(_turn_leaves(branch, since, depth + 1))
    return out


def _battle(character: str, monster: str, weapon: str, skills: tuple[str, ...], seed: int) -> Game:
    rnd = random.Random(seed)
    game = (
        Scenario(character, level=rnd.randint(1, 4))
        .resources(se=rnd.randint(2, 12), me=rnd.randint(0, 3), le=rnd.randint(0, 2))
        .weapon(weapon)
        .skills("weak-spot", *skills)
        .monster(monster)
        .start("battle")
    )
    game.dice = AlignedDice(seed)
    return game


def test_a_break_attack_said_of_no_use_is_never_better_than_a_skip() -> None:
    found: Counter[str] = Counter()
    wrecker = 0  # times Follow Up was in play where a break attack could be made
    characters = sorted(RULES.characters)
    for seed in range(240):
        rnd = random.Random(seed)
        skills = BESIDE[seed % len(BESIDE)]
        game = _battle(
            characters[seed % len(characters)],
            MONSTERS[seed % len(MONSTERS)],
            WEAPONS[seed % len(WEAPONS)],
            skills,
            seed,
        )
        n = 0
        while not game.is_over and game.state.monster is not None and n < 80:
            _check(game, found)
            legal = game.legal_actions()
            if "wrecker" in skills and any(isinstance(a, act.Attack) for a in legal):
                breaks = [a for a in legal if isinstance(a, act.Attack)]
                assert all(not Query(RULES, game.state).attack_cannot_help(a) for a in breaks)
                wrecker += 1
            game.apply(rnd.choice(legal))
            n += 1
    assert found[ARMOR_IGNORED] >= 100, found
    assert wrecker >= 10, wrecker
