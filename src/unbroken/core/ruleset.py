"""The Ruleset: every card of the enabled packs, merged and frozen, plus handlers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from unbroken.core import names
from unbroken.core.digest import content_digest
from unbroken.core.hand import CardsInPlay, Hand, InPlay
from unbroken.core.handlers import BUILTIN_HANDLERS, EffectType, words_problem
from unbroken.core.model import (
    Ability,
    Character,
    ClassCard,
    Condition,
    Difficulty,
    Encounter,
    Keyword,
    Monster,
    Pack,
    Requires,
    Settings,
    Skill,
    Weapon,
)

#: A handler is called by the engine with (context, params) and returns nothing;
#: it changes the game only through the context's effect methods.
EffectHandler = Callable[[Any, dict[str, Any]], None]

#: A memo of the Ruleset is emptied when it reaches this size (long simulations meet
#: ever new hands of cards; one game only needs a few dozen entries).
MEMO_LIMIT = 4096


@dataclass(frozen=True)
class CardProblem:
    """A problem of one card: a duplicate id, or an id it names that no pack defines."""

    #: The card at fault ("" for the game settings).
    card: str
    message: str
    #: The id the card names that is at fault ("" when the card itself is).
    names: str = ""

    def __str__(self) -> str:
        return self.message


class RulesetError(Exception):
    """The packs do not form a playable ruleset (duplicate ids, missing references).

    `problems` names the card of each problem, so that a loader that knows
    where the cards are written can say file:line.
    """

    def __init__(self, message: str, problems: Iterable[CardProblem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


@dataclass(frozen=True)
class Ruleset:
    """All content the engine plays with, keyed by namespaced id."""

    settings: Settings
    classes: dict[str, ClassCard]
    characters: dict[str, Character]
    weapons: dict[str, Weapon]
    monsters: dict[str, Monster]
    skills: dict[str, Skill]
    conditions: dict[str, Condition]
    encounters: dict[str, Encounter]
    handlers: dict[str, EffectHandler] = field(default_factory=dict)
    packs: tuple[str, ...] = ()
    digest: str = ""
    #: The plugins this ruleset was built from: name -> version (replays record them).
    plugins: dict[str, str] = field(default_factory=dict)
    #: Difficulties added by plugins (also appended to `settings.difficulties`).
    difficulties: dict[str, Difficulty] = field(default_factory=dict)
    #: Monster keywords: named passives a monster lists in `keywords`.
    keywords: dict[str, Keyword] = field(default_factory=dict)
    # The memo of hand(): keyed by card ids only, and the cards never change, so
    # nothing invalidates it (it is only emptied at MEMO_LIMIT).
    _hands: dict[CardsInPlay, Hand] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    # The memo of card_name(): every card's name as shown (filled on first use).
    _shown: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def hand(self, cards: CardsInPlay) -> Hand:
        """Return the abilities on `cards`, with memos of the lookups the engine makes."""
        found = self._hands.get(cards)
        if found is None:
            cls, skills, conditions, monster = cards
            out: list[InPlay] = []
            if cls:
                out.extend((cls, a, "class") for a in self.classes[cls].abilities)
            for sk in skills:
                out.extend((sk, a, "skill") for a in self.skills[sk].abilities)
            for c in conditions:
                out.extend((c, a, "condition") for a in self.conditions[c].abilities)
            if monster:
                sheet = self.monsters[monster]
                out.extend((monster, a, "monster") for a in sheet.abilities)
                for kw in sheet.keywords:  # a keyword's abilities are the monster's own
                    out.extend((monster, a, "monster") for a in self.keywords[kw].abilities)
            if len(self._hands) >= MEMO_LIMIT:
                self._hands.clear()
            found = self._hands[cards] = Hand(tuple(out))
        return found

    def in_play(self, cards: CardsInPlay) -> tuple[InPlay, ...]:
        """Return (source card, ability, kind of card) for every ability on `cards`."""
        return self.hand(cards).in_play

    def abilities(self, cards: CardsInPlay, of_type: str, trigger: str = "") -> tuple[InPlay, ...]:
        """Return in_play(cards) narrowed to one type of ability (Responses: to `trigger`)."""
        return self.hand(cards).abilities(of_type, trigger)

    def passives(self, cards: CardsInPlay, kind: type) -> tuple[Any, ...]:
        """Return every Passive modifier of this kind on `cards`."""
        return self.hand(cards).passives(kind)

    def monsters_of_level(self, level: int) -> dict[int, Monster]:
        """Return the monsters of a level keyed by their die number."""
        return {m.number: m for m in self.monsters.values() if m.level == level}

    def monster_die(self, level: int) -> int:
        """Return how many sides the die rolled for a level's monster has: one per monster
        of the level when there are more than six (a plugin's joined the base game's),
        else six (R-MONSTER-1)."""
        return max(6, len(self.monsters_of_level(level)))

    def rolled_monster(self, level: int, value: int) -> Monster | None:
        """Return the monster a roll of `value` on the monster die picks at `level`
        (R-MONSTER-1): on a die with a side per monster the n-th in number order, else the
        one numbered `value` (a level with fewer numbers wraps round them). None when the
        level has none or the die no such side."""
        by_number = self.monsters_of_level(level)
        numbers = sorted(by_number)
        if not numbers or value < 1 or (len(numbers) > 6 and value > len(numbers)):
            return None
        if len(numbers) > 6:
            return by_number[numbers[value - 1]]
        return by_number.get(value) or by_number[numbers[(value - 1) % len(numbers)]]

    def encounter_deck(self) -> list[str]:
        """Return the unshuffled encounter deck: one id per physical copy."""
        return [e.id for e in self.encounters.values() for _ in range(e.copies)]

    def card_abilities(self, card_id: str) -> list[Ability]:
        """Return the abilities printed on any card (class, skill, condition, monster)."""
        for table in (self.classes, self.skills, self.conditions, self.monsters):
            card = table.get(card_id)
            if card is not None:
                return list(card.abilities)
        return []

    def ability(self, card_id: str, ability_id: str) -> Ability | None:
        """Return the ability `ability_id` printed on a card (`card_abilities`), or None."""
        return next((a for a in self.card_abilities(card_id) if a.id == ability_id), None)

    def difficulty(self, difficulty: str) -> Difficulty | None:
        """Return the difficulty with this id (the base game's or a plugin's), or None."""
        return next((d for d in self.settings.difficulties if d.id == difficulty), None)

    def character_id(self, name: str) -> str:
        """Return the id of the character sheet `name` means (a plugin's also by its local
        id: `resolve_id`); ValueError naming the characters when none or several do."""
        ident = resolve_id(name, self.characters)
        if ident is None:
            known = ", ".join(sorted(short_ids(self.characters)))
            raise ValueError(f"unknown character {name!r}; choose one of: {known}")
        return ident

    def difficulty_id(self, name: str) -> str:
        """Return the id of the difficulty `name` means (a plugin's also by its local id,
        `expert`, when one plugin has it); ValueError naming the difficulties if none."""
        ids = [d.id for d in self.settings.difficulties]
        if name in ids:
            return name
        local = [i for i in ids if i.endswith(f":{name}")]
        if len(local) == 1:
            return local[0]
        raise ValueError(f"unknown difficulty {name!r}; choose one of: {', '.join(ids)}")

    def difficulty_name(self, difficulty: str) -> str:
        """Return the printed name of a difficulty id ("normal" -> "Normal"), or the id."""
        found = self.difficulty(difficulty)
        return found.name if found is not None else difficulty

    def card_name(self, card_id: str) -> str:
        """Return any card id's name as every view shows it (or the id itself), with its
        expansion when another pack's card has that name ("Armored (Gauntlet)")."""
        if not self._shown:
            self._shown.update(names.shown_names(self._tables()))
        return self._shown.get(card_id, card_id)

    def name_clashes(self) -> dict[str, list[str]]:
        """Return each expansion card named as cards of other packs are, with their ids."""
        return names.name_clashes(self._tables())

    def _tables(self) -> tuple[dict[str, Any], ...]:
        """Return the tables of cards in the order names are looked up in."""
        return (
            self.characters, self.classes, self.weapons, self.monsters, self.skills,
            self.conditions, self.encounters, self.difficulties, self.keywords,
        )  # fmt: skip


