"""The game's vocabulary: amounts of resources, counts, and the words for triggers,
timings and limits, wrapped to the width of a terminal.

Every other words module builds its sentences from these.
"""

from __future__ import annotations

import textwrap

from unbroken.core import model as m

#: Plain-text output fits a terminal this wide (the text game, the card and plugin lists).
WIDTH = 80


def cut(line: str, width: int) -> str:
    """Return `line` cut to `width` columns with "…" (as it is when it fits or width is 0)."""
    if width <= 1 or len(line) <= width:
        return line
    return line[: width - 1].rstrip() + "…"


def full_stop(text: str) -> str:
    """Return `text` ended by one full stop: a card's text quoted at a sentence's end
    brings its own ("… gain 1 food.", not "… 1 food..": #28 round 11)."""
    return text if text.endswith(".") else f"{text}."


def sentences(*parts: str) -> str:
    """Return `parts` joined as sentences, each ended by its own punctuation or a full
    stop (#28 round 19: "Exploration: keep one encounter card Whatever you choose: …")."""
    return " ".join(p if p.endswith((".", "?", "!", "…")) else f"{p}." for p in parts if p)


def wrap(text: str, first: str = "", indent: int | None = None) -> str:
    """Return a line wrapped at WIDTH between words, its next lines under its text.

    `first` starts the first line ("   3. "); the others are indented as far, or
    by `indent`. A plain terminal would otherwise break words at column 80.
    """
    rest = " " * (len(first) if indent is None else indent)
    return textwrap.fill(
        text, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


def plural(n: int, word: str) -> str:
    """Return a count with its noun: "1 game", "2 games"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def times(n: int) -> str:
    """Return how often something happened: "once", "twice", "3 times". Never "1 time":
    time is a resource, and #28 round 23 read the replay summary's "rested 1 time" as
    one of it."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


#: The space inside a duration ("1 min 14 s") where a line may not break (#28 round 21:
#: the viewer's "about 1 min" / "14 s left"); `textwrap` never breaks at it, Rich does.
NO_BREAK = "\u00a0"


def time_left(done: int, total: int, seconds: float, whole: bool = False) -> str:
    """Return about how long the rest of `total` pieces of work takes at the pace of the
    `done` ones so far, `seconds` in all ("about 3 min 40 s left at this pace"), or ""
    while too few are done to tell (or all are). The pace is the only thing it knows: on a
    shared machine it changes with what else runs (#28 round 20: the viewer said "about 4
    min 30 s left", then `unbroken analyze` of a like game took 9-10 minutes). `whole`:
    the duration's spaces are `NO_BREAK`, for a line wrapped by `textwrap`."""
    if done < 3 or done >= total:
        return ""
    left = max(1, round(seconds / done * (total - done)))
    when = f"{left // 60} min {left % 60:02d} s" if left >= 60 else f"{left} s"
    return f"about {when.replace(' ', NO_BREAK) if whole else when} left at this pace"


def amounts(values: dict[str, int], sign: str = "") -> str:
    """Return amounts in words: "2 SE + 1 food" (in display order)."""
    parts = [f"{sign}{values[k]} {m.RESOURCE_NAMES[k]}" for k in m.RESOURCES if values.get(k)]
    return " + ".join(parts) if parts else "nothing"


#: What a class's ability takes besides its printed cost (R-ABILITY-1).
ABILITY_USE = "1 ability use"


def whole_cost(ability: m.Ability, class_ability: bool) -> str:
    """Return all an ability takes, its printed cost and (a class's) an ability use:
    "1 cunning + 1 ability use", "1 ability use", "" for nothing (#28 round 29: Warding
    Sign's "spend 1 cunning" in the Hand and `i` left its ability use to be found late)."""
    parts = [amounts(ability.cost)] if ability.cost else []
    return " + ".join([*parts, ABILITY_USE] if class_ability else parts)


def attack_name(attack_id: str) -> str:
    """Return a weapon attack's id as words: "quick-cut" -> "Quick cut"."""
    return attack_id.replace("-", " ").capitalize()


#: When a Response happens, in words (the cards and the skill choice say it), for each
#: of model.TRIGGERS (whose own descriptions are the rules' words, not the cards').
TRIGGER_WORDS: dict[str, str] = {
    "battle_start": "At the start of the Battle step",
    "before_player_turn": "Before each of your combat turns",
    "after_attack_chosen": "After you choose a weapon attack",
    "after_armor_break": "After an armor-breaking weapon attack",
    "after_monster_roll": "After the monster's combat roll",
    "wound_loss": "When a WOUND result would cost you effort",
    "monster_defeated": "When the monster is defeated",
    "before_skill_gain": "Before you draw skills",
    "ambush": "When the monster ambushes you",
    "level_end": "At the end of the level",
}

#: When an action may be taken, in words (model.ACTION_TIMINGS): a General action at the
#: Preparation step or as the battle turn (R-TRAVEL-2, R-BATTLE-2). `timing_words` adds
#: what the options say of the battle turn.
TIMING_WORDS: dict[str, str] = {
    "travel": "Travel action",
    "combat": "Battle action",
    "general": "Action, Preparation or battle",
}

#: What an action that is the battle turn's says of it, the options' own words
#: (words.turn_notes.TAKES_TURN: "(pay 2 cunning, 1 ability use; it takes your turn)").
TAKES_TURN_WORDS = "it takes your turn"


def timing_words(ability: m.Ability) -> str:
    """Return when an action ability may be taken, in the words its option says in battle:
    "Action, Preparation or battle; in battle it takes your turn" (#28 round 25: Cold Logic
    was "Action, any time" on the character sheet, "it takes your turn" in battle), "Battle
    action; it takes your turn"; an action that gives another turn ("then take another
    turn") takes none (R-BATTLE-2). "" for a Response or a Passive."""
    kind = TIMING_WORDS.get(ability.timing, "") if ability.type == "action" else ""
    if not kind or ability.timing == "travel":
        return kind
    if any(isinstance(e, m.ExtraTurn) for e in ability.effects):
        return kind
    return f"{kind}; {'' if ability.timing == 'combat' else 'in battle '}{TAKES_TURN_WORDS}"


#: How often an ability may be used, in words (Ability.limit).
LIMIT_WORDS: dict[str, str] = {
    "turn": "once per turn",
    "battle": "once per battle",
    "level": "once per level",
}


def limit_once(limit: str, words: str) -> tuple[str, str]:
    """Return an ability's `words` and its `limit` ("once per battle") for its option's
    head, the limit said once: where the words open with it, it goes from them ("Lucky (once
    per battle): After the monster's …", not "…: Once per battle, after …": #28 round 30,
    30a-15); where they say it elsewhere, from the head ("" for it)."""
    if limit and words.lower().startswith(f"{limit}, "):
        rest = words[len(limit) + 2 :]
        return rest[:1].upper() + rest[1:], limit
    return words, limit if limit and limit not in words.lower() else ""


def merge_note(text: str, note: str, into: bool = True) -> str:
    """Return `text` with a bracketed `note` (" (…)") after it, in one bracket with the
    one it ends with (`into`): "1 wood -> 5 SE (time 2; 4 SE lost to the cap 20)"; before
    a card's words' full stop, not after it, where it would read as the card's (#28 round
    30, 30a-15: "… +2 power. (paid as 1 LE: short of ME)")."""
    if not note:
        return text
    if into and text.endswith(")"):
        return f"{text[:-1]}; {note[2:]}"
    if text.endswith(".") and not text.endswith(".."):
        return text[:-1] + note
    return text + note
