"""Which decision the session takes for the player (`answered`), the log's "Taken for
you: …" line of such a decision (`taken_said`, the game's and all others'), and that line
told again afterwards (`taken_line`, `last_taken_line`, `taken_since`).

A recording keeps a decision taken for the player as any other (R-DIGI-4), so the replay
viewer and the end screen, which tell the log again from the events, said only "You skip
your turn." where the game had said "Taken for you: Skip your turn." (#28 round 23: Skip
turns at 0 SE read as the player's own). They ask again what the session would have
taken at that position, with the settings' defaults (both on), and say it as it did.
"""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.core.actions import Action, Forfeit, Pass, Resolve, Rest
from unbroken.core.events import (
    Awaiting,
    BattleStarted,
    EncounterChosen,
    Event,
    LevelStarted,
    RoundStarted,
    TriggerOpened,
    TurnStarted,
)
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import copy_state
from unbroken.replay.timeline import Timeline
from unbroken.words.retold import retold
from unbroken.words.taken import skip_why, taken_for_you

#: Single answers the player is shown rather than having them taken: a committed
#: encounter's (R-TRAVEL-7), paid or not. Its one card is revealed and kept by the key
#: that explored; taking its exchange too (or accepting that it cannot be paid) resolved
#: a card the player never saw in one key press (Cold Spring, #28 round 5), where any
#: other encounter waits on the stage for its Resolve or Rest.
SHOWN: tuple[type[Action], ...] = (Resolve, Forfeit)


def answered(
    game: Game, auto_take: bool = True, auto_pass: bool = True
) -> tuple[Action, str] | None:
    """Return the decision to take for the player now and why, or None: with
    `auto_take`, a decision's one legal answer (an optional Response that can be used
    is a choice, so it never is one, nor is an answer in SHOWN); with `auto_pass`, the
    answer that spends nothing where the engine proves no other is better (R-DIGI-4,
    `Game.pointless`), and the Response to use where it only gains and costs nothing
    that could be wanted before the uses refill (its mirror, `Game.obvious`)."""
    if game.is_over or not (auto_take or auto_pass):
        return None
    legal = game.legal_actions()
    if auto_take and len(legal) == 1 and _takeable(game, legal[0]):
        return legal[0], ""
    if auto_pass:
        return game.pointless() or game.obvious()
    return None


def _takeable(game: Game, action: Action) -> bool:
    """Whether a single answer may be taken for the player: not one in SHOWN, and no
    Rest on a card kept for them (the only one revealed, e.g. under Grave Dirt): it
    spends the card's time on a card they have not been shown (#28 round 16), so it
    waits on the stage as a committed encounter does. Rest on a card they chose is
    theirs already."""
    if isinstance(action, SHOWN):
        return False
    if isinstance(action, Rest):
        chosen = next((e for e in reversed(game.events) if isinstance(e, EncounterChosen)), None)
        return chosen is not None and bool(chosen.discarded)
    return True


def taken_said(game: Game, action: Action, why: str) -> str:
    """Return the log's "Taken for you: …" line of `action`, taken for the player for
    `why` at the decision `game` waits on: the one line the game's log, the replay viewer
    and the end screen say (#28 round 25: told again from the events, a Skip at 0 SE lost
    the game's "— you cannot pay any attack: …"; `skip_why`). A Pass names the Responses it
    skipped among the answers offered."""
    why = skip_why(action, why, game.options())
    again = isinstance(action, Pass) and opened_again(game.events)
    return taken_for_you(action, why, game.state, game.ruleset, game.legal_actions(), again)


#: The events that begin a trigger's new firing: its window after one is another moment.
FIRINGS = (BattleStarted, RoundStarted, TurnStarted, LevelStarted)


def opened_again(events: Sequence[Event]) -> bool:
    """Return whether the Response window the events wait on is one offered again at the
    same firing of its trigger, after the mandatory Responses (R-EFFECT-2: a Fast
    monster's first roll at the battle's start): the window before it, of the same
    trigger, with no new turn, round, battle or level nor another question between (#28
    round 28: "Pass (Snare [Hunter] not used: …)" was said twice, as if one Pass were
    said again)."""
    opened = [i for i, e in enumerate(events) if isinstance(e, TriggerOpened)]
    if len(opened) < 2:
        return False
    before, last = opened[-2], opened[-1]
    first, now = events[before], events[last]
    assert isinstance(first, TriggerOpened) and isinstance(now, TriggerOpened)
    between = events[before + 1 : last]
    if first.trigger != now.trigger or any(isinstance(e, FIRINGS) for e in between):
        return False
    # Only the first window's own question between: no key of the player's (an extra
    # attack's) fired the trigger anew.
    return sum(isinstance(e, Awaiting) for e in between) == 1


def taken_line(ruleset: Ruleset, before: Sequence[Event], action: Action) -> str:
    """Return the log's "Taken for you: …" line of `action` taken at the decision the
    events `before` wait on, when the session takes it for the player there; else ""."""
    game = Game(ruleset, fold(before), list(before))
    try:
        found = answered(game)
    except Exception:  # noqa: BLE001 - a recording's state or a plugin's handler: words only
        return ""
    if found is None or found[0] != action:
        return ""
    return taken_said(game, action, found[1])


def last_taken_line(ruleset: Ruleset, events: Sequence[Event]) -> str:
    """Return the "Taken for you: …" line of a finished game's last decision (the events
    after its last Awaiting), when the session took it for the player; else ""."""
    last = max((i for i, e in enumerate(events) if isinstance(e, Awaiting)), default=-1)
    return _taken_at(ruleset, events[: last + 1], events[last + 1 :]) if last >= 0 else ""


def taken_since(ruleset: Ruleset, events: Sequence[Event]) -> list[str]:
    """Return the log's lines of the decisions the session took for the player at the end
    of `events` (those after the player's last key), each after its "Taken for you: …"
    line, as the game said them; none when the last decision was the player's own. The
    end screen's lines since the player's last key where no game screen saw the game."""
    awaits = [i for i, e in enumerate(events) if isinstance(e, Awaiting)]
    told: list[str] = []
    end = len(events)
    for start in reversed(awaits):
        before, after = events[: start + 1], events[start + 1 : end]
        taken = _taken_at(ruleset, before, after)
        if not taken:
            break
        told = [taken, *retold(ruleset, before, after), *told]
        end = start + 1
    return told


def _taken_at(ruleset: Ruleset, before: Sequence[Event], after: Sequence[Event]) -> str:
    """Return the "Taken for you: …" line of the decision the events `before` wait on,
    when the session took it for the player (its answer there gives the events `after`);
    else "". Which answer was taken is found by taking it again: the same state (its seed)
    gives the same events."""
    game = Game(ruleset, fold(before), list(before))
    try:
        found = answered(game)
        again = Game(ruleset, copy_state(game.state), list(before))
        same = found is not None and again.apply(found[0]) == list(after)
    except Exception:  # noqa: BLE001 - a plugin's handler: the line is only words
        return ""
    if found is None:
        return ""
    return taken_said(game, found[0], found[1]) if same else ""


def told_again(timeline: Timeline, i: int) -> list[str]:
    """Return the log's lines of position `i` of a recording, as the game said them: the
    events told again (`retold`), after the "Taken for you: …" line of the decision that
    led there when the session took it for the player."""
    before = [e for j in range(i) for e in timeline.events_at(j)]
    action = timeline.action_at(i)
    taken = taken_line(timeline.ruleset, before, action) if action is not None else ""
    return ([taken] if taken else []) + retold(timeline.ruleset, before, timeline.events_at(i))
