"""Round 28 (#28), 28a-2: a Response to a WOUND's loss (Just a Scratch, Warding Sign,
Tough as Nails' Shrug It Off) is offered only where it can change the loss as it will be
once the Passives act on it (Armored's Plates, 1 less, minimum 1; R-EFFECT-3): over
random games with Armored in play or not, wherever one is offered, using it (then
passing the rest of the window) asks for less SE than passing does, forked
with the same dice (`unbroken.core.responses.lowers_loss`)."""

from __future__ import annotations

import random
from collections import Counter

from test_pointless import RULES, fork

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.testing import Scenario

#: Characters with a Response to a WOUND's loss: Brawlers (Just a Scratch), Sages
#: (Warding Sign); any with Tough as Nails.
CHARACTERS = sorted(
    c for c, sheet in RULES.characters.items() if sheet.cls in ("base:brawler", "base:sage")
)
MONSTERS = sorted(RULES.monsters)


def _asked(game: Game, since: int) -> int:
    """Return the SE the first loss since `since` asked for (before any substitution): the
    WOUND's (the row's other losses come before its window, R-EFFECT-3)."""
    for e in game.events[since:]:
        if isinstance(e, ev.TurnStarted | ev.RoundStarted):
            return 0  # none taken this turn
        if isinstance(e, ev.Lost):
            return (e.asked or e.amounts).get("se", 0)
    return 0


def _after_the_loss(game: Game) -> Game:
    """Pass on until the WOUND's loss is taken (no loss pending, past its window)."""
    while game.decision is not None and (
        game.state.pending_loss
        or (game.decision.kind == "response" and game.state.trigger == "wound_loss")
    ):
        legal = game.legal_actions()
        game.apply(act.Pass() if act.Pass() in legal else legal[0])
    return game


def _check(game: Game, found: Counter[str]) -> None:
    d = game.decision
    if d is None or d.kind != "response" or game.state.trigger != "wound_loss":
        return
    legal = game.legal_actions()
    seed = len(game.events) * 7919
    for use in legal:
        if not isinstance(use, act.Use):
            continue
        ability = RULES.ability(use.source, use.ability)
        assert ability is not None
        if not all(isinstance(e, m.ReduceLoss) for e in ability.effects):
            continue
        found[ability.name] += 1
        used = fork(game, seed)
        used.apply(use)
        passed = fork(game, seed)
        passed.apply(act.Pass())
        since = len(game.events)
        used, passed = _after_the_loss(used), _after_the_loss(passed)
        if passed.is_over and not used.is_over:
            continue  # passing lost the game (R-RES-5), using it did not
        if passed.is_over:
            found["both lost the game"] += 1  # no loss taken to compare
            continue
        less, more = _asked(used, since), _asked(passed, since)
        assert less < more, f"{ability.name} changed nothing: {less} SE vs {more}"


def test_a_loss_response_offered_always_lowers_the_loss_as_it_will_be() -> None:
    found: Counter[str] = Counter()
    for seed in range(300):
        rnd = random.Random(seed)
        scene = (
            Scenario(CHARACTERS[seed // 6 % len(CHARACTERS)], level=rnd.randint(1, 4))
            .resources(se=rnd.randint(3, 14), me=rnd.randint(0, 3), cunning=rnd.randint(0, 3))
            .monster(MONSTERS[seed % len(MONSTERS)])
        )
        if seed % 3:
            scene = scene.skills("tough-as-nails")
        if seed % 2:
            scene = scene.condition("armored")
        game = scene.start("battle")
        game.dice = fork(game, seed).dice
        n = 0
        while not game.is_over and game.state.monster is not None and n < 60:
            _check(game, found)
            game.apply(rnd.choice(game.legal_actions()))
            n += 1
    assert min(found.values(), default=0) >= 20 and len(found) >= 3, found
