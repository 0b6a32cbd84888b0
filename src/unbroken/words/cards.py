"""Cards as a player reads them: name, cost and effects in words, made from the data.

Pure functions of a Ruleset; the `unbroken cards` command and the TUI print them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from unbroken.core import model as m
from unbroken.core.query import acted_for_the_level, danger_space
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import ConditionState
from unbroken.words.effects import effect_text, modifier_text, named, naming
from unbroken.words.encounter_kind import encounter_kind
from unbroken.words.forecast import shown_ability
from unbroken.words.monster import danger_gains
from unbroken.words.rounds_left import rounds_words
from unbroken.words.vocabulary import (
    ABILITY_USE,
    LIMIT_WORDS,
    TRIGGER_WORDS,
    amounts,
    attack_name,
    plural,
    timing_words,
    whole_cost,
)


def sentence(parts: list[str]) -> str:
    """Return phrases joined into one sentence: capitalised, ending with a full stop."""
    text = "; ".join(p for p in parts if p)
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def effects_sentence(effects: list[m.Effect]) -> str:
    """Return a list of effect records as one sentence ("" for none)."""
    return sentence([effect_text(e) for e in effects])


def requires_text(needs: m.Requires) -> str:
    """Return when an ability may be used, from its `requires`: "only with Blessed, ..."."""
    name = named
    parts = []
    if needs.conditions:
        parts.append("with " + " and ".join(name(c) for c in needs.conditions))
    if needs.without:
        parts.append("not while " + " or ".join(name(c) for c in needs.without))
    if needs.weapons:
        parts.append("with a " + " or ".join(name(w) for w in needs.weapons))
    if needs.levels:
        parts.append("at level " + " or ".join(str(n) for n in needs.levels))
    return "only " + ", ".join(parts) if parts else "always"


def ability_lines(
    ability: m.Ability, automatic: bool = False, name: str = "", class_ability: bool = False
) -> list[str]:
    """Return an ability as lines: its name and kind, then what it does in words.

    `automatic` marks abilities of monsters and conditions, whose Responses
    happen by themselves instead of being offered. `name`: how the options and the log
    name it, when not by its own name (a skill's: "Grim Determination", "Wrecker
    (Follow Up)": one name per card, #28 round 4). A `class_ability` says the ability
    use it takes with its cost (`whole_cost`).
    """
    if ability.type == "action":
        kind = timing_words(ability) or "Action"
    elif ability.type == "response":
        kind = "Effect" if automatic else "Response"
    else:
        kind = "Passive"
    shown = name or ability.name
    head = f"{shown[:-1]}, {kind})" if shown.endswith(")") else f"{shown} ({kind})"
    words = [effect_text(e) for e in ability.effects]
    words.extend(modifier_text(mod) for mod in ability.modifiers)
    body = "; ".join(words) or "nothing happens"
    cost = whole_cost(ability, class_ability)
    if cost:
        body = f"spend {cost} to {body}"
    if ability.limit:
        body += f" ({LIMIT_WORDS[ability.limit]})"
    if ability.requires is not None:
        body += f" ({requires_text(ability.requires)})"
    if automatic and ability.text:
        # A monster's or condition's rule in its card's words, as `m`, the line under the
        # options and a condition in play say it (#28 round 24: the Basilisk's Petrifying
        # Gaze read "add 2 tokens to Paralyzed" in `i`, "you gain Paralyzed with 2 tokens
        # (2 more if it is already on you)" on `m`).
        return [head, "  " + ability.text]
    if ability.type == "response":
        when = TRIGGER_WORDS.get(ability.trigger, ability.trigger.replace("_", " "))
        if ability.attack:
            when += f" ({'wounding' if ability.attack == 'wound' else 'armor-breaking'} only)"
        if ability.weapon:
            when += f" (with a {ability.weapon} weapon)"
        if ability.min_loss:
            when = when.replace("effort", f"{ability.min_loss} or more effort")
        body = f"{when}: {body}"
    return [head, "  " + sentence([body])]


def _abilities(
    abilities: list[m.Ability],
    automatic: bool = False,
    names: Callable[[str], str] = str,
    class_ability: bool = False,
) -> list[str]:
    lines: list[str] = []
    for ability in abilities:
        said = ability_lines(ability, automatic, names(ability.name), class_ability)
        lines.extend("  " + line for line in said)
    return lines


def unsaid_cost(ability: m.Ability) -> str:
    """Return what a class's card words leave out of its whole cost (`whole_cost`): "1
    ability use", "pay 2 time, 1 ability use" where the words don't name the printed cost.
    Said in the bracket before the card's words wherever a class's card is shown in them
    (the Hand, New game: #28 round 30, Cold Logic's "Spend 2 cunning to …" alone)."""
    printed = amounts(ability.cost) if ability.cost else ""
    unsaid = [f"pay {printed}"] if printed and printed not in ability.text else []
    return ", ".join([*unsaid, ABILITY_USE])


def class_ability_line(ability: m.Ability) -> str:
    """Return a class's ability as the Hand says it, in its card's words with what they
    leave out of its whole cost before them: "Warding Sign (1 ability use): When …,
    spend 1 cunning to lose 2 less …" (`unsaid_cost`)."""
    return f"{ability.name} ({unsaid_cost(ability)}): {ability.text}"


def describe_class(ruleset: Ruleset, card: m.ClassCard) -> list[str]:
    """Return a class card: name, text, its sheets and its three abilities."""
    sheets = [c.name for c in ruleset.characters.values() if c.cls == card.id]
    lines = [f"{ruleset.card_name(card.id)} (class)", f"  {card.text}"]
    if sheets:
        lines.append(f"  Sheets: {', '.join(sheets)}")
    return lines + _abilities(list(card.abilities), class_ability=True)


def describe_character(ruleset: Ruleset, card: m.Character) -> list[str]:
    """Return a character sheet: name, class, text and the class abilities."""
    cls = ruleset.classes.get(card.cls)
    lines = [f"{ruleset.card_name(card.id)} ({cls.name if cls else card.cls})", f"  {card.text}"]
    start = setup_words(ruleset, card)
    if start:
        lines.append("  Starts with: " + sentence(start))
    if cls is not None:
        lines += _abilities(list(cls.abilities), class_ability=True)
    return lines


def setup_words(ruleset: Ruleset, card: m.Character) -> list[str]:
    """Return what a character's own setup changes, as phrases ([] for R-SETUP-2's start)."""
    name = ruleset.card_name
    out = []
    if card.weapon:
        out.append(f"the {name(card.weapon)} as its weapon")
    if card.resources:
        out.append(f"{amounts(card.resources)} more")
    if card.skills:
        out.append("the skill " + " and ".join(name(s) for s in card.skills))
    if card.conditions:
        out.append("the condition " + " and ".join(name(c) for c in card.conditions))
    if card.ability_uses != 1:
        out.append(plural(card.ability_uses, "ability use") + " at level 1")
    out.extend(effect_text(e) for e in card.setup)
    return out


def class_mates(ruleset: Ruleset, card: m.Character) -> list[str]:
    """Return how a character differs from each other sheet of its class, one line each
    ([] when it is its class's only one): the class gives the abilities, so sheets of
    one class differ only in their start, or in nothing but their story."""
    cls = ruleset.classes.get(card.cls)
    kind = cls.name if cls is not None else card.cls
    own = setup_words(ruleset, card)
    lines = []
    for mate in ruleset.characters.values():
        if mate.cls != card.cls or mate.id == card.id:
            continue
        theirs = setup_words(ruleset, mate)
        if own == theirs:
            lines.append(f"Same abilities and start as {mate.name}: only the story differs.")
        else:
            mine, other = ("; ".join(words) or "the usual start" for words in (own, theirs))
            lines.append(
                f"Same abilities as {mate.name} ({kind}); differs in the start: "
                f"{mine}, where {mate.name} has {other}."
            )
    return lines


def score_lines(ruleset: Ruleset) -> list[str]:
    """Return how a won game is scored under these rules (R-SCORE-1, R-SCORE-2): the
    points per resource left, what scores nothing, and the ranks, a line each."""
    points = ruleset.settings.score
    per = [f"{n} per {m.RESOURCE_NAMES[k]}" for k in m.RESOURCES if (n := points.get(k))]
    lines = ["Only a won game is scored, by what you have left at the end:"]
    lines.append("  " + ", ".join(per) + ".")
    if "se" not in points:
        lines.append("  SE scores nothing.")
    ranks = ruleset.settings.ranks
    bands = []
    for i, (low, name) in enumerate(ranks):
        high = ranks[i + 1][0] - 1 if i + 1 < len(ranks) else None
        span = f"{low}" if high == low else f"{low}-{high}" if high is not None else f"{low}+"
        bands.append(f"{span} {name}")
    lines.append("  Ranks: " + ", ".join(bands) + ".")
    return lines


def describe_weapon(ruleset: Ruleset, card: m.Weapon) -> list[str]:
    """Return a weapon sheet: its attacks with cost and power, its upgrades and what
    it is crafted from."""
    lines = [f"{ruleset.card_name(card.id)} ({card.type} weapon)", f"  {card.text}"]
    for attack in card.attacks:
        what = "break armor" if attack.type == "break" else "wound"
        extra = ", ignores armor" if attack.ignore_armor else ""
        lines.append(
            f"  {attack_name(attack.id)}: spend {amounts(attack.cost)} to {what}, "
            f"power {attack.power}{extra}."
        )
    for up in card.upgrades:
        lines.append(f"  Upgrade to {ruleset.card_name(up.to)}: spend {amounts(up.cost)}.")
    for before in ruleset.weapons.values():  # R-WEAPON-3: the paths that lead to this one
        for up in before.upgrades:
            if up.to == card.id:
                lines.append(f"  Crafted from {before.name}: spend {amounts(up.cost)}.")
    return lines


def describe_monster(ruleset: Ruleset, card: m.Monster) -> list[str]:
    """Return a monster sheet: armor, health, ambush, trickery, abilities, table, rewards."""
    lines = [
        f"{ruleset.card_name(card.id)} (level {card.level} monster, number {card.number})",
        f"  {card.text}",
        f"  Armor {card.armor}, health {card.health}.",
        f"  Ambush: {effects_sentence(list(card.ambush)) or 'no effect.'}",
    ]
    if card.trickery is None:
        lines.append("  Trickery: not possible.")
    else:
        parts = [f"spend {amounts(card.trickery.cost)}"] if card.trickery.cost else []
        if card.trickery.downgrade:
            parts.append("downgrade your weapon")
        pay = f"{' and '.join(parts) or 'do nothing'} to skip the battle (no rewards)"
        lines.append(f"  Trickery: {sentence([pay])}")
    for kw in card.keywords:
        keyword = ruleset.keywords.get(kw)
        if keyword is not None:
            lines.append(f"  {ruleset.card_name(kw)}: {keyword.text}")
    lines += _abilities(list(card.abilities), automatic=True)
    lines.append("  Combat table:")
    for number, row in enumerate(card.table, start=1):
        does = effects_sentence(list(row.effects)) or "No effect."
        lines.append(f"    {number}  {row.result}: {does}")
    lines.append(f"  Rewards: {effects_sentence(list(card.rewards)) or 'none.'}")
    return lines


def describe_skill(ruleset: Ruleset, card: m.Skill) -> list[str]:
    """Return a skill card: name, text and abilities, each ability named as the options
    and the log name it (`shown_ability`: "Grim Determination (Battle action)")."""
    names = partial(shown_ability, ruleset, card.id)
    head = [f"{ruleset.card_name(card.id)} (skill)", f"  {card.text}"]
    return head + _abilities(list(card.abilities), names=names)


def describe_condition(ruleset: Ruleset, card: m.Condition) -> list[str]:
    """Return a condition card: name, kind, text, what it does and how it ends."""
    kinds = ["positive" if card.positive else "negative"]
    if card.permanent:
        kinds.append("stays until removed")
    if card.tokens:
        kinds.append("uses tokens")
    name = ruleset.card_name(card.id)
    lines = [f"{name} (condition: {', '.join(kinds)})", f"  {card.text}"]
    # Each rule on one line named as the card's, the card's name first (#28 round 30,
    # 30b-19: "Hesitation (Effect)" under Paranoid's text read as a second card).
    for ability in card.abilities:
        head, *body = ability_lines(ability, automatic=True)
        lines.append(f"  {name} — {head}: {' '.join(b.strip() for b in body)}")
    return [*lines, f"  Ends: {condition_ending(card)}"]


def condition_ending(card: m.Condition) -> str:
    """Return how a condition card leaves play, as a sentence (R-COND-1, R-COND-2)."""
    if card.permanent:
        ways = ["when an effect removes it"]
    else:
        ways = ["as the Combat Phase of the level it is active in ends (after the Hunger step)"]
    if card.tokens:
        ways.append("when its last token is removed")
    if not card.permanent:
        ways.append("after the rounds it was gained for, if any")
    if len(ways) == 1:
        return f"only {ways[0]}."
    return f"{', '.join(ways[:-1])}, or {ways[-1]}."


def condition_in_play(
    condition: ConditionState, rules: Ruleset, battle_round: int = 0, over: bool = False
) -> tuple[str, str]:
    """Return a condition in play as (name with its state, what its abilities do).

    Tokens are named only for a card that uses them, rounds only when it lasts
    some, counted after the `battle_round` under way as the log counts them
    (`rounds_words`; `over`: the battle is, `battle_over`: when it leaves, tokens or
    not); one waiting for the next level says so, one whose moment is past (an
    active Blessed's use, given as the level began) says "given" ("taken"). Each
    ability reads as its text, or, when it has none (a plugin's), as its effects in
    words; a card without abilities reads as its own text.
    """
    card = rules.conditions[condition.id]
    extra = []
    if not condition.active:
        extra.append("from next level on" if card.permanent else "next level")
    if card.tokens:
        extra.append(plural(condition.tokens, "token"))
    if condition.rounds or (over and condition.active and not card.permanent):  # 35b: tokens
        extra.append(rounds_words(condition, battle_round, over))
    if acted_for_the_level(rules, condition):  # its use given (or taken) as the level began
        extra.append("given" if card.positive else "taken")
    name = rules.card_name(card.id) + (f" ({', '.join(extra)})" if extra else "")
    said = [a.text or ability_lines(a, automatic=True)[1].strip() for a in card.abilities]
    return name, " ".join(said) or card.text


def describe_encounter(ruleset: Ruleset, card: m.Encounter) -> list[str]:
    """Return an encounter card: its kind (`encounter_kind`), time, what to spend and what
    it gives."""
    copies = f", {card.copies} copies" if card.copies > 1 else ""
    words: list[str] = []
    if card.gain:
        words.append(f"gain {amounts(card.gain)}")
    words.extend(effect_text(e) for e in card.effects)
    if card.commit:
        words.append("you are committed to the next encounter")
    resolve = "; ".join(words) or "nothing happens"
    if card.spend:
        resolve = f"spend {amounts(card.spend)} to {resolve}"
    # Its kind, as the line under the options says it (the team's notes, #28: every card
    # read "(encounter, time 1)" alike): "Sickly Berries (food encounter, time 1)".
    kind = f"{encounter_kind(card)} encounter"
    return [
        f"{ruleset.card_name(card.id)} ({kind}, time {card.time}{copies})",
        f"  {card.text}",
        f"  Resolve: {sentence([resolve])}",
        f"  Rest: gain {card.time} SE.",
    ]


def describe_difficulty(ruleset: Ruleset, card: m.Difficulty) -> list[str]:
    """Return a plugin's difficulty: its text and its danger track, space by space; a space
    of a colour it skips that no level lands on says so, not its gains (#28 round 26: Expert's
    green spaces were listed as "the monster gains +1 health", which never happens)."""
    said = f"{card.text}{start_se_note(ruleset, card)}"
    lines = [f"{ruleset.card_name(card.id)} (difficulty)", f"  {said}"]
    if card.danger:
        skips = f" (skips {', '.join(card.skip)} spaces)" if card.skip else ""
        lines.append(f"  Danger track{skips}:")
        landed = {danger_space(card, level)[0] for level in range(1, 5)}
        for number, space in enumerate(card.danger, start=1):
            if space.colour in card.skip and number - 1 not in landed:
                lines.append(f"    {number}  {space.colour}: passed over (gives nothing)")
                continue
            does = danger_gains(space)
            note = f" ({space.text})" if space.text else ""
            lines.append(f"    {number}  {space.colour}: the monster gains {does}{note}")
        lines.append(f"  {danger_advance(card)}")
    return lines


def start_se_note(ruleset: Ruleset, card: m.Difficulty) -> str:
    """Return why a difficulty with a danger track starts with more SE than the easier one
    before it (#28 round 26: Expert, "the hardest of 4", starts with 13 SE where Hard gives
    10, unexplained): " Expert starts with 3 SE more than Hard, as its danger track makes
    each level's monster stronger.", else ""."""
    settings = ruleset.settings
    listed = [d.id for d in settings.difficulties]
    if not card.danger or card.id not in listed or listed.index(card.id) == 0:
        return ""
    easier = settings.difficulties[listed.index(card.id) - 1]
    se, easier_se = ({**settings.start, **d.start}.get("se", 0) for d in (card, easier))
    if se <= easier_se:
        return ""
    # The difficulty named (29b-8: "It starts with…" after sentences about the monster
    # read as the monster's start).
    return (
        f" {card.name} starts with {se - easier_se} SE more than {easier.name}, as its "
        "danger track makes each level's monster stronger."
    )


def difficulty_text(card: m.Difficulty) -> str:
    """Return a difficulty's text for choosing it, with what its danger track gives each
    level's monster in plain words ("... (the green spaces, 1, 3, 5 and 7 of the track's 8,
    give nothing: the marker passes over them). That is, the monster
    gains nothing on level 1, +1 health on level 2, +1 armor on level 3 and +2 health on
    level 4."): #28 round 8, "green spaces skipped" on the New game screen said nothing
    to a player; `unbroken cards difficulties` shows the track itself."""
    if not card.danger:
        return card.text
    gains = [
        f"{danger_gains(card.danger[danger_space(card, level)[0]])} on level {level}"
        for level in range(1, 5)
    ]
    # What "skipped" means, in one clause (#28 round 11).
    skips = " and ".join(card.skip)
    # Which spaces those are, with no board in sight (#28 round 17: "green spaces" read
    # on the New game screen as a board's, nowhere shown).
    where = [str(k + 1) for k, space in enumerate(card.danger) if space.colour in card.skip]
    spaces = f"{', '.join(where[:-1])} and {where[-1]}" if len(where) > 1 else "".join(where)
    of = f", {spaces} of the track's {len(card.danger)}," if where else ""
    # That they give nothing first (29b-8: "the marker passes over every green space:
    # spaces 1, 3, 5 and 7" read as the spaces that give something).
    one = len(where) == 1
    passes = (
        f"the {skips} space{'' if one else 's'}{of} give{'s' if one else ''} nothing: "
        f"the marker passes over {'it' if one else 'them'}"
    )
    text = card.text
    said = f"({skips} spaces skipped)"
    if skips and said in text:  # said once, in the card's own bracket (#28 round 24)
        text = text.replace(said, f"({passes})")
    elif skips:
        text += f" {passes[0].upper()}{passes[1:]}."
    return f"{text} That is, the monster gains {', '.join(gains[:-1])} and {gains[-1]}."


def danger_advance(card: m.Difficulty) -> str:
    """Return how the danger marker advances (`danger_space`), with the space it lands on
    at each level: "The marker moves one space each level as the monster is revealed
    (past every green space) and stays on the last: level 1 on space 2, …"."""
    past = f" (past every {' and '.join(card.skip)} space)" if card.skip else ""
    lands = ", ".join(
        f"level {level} on space {danger_space(card, level)[0] + 1}" for level in range(1, 5)
    )
    return (
        f"The marker starts off the track and moves one space each level as the monster "
        f"is revealed{past}, never past the last space: {lands}."
    )


def describe_keyword(ruleset: Ruleset, card: m.Keyword) -> list[str]:
    """Return a monster keyword: what it means and the monsters that have it."""
    who = [mo.name for mo in ruleset.monsters.values() if card.id in mo.keywords]
    lines = [f"{ruleset.card_name(card.id)} (monster keyword)", f"  {card.text}"]
    if who:
        lines.append(f"  Monsters: {', '.join(who)}")
    return lines + _abilities(list(card.abilities), automatic=True)


_DESCRIBE: tuple[Callable[[Ruleset, Any], list[str]], ...] = (
    describe_class,
    describe_character,
    describe_weapon,
    describe_monster,
    describe_skill,
    describe_condition,
    describe_encounter,
    describe_difficulty,
    describe_keyword,
)
#: Kind name (as the command takes it) -> (Ruleset table, the function that describes one),
#: in the order of the one list of card kinds (model.CARD_KINDS).
KINDS: dict[str, tuple[str, Callable[[Ruleset, Any], list[str]]]] = {
    kind: (kind, describe) for kind, describe in zip(m.CARD_KINDS, _DESCRIBE, strict=True)
}


def card_kind(ruleset: Ruleset, card_id: str) -> str | None:
    """Return the kind of card `card_id` names, or None if no card has that id."""
    for kind, (table, _) in KINDS.items():
        if card_id in getattr(ruleset, table):
            return kind
    return None


def describe_card(ruleset: Ruleset, card_id: str) -> list[str]:
    """Return any card as the lines a player reads; KeyError if no card has that id."""
    kind = card_kind(ruleset, card_id)
    if kind is None:
        raise KeyError(card_id)
    table, describe = KINDS[kind]
    with naming(ruleset):  # the cards it names, as they are named everywhere
        return describe(ruleset, getattr(ruleset, table)[card_id])


def card_ids(ruleset: Ruleset, kind: str) -> list[str]:
    """Return the ids of every card of a kind, in content order."""
    return list(getattr(ruleset, KINDS[kind][0]))
