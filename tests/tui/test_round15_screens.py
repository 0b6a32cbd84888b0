"""Round 15's playtest (#28): what the screens left unsaid or covered."""

from __future__ import annotations

from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.tui.inspector import cards_in_view, offer_lines
from unbroken.words.cards import describe_card


def weapon_encounters() -> Game:
    """Exploration: the Weapon Rack (a Club or a Knife) and the Smuggler's Cache (an Axe
    or a Maul) on offer."""
    scene = Scenario("niola", seed=3).resources(se=5, treasure=2)
    return scene.encounters("weapon-rack", "smugglers-cache").start("exploration")


def test_the_inspector_lists_the_weapons_an_encounter_offers() -> None:
    # Round 15: neither `i` nor its "All cards" listed the Club, the Axe or the Maul of
    # "take a weapon: Club" and "Axe or Maul"; the player found them with help's search.
    game = weapon_encounters()
    places = dict(cards_in_view(game))
    assert {"base:axe", "base:maul"} <= set(places["Named"])
    in_view = {card for cards in places.values() for card in cards}
    assert {"base:club", "base:knife"} <= in_view


def test_an_encounter_side_by_side_shows_its_weapons_attacks() -> None:
    game = weapon_encounters()
    lines = offer_lines(game, "base:smugglers-cache")
    named = lines[lines.index("  Named:") + 1 :]
    axe = [f"    {line}" for line in describe_card(game.ruleset, "base:axe")]
    maul = [f"    {line}" for line in describe_card(game.ruleset, "base:maul")]
    assert named == [*axe, *maul]
