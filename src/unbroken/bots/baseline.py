"""The baseline bots: uniformly random, and greedy (it carries tests and benchmarks deep)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind


def random_bot(game: Game, n: int) -> Action:
    """Pick uniformly among the legal actions, from the game's own seed (stream "bot")."""
    legal = game.legal_actions()
    return legal[rng.below(rng.draw(game.state.seed, "bot:random", n), len(legal))]


VALUE = {"se": 1, "me": 4, "le": 9, "cunning": 3, "food": 3, "wood": 3, "metal": 3, "treasure": 2}


def _worth(amounts: dict[str, int]) -> int:
    return sum(VALUE.get(k, 0) * n for k, n in amounts.items())


def greedy_bot(game: Game, n: int) -> Action:
    """A simple baseline: craft, explore while time lasts, take the best exchange, attack hard.

    It exists to carry games into the later levels (tests, benchmarks); the
    documented heuristic bot of the balance work is a separate, better policy.
    """

    legal = game.legal_actions()
    s = game.state
    rules = game.ruleset
    kinds = {type(a): a for a in legal}
    d = s.decision
    if d == DecisionKind.PLAYER_TURN or d == DecisionKind.EXTRA_ATTACK:
        attacks = [a for a in legal if isinstance(a, act.Attack)]
        if attacks:
            weapon = rules.weapons[s.weapons[-1]]
            power = {x.id: (x.power, x.type == "wound") for x in weapon.attacks}
            return max(attacks, key=lambda a: (power[a.attack][1], power[a.attack][0]))
        for a in legal:
            if isinstance(a, act.Use):
                return a
        return kinds.get(act.Focus) or legal[-1]
    if d == DecisionKind.RESPONSE:
        return legal[0]
    if d == DecisionKind.PREPARATION:
        crafts = [a for a in legal if isinstance(a, act.Craft)]
        if crafts:
            return crafts[-1]
        if s.res.get("time", 0) <= 1 and act.Fight in kinds:
            return kinds[act.Fight]
        return kinds[act.Explore]
    if d == DecisionKind.CHOOSE_ENCOUNTER:

        def score(a: act.Action) -> int:
            assert isinstance(a, act.ChooseEncounter)
            card = rules.encounters[a.card]
            return _worth(card.gain) - _worth(card.spend)

        return max(legal, key=score)
    if d == DecisionKind.RESOLVE_OR_REST:
        card = rules.encounters[s.chosen]
        if act.Resolve in kinds and _worth(card.gain) - _worth(card.spend) >= card.time:
            return kinds[act.Resolve]
        return legal[-1]
    if d == DecisionKind.PICK_ROLL:
        return legal[rng.below(rng.draw(s.seed, "bot:greedy", n), len(legal))]
    return legal[0]
