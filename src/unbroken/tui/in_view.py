"""Which cards are in view for the inspector (`i`), by where they are, and the cards the
rules of a card name (its conditions, keywords and weapons of choice)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import Phase
from unbroken.tui.rule_terms import terms_named

#: The options that choose a card, and the card each one chooses.
CHOICES: dict[type, Callable[[Any], str]] = {
    act.ChooseWeapon: lambda a: a.weapon,
    act.ChooseSkill: lambda a: a.skill,
    act.ChooseCondition: lambda a: a.condition,
    act.ChooseEncounter: lambda a: a.card,
    act.Craft: lambda a: a.weapon,
}


def cards_in_view(game: Game) -> list[tuple[str, list[str]]]:
    """Return the cards in view by where they are: (place, card ids), each card once, the
    places with none left out: the stage, the hand (the weapons under the top one too),
    the weapons it crafts into ("To craft": #28 round 16, listed under "Hand" they read as
    held), the decision's offers, the character."""
    s = game.state
    stage = []
    if s.phase != Phase.COMBAT:
        stage = list(s.revealed) or ([s.chosen] if s.chosen else [])
    if s.monster is not None:
        stage.append(s.monster.id)
    hand = [c.id for c in s.conditions]
    craft: list[str] = []  # the weapons the one in hand upgrades to: not held (round 16)
    if s.weapons:
        weapon = game.ruleset.weapons[s.weapons[-1]]
        # The weapons kept under it, as the Hand names them: "Axe (advanced; Club, Knife
        # under)" (#28 round 27: `i` listed no Club or Knife); Bare Hands goes unsaid there.
        start = game.ruleset.settings.starting_weapon
        under = [w for w in reversed(s.weapons[:-1]) if w != start]
        hand += [weapon.id, *under, *(aside.weapon for aside in s.set_aside), *s.skills]
        craft = [up.to for up in weapon.upgrades]
    offered = []
    if game.decision is not None:
        offered = [CHOICES[type(a)](a) for a, _ in game.options() if type(a) in CHOICES]
    # The rules the screen names by a word ("committed"), after the cards (#28 round 11).
    named = [*named_cards(game.ruleset, [*stage, *hand, *offered]), *terms_named(game)]
    places = [
        ("Stage", stage),
        ("Hand", hand),
        ("To craft", craft),
        ("Offered", offered),
        ("Named", named),
        ("You", [s.character]),
    ]
    seen: set[str] = {""}
    shown: list[tuple[str, list[str]]] = []
    for place, cards in places:
        new = [card for card in dict.fromkeys(cards) if card not in seen]
        seen.update(new)
        if new:
            shown.append((place, new))
    return shown


def named_cards(rules: Ruleset, cards: list[str]) -> list[str]:
    """Return the conditions, keywords and weapons the rules of `cards` name (a monster's
    table gives Paralyzed, an encounter Frightened, the Weapon Rack a Club or a Knife), so
    each can be read where it is met."""
    named: list[str] = []
    for card in cards:
        monster = rules.monsters.get(card)
        effects: list[m.Effect] = []
        if monster is not None:
            named += monster.keywords
            effects += [*monster.ambush, *(e for row in monster.table for e in row.effects)]
            effects += monster.rewards  # the Hobgoblin's Armored (#28 round 10)
        encounter = rules.encounters.get(card)
        if encounter is not None:
            effects += encounter.effects
        for ability in rules.card_abilities(card):
            effects += ability.effects
        named += [c for e in effects if (c := getattr(e, "condition", "")) in rules.conditions]
        named += [k for e in effects if isinstance(e, m.Handler) for k in _keywords_of(rules, e)]
        # A weapon of choice (#28 round 15: the Smuggler's Cache's Axe and Maul were in no
        # list of `i`; help's search found them).
        named += [w for e in effects for w in getattr(e, "choices", ()) if w in rules.weapons]
    return named


def _keywords_of(rules: Ruleset, handler: m.Handler) -> list[str]:
    """Return the monster keywords a handler's `keyword` parameter names (Gauntlet's Plate
    Splitter: "against an Armored monster"), by the id after the pack's prefix, as the
    handlers match them."""
    wanted = str(handler.params.get("keyword", ""))
    return [k for k in rules.keywords if wanted and k.split(":", 1)[-1] == wanted]
