"""Random legal play for the engine's property tests: games that reach the later levels."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from unbroken.core.actions import Action
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.sim import MAX_DECISIONS, check_invariants, greedy_bot

RULES = load_ruleset()
CHARACTERS = sorted(RULES.characters)
DIFFICULTIES = [d.id for d in RULES.settings.difficulties]


def play_randomly(
    game: Game, data: st.DataObject, before: Callable[[Game], object] | None = None
) -> list[Action]:
    """Play with a mix of random and greedy choices, so games reach the later levels.

    `before(game)` is called at every decision, before it is made, and once the game is over.
    """
    taken: list[Action] = []
    greed = data.draw(st.integers(0, 4), label="greed")
    while not game.is_over:
        assert len(taken) < MAX_DECISIONS, "the game did not end"
        if before is not None:
            before(game)
        legal = game.legal_actions()
        assert legal, f"no legal action at decision {game.decision}"
        if data.draw(st.integers(0, 4), label="greedy?") < greed:
            action = greedy_bot(game, len(taken))
        else:
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        game.apply(action)
        taken.append(action)
        check_invariants(game)  # every resource within 0..cap, monster trackers in range
    if before is not None:
        before(game)
    return taken


#: The arguments of a property test that plays one game: `@given(**A_GAME)`.
A_GAME = {
    "seed": st.integers(0, 2**64 - 1),
    "character": st.sampled_from(CHARACTERS),
    "difficulty": st.sampled_from(DIFFICULTIES),
    "data": st.data(),
}
