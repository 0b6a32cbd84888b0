"""The engine's shortcuts for speed give what the long way gives (issue #20, item 5).

Each shortcut is checked against the computation it stands for, at every decision
of random games: the General and ability actions listed without writing reasons,
the trigger whose empty window is not queued, the memoised hash of a stream's name,
the shuffle with its draws written out.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import A_GAME, RULES, play_randomly

from unbroken.core import combat, effects, legality, rng, steps, taking, travel
from unbroken.core import responses as resp
from unbroken.core.game import Game
from unbroken.core.resolver import Resolver


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_legal_general_and_ability_actions_are_the_options_without_a_reason(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    # R-DIGI-3: the actions offered are exactly those whose option has no reason against it.
    checked = 0

    def check(game: Game) -> None:
        nonlocal checked
        if game.is_over:
            return
        r = Resolver(game.ruleset, game.state)
        options = [*legality.effort_options(r), *legality.weapon_options(r)]
        assert legality.general_actions(r) == [a for a, why in options if not why]
        for timings in (("travel", "general"), ("combat", "general")):
            options = legality.ability_options(r, timings)
            assert legality.ability_actions(r, timings) == [a for a, why in options if not why]
        checked += 1

    play_randomly(Game.new(RULES, character, difficulty, seed), data, before=check)
    assert checked > 0


def _always_queue_the_window(r: Resolver, trigger: str, **ctx: object) -> None:
    """responses.fire as it was: a trigger with no Response in play queues its window."""
    if not r.abilities("response", trigger):
        r.push(steps.Window(trigger))
        return
    _fire(r, trigger, **ctx)


_fire = resp.fire


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_a_trigger_without_responses_gives_the_same_game_as_its_empty_window(
    seed: int, data: st.DataObject
) -> None:
    # R-EFFECT-2, R-DIGI-2: not queueing a window that would offer nothing changes no event.
    character = data.draw(st.sampled_from(sorted(RULES.characters)))
    difficulty = data.draw(st.sampled_from([d.id for d in RULES.settings.difficulties]))
    choices = data.draw(st.lists(st.integers(0, 99), min_size=400, max_size=400))

    def play(game: Game) -> bytes:
        for i, pick in enumerate(choices):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[pick % len(legal)] if i % 3 else legal[-1])
        return msgspec.msgpack.encode([game.events, game.state])

    quick = play(Game.new(RULES, character, difficulty, seed))
    with pytest.MonkeyPatch.context() as patch:
        for module in (combat, effects, taking, travel):
            patch.setattr(module, "fire", _always_queue_the_window)
        slow = play(Game.new(RULES, character, difficulty, seed))
    assert quick == slow


@given(seed=st.integers(0, 2**64 - 1), name=st.text(max_size=20))
def test_a_stream_key_is_the_spec_s(seed: int, name: str) -> None:
    # R-DIGI-1: the memoised name hash changes nothing in the generator's specification.
    assert rng.stream_key(seed, name) == rng.mix(seed ^ rng.fnv1a64(name))


@given(
    seed=st.integers(0, 2**64 - 1),
    counter=st.integers(0, 1000),
    items=st.lists(st.integers(), max_size=90),
)
def test_a_shuffle_is_the_spec_s_fisher_yates(seed: int, counter: int, items: list[int]) -> None:
    # R-DIGI-1: the shuffle with its draws written out is the module docstring's shuffle.
    out = list(items)
    n = counter
    for i in range(len(out) - 1, 0, -1):
        n += 1
        j = rng.below(rng.draw(seed, "encounters", n), i + 1)
        out[i], out[j] = out[j], out[i]
    assert rng.shuffled(seed, "encounters", counter, items) == out