def resolve_id(name: str, ids: Iterable[str]) -> str | None:
    """Return the card id a player's name for it means, or None when none or several do.

    A namespaced id ("tidepool:crab") must be one of `ids`. A local one ("crab")
    is the base game's card of that id if there is one, else the one plugin
    card with that local id.
    """
    ids = list(ids)
    if ":" in name:
        return name if name in ids else None
    if f"base:{name}" in ids:
        return f"base:{name}"
    found = [i for i in ids if i.split(":", 1)[1] == name]
    return found[0] if len(found) == 1 else None


def short_ids(ids: Iterable[str]) -> list[str]:
    """Return ids as a player may type them: local where that is unambiguous."""
    ids = list(ids)
    return [i.split(":", 1)[1] if resolve_id(i.split(":", 1)[1], ids) == i else i for i in ids]


def build_ruleset(
    packs: Iterable[Pack],
    handlers: dict[str, EffectHandler] | None = None,
    plugins: dict[str, str] | None = None,
) -> Ruleset:
    """Merge packs in order into one Ruleset; raise RulesetError on conflicts."""
    packs = list(packs)
    settings: Settings | None = None
    tables: dict[str, dict[str, Any]] = {
        k: {}
        for k in (
            "classes",
            "characters",
            "weapons",
            "monsters",
            "skills",
            "conditions",
            "encounters",
            "difficulties",
            "keywords",
        )
    }
    owner: dict[str, str] = {}
    for pack in packs:
        if pack.settings is not None:
            settings = pack.settings
        for kind, table in tables.items():
            for card in getattr(pack, kind):
                if card.id in owner:
                    message = (
                        f"duplicate id {card.id!r}: defined by pack {owner[card.id]!r} "
                        f"and by pack {pack.name!r}"
                    )
                    raise RulesetError(message, [CardProblem(card.id, message)])
                owner[card.id] = pack.name
                table[card.id] = card
    if settings is None:
        raise RulesetError("no pack defines the game settings (settings.toml)")
    digest = content_digest(packs)
    if tables["difficulties"]:  # a plugin's difficulties join the base game's
        settings = msgspec.structs.replace(
            settings, difficulties=[*settings.difficulties, *tables["difficulties"].values()]
        )
    ruleset = Ruleset(
        settings=settings,
        handlers={**BUILTIN_HANDLERS, **(handlers or {})},
        packs=tuple(p.name for p in packs),
        digest=digest,
        plugins=dict(plugins or {}),
        **tables,
    )
    problems = broken_references(ruleset)
    if problems:
        raise RulesetError("; ".join(p.message for p in problems), problems)
    return ruleset


