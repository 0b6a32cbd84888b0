"""What an option gains that the caps take, and what keeping an encounter commits you to.

Read off the core's forecast (`Query.forecast`): its `Gained` events carry what the
caps took (R-RES-2), so an option says it before it is taken ("5 SE (4 lost to the cap
20)"), not only the log afterwards. Keeping an encounter (the Exploration step) says
what resolving it would: its Resolve option's notes, from the forecast of resolving it
once kept.
"""

from __future__ import annotations

import re

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.effects import LAST_LEVEL, effect_text
from unbroken.words.forecast import shown_ability
from unbroken.words.no_use import note_of
from unbroken.words.vocabulary import amounts


def capped(f: Forecast, own: str) -> tuple[dict[str, int], dict[str, int]]:
    """Return what the option gains, and what the caps take of its gains (R-RES-2; the
    core's `Query.capped`)."""
    return Query.capped(f, own)


def cap_no_use(f: Forecast, ruleset: Ruleset, own: str = "") -> str:
    """Return why an option is of no use when the caps take all it would gain and it does
    nothing else (R-RES-2): "SE is at the cap 20"; "" otherwise (`cap_note`'s reason)."""
    lost = Query.capped_out(f, own)  # the core decides (34b-6), the words say it
    if not lost:
        return ""
    caps = ruleset.settings.caps
    full = " and ".join(m.RESOURCE_NAMES.get(k, k) for k in sorted(lost))
    where = ", ".join(str(caps.get(k, 99)) for k in sorted(lost))
    return f"{full} {'is' if len(lost) == 1 else 'are'} at the cap {where}"


def cap_note(f: Forecast, ruleset: Ruleset, own: str = "") -> str:
    """Return an option line's note on the gains the caps take: "(4 SE lost to the cap
    20)", or "(no use now: SE is at the cap 20)" when they take all it would do; ""
    when they take nothing."""
    got, lost = capped(f, own)
    if not lost:
        return ""
    at_cap = cap_no_use(f, ruleset, own)
    if at_cap:
        return note_of(at_cap)
    caps = ruleset.settings.caps
    said = [
        f"{n} {m.RESOURCE_NAMES.get(k, k)} lost to the cap {caps.get(k, 99)}"
        for k, n in lost.items()
    ]
    return f" ({', '.join(said)})"


def rest_gain(card: str, state: GameState, ruleset: Ruleset) -> str:
    """Return what resting on the encounter `card` gains, the caps counted (R-RES-2, from
    the core's `Query.rest`): "gain 2 SE", "gain 1 SE; 1 SE lost to the cap 20", "gain
    nothing: SE is at the cap 20" (#28 round 12: a forced Rest at SE 20/20 said "gain 2
    SE")."""
    rested = Query(ruleset, state).rest(card)
    caps = ruleset.settings.caps
    if not any(rested.amounts.values()):
        full = " and ".join(m.RESOURCE_NAMES.get(k, k) for k in sorted(rested.lost_to_cap))
        where = ", ".join(str(caps.get(k, 99)) for k in sorted(rested.lost_to_cap))
        return f"gain nothing: {full or 'SE'} is at the cap {where or caps.get('se', 99)}"
    lost = ", ".join(  # as the Rest option says it: "1 SE lost to the cap 20"
        f"{n} {m.RESOURCE_NAMES.get(k, k)} lost to the cap {caps.get(k, 99)}"
        for k, n in rested.lost_to_cap.items()
        if n
    )
    return f"gain {amounts(rested.amounts)}" + (f"; {lost}" if lost else "")


def cap_sentence(f: Forecast, ruleset: Ruleset, own: str = "") -> str:
    """Return the gains the caps take in full for the detail line ("" for none):
    "4 SE of what it gains are lost to the cap of 20." (no rule id: #28 round 24; round 29:
    "The caps take 1 treasure of what it gains (treasure 7)" said one cap as "caps")."""
    _, lost = capped(f, own)
    if not lost:
        return ""
    caps = ruleset.settings.caps
    what = " and ".join(f"{n} {m.RESOURCE_NAMES.get(k, k)}" for k, n in lost.items())
    are = "is" if sum(lost.values()) == 1 else "are"
    if len(lost) == 1:
        return f"{what} of what it gains {are} lost to the cap of {caps.get(next(iter(lost)), 99)}."
    where = ", ".join(f"{m.RESOURCE_NAMES.get(k, k)} {caps.get(k, 99)}" for k in sorted(lost))
    return f"{what} of what it gains are lost to their caps ({where})."


