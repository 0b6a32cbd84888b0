"""Random legal play: the engine never breaks, and a game is its decisions."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import A_GAME, CHARACTERS, RULES, play_randomly

from unbroken.core.game import Game
from unbroken.core.reducer import fold


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_random_play_ends_within_bounds_and_replays_identically(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    # R-DIGI-1, R-DIGI-2, R-RES-1, R-END-1
    game = Game.new(RULES, character=character, difficulty=difficulty, seed=seed)
    taken = play_randomly(game, data)
    assert game.outcome is not None and game.decision is None and game.legal_actions() == []

    # The state is the fold of the events (R-DIGI-2).
    assert msgspec.json.encode(fold(game.events)) == msgspec.json.encode(game.state)

    # The same seed and the same decisions give the same log, byte for byte (R-DIGI-1).
    again = Game.new(RULES, character=character, difficulty=difficulty, seed=seed)
    for action in taken:
        again.apply(action)
    assert msgspec.json.encode(again.events) == msgspec.json.encode(game.events)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_folding_every_prefix_matches_the_live_state(seed: int, data: st.DataObject) -> None:
    # R-DIGI-2: after every decision, folding the log so far gives the live state.
    game = Game.new(RULES, character=data.draw(st.sampled_from(CHARACTERS)), seed=seed)
    for _ in range(40):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
        assert msgspec.json.encode(fold(game.events)) == msgspec.json.encode(game.state)


def test_events_and_actions_round_trip_through_json() -> None:
    # R-DIGI-2: the log decodes to the same typed events (tags are stable strings).
    from unbroken.core.actions import Action as ActionUnion
    from unbroken.core.events import Event

    game = Game.new(RULES, character="tomu", difficulty="easy", seed=99)
    while not game.is_over and len(game.events) < 400:
        game.apply(game.legal_actions()[-1])
    raw = msgspec.json.encode(game.events)
    assert msgspec.json.decode(raw, type=list[Event]) == game.events
    for action in game.legal_actions() or []:
        assert msgspec.json.decode(msgspec.json.encode(action), type=ActionUnion) == action
    assert b'"type":"game_started"' in raw


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_the_log_splits_into_the_events_of_each_decision(seed: int, data: st.DataObject) -> None:
    # by_decision and last_decision give back what each Game.apply returned.
    from unbroken.core.history import by_decision, last_decision

    game = Game.new(RULES, character=data.draw(st.sampled_from(CHARACTERS)), seed=seed)
    assert by_decision(game.events) == [] and last_decision(game.events) == []
    returned = []
    for _ in range(data.draw(st.integers(1, 300))):
        if game.is_over:
            break
        legal = game.legal_actions()
        returned.append(game.apply(legal[data.draw(st.integers(0, len(legal) - 1))]))
        assert by_decision(game.events) == returned
        assert last_decision(game.events) == returned[-1]
