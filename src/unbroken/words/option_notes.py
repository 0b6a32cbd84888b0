"""Notes an option's words share with others: the note every option ends with (said once,
under the prompt), the Responses still to come after a Pass, the table row the roll marks
(split from words.actions)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import Forecast
from unbroken.core.query import Query, effective_roll
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Turn
from unbroken.words.forecast import (
    chance_words,
    forecast_note,
    own_card,
    response_name,
    warnings,
)
from unbroken.words.vocabulary import ABILITY_USE, LIMIT_WORDS


def still_to_come(action: act.Action, state: GameState, ruleset: Ruleset, f: Forecast) -> str:
    """Return, for a Pass that leads to another Response window, the Responses offered
    there ("Next, Warding Sign [Sage] can still respond."); "" otherwise (#28 round 13: in
    Lucky's window the WOUND's loss read as final)."""
    if not isinstance(action, act.Pass) or not f.passes:
        return ""
    later = Query(ruleset, state).forecast(action, name_passed=True).passed
    names = ", ".join(dict.fromkeys(response_name(a, ruleset) for a in later))
    return f"Next, {names} can still respond." if names else ""


def said_before_chance(more: str, later: str, f: Forecast, ruleset: Ruleset) -> str:
    """Return a Pass's detail (`more`) with the Responses still to come (`later`, from
    `still_to_come`) said where they come: before what chance decides next, as the
    engine asks them ("Basilisk's WOUND: lose 2 SE. Warding Sign [Sage] can still respond
    first; then the Paralyzed check is rolled."; 36b-6: said after it, "Next, …" read as
    coming after the check); after all else where chance decides nothing."""
    then = chance_words(f.unseen, ruleset) if f.stops == "chance" else ""
    sentence = f"{then[:1].upper()}{then[1:]}."
    names = later.removeprefix("Next, ").removesuffix(" can still respond.")
    if then and sentence in more and names != later:
        return more.replace(sentence, f"{names} can still respond first; {then}.", 1)
    return f"{more} {later}".strip()


def shared_note(
    offered: list[tuple[act.Action, str]],
    state: GameState,
    ruleset: Ruleset,
    forecasts: dict[act.Action, Forecast] | None = None,
) -> str:
    """Return what every option that can be taken (two or more) ends with, said once
    under the prompt: each warning they all share first ("⚠ time runs out: the monster
    ambushes you", the encounter's, not a skill's to keep: #28 round 18), then the
    forecast's note when they all share it (a monster's rule that acts whatever is
    chosen); "" when none. `option_text` leaves on each option what this says (`said_once`)."""
    legal = [a for a, why in offered if not why]
    if len(legal) < 2:
        return ""
    rules = Query(ruleset, state)
    made = [(forecasts or {}).get(a) or rules.forecast(a) for a in legal]
    notes = {
        forecast_note(f, ruleset, own_card(a, state), state.weapons[-1], state)
        for a, f in zip(legal, made, strict=True)
    }
    common = [w for w in warnings(made[0], state, ruleset) if w]
    for f in made[1:]:
        if not common:
            break
        common = [w for w in common if w in warnings(f, state, ruleset)]
    note = notes.pop() if len(notes) == 1 else ""
    return "; ".join([*(f"⚠ {w}" for w in common), *([note] if note else [])])


def said_once(note: str, warned: list[str], shared: str) -> tuple[str, list[str]]:
    """Return an option's note and warnings without what `shared` (`shared_note`) says
    once under the prompt for every option."""
    if not shared:
        return note, warned
    if note and (shared == note or (shared.startswith("⚠ ") and shared.endswith(f"; {note}"))):
        note = ""
    return note, [w for w in warned if f"⚠ {w}" not in shared]


def marked_row(state: GameState) -> int:
    """Return the monster table row the monster's roll points at, bonus included, while
    Responses may still change it (R-EFFECT-3/4); 0 for none.

    Only in the window after the roll: once the row is applied the roll already
    holds its bonus, and while keeping one of two results neither is the roll yet.
    """
    pending = state.decision == DecisionKind.RESPONSE and state.trigger == "after_monster_roll"
    return effective_roll(state) if pending and state.turn == Turn.MONSTER else 0


#: A dimmed option's reason said on its row in the game's voice where the core's own words
#: read as a label (33a-7: "2. Fight the monster now (committed)"; the reason says why it
#: cannot be taken, as "(cannot pay)" and "(no use now: …)" do beside it).
ROW_REASONS = {
    "you are committed to the next encounter": "not now: committed to the next encounter",
}
#: How a row says its reason is "not now" (its notice says "Not now:" once: `not_now`).
NOT_NOW = " (not now: "


def row_reason(why: str) -> str:
    """Return a dimmed option's reason as its row says it (`ROW_REASONS`)."""
    return ROW_REASONS.get(why, why)


