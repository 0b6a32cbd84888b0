"""How the options' keys are paced on the game screen: the beat they wait after decisions
taken for the player, the careful window of a new question, how soon a key is too quick
(tui/decisions.py). The app hands its pace to each game screen (`UnbrokenApp.key_pace`,
or its `key_pace` argument); tests press keys as fast as Pilot sends them (`AT_ONCE`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KeyPace:
    """The options' keys' times, in seconds."""

    #: After decisions taken for the player, how long the options' keys wait: a key typed
    #: for the options that were there must not take one of the new ones.
    settle: float = 0.9
    #: How long after a new question (after the beat) a costly option's key marks it first.
    careful: float = 3.0
    #: How soon after a new question a key is too quick to have read it (a double tap,
    #: "2 2": the second meant for the question before): it marks a costly option. A second
    #: (#28 round 18: a double tap's second key 0.8 s after keeping a card took Rest).
    quick: float = 1.0
    #: Whether the game's first question on the screen is a new question (it is).
    first_new: bool = True
    #: How long after the player's key a key does not skip the rounds it set passing on
    #: their own (a careful window's time: #28 round 24, a hurried confirm's second `2`
    #: skipped to the death screen with rounds 5-11 never shown).
    stray: float = 3.0


#: The player's pace.
PLAYERS = KeyPace()
#: Keys as fast as a test sends them: no beat, no double tap, the first question the one
#: the test set up (a new question still opens its careful window: tested as played).
AT_ONCE = KeyPace(settle=0.0, quick=0.0, first_new=False, stray=0.0)
