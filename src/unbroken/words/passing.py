"""The log's line of a Response window the player passed (#28 round 20).

A Pass emits no event, so the log said nothing of it: a double tap on Fight passed the
battle's opening "Use a Response?" and threw Ambusher's 2 wounds away unsaid. The front
ends say `passed_line` of the player's own Pass before its events ("You pass: Ambusher
not used."); a Response that would do nothing here (`Query.does_nothing`: Snare against
no armor) is not named, and a window where none could do anything says nothing. A Pass
taken for the player says so already ("Taken for you: Pass … — …"). A weapon of choice
declined (R-REWARD-2) is a Pass too: "You take no weapon: you keep the Maul." (round 21).
"""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.core import actions as act
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState
from unbroken.words.actions import use_name


def passed_line(
    action: act.Action, legal: Sequence[act.Action], state: GameState, ruleset: Ruleset
) -> str:
    """Return the log's line of the player taking `action` among the `legal` answers now:
    "You pass: Ambusher not used." for a Pass at a Response window where a Response on
    offer could have done something; "" for anything else."""
    if not isinstance(action, act.Pass):
        return ""
    if state.decision == DecisionKind.CHOOSE_WEAPON:  # R-REWARD-2: none taken (round 21)
        return f"You take no weapon: you keep the {ruleset.card_name(state.weapons[-1])}."
    if state.decision != DecisionKind.RESPONSE:
        return ""
    query = Query(ruleset, state)
    names = [
        use_name(use, ruleset)
        for use in legal
        if isinstance(use, act.Use) and not query.does_nothing(use)
    ]
    if not names:
        return ""
    return f"You pass: {' and '.join(dict.fromkeys(names))} not used."
