"""What an option changes for certain, in words: the forecast the option lines say.

The verdict of a decision names the better option and the chances; this says
what taking each option is sure to do, read off the core's forecast
(`Query.forecast`: what is paid, lost and gained, an attack's wounds, the other
rules that act) and put in the words the game's option lines use for it
(`unbroken.words.forecast`: the same note, the same warnings), so the advisor
and the option lines never disagree. At the Hunger step it says the rules' own
answer about eating short (`Query.hunger`, R-HUNGER-3): the food left uneaten,
the SE it loses and whether that starves.
"""

from __future__ import annotations

from dataclasses import replace

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.forecast import Acted, Forecast
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.words.forecast import attack_effect, forecast_note, own_card, rule_name, warnings
from unbroken.words.vocabulary import amounts

#: What an option that pays, loses and gains nothing for certain is said to do. Not "costs
#: nothing": a decision marked costly (!) said its option taken "costs nothing" (#28 round
#: 19); its cost is the chance, which the verdict's figure says.
NOTHING_SURE = "nothing paid or lost now"

#: The events that pay, lose or gain resources, and the verb each is said with.
_VERBS: dict[type[ev.Event], str] = {ev.Spent: "pays", ev.Gained: "gains", ev.Lost: "loses"}


def what_it_changes(game: Game, action: act.Action) -> str:
    """Return what taking `action` now is sure to do: "pays 1 SE, gains 1 LE, loses 3
    time", "wound 4, defeats it", "⚠ time runs out: …" (as its option line warns),
    NOTHING_SURE for none of these, or at
    the Hunger step "leaves 2 food uneaten: loses 3 SE" (", and starves")."""
    query = game.query()
    if isinstance(action, act.Eat):
        hunger = query.hunger(action.food)
        if not hunger.missing:
            return "eats all the food needed"
        starves = ", and starves" if hunger.starves else ""
        return f"leaves {hunger.missing} food uneaten: loses {hunger.loss} SE{starves}"
    f = query.forecast(action)
    state = game.state
    own = own_card(action, state)
    parts = _resources(f, game.ruleset, own) + _weapons(f, game.ruleset, own, state.weapons[-1])
    if isinstance(action, act.Attack) and f.power is not None:
        parts.append(attack_effect(f, _attack_type(game, action), game.ruleset))
    # What another rule paid, lost or gained is said above with its cause, once (#30 round
    # 8: "loses 3 SE + 4 time, Wight's ambush: lose 3 SE" said one loss twice).
    # (a WOUND row's loss set and reset goes with it: "lose nothing" would be said else.)
    pairs = list(zip(f.events, f.causes, strict=True))
    moved = {c for e, c in pairs if not _own(e, c, own)}
    kept = [
        (e, c)
        for e, c in pairs
        if _own(e, c, own) and not (isinstance(e, ev.PendingLossSet) and c in moved)
    ]
    f_rest = replace(f, events=tuple(e for e, _ in kept), causes=tuple(c for _, c in kept))
    note = forecast_note(f_rest, game.ruleset, own, state.weapons[-1])
    if note:
        parts.append(note)
    parts += [f"⚠ {w}" for w in warnings(f, state, game.ruleset)]
    return ", ".join(parts) if parts else NOTHING_SURE


def what_it_ends(game: Game, action: act.Action) -> str:
    """Return what taking `action` now ends for certain, in words: "wins the game" (the last
    monster defeated), "ends the battle" (a monster defeated: "— defeats it" on its line), or
    "" for neither. A verdict weighs the chance of winning only, so an option that ends the
    battle and one that does not can win as often; it says which ends it (32a-5: a killing
    blow "about equal to Skip your turn")."""
    f = game.query().forecast(action)
    over = next((e for e in f.events if isinstance(e, ev.GameOver)), None)
    if over is not None:
        return "wins the game" if over.won else ""
    return "ends the battle" if f.defeated else ""


def _own(event: ev.Event, cause: Acted | None, own: str) -> bool:
    """True when `event` is not a resource paid, lost or gained by another rule (one the
    note would say: not the option's own card's, nor a Passive's)."""
    other = cause is not None and cause.card != own and not cause.passive
    return not (other and type(event) in _VERBS)


def _resources(f: Forecast, ruleset: Ruleset, own: str) -> list[str]:
    """Return what the option pays, gains and loses for certain, each amount said once:
    the option's own first, then each other rule's with its cause ("loses 3 SE (Wight's
    ambush)"). The amounts add up to the forecast's `paid`, `gained` and `lost`."""
    mine: dict[str, dict[str, int]] = {verb: {} for verb in _VERBS.values()}
    theirs: dict[tuple[str, str], dict[str, int]] = {}
    defeated = next((e.monster for e in f.events if isinstance(e, ev.MonsterDefeated)), "")
    for event, cause in zip(f.events, f.causes, strict=True):
        verb = _VERBS.get(type(event))
        if verb is None or not isinstance(event, ev.Spent | ev.Gained | ev.Lost):
            continue
        if _own(event, cause, own) or cause is None:
            into = mine[verb]
        else:
            name = rule_name(cause, ruleset)
            if cause.card == defeated and not cause.rule:
                name = f"{name}'s reward"
            into = theirs.setdefault((verb, name), {})
        for what, n in event.amounts.items():
            into[what] = into.get(what, 0) + n
    said = [f"{verb} {amounts(what)}" for verb, what in mine.items() if what]
    return said + [f"{verb} {amounts(what)} ({name})" for (verb, name), what in theirs.items()]


def _weapons(f: Forecast, ruleset: Ruleset, own: str, weapon: str) -> list[str]:
    """Return the weapon changes the option itself makes ("downgrades your weapon: Club →
    Bare Hands", a trick's price, #28 round 26: it said "nothing paid or lost now"); those
    of another rule are said by the note, with the rule."""
    out = []
    for event, cause in zip(f.events, f.causes, strict=True):
        if isinstance(event, ev.WeaponsSet) and event.weapons:
            if cause is None or cause.card == own:
                was = f"{ruleset.card_name(weapon)} → " if weapon else ""
                what = "downgrades your weapon" if event.why == "downgraded" else "your weapon"
                out.append(f"{what}: {was}{ruleset.card_name(event.weapons[-1])}")
            weapon = event.weapons[-1]
    return out


def _attack_type(game: Game, action: act.Attack) -> str:
    weapon = game.ruleset.weapons[game.state.weapons[-1]]
    return next((a.type for a in weapon.attacks if a.id == action.attack), "")
