"""A row of the monster's table in words as it would act now, from the core's
`Query.table_row`: a WOUND's loss after the Passives in play with each named, the way
option lines say effective numbers ("lose 2 SE (Armored −1, printed 3)"), a result a Passive ignores
("ignored (Steady Nerves)"), a condition held that makes the monster roll again."""

from __future__ import annotations

from collections.abc import Mapping

from unbroken.core import model as m
from unbroken.core.forecast import Acted
from unbroken.core.query import RowOutcome
from unbroken.core.ruleset import Ruleset
from unbroken.words.effects import effect_text
from unbroken.words.forecast import rule_name
from unbroken.words.power import signed
from unbroken.words.vocabulary import amounts


def printed_row(row: m.Row, level: int = 0, held: Mapping[str, int] | None = None) -> str:
    """Return what a table row does as printed ("lose 2 SE; add 1 token to Paralyzed"), as
    the stage has always said it (the cards it names as `effect_text` names them alone); a
    handler's figure at the game's `level` when given (`effect_text`); with the resources
    `held`, a "lose exactly" as it acts on them (`reduce_now`)."""
    said = [
        reduce_now(e, held) if held is not None and isinstance(e, m.Reduce) else None
        for e in row.effects
    ]
    words = [w or effect_text(e, level=level) for w, e in zip(said, row.effects, strict=True)]
    return "; ".join(words) or "no effect"


def reduce_now(e: m.Reduce, held: Mapping[str, int]) -> str:
    """Return what a "lose exactly … instead" effect does with the resources `held` now:
    the loss (and the gain, where there is one), else what it takes instead and why (#28
    round 28: "lose exactly 1 ME + 1 LE and gain nothing (lose 3 SE if unable)" beside
    0 ME and 3 LE left the player to work out which)."""
    short = {k: held.get(k, 0) for k, n in e.lose.items() if held.get(k, 0) < n}
    if not short:
        return f"lose {amounts(e.lose)}" + (f", gain {amounts(e.gain)}" if e.gain else "")
    if not e.alt:
        return effect_text(e)
    have = " and ".join(
        f"only {amounts({k: n})}" if n else f"no {amounts({k: 1}).partition(' ')[2]}"
        for k, n in short.items()
    )
    instead = "; ".join(effect_text(x) for x in e.alt)
    return f"{instead} (you have {have})"


def held_names(row: m.Row, ruleset: Ruleset) -> str:
    """Return the conditions a table row gives, by name ("Crippled and Bleeding")."""
    held = [ruleset.card_name(e.condition) for e in row.effects if isinstance(e, m.GainCondition)]
    return " and ".join(held)


def just_given(row: m.Row, ruleset: Ruleset) -> str:
    """Return the words of a row whose roll has just given its condition, marked as the
    row applied: what it did, then what it means from now (#28 round 20: after DAZE gave
    Crippled, its marked row read "rolls again (you have…", as if the monster had)."""
    return f"gave you {held_names(row, ruleset) or 'it'} (next time: the monster rolls again)"


#: A HEAL row at full health on the table, short: a row's words have about 22 columns at
#: 80x24 (the options say `words.forecast.HEALS_NOTHING`, "heals nothing (at full health)").
ROW_HEALS_NOTHING = "heals 0 (full health)"


def row_effect(
    row: m.Row,
    outcome: RowOutcome,
    ruleset: Ruleset,
    level: int = 0,
    held: Mapping[str, int] | None = None,
) -> str:
    """Return what a table row does now (`outcome`: the core's `Query.table_row`): its
    printed words (a handler's figure at the game's `level`; a "lose exactly" as it acts
    on the resources `held`, `reduce_now`), but "ignored (Steady Nerves)" for a result a
    Passive ignores, "the monster rolls again (you have Frightened already)" for a
    condition held (R-BATTLE-6), and a WOUND's loss after the Passives that change it, each
    named, then the printed loss: "lose 2 SE (Armored −1, printed 3)" (R-EFFECT-3: the
    Passives act after the Responses, and a Response's threshold counts the printed 3:
    #28 round 23 read "lose 2 SE (Armored −1)" beside Tough as Nails' "3 or more" and
    wondered whether 3 was printed); a HEAL at full health "heals 0 (full health)"."""
    if outcome.ignored:
        names = ", ".join(rule_name(Acted(c, a), ruleset) for c, a in outcome.ignored)
        # One level of parentheses: "ignored by Wrecker (No Guard Holds)" (#28 round 17).
        return f"ignored by {names}" if "(" in names else f"ignored ({names})"
    if outcome.rerolled:  # whose roll said (#28 round 20)
        # Why, as R-BATTLE-6 says: a condition held already (#28 round 28: "rolls again (you
        # have Poisoned)" beside the card's "Gain Poisoned" read as a contradiction).
        names = held_names(row, ruleset) or "it"
        return f"the monster rolls again (you have {names} already)"
    if outcome.idle:  # a HEAL at full health (#28 round 35: "heals to 8/8" beside it)
        return ROW_HEALS_NOTHING
    if not outcome.changed_by:
        return printed_row(row, level, held)
    why = ", ".join(rule_name(Acted(c, a), ruleset) for c, a in outcome.changed_by)
    change = f"{why} {signed(outcome.loss - outcome.printed_loss)}"
    printed = f"{change}, printed {outcome.printed_loss}"
    losses = [e for e in row.effects if isinstance(e, m.Lose) and not e.alt and e.amounts.get("se")]
    if len(losses) != 1:  # several losses, each lowered: the total said after them
        return f"{printed_row(row)} (lose {outcome.loss} SE in all: {change})"
    said = []
    for e in row.effects:
        if e is losses[0]:
            now = m.Lose(amounts={**e.amounts, "se": outcome.loss})
            said.append(f"{effect_text(now)} ({printed})")
        else:
            said.append(effect_text(e))
    return "; ".join(said)