def not_now(row: str) -> str:
    """Return the notice a key on a dimmed option gets, its row's "not now" said once:
    "Not now: Fight the monster now (committed to the next encounter)."."""
    return f"Not now: {row.replace(NOT_NOW, ' (', 1)}."


def new_question_not_now(key: str, question: str, row: str) -> str:
    """Return the notice a key on a dimmed option gets in a new question's first moments
    (a double press's second key, meant for the question before), saying the question is
    new and what the key's option is now, its reason said once: "1 not taken: a new
    question (Your turn); 1 is Attack with Crush: not now, no armor to break." (35a-4: "1
    1" to take Dodge, the second got "Not now: Attack with Crush (no armor to break)" on
    a turn not yet seen). `question`: the decision's prompt, said up to its colon."""
    return f"{key} not taken: a new question ({question.split(':')[0]}); {key} is {_now(row)}."


def double_tap(key: str, took: str, row: str = "", keys: str = "", cost: bool = True) -> str:
    """Return the notice a key gets right after the same key took an option (a double
    tap's second, meant for the question before), naming what it took there and what the
    key is now: its dimmed option (`row`) or none (`keys`, those there are). 37a-8: "7 7"
    on a killing blow, the second got "7: no option 7 here (1-2)"; "0 0" on Downgrade,
    "Not now: Downgrade (nothing to give up)": read as a wrong key on the new question.
    "0 not taken: a double tap (0 just took Downgrade); 0 is Downgrade: not now, nothing
    to give up." The reason first, then the row's cost (`cost`: left out where the notice
    line has no room for it; 38b-2: said before the reason, it cut the reason at 80x24,
    "8 is Forage [Hunter]: not now, pay 2 time, 1 ability … (l: all of it)")."""
    now = f"{key} is {_now(row, cost)}" if row else f"no option {key} here ({keys})"
    return f"{key} not taken: a double tap ({key} just took {took}); {now}."


def _now(row: str, cost: bool = True) -> str:
    """Return a dimmed option's row as a notice says what its key is now, why first,
    then what it costs (`cost`): "Attack with Crush: not now, no armor to break", "Craft
    the Axe: not now, cannot pay; pay 1 wood + 1 metal + 2 time", "Forage [Hunter]: not
    now, no ability uses left this level; pay 2 time, 1 ability use"."""
    row = row.replace(NOT_NOW, " (", 1)
    start = _last_bracket(row)
    if start <= 0:
        return f"{row}: not now"
    name, _, paid = row[:start].partition(": ")
    inside = row[start + 2 : -1]
    # An ability's bracket says its cost, then why ("pay 2 time, 1 ability use; no ability
    # uses left this level"); an attack's, what it is through, then why.
    first, _, rest = inside.partition("; ")
    if not paid and rest and _costs(first):
        paid, inside = first, rest
    said = f"{name}: not now, {inside}"
    return f"{said}; {paid}" if cost and paid else said


def _costs(words: str) -> bool:
    """Return whether an ability's bracket opens with what it costs (`words`, up to its
    first "; "): "pay 2 time, 1 ability use", "1 ability use", "once per level"."""
    return words.startswith("pay ") or ABILITY_USE in words or words in LIMIT_WORDS.values()


def _last_bracket(row: str) -> int:
    """Return where the bracket that ends a row opens (its " ("), -1 when none ends it."""
    if not row.endswith(")"):
        return -1
    depth = 0
    for i in range(len(row) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(row[i], 0)
        if depth == 0:
            return i - 1 if row[i - 1 : i + 1] == " (" else -1
    return -1
