"""A hand of cards in play: the abilities it holds, and memos of what the engine asks of them."""

from __future__ import annotations

from typing import Any

from unbroken.core.model import Ability

#: The cards whose abilities are in play: (class, skills, active conditions, monster in combat).
CardsInPlay = tuple[str, tuple[str, ...], tuple[str, ...], str]
#: One ability in play: (source card, ability, kind of card).
InPlay = tuple[str, Ability, str]


class Hand:
    """The abilities in play for one hand of cards, and memos of what the engine asks of them."""

    __slots__ = ("in_play", "_abilities", "_passives")

    def __init__(self, in_play: tuple[InPlay, ...]) -> None:
        #: (source card, ability, kind of card) for every ability in play.
        self.in_play = in_play
        self._abilities: dict[tuple[str, str], tuple[InPlay, ...]] = {}
        self._passives: dict[type, tuple[Any, ...]] = {}

    def abilities(self, of_type: str, trigger: str = "") -> tuple[InPlay, ...]:
        """Return the abilities of one type (Responses: to `trigger`)."""
        key = (of_type, trigger)
        found = self._abilities.get(key)
        if found is None:
            found = self._abilities[key] = tuple(
                x
                for x in self.in_play
                if x[1].type == of_type and (of_type != "response" or x[1].trigger == trigger)
            )
        return found

    def passives(self, kind: type) -> tuple[Any, ...]:
        """Return every Passive modifier of this kind."""
        found = self._passives.get(kind)
        if found is None:
            found = self._passives[kind] = tuple(
                mod
                for _, ability, _ in self.in_play
                if ability.type == "passive"
                for mod in ability.modifiers
                if isinstance(mod, kind)
            )
        return found
