"""What the game's event history says beyond its state: the decisions' events, whether
they showed anything new, how the combat under way opened, the ability uses a level
started with. Front ends ask these instead of reading the log themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from unbroken.core.events import (
    REVEALING,
    AbilityUsesSet,
    Awaiting,
    EncountersRevealed,
    Event,
    GameStarted,
    LevelStarted,
    MonsterRevealed,
    SkillsDrawn,
    StepEntered,
)
from unbroken.core.forecast import CHANCE, Forecast
from unbroken.core.state import GameState, Phase, StepName, Turn
from unbroken.core.steps import MONSTER_RESOLVE


def reveals(events: Iterable[Event]) -> bool:
    """Return whether these events show the player anything hidden (see REVEALING).

    A decision whose events reveal nothing can be taken back: making it again
    another way teaches nothing that was not known when it was first made.
    """
    return any(type(e) in REVEALING for e in events)


#: The events that show the player cards not seen before: a level (its monster deck), the
#: monster, encounter cards, skills to keep. Not a die or a shuffle (see REVEALING).
CARDS_SHOWN: tuple[type[Event], ...] = (
    LevelStarted,
    MonsterRevealed,
    EncountersRevealed,
    SkillsDrawn,
)


def shows_cards(events: Iterable[Event]) -> bool:
    """Return whether these events show the player new cards (`CARDS_SHOWN`): what typed
    ahead must not answer, as `shows_hidden` says of an option before it is taken."""
    return any(isinstance(e, CARDS_SHOWN) for e in events)


#: What a forecast stopped by chance shows that are cards (`Forecast.unseen`): the
#: encounter cards drawn, the skills drawn, the level's monster (its die picks the card).
#: Not a die's roll: every battle turn ends at the monster's ("combat").
CARDS_UNSEEN = frozenset({"encounters", "skills", "monster"})


def shows_hidden(forecast: Forecast | None) -> bool:
    """Return whether an option shows hidden cards, which cannot be taken back (as
    `reveals` says of its events): its forecast stops where a card is drawn (Scout's
    monster, Explore's cards, Fight's monster). A die's roll is not counted: a battle
    turn's every option ends at the monster's roll."""
    return forecast is not None and forecast.stops == CHANCE and forecast.unseen in CARDS_UNSEEN


def last_decision(events: Sequence[Event]) -> list[Event]:
    """Return the events of the last decision made ([] before the first one).

    They follow the Awaiting before the last one; in a finished game, which
    ends with its GameOver, they follow the last Awaiting. (Read from the end:
    a late game has thousands of events.)
    """
    finished = bool(events) and not isinstance(events[-1], Awaiting)
    wanted = 1 if finished else 2
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], Awaiting):
            wanted -= 1
            if not wanted:
                return list(events[i + 1 :])
    return []


def by_decision(events: Sequence[Event]) -> list[list[Event]]:
    """Return the events of each decision made, in order (each from after an Awaiting).

    The setup's events, before the first Awaiting, are left out; a finished
    game's last decision ends with its GameOver instead of an Awaiting.
    """
    waits = [i for i, e in enumerate(events) if isinstance(e, Awaiting)]
    ends = waits[1:]
    if events and not isinstance(events[-1], Awaiting):
        ends.append(len(events) - 1)
    return [list(events[a + 1 : b + 1]) for a, b in zip(waits, ends, strict=False)]


def combat_opened(newest_first: Iterable[Event]) -> StepName | None:
    """Return the step the combat under way opened with, Ambush or Trickery, from the
    game's events newest first (None outside a combat, or when they do not say)."""
    for e in newest_first:
        if isinstance(e, StepEntered):
            if e.step in (StepName.AMBUSH, StepName.TRICKERY):
                return e.step
            if e.phase != Phase.COMBAT:
                return None
    return None


def level_ability_uses(newest_first: Iterable[Event]) -> int:
    """Return the ability uses the level started with, given the game's events newest first.

    That is the pool last set (a new level, with its skills' extra uses), or the
    game's start before any; 0 for no events.
    """
    for e in newest_first:
        if isinstance(e, AbilityUsesSet):
            return e.uses
        if isinstance(e, GameStarted):
            return e.ability_uses
    return 0


def rolls_for_monster(state: GameState) -> bool:
    """Return whether the roll to keep is the monster's: on its turn, or its table's row
    still to resolve (an attack it makes outside its turn, Grab the Weapon's: 37a-5)."""
    return state.turn == Turn.MONSTER or any(q.step == MONSTER_RESOLVE.name for q in state.then)
