"""30b-19: a condition's card said two texts, its own and its rule's under a name said
nowhere else ("Paranoid … / Hesitation (Effect) / The monster gains 2 health."; Frightened's
"Shaking Hands (Passive)"): each rule is said on one line, named as the card's."""

from __future__ import annotations

from unbroken.core.ruleset import Ruleset
from unbroken.words.cards import describe_card


def test_a_conditions_rules_read_as_its_own(everything: Ruleset) -> None:
    for card in everything.conditions.values():
        name = everything.card_name(card.id)
        lines = describe_card(everything, card.id)
        assert lines[0].startswith(f"{name} (condition: ")
        for ability in card.abilities:
            said = [line for line in lines if f"{ability.name} (" in line]
            # One line, the card's name first, the rule's words after its name and kind.
            assert len(said) == 1 and said[0].startswith(f"  {name} — {ability.name} ("), said
            assert "): " in said[0] and said[0].rstrip().endswith((".", ")")), said
    paranoid = describe_card(everything, "base:paranoid")
    assert "  Paranoid — Hesitation (Effect): The monster gains 2 health." in paranoid, paranoid
    frightened = describe_card(everything, "base:frightened")
    assert "  Frightened — Shaking Hands (Passive): Monster combat rolls +1." in frightened
