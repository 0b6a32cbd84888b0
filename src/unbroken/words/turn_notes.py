"""What an option's words add of the battle turn and the Exploration ahead (split from
words.actions, which names every option): "(it takes your turn)" where taking it ends
the battle turn, the cards already pending, each in the bracket the words end with."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.vocabulary import TAKES_TURN_WORDS, merge_note, plural

TAKES_TURN = f" ({TAKES_TURN_WORDS})"


def turn_note(text: str, action: act.Action, rules: Query) -> str:
    """Return an option's words with "(it takes your turn)" when the core says taking it
    ends the battle turn (R-BATTLE-2): rounds 15-16 lost turns to a Craft and to Cold Logic
    ("Action, any time") unannounced. An attack or a skip is the turn by its own words."""
    if isinstance(action, (act.Attack, act.Skip)) or not rules.ends_turn(action):
        return text
    if isinstance(action, act.Use):  # in the cost's bracket, before the ability's text
        head, sep, tail = text.partition(": ")
        return f"{merge_note(head, TAKES_TURN)}{sep}{tail}"
    return merge_note(text, TAKES_TURN)


def pending_note(text: str, action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return an option's words with the extra cards the next Exploration already reveals,
    on Explore, Orienteer and an ability that reveals more (#28 round 20: "8 8" took Delve twice,
    6 more cards, and no option said one was pending): "Delve [Gravedigger] (pay 1 SE, 1
    ability use; 3 more cards pending): …", "Explore (3 more cards pending; …)"."""
    if not state.reveal_bonus or state.committed:  # committed: 1 card whatever (R-TRAVEL-7)
        return text
    note = f" ({plural(state.reveal_bonus, 'more card')} pending)"
    if isinstance(action, act.Explore) and text.startswith("Explore ("):  # first: 80 columns
        return f"Explore ({note[2:-1]}; {text.removeprefix('Explore (')}"
    if isinstance(action, act.Orienteer):
        return merge_note(text, note)
    if not isinstance(action, act.Use):
        return text
    ability = ruleset.ability(action.source, action.ability)
    if ability is None or not any(isinstance(e, m.RevealMore) for e in ability.effects):
        return text
    head, sep, tail = text.partition(": ")
    return f"{merge_note(head, note)}{sep}{tail}"
