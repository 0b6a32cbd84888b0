"""A die result to keep in words: "Keep the 6: WOUND (lose 2 SE, Paralyzed 3 tokens)", its
row as the forecast has it (split from words.actions, which names every option)."""

from __future__ import annotations

import re

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import Acted, Forecast
from unbroken.core.history import rolls_for_monster
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.effects import effect_text
from unbroken.words.forecast import row_phrase, rule_name
from unbroken.words.power import signed
from unbroken.words.rows import printed_row
from unbroken.words.vocabulary import amounts


def picked_row(
    action: act.PickRoll, state: GameState, ruleset: Ruleset, f: Forecast | None = None
) -> tuple[str, str]:
    """Return a die result to keep in words, "Keep the 6: WOUND (lose 2 SE, Paralyzed 3
    tokens)", its row as the forecast `f` has it when given (else as printed), and the
    row's rule name ("Basilisk's WOUND"): the option's line says its row in its bracket,
    every option alike, not again after it (#28 round 18: only the 6 had "— Basilisk's
    WOUND: …"). ("Keep the 6", "") outside the monster's roll, which is its turn's or one
    it rolls before the battle's turns (37a-5: Grab the Weapon's, "Keep the 6 — Crazed
    Survivor's THREATEN: …" beside the Gnoll's "Keep the 4: WOUND (lose 2 SE)")."""
    monster = state.monster
    sheet = ruleset.monsters.get(monster.id) if monster is not None else None
    if monster is None or sheet is None or not rolls_for_monster(state):
        return f"Keep the {action.value}", ""
    # The row this result points at, with the bonus on the monster's roll (R-EFFECT-3/4).
    value = Query(ruleset, state).roll_result(action.value)
    row = sheet.table[value - 1]
    acted = Acted(monster.id, row.result)
    forecast = row_phrase(f, ruleset, acted, state.weapons[-1], state) if f is not None else ""
    what = (
        _row_loss(action, state, ruleset, row)  # the loss after the Passives, with why
        or _held_row(row, state)
        or forecast
        or ("; ".join(effect_text(e, ruleset, state.level) for e in row.effects) or "no effect")
    )
    # A bonus said even where the die's most keeps the face (33a: vs the Minotaur's +1,
    # "Keep the 6" beside "Keep the 4 → 5" read as the 6 without it).
    most = ", a die's most" if action.value + state.roll_bonus > 6 else ""
    least = ", a die's least" if action.value + state.roll_bonus < 1 else ""
    bonus = f" → {value}{most or least}" if value != action.value or state.roll_bonus else ""
    return f"Keep the {action.value}{bonus}: {row.result} ({what})", rule_name(acted, ruleset)


def _held_row(row: m.Row, state: GameState) -> str:
    """Return a row with a "lose exactly" as it acts on what the player holds now, as the
    table's row says it, its reason after a ";" (no bracket in the option's bracket): "lose
    3 SE; you have no LE"; "" for a row with none (35b-3: with LE 0, "CONFUSE (lose 3 SE)"
    the first time, "(lose exactly 1 LE and gain 2 SE (lose 3 SE if unable))" the next,
    where the forecast, ending in death, said nothing of the row)."""
    if not any(isinstance(e, m.Reduce) for e in row.effects):
        return ""
    return re.sub(
        r" \(you have ([^()]*)\)", r"; you have \1", printed_row(row, state.level, state.res)
    )


def _row_loss(action: act.PickRoll, state: GameState, ruleset: Ruleset, row: m.Row) -> str:
    """Return a plain loss row's effect after the Passives in play, as its forecast has it
    ("lose 1 SE; Armored −1, printed 2": the printed loss said, as the table's rows say
    it), or "" when the Passives change nothing (or it is no
    plain loss): the same numbers as the option lines (#28)."""
    printed = [e for e in row.effects if isinstance(e, m.Lose) and not e.alt]
    if not printed or len(printed) != len(row.effects) or state.monster is None:
        return ""
    rules = Query(ruleset, state)
    f = rules.forecast(action)
    lost: dict[str, int] = {}
    for event, cause in zip(f.events, f.causes, strict=True):
        if isinstance(event, ev.Lost) and cause is not None and cause.rule == row.result:
            for key, n in event.amounts.items():
                lost[key] = lost.get(key, 0) + n
    was = sum(sum(e.amounts.values()) for e in printed)
    now = sum(lost.values())
    if not lost or now == was:
        return ""
    why = ", ".join(rule_name(Acted(c, a), ruleset) for c, a in rules.loss_passives())
    return f"lose {amounts(lost)}" + (f"; {why} {signed(now - was)}, printed {was}" if why else "")