def resolving(action: act.ChooseEncounter, f: Forecast, ruleset: Ruleset) -> Forecast | None:
    """Return the forecast of resolving the encounter `action` keeps, from where keeping
    it stops (`f`, its forecast), or None when it cannot be resolved then (the core's
    `Query.resolving`)."""
    return Query(ruleset, f.after).resolving(action, f)


def weapons_held(
    text: str, card: m.Encounter, state: GameState, ruleset: Ruleset, why: bool = True
) -> tuple[str, str]:
    """Return an encounter's line with its weapons of choice as they are offered now, and
    its note: a weapon held is never offered (R-REWARD-2), so "take a weapon: Club or
    Knife" reads "take a weapon: Knife (you have the Club)" while the Club is held; with
    every one held, "the Sling (nothing to take: you have the Sling)" and, when that is
    all the card gives, the note "(no use now: you have the Sling)" ("" otherwise). A weapon
    not offered is said so, after which weapon you fight with: "take a weapon: Knife (you
    fight with it, your Axe kept under it; not the Club: you have it, under your Axe)".
    `why`: False for the weapons offered only (the stage's list), no bracket."""
    rules = Query(ruleset, state)
    only = not card.gain and all(isinstance(x, m.GainWeapon) for x in card.effects)
    for e in card.effects:
        if not isinstance(e, m.GainWeapon):
            continue
        held = [w for w in e.choices if rules.holds(w)]
        if not held and len(state.weapons) < 2:
            continue
        free = " or ".join(ruleset.card_name(w) for w in e.choices if w not in held)
        have = where_held(state, held, ruleset)
        # Which weapon you fight with first, then why one is not offered, in words that need
        # no R-WEAPON-1 (round 16: "in hand, over your Maul; … under your Maul, so not
        # offered" made sense only after reading it).
        offered = [w for w in e.choices if w not in held]
        over = taking_note(state, offered, ruleset, len(offered) < 2, held)
        both = "; ".join(x for x in (over, not_offered(state, held, ruleset)) if x)
        if free:
            said = f"take a weapon or none: {free}" + (f" ({both})" if why else "")
        else:  # the weapon named, its reason said here unless the note says it (#28
            # round 24: "no weapon to take" beside "a sling" in the card's text read broken)
            names = " or the ".join(ruleset.card_name(w) for w in e.choices)
            said = f"the {names}" + (f" (nothing to take: {have})" if why and not only else "")
            said += "" if why and not only else ": nothing to take"
        text = text.replace(effect_text(e, ruleset), said, 1)
    return text, note_of(held_no_use(card, state, ruleset))


def held_no_use(card: m.Encounter, state: GameState, ruleset: Ruleset) -> str:
    """Return why a card that only gives a weapon is of no use: every weapon it offers is
    held ("you have the Sling", `weapons_held`'s note; the core's `Query.weapons_held`
    decides); "" otherwise."""
    held = Query(ruleset, state).weapons_held(card)
    return where_held(state, held, ruleset) if held else ""


def taking_note(
    state: GameState,
    offered: list[str],
    ruleset: Ruleset,
    one: bool = True,
    named: list[str] | None = None,
) -> str:
    """Return what taking one of the weapons `offered` does to the one in hand: "you fight
    with it, your Longbow kept under it" (`over_note`), and for a weaker one "the Knife is
    weaker than your Axe, yet you would fight with it: your Axe goes under it" (#28 round
    24: "weaker …; you fight with it" read wrong), each with the weapons under it that
    stay (`under_that`; but those `named` elsewhere on the line). "" with only the
    starting weapon."""
    worse = weaker_note(state, offered, ruleset)
    if worse and len(state.weapons) >= 2:
        it = "it" if one else "the one taken"
        top = ruleset.card_name(state.weapons[-1])
        below = under_that(state, ruleset, named or [])
        return f"{worse}, yet you would fight with {it}: your {top} goes under it{below}"
    return "; ".join(x for x in (worse, over_note(state, ruleset, one, named or [])) if x)


def under_that(state: GameState, ruleset: Ruleset, named: list[str]) -> str:
    """Return the weapons that stay under the one in hand when another is taken over it,
    nearest first (R-WEAPON-1: a downgrade returns to each in turn; Bare Hands, always at
    the bottom, and those `named` elsewhere left out): ", with your Club under that"
    (#28 round 29: Smuggler's Cache over "Sword (advanced; Club under)" said nothing of
    the Club); "" for none."""
    below = [w for w in reversed(state.weapons[1:-1]) if w not in named]
    names = " and ".join(ruleset.card_name(w) for w in below)
    return f", with your {names} under that" if names else ""


