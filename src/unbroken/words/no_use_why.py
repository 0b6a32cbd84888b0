"""Why an option would do nothing now, from the facts its "(no use now: …)" note is made of
(`words.no_use.note_of` makes every note from one of these reasons): the game screen asks
it which option Enter starts on, which is cut first and whether passing gives anything up
(that the line says this reason: tests/words/test_no_use_why.py)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.forecast import own_card
from unbroken.words.keeping import cap_no_use, held_no_use, resolving, rest_gain
from unbroken.words.no_use import COMMITTED_WHY, NO_USE, attack_no_use, use_no_use
from unbroken.words.paying import paid_no_use
from unbroken.words.removal import removal_no_use
from unbroken.words.vocabulary import amounts, merge_note


def option_no_use(
    action: act.Action, state: GameState, ruleset: Ruleset, forecast: Forecast | None = None
) -> str | None:
    """Return why a legal option would do nothing now, as the first "(no use now: …)" of its
    line (`words.actions.option_text`) says it ("the monster missed"); None when it is of
    use. `forecast`: the option's, when made already."""
    rules = Query(ruleset, state)
    f = forecast or rules.forecast(action)
    if isinstance(action, act.Attack):  # its line is the attack's, not its label
        said = [attack_no_use(action, state, ruleset, f)]
    elif isinstance(action, act.PickRoll):  # the row it keeps
        said = []
    else:
        said = _label_reasons(action, state, ruleset, rules)
    # The payment (R-RES-4), then what the caps take (R-RES-2), in the line's order.
    converts = not isinstance(action, act.Attack)
    said.append(paid_no_use(state, rules, rules.cost(action), f.gained, converts))
    gains = resolving(action, f, ruleset) if isinstance(action, act.ChooseEncounter) else f
    if gains is not None:
        said.append(cap_no_use(gains, ruleset, own_card(action, state)))
    return next((why for why in said if why), None)


def _label_reasons(
    action: act.Action, state: GameState, ruleset: Ruleset, rules: Query
) -> list[str]:
    """Return the reasons an option's label gives (`words.actions.label`), in its order."""
    if isinstance(action, act.Orienteer):
        return [COMMITTED_WHY if state.committed else ""]
    if isinstance(action, act.Use):
        return [use_no_use(action, state, ruleset)]
    if isinstance(action, act.Resolve):  # the card kept: as its option said it
        card = ruleset.encounters[state.chosen]
        return [held_no_use(card, state, ruleset), removal_no_use(card, state, ruleset)]
    if isinstance(action, act.ChooseEncounter):
        card = ruleset.encounters[action.card]
        if not rules.can_pay(card.spend):  # only Rest is left (R-TRAVEL-5)
            return []
        return _kept_reasons(card, state, ruleset, rules)
    return []


def _kept_reasons(card: m.Encounter, state: GameState, ruleset: Ruleset, rules: Query) -> list[str]:
    """Return the reasons a card's option gives why resolving it would do nothing now."""
    return [
        held_no_use(card, state, ruleset),
        paid_no_use(state, rules, dict(card.spend), dict(card.gain)),
        removal_no_use(card, state, ruleset),
    ]


def rests_instead(
    action: act.Action, state: GameState, ruleset: Ruleset, forecast: Forecast | None = None
) -> bool:
    """Return whether keeping a revealed card is of use only to rest on it: resolving it
    would do nothing now, by what it is or because the caps take all it gives, and the
    player is not committed (R-TRAVEL-5, R-TRAVEL-7; the core's `Query.rests_only`, 34b-6).
    `forecast`: keeping it's, when made already."""
    return Query(ruleset, state).rests_only(action, forecast)


def keeping_note(
    card: m.Encounter, state: GameState, ruleset: Ruleset, capped: bool = False
) -> str:
    """Return what keeping a card that would do nothing now does instead, for its line:
    " (rest, gain 2 SE)", said after its "no use now: …" as "cannot pay: rest, gain 2
    SE" says it (`rest_after`; 33a-4: "no use now: no condition in play; rest instead:
    gain 4 SE" read as an option to drop), or committed (no Rest, R-TRAVEL-7) what it
    costs for nothing: " (committed: 1 food paid for nothing)" (#28 round 26: "rest
    instead" where resting was not allowed); "" when resolving it is of use. `capped`:
    the caps take all it gives (its line says so after its label: 34b-6, Crumbs of a
    Hoard at the treasure cap said no rest); else the core asks what it is
    (`Query.resolve_idle`)."""
    rules = Query(ruleset, state)
    if not rules.can_pay(card.spend):  # nothing is paid: "cannot pay" says it (round 28)
        return ""
    if not capped and not rules.resolve_idle(card):
        return ""
    if not state.committed:
        return f" (rest, {rest_gain(card.id, state, ruleset)})"
    paid = amounts(dict(card.spend))
    return f" (committed: {paid} paid for nothing)" if paid else " (committed: it gives nothing)"


def rest_after(text: str, note: str) -> str:
    """Return an option's line with `keeping_note`'s words after the "no use now: …" that
    ends its bracket, as "cannot pay: rest, gain 2 SE" says it: "(time 4; no use now: no
    condition in play: rest, gain 4 SE)" (33a-4); a note of another kind, or a line not
    ending with that reason, merged as any note is."""
    last = max(text.rfind("("), text.rfind("; "))  # where the bracket's last part starts
    if note.startswith(" (rest, ") and text.endswith(")") and NO_USE in text[last:]:
        return f"{text[:-1]}: {note[2:]}"
    return merge_note(text, note)


def unpaid_note(card: m.Encounter, state: GameState, ruleset: Ruleset) -> str:
    """Return what keeping a card whose spend cannot be paid does (R-TRAVEL-5), as its
    option's line and `i`'s side by side say it: " (cannot pay: rest, gain 2 SE)", or
    committed " (cannot pay: you will gain nothing from it)"; "" when it can be paid
    (#28 round 30, 30a-13: side by side, Bear Trap said only its card's words)."""
    if Query(ruleset, state).can_pay(card.spend):
        return ""
    if state.committed:  # (#28 round 13: "next, accept gaining nothing" read as an instruction)
        return " (cannot pay: you will gain nothing from it)"
    return f" (cannot pay: rest, {rest_gain(card.id, state, ruleset)})"  # round 10
