"""The text game's display, printed before each question: the level, step and time, the
resources, the weapon, skills and conditions in play, the monster with its numbers and its
table as it would act now, the cards revealed; each line wrapped at WIDTH under itself."""

from __future__ import annotations

from unbroken.core import model as m
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase
from unbroken.words.actions import marked_row
from unbroken.words.cards import condition_in_play
from unbroken.words.effects import ambush_text, effect_text, trickery_text
from unbroken.words.monster import monster_numbers
from unbroken.words.outcomes import STEP_NAMES
from unbroken.words.rounds_left import battle_over
from unbroken.words.rows import reduce_now, row_effect
from unbroken.words.vocabulary import WIDTH, wrap


def display(s: GameState, rules: Ruleset) -> str:
    """Return the display of state `s`: effort, resources, time, weapon, skills, conditions,
    monster."""
    caps = rules.settings.caps
    held = [f"{m.RESOURCE_NAMES[k]} {s.res[k]}/{caps[k]}" for k in m.RESOURCES[:-1]]
    time = f"time {s.res['time']}" if s.time_track else "no time track (time costs SE)"
    step = STEP_NAMES.get(s.step, s.step)
    where = step if s.phase == Phase.SETUP else f"{s.phase.capitalize()}: {step}"
    lines = [
        f"Level {s.level} | {where} | {time} | ability uses {s.ability_uses}",
        *(f"  {row}" for row in _rows(held, WIDTH - 2)),
        f"  Weapon: {rules.card_name(s.weapons[-1])}"
        + (
            f" (stack: {' > '.join(rules.card_name(w) for w in s.weapons)})"
            if len(s.weapons) > 1
            else ""
        ),
    ]
    if s.skills:
        lines.append("  Skills: " + ", ".join(rules.card_name(k) for k in s.skills))
    for c in s.conditions:  # each with what it does: its abilities' words
        name, does = condition_in_play(c, rules, s.round, battle_over(s))
        lines.append(f"  Condition: {name}: {does}")
    if s.monster is not None:
        mo = s.monster
        card = rules.monsters[mo.id]
        # The numbers as they are, with what changed them (the danger track, R-MONSTER-1).
        numbers = monster_numbers(s, rules)
        lines.append(f"  Monster: {card.name} - {numbers}" + ("  [DEFENDING]" if mo.defend else ""))
        ambush = ambush_text(card, rules)
        lines.append(f"    ambush: {ambush} | trickery: {trickery_text(card)}")
        for ability in card.abilities:
            lines.append(f"    {ability.name}: {ability.text}")
        query = Query(rules, s)
        for i, row in enumerate(card.table, 1):
            mark = ">" if marked_row(s) == i else " "
            # A "lose exactly" as it acts on what you hold now, as the stage says it: "lose
            # 3 SE (you have no ME)" (#28 round 28: "lose exactly 1 ME + 1 LE and gain
            # nothing (lose 3 SE if unable)" left the player to work out which).
            said = [
                reduce_now(e, s.res) if isinstance(e, m.Reduce) else effect_text(e, rules, s.level)
                for e in row.effects
            ]
            what = "; ".join(said) or "no effect"
            # As it would act now, in the stage's words: "ignored (Hidden Pockets)",
            # "lose 1 SE (Armored −1)" (#28 round 24: Hidden Pockets' STEAL unmarked).
            now = query.table_row(i)
            if now.ignored or now.rerolled or now.changed_by or now.idle:
                what = row_effect(row, now, rules, s.level, s.res)
            lines.append(f"   {mark}{i} {row.result}: {what}")
    if s.revealed:
        lines.append("  Revealed: " + ", ".join(rules.card_name(c) for c in s.revealed))
    return "\n".join(_fit(line) for line in lines)


def _fit(line: str) -> str:
    """Return a display line as is, or wrapped under itself when it is wider than WIDTH."""
    if len(line) <= WIDTH:
        return line
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    return wrap(body, lead, indent=len(lead) + 4)


def _rows(items: list[str], width: int) -> list[str]:
    """Return `items` joined by two spaces: one row if it fits in `width`, else even halves."""
    for count in range(1, len(items) + 1):
        size = -(-len(items) // count)
        rows = ["  ".join(items[i : i + size]) for i in range(0, len(items), size)]
        if all(len(row) <= width for row in rows):
            return rows
    return items