def weaker_note(state: GameState, offered: list[str], ruleset: Ruleset) -> str:
    """Return that every weapon `offered` is weaker than the one in hand, by the game's
    order of weapons (`Query.weaker_than_in_hand`): "the Sling is weaker than your
    Longbow" (#28 round 22: paying for it on top of a Longbow was a trap, unsaid); ""
    otherwise, or with nothing offered."""
    rules = Query(ruleset, state)
    tops = {rules.weaker_than_in_hand(w) for w in offered}
    if not offered or "" in tops:
        return ""
    names = " and the ".join(ruleset.card_name(w) for w in offered)
    are = "is" if len(offered) == 1 else "are both" if len(offered) == 2 else "are all"
    return f"the {names} {are} weaker than your {ruleset.card_name(tops.pop())}"


def over_note(
    state: GameState, ruleset: Ruleset, one: bool = True, named: list[str] | None = None
) -> str:
    """Return where a weapon taken goes while one is in hand above Bare Hands: "you fight
    with it, your Longbow kept under it" (R-WEAPON-1: on top of the stack; a downgrade
    returns to the one under). #28 round 12: "take a weapon: Club or Knife" beside a
    Longbow said nothing of it. `one`: False for a choice of several ("you fight with the
    one taken"). The weapons under that are said too (`under_that`, but those `named`
    elsewhere). "" with only the starting weapon."""
    if len(state.weapons) < 2:
        return ""
    it = "it" if one else "the one taken"
    top = ruleset.card_name(state.weapons[-1])
    return f"you fight with {it}, your {top} kept under it{under_that(state, ruleset, named or [])}"


def not_offered(state: GameState, held: list[str], ruleset: Ruleset) -> str:
    """Return why the weapons `held` are not offered (R-REWARD-2: you have them), saying
    where: "not the Club: you have it", "not the Knife: you have it, under your Sword",
    "…: you have it, set aside"; "" for none."""
    if not held:
        return ""
    top = state.weapons[-1] if state.weapons else ""
    names = " or the ".join(ruleset.card_name(w) for w in held)
    it = "it" if len(held) == 1 else "them"
    if all(w not in state.weapons for w in held):
        where = ", set aside"
    elif top not in held:
        where = f", under your {ruleset.card_name(top)}"
    else:
        where = ""
    return f"not the {names}: you have {it}{where}"


def where_held(state: GameState, held: list[str], ruleset: Ruleset) -> str:
    """Return where the weapons `held` are, naming the weapon in hand: "you have the
    Club", "the Knife is under your Sword" (crafted from it, R-WEAPON-1), "the Knife is
    set aside" (R-WEAPON-4); the playtest of round 8 read "(you have the Knife)" with the
    Sword in hand."""
    name = ruleset.card_name
    top = state.weapons[-1] if state.weapons else ""
    stacked = [w for w in held if w in state.weapons]
    aside = [w for w in held if w not in state.weapons]
    parts = []
    if top in stacked:
        parts.append("you have the " + " and the ".join(name(w) for w in stacked))
    elif stacked:
        under = " and the ".join(name(w) for w in stacked)
        parts.append(f"the {under} {'is' if len(stacked) == 1 else 'are'} under your {name(top)}")
    if aside:
        names = " and the ".join(name(w) for w in aside)
        parts.append(f"the {names} {'is' if len(aside) == 1 else 'are'} set aside")
    return "; ".join(parts)


def no_next_level(effects: list[m.Effect], state: GameState, ruleset: Ruleset) -> str:
    """Return a note that a condition gained "for the next level" does nothing in the last
    level (there is none, R-LEVEL-1), "" otherwise."""
    later = [
        e.condition for e in effects if isinstance(e, m.GainCondition) and e.timing == "next_level"
    ]
    if state.level < LAST_LEVEL or not later:
        return ""
    names = ", ".join(ruleset.card_name(c) for c in later)
    return f" (no next level: {names} does nothing)"


def hunger_note(state: GameState, f: Forecast, ruleset: Ruleset) -> str:
    """Return what an option that spends food does to the Hunger step ahead, as the
    Display's food chip would read after it: "food 1 of 4 after: hunger −6 SE" (it was
    −3 SE with the food kept, R-HUNGER-3); "" when the cost of eating short stays the
    same, or the option is the Hunger step's own (Eat says it)."""
    held, left = state.res.get("food", 0), f.after.res.get("food", 0)
    if left >= held or isinstance(f.action, act.Eat) or f.stops == "over":
        return ""
    if not Query(ruleset, state).hunger_to_come():  # eaten already: its loss is paid
        return ""
    before = Query(ruleset, state).hunger(held)
    rules = Query(ruleset, f.after)
    after = rules.hunger(min(left, rules.food_requirement()))
    if after.loss <= before.loss:
        return ""
    return f"food {left} of {after.need} after: hunger −{after.loss} SE"