def check_references(ruleset: Ruleset) -> list[str]:
    """Return every broken reference between cards, as readable sentences."""
    return [p.message for p in broken_references(ruleset)]


def _upgrade_cycle(ruleset: Ruleset) -> list[str]:
    """Return a circle of upgrades (first weapon repeated at the end), or [] when none."""
    state: dict[str, int] = {}  # 1: on the path now, 2: done
    path: list[str] = []

    def visit(weapon: str) -> list[str]:
        state[weapon] = 1
        path.append(weapon)
        for up in ruleset.weapons[weapon].upgrades:
            if up.to not in ruleset.weapons:
                continue
            if state.get(up.to) == 1:
                return [*path[path.index(up.to) :], up.to]
            if up.to not in state:
                found = visit(up.to)
                if found:
                    return found
        path.pop()
        state[weapon] = 2
        return []

    for weapon in sorted(ruleset.weapons):
        if weapon not in state:
            found = visit(weapon)
            if found:
                return found
    return []


def broken_references(ruleset: Ruleset) -> list[CardProblem]:
    """Return every broken reference between cards: the card, the sentence, the id named."""
    return [
        *_character_references(ruleset),
        *_upgrade_references(ruleset),
        *_monster_numbers(ruleset),
        *_monster_keywords(ruleset),
        *_difficulty_ids(ruleset),
        *_starting_weapon(ruleset),
        *_effect_references(ruleset),
    ]


def _character_references(ruleset: Ruleset) -> list[CardProblem]:
    """Return the characters' classes, weapons, skills and conditions that are missing."""
    problems: list[CardProblem] = []
    for ch in ruleset.characters.values():
        if ch.cls not in ruleset.classes:
            message = f"character {ch.id!r} names missing class {ch.cls!r}"
            problems.append(CardProblem(ch.id, message, ch.cls))
        if ch.weapon and ch.weapon not in ruleset.weapons:
            message = f"character {ch.id!r} starts with missing weapon {ch.weapon!r}"
            problems.append(CardProblem(ch.id, message, ch.weapon))
        for kind, table in (("skill", ruleset.skills), ("condition", ruleset.conditions)):
            for ident in getattr(ch, f"{kind}s"):
                if ident not in table:
                    message = f"character {ch.id!r} starts with missing {kind} {ident!r}"
                    problems.append(CardProblem(ch.id, message, ident))
    return problems


def _upgrade_references(ruleset: Ruleset) -> list[CardProblem]:
    """Return the weapon upgrades to missing weapons, and a circle of upgrades."""
    problems: list[CardProblem] = []
    for w in ruleset.weapons.values():
        for up in w.upgrades:
            if up.to not in ruleset.weapons:
                message = f"weapon {w.id!r} upgrades to missing weapon {up.to!r}"
                problems.append(CardProblem(w.id, message, up.to))
    cycle = _upgrade_cycle(ruleset)
    if cycle:  # told from a plugin's weapon when one is in it (the base game has no circle)
        ring = cycle[:-1]
        first = next((i for i, w in enumerate(ring) if not w.startswith("base:")), 0)
        cycle = [*ring[first:], *ring[:first], ring[first]]
        path = " -> ".join(repr(w) for w in cycle)
        message = f"weapon {cycle[0]!r} upgrades in a circle: {path}; remove one of these upgrades"
        problems.append(CardProblem(cycle[0], message, cycle[1]))
    return problems


