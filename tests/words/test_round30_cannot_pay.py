"""#28 round 30 (30a-5): "Attack with Decisive stroke (…; cannot pay 2 SE + 1 LE even with
your 1 ME)" read as if the ME almost covered the LE, but higher effort pays lower, never
lower higher (R-RES-4). A cost of two efforts names only held effort that could pay what it
lacks; over many games' options, no "even with your" names any other."""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Iterator

import msgspec

from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.payment import payment
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.words.actions import option_text
from unbroken.words.paying import cannot_pay

#: "cannot pay 2 SE + 1 LE even with your 1 ME": the cost and what is said to help pay it.
EVEN = re.compile(r"cannot pay ([^()]*?) even with your ([^();]*)")
UNIT = {"SE": "se", "ME": "me", "LE": "le"}


def bot_games(count: int, seed: int = 3_000) -> Iterator[Game]:
    """Each of `count` bot games (every character in turn, Hard) at every decision."""
    rules = load_ruleset()
    characters = sorted(rules.characters)
    for i in range(count):
        game = Game.new(rules, characters[i % len(characters)], "hard", seed + i)
        yield from mixed_walk(game, seed + i)


def efforts(said: str) -> dict[str, int]:
    """Read "2 SE + 1 LE" as {"se": 2, "le": 1}."""
    return {UNIT[u]: int(n) for n, u in re.findall(r"(\d+) (SE|ME|LE)", said)}


def decisive_stroke(se: int, me: int, le: int) -> str:
    game = (
        Scenario("caellahan", level=2)
        .resources(se=se, me=me, le=le)
        .weapon("knife", "sword")
        .monster("bear")
        .dice(*[1] * 30)
        .start("battle")
    )
    rows = [option_text(a, why, game.state, game.ruleset) for a, why in game.options()]
    return next(r for r in rows if r.startswith("Attack with Decisive stroke"))


def test_an_me_is_never_said_to_help_pay_an_le() -> None:
    row = decisive_stroke(se=10, me=1, le=0)
    assert "even with your" not in row, row
    assert "cannot pay 2 SE + 1 LE: you have no LE" in row, row
    row = decisive_stroke(se=1, me=1, le=0)  # the ME could pay the SE lacking
    assert "cannot pay 2 SE + 1 LE even with your 1 ME" in row, row


def test_no_even_with_your_names_effort_that_cannot_pay_what_is_lacking() -> None:
    # Costs of two efforts are few and rarely short in play: every cost the options of many
    # games ask, said at every small holding of SE, ME and LE.
    costs: dict[tuple[tuple[str, int], ...], Game] = {}
    for game in bot_games(40):
        for action in game.legal_actions():
            cost = game.query().cost(action)
            if sum(1 for k in m.EFFORT if cost.get(k)) > 1:
                costs.setdefault(tuple(sorted(cost.items())), copy.deepcopy(game))
    assert len(costs) >= 2, costs
    seen = 0
    for items, game in costs.items():
        cost = dict(items)
        for se, me, le in itertools.product(range(4), repeat=3):
            state = msgspec.structs.replace(
                game.state, res={**game.state.res, "se": se, "me": me, "le": le}
            )
            if payment(state, cost) is not None:
                continue
            said = EVEN.search(cannot_pay(state, cost))
            if not said:
                continue
            seen += 1
            lacking = [k for k in m.EFFORT if state.res[k] < cost.get(k, 0)]
            lowest = m.EFFORT.index(lacking[0])
            for k in efforts(said[2]):  # each could pay an effort lacking: it is above one
                assert m.EFFORT.index(k) > lowest, (cost, state.res, said[0])
    assert seen > 10