def defeat_responses(f: Forecast, ruleset: Ruleset) -> str:
    """Return what the player's Responses to a monster's defeat may add to an option that
    defeats it (the forecast passes their windows, so its rewards leave them out), short
    (a finishing blow's line is long at 80 columns, #28 round 7): "Scavenger +1 wood +
    1 metal", "Name may: …" for other effects; "" when it defeats none, or none held
    could be used then (in the state the option leaves: no ability use for Last Rites)."""
    if not any(isinstance(e, ev.MonsterDefeated) for e in f.events):
        return ""
    said = []
    for src, ability in Query(ruleset, f.after).own_responses("monster_defeated"):
        name = shown_ability(ruleset, src, ability.name)
        gains: dict[str, int] = {}
        for e in ability.effects:
            for k, n in e.amounts.items() if isinstance(e, m.Gain) else ():
                gains[k] = gains.get(k, 0) + n
        if gains and all(isinstance(e, m.Gain) for e in ability.effects):
            said.append(f"{name} +{amounts(gains)}")
        else:
            words = "; ".join(effect_text(e, ruleset) for e in ability.effects)
            said.append(f"{name} may: {words}")
    return "; ".join(said)


def kills(f: Forecast) -> bool:
    """Return whether an option defeats the monster for certain: the core's forecast says
    so (R-BATTLE-7 is the core's to apply: the words do not weigh wounds against health).
    #28 round 19: an ability's kill was not said where a weapon's was."""
    return f.defeated


#: A killing option's reward when the monster's card gives none (R-REWARD-1).
NO_REWARD = "no reward"


def no_reward(f: Forecast, ruleset: Ruleset) -> str:
    """Return NO_REWARD for an option that defeats a monster whose card gives no reward
    (the Lich), else "" (#28 round 29: its kill and its Rewards step said nothing of it)."""
    defeated = next((e.monster for e in f.events if isinstance(e, ev.MonsterDefeated)), "")
    sheet = ruleset.monsters.get(defeated) if kills(f) else None
    return NO_REWARD if sheet is not None and not sheet.rewards else ""


def defeat_sentence(f: Forecast, ruleset: Ruleset, monster: str) -> str:
    """Return the detail line's first words for an option that defeats `monster`, as its
    row says it: "It defeats the Goblin; Scavenger +1 wood.", "It defeats the Lich. The
    Lich gives no reward." (the log's words at its Rewards step)."""
    name = ruleset.card_name(monster)
    then = "".join(f"; {x}" for x in [defeat_responses(f, ruleset)] if x)
    gives = f" The {name} gives no reward." if no_reward(f, ruleset) else ""
    return f"It defeats the {name}{then}.{gives}"


def defeat_last(label: str, note: str) -> tuple[str, str]:
    """Return a finishing blow's label and note with "defeats it" moved from the one to
    the head of the other, its reward after it: "Attack with Cut: wound 2 - pay 2 SE" and
    "defeats it: 1 metal; Scavenger +1 wood + 1 metal" (was "wound 2, defeats it - pay
    2 SE — reward 1 metal; …": with Weak Spot four rows at 80 columns, #28 round 8)."""
    said = _DEFEATS.search(label)
    if said is None:
        return label, note
    defeats = said.group(0).removeprefix(", ")  # "defeats it (health 3)"
    return label.replace(said.group(0), "", 1), defeat_note(note, defeats)


def defeat_note(note: str, defeats: str = "defeats it") -> str:
    """Return a killing option's note headed by `defeats`, its reward after it ("defeats
    it: 1 metal; …" for "…; reward 1 metal"): a weapon's and an ability's kill alike."""
    parts = [x for x in note.split("; ") if x]
    reward = next((x for x in parts if x.startswith("reward ") or x == NO_REWARD), "")
    head = f"{defeats}: {reward.removeprefix('reward ')}" if reward else defeats
    return "; ".join([head, *(x for x in parts if x != reward)])


#: A finishing blow's words in its label, with the health it had left when said.
_DEFEATS = re.compile(r", defeats it(?: \(health \d+\))?")