def _monster_numbers(ruleset: Ruleset) -> list[CardProblem]:
    """Return, per level, the first monster whose number leaves a gap in 1-N."""
    problems: list[CardProblem] = []
    for level in range(1, 5):  # R-MONSTER-1: the reveal roll has one face per number
        by_number = ruleset.monsters_of_level(level)
        for expected, number in enumerate(sorted(by_number), 1):
            if number != expected:
                last = expected - 1
                message = (
                    f"monster {by_number[number].id!r} has number {number}, but the other "
                    f"monsters of level {level} are numbered 1-{last}: number it {expected} "
                    f"to join them, or 1-{last} to replace one"
                )
                problems.append(CardProblem(by_number[number].id, message))
                break
    return problems


def _monster_keywords(ruleset: Ruleset) -> list[CardProblem]:
    """Return the monsters' keywords that are missing."""
    return [
        CardProblem(mo.id, f"monster {mo.id!r} names missing keyword {kw!r}", kw)
        for mo in ruleset.monsters.values()
        for kw in mo.keywords
        if kw not in ruleset.keywords
    ]


def _difficulty_ids(ruleset: Ruleset) -> list[CardProblem]:
    """Return the plugins' difficulties that take the id of one of the base game's."""
    base_ids = [d.id for d in ruleset.settings.difficulties if d.id not in ruleset.difficulties]
    return [
        CardProblem(
            d.id, f"difficulty {d.id!r} has the id of the base game's {d.id.split(':', 1)[1]!r}"
        )
        for d in ruleset.difficulties.values()
        if d.id.split(":", 1)[1] in base_ids
    ]


def _starting_weapon(ruleset: Ruleset) -> list[CardProblem]:
    """Return the settings' starting weapon when it is missing."""
    start = ruleset.settings.starting_weapon
    if start in ruleset.weapons:
        return []
    return [CardProblem("", f"settings name missing starting weapon {start!r}", start)]


def _effect_references(ruleset: Ruleset) -> list[CardProblem]:
    """Return what the cards' effects and requirements name that is missing or wrong:
    conditions, weapons offered or required, handlers and their params."""
    problems: list[CardProblem] = []

    def walk(card: str, owner: str, value: Any) -> None:
        if isinstance(value, msgspec.Struct):
            for name in value.__struct_fields__:
                item = getattr(value, name)
                if name == "condition" and isinstance(item, str) and item:
                    if item not in ruleset.conditions:
                        message = f"{owner} names missing condition {item!r}"
                        problems.append(CardProblem(card, message, item))
                elif name == "choices" and isinstance(item, list):
                    for w in item:
                        if w not in ruleset.weapons:
                            problems.append(
                                CardProblem(card, f"{owner} offers missing weapon {w!r}", w)
                            )
                elif isinstance(value, Requires) and name in ("conditions", "without", "weapons"):
                    table = ruleset.weapons if name == "weapons" else ruleset.conditions
                    noun = "weapon" if name == "weapons" else "condition"
                    for ident in item:
                        if ident not in table:
                            message = f"{owner} requires missing {noun} {ident!r}"
                            problems.append(CardProblem(card, message, ident))
                elif name == "name" and type(value).__name__ == "Handler":
                    problems.extend(_handler_problems(ruleset, card, owner, value, item))
                else:
                    walk(card, owner, item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(card, owner, item)

    for kind in (
        "classes",
        "characters",
        "monsters",
        "skills",
        "conditions",
        "encounters",
        "keywords",
    ):
        for card in getattr(ruleset, kind).values():
            walk(card.id, f"{kind[:-1] if kind != 'classes' else 'class'} {card.id!r}", card)
    return problems


def _handler_problems(
    ruleset: Ruleset, card: str, owner: str, handler_card: Any, name: str
) -> list[CardProblem]:
    """Return what is wrong with a card's use of the handler `name`: unknown, or its params."""
    handler = ruleset.handlers.get(name)
    params = dict(getattr(handler_card, "params", {}))
    if handler is None:
        return [CardProblem(card, f"{owner} uses unknown handler {name!r}", name)]
    if isinstance(handler, EffectType):
        wrong = handler.problem(params)
        if wrong:
            message = f"{owner}: {name!r} params: {wrong.replace('$.', '')}"
            return [CardProblem(card, message, name)]
        return []
    wrong = words_problem(handler, params)
    return [CardProblem(card, f"{owner}: {name!r}: {wrong}", name)] if wrong else []
