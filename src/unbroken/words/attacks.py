"""A weapon attack in words: its menu line with the effective numbers, the rules behind
them and what it costs now (split from words.actions, which names every option)."""

from __future__ import annotations

import re

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.forecast import Acted, Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.forecast import attack_effect, rule_name, shown_ability
from unbroken.words.power import power_abilities, power_changes, power_reason
from unbroken.words.vocabulary import amounts, attack_name


def attack_label(
    action: act.Attack, state: GameState, ruleset: Ruleset, forecast: Forecast | None = None
) -> str:
    """Return an attack's menu text: what it does (with the `forecast`: the effective
    numbers and the rules behind them, "wound 1 (Armored −1)") and what it costs."""
    weapon = ruleset.weapons[state.weapons[-1]]
    a = next(x for x in weapon.attacks if x.id == action.attack)
    if forecast is not None and forecast.power is not None:
        does = attack_effect(forecast, a.type, ruleset)
        more = "; ".join(if_used(forecast, ruleset))  # a Response's figure: not certain
        if more:
            does = f"{does[:-1]}; {more})" if does.endswith(")") else f"{does} ({more})"
    elif a.type == "wound":  # no forecast (it cannot be paid): the same effective power
        does = _wound_power(a, state, ruleset)
    else:
        does = f"break {a.power} armor"  # as the forecast says it (round 21)
    extra = ", ignores armor" if a.ignore_armor else ""
    mo = state.monster
    if not extra and a.type == "wound" and mo is not None and mo.armor > 0:
        # A Passive lets it wound through the armor: named, as Armored's −1 is.
        through = [
            rule_name(Acted(c, n), ruleset) for c, n in Query(ruleset, state).armor_passives()
        ]
        # A finishing blow names it only: "defeats it" says the rest (#28 round 8).
        why = "" if forecast is not None and forecast.defeated else ": ignores armor"
        extra = f" ({', '.join(through)}{why})" if through else ""
    # The weapon is in the Hand panel; one line at 80 columns. What the cards in play add
    # to the printed cost is named ("pay 2 SE (Hex of Heaviness +1)", R-BATTLE-3).
    cost = attack_cost(a, state, ruleset)
    adds = Query(ruleset, state).cost_passives() if cost != a.cost else []
    why = ", ".join(f"{rule_name(Acted(c, n), ruleset)} +{sum(x.values())}" for c, n, x in adds)
    return f"Attack with {attack_name(a.id)}: {does}{extra} - pay {amounts(cost)}" + (
        f" ({why})" if why else ""
    )


def attacks_short(weapon: str, state: GameState, ruleset: Ruleset) -> str:
    """Return a weapon's attacks as the Hand says them, what each costs now: "Chop: wound 3
    ← 2 SE; Split: break 2 ← 1 SE" (#28 round 30, 30a-14: "Take the Axe" said nothing of
    what the Axe does)."""
    said = []
    for a in ruleset.weapons[weapon].attacks:
        kind = "break" if a.type == "break" else "wound"
        extra = " past armor" if a.ignore_armor else ""
        cost = amounts(attack_cost(a, state, ruleset))
        said.append(f"{attack_name(a.id)}: {kind} {a.power}{extra} ← {cost}")
    return "; ".join(said)


def _wound_power(a: m.Attack, state: GameState, ruleset: Ruleset) -> str:
    """Return a wounding attack's effective power with the Passives behind it, as its
    forecast says it ("wound 2 (Armored (Gauntlet) −1)"), for an attack not forecast
    (one that cannot be paid, #28 round 11)."""
    rules = Query(ruleset, state)
    power = rules.attack_power(a)
    passives = [
        (rule_name(Acted(c, n), ruleset), ability)
        for c, n in rules.power_passives()
        for ability in power_abilities(ruleset, c)
        if ability.name == n
    ]
    why = power_reason(power_changes(a.power, passives)[1])
    return f"wound {power}" + (f" ({why})" if why and power != a.power else "")


def attack_cost(attack: m.Attack, state: GameState, ruleset: Ruleset) -> dict[str, int]:
    """Return what a weapon attack costs now: its printed cost plus what cards in play
    add (Bleeding: "weapon attacks cost 1 more SE", R-BATTLE-3)."""
    return Query(ruleset, state).attack_cost(attack)


def if_used(f: Forecast, ruleset: Ruleset) -> list[str]:
    """Return what each Response usable after the attack is chosen would make of it, as the
    core forecasts its line (`Forecast.if_used`): "wound 4 if Plate Splitter used", "defeats
    it if Power Through [Brawler] used"; only those that change its wounds. The attack's
    own figure stays what is certain: a Passive's change is in it, a Response is the
    player's choice (#28 round 19: Plate Splitter's +2 was in no number)."""
    # Those that would do the same said once (#28 round 23: "defeats it if Brute Force
    # used; defeats it if Plate Splitter used" wrapped the line to a third row).
    return [f"{does} if {' or '.join(names)} used" for does, names in _if_used(f, ruleset).items()]


def _if_used(f: Forecast, ruleset: Ruleset) -> dict[str, list[str]]:
    """Return what each Response that changes the attack's wounds would make of it, with the
    Responses that would: {"wound 4": ["Plate Splitter"]} (`if_used`)."""
    said: dict[str, list[str]] = {}  # what it would do: the Responses that would
    for line in f.if_used:
        use = line.used
        changes = line.wounds != f.wounds or line.defeated != f.defeated
        if not isinstance(use, act.Use) or line.power is None or line.guarded or not changes:
            continue
        ability = ruleset.ability(use.source, use.ability)
        name = shown_ability(ruleset, use.source, ability.name if ability else use.ability)
        if line.defeated:
            does = "defeats it"
        elif any(r.passive == "cap" for r in line.rules):
            does = f"{line.wounds} of {line.power} wounds"
        else:
            does = f"wound {line.power}"
        said.setdefault(does, []).append(name)
    return said


#: A name's card or class tag, left out where the line is short of room: "Power Through
#: [Brawler]" is said "Power Through" (the detail line names it whole).
TAG = re.compile(r" \[[^\]]*\]")


def if_used_briefly(f: Forecast, ruleset: Ruleset) -> list[str]:
    """Return an attack's Responses' figures (`if_used`) said shorter where they would wrap
    its line past two rows, each shorter than the one before: the names without their tag
    ("wound 3 if Power Through used"), the names alone ("more with Power Through"), then
    "more with a Response". One form everywhere, true wherever the highlight is (#28 round
    30, 30a-11, 30b-4: "more with a Response: below" beside "wound 3 if Power Through
    [Brawler] used", and nothing below while another option was highlighted)."""
    lines = if_used(f, ruleset)
    names = [n for said in _if_used(f, ruleset).values() for n in said]
    plain = list(dict.fromkeys(TAG.sub("", n) for n in names))
    ways = [
        TAG.sub("", "; ".join(lines)),
        f"more with {' or '.join(plain)}",
        "more with a Response" if len(names) == 1 else "more with Responses",
    ]
    briefer: list[str] = []
    for way in ways:
        if len(way) < len(briefer[-1] if briefer else "; ".join(lines)):
            briefer.append(way)
    return briefer


def if_used_sentence(f: Forecast, ruleset: Ruleset) -> str:
    """Return what each Response usable after the attack is chosen would make of it, as a
    sentence for the detail line ("Wound 3 if Heave used; defeats it if …"; "" for none)."""
    said = "; ".join(if_used(f, ruleset))
    return f"{said[:1].upper()}{said[1:]}." if said else ""


def brief_attack_labels(label: str, f: Forecast | None, ruleset: Ruleset) -> list[str]:
    """Return an attack's line (`attack_label`'s, in an option's words) said shorter, each
    shorter than the one before: its Responses' figures said briefer (`if_used_briefly`),
    then its whole bracket so (its rules are in the detail line too); [] where it says
    none."""
    more = "; ".join(if_used(f, ruleset)) if f is not None and f.power is not None else ""
    whole = f"{more})"
    at = label.find(whole)
    if f is None or not more or at < 0:
        return []
    depth, opened = 0, -1  # where its bracket opens, past any within it ("(Gauntlet)")
    for k in range(at - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(label[k], 0)
        if depth < 0:
            opened = k - 1
            break
    head, rest = label[:at], label[at + len(whole) :]
    briefly = if_used_briefly(f, ruleset)
    ways = [f"{head}{brief}){rest}" for brief in briefly]
    if briefly and opened >= 0 and label[opened + 2 : at].strip():  # "(Armored −1; …)"
        ways.append(f"{label[:opened]} ({briefly[-1]}){rest}")  # the rule too
    return ways
