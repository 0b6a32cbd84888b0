"""The forecast in words: an option's effective numbers with their reason, and the rules
that act if it is taken ("wound 1 (Armored −1)", "Grab the Weapon: Knife → Bare Hands").

The numbers and the rules come from the core's forecast (`Query.forecast`); this
module only says them.
"""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import Acted, Forecast
from unbroken.core.query import Query
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState, Phase
from unbroken.words.forecast_events import REROLLS, event_words, lost_game, row_words
from unbroken.words.monster import turn_lock_short, turn_lock_text
from unbroken.words.no_use import last_use, last_use_short, loss_kept
from unbroken.words.opening import monster_abilities, rule_shown
from unbroken.words.outcomes import cause_of_death
from unbroken.words.power import MINUS, power_abilities, power_changes, power_reason, signed
from unbroken.words.rounds_left import RoundsLeft
from unbroken.words.starving import before_hunger, starving, starving_warning
from unbroken.words.vocabulary import attack_name
from unbroken.words.weapon_rules import weapon_rule_notes, weapon_rule_sentences


def own_card(action: act.Action, state: GameState) -> str:
    """Return the card an option is taken on (its own rules need no note), or ""."""
    if isinstance(action, act.Use):
        return action.source
    if isinstance(action, act.ChooseEncounter):
        return action.card
    if isinstance(action, act.Resolve | act.Rest):
        return state.chosen
    return ""


def shown_ability(ruleset: Ruleset, source: str, ability: str) -> str:
    """Return how an ability (by its name) is named everywhere: a skill by the card's
    own name first, its ability beside it when it has several ("Wrecker (Follow Up)",
    "Brute Force"), a class's or a condition's ability by its name and its card
    ("Cold Logic [Sage]"). One name per card: options, log, forecast and inspector."""
    card = ruleset.card_name(source)
    skill = ruleset.skills.get(source)
    if skill is None:
        return f"{ability} [{card}]"
    if len(skill.abilities) > 1 and ability != card:
        return f"{card} ({ability})"
    return card


def rule_name(acted: Acted, ruleset: Ruleset) -> str:
    """Return a rule that acts by its name: a monster's by its ability's ("Armored",
    "Grab the Weapon (at battle start)", its kind said when it acts as the battle starts)
    or its row ("Basilisk's WOUND"), the player's cards by the card's own name
    ("Paranoid", one name per card everywhere)."""
    if acted.rule and acted.card in ruleset.skills:
        return shown_ability(ruleset, acted.card, acted.rule)
    if not acted.rule or acted.card not in ruleset.monsters:
        return ruleset.card_name(acted.card)
    if acted.rule == "ambush":
        return f"{ruleset.card_name(acted.card)}'s ambush"
    if acted.rule.isupper():  # a combat row: WOUND, STEAL
        return f"{ruleset.card_name(acted.card)}'s {acted.rule}"
    # A rule that acts as the battle starts says so: it is no ambush (#28 round 3).
    opening = any(
        a.name == acted.rule and a.type == "response" and a.trigger == "battle_start"
        for a in monster_abilities(ruleset, acted.card)
    )
    name = rule_shown(ruleset, acted.card, acted.rule)  # "Armored (Gauntlet)"
    return f"{name} (at battle start)" if opening else name


def attack_effect(f: Forecast, kind: str, ruleset: Ruleset) -> str:
    """Return what a weapon attack does, effective numbers first with their reason:
    "wound 1 (Armored −1)", "4 of 5 wounds (Stone Scales)", "break 1 armor"."""
    printed = f.printed_power if f.printed_power is not None else 0
    power = f.power if f.power is not None else printed
    if f.guarded:  # the monster's guard swallows the attack (a Defend row)
        return f"{'break 0 armor' if kind == 'break' else 'wound 0'} (guard up)"
    if kind == "break":
        return f"break {power} armor"
    why = power_reason(power_changes(printed, _power_passives(f, ruleset))[1])
    reason = f" ({why})" if why and power != printed else ""
    caps = [rule_name(a, ruleset) for a in f.rules if a.passive == "cap"]
    if caps:
        return f"{f.wounds} of {power} wounds ({', '.join(caps)}){reason}"
    text = f"wound {power}{reason}"
    if f.defeated:
        # Its health, when Passives changed the power and the wounds differ (#28 round 10:
        # "wound 4 (…) … defeats it", "takes 3 wounds" read as a −1 missing; round 13:
        # "(1 health left)" read as what survives). Not otherwise: the line is long.
        left = reason and f.wounds != power
        text += ", defeats it" + (f" (health {f.wounds})" if left else "")  # as the stage
    return text


def _power_figures(f: Forecast, ruleset: Ruleset) -> dict[str, str]:
    """Return each Passive's own change to the attack's power for the detail line, by its
    name: " −1", or " ±0 at power 5" for one that did not apply in the order taken."""
    if f.printed_power is None:
        return {}
    passives = _power_passives(f, ruleset)
    changes = dict(power_changes(f.printed_power, passives)[1])
    return {
        name: f" {signed(changes[name])}" if name in changes else f" ±0 at power {f.printed_power}"
        for name, _ in passives
    }


def _power_passives(f: Forecast, ruleset: Ruleset) -> list[tuple[str, m.Ability]]:
    """Return the Passives that acted on the attack's power, each named as everywhere
    (`rule_name`) with its ability."""
    out = []
    for acted in (a for a in f.rules if a.passive == "power"):
        for ability in power_abilities(ruleset, acted.card):
            if ability.name == acted.rule or not acted.rule:
                out.append((rule_name(acted, ruleset), ability))
    return out


def consequences(
    f: Forecast, ruleset: Ruleset, own: str = "", weapon: str = "", before: GameState | None = None
) -> list[str]:
    """Return what the rules that act do, one phrase per rule in order ("Grab the Weapon:
    Knife → Bare Hands"; a defeated monster's reward "reward 1 metal"); rules of the card
    `own` (the option's own) are left out, as are the Passives an attack's numbers already
    name. `weapon`: the one held now; `before`: the state the forecast starts from (a
    condition's rounds lengthened are said as the log says them: `RoundsLeft`)."""
    said = _phrases(f, ruleset, own, weapon, before)
    defeated = next((e.monster for e in f.events if isinstance(e, ev.MonsterDefeated)), "")
    return [
        _reward(words)
        if a.card == defeated and not a.rule and words.startswith("gain ")
        else f"{rule_name(a, ruleset)}: {words}"
        for a, words in said.items()
    ]


def _reward(words: str) -> str:
    """Return a defeated monster's reward short, after the "defeats it" it follows (a
    finishing blow's line is long at 80 columns, #28 round 7): "reward 1 metal"."""
    return "reward " + words.removeprefix("gain ")


def _phrases(
    f: Forecast, ruleset: Ruleset, own: str, weapon: str, before: GameState | None = None
) -> dict[Acted, str]:
    """Return what each rule that acts does, in a few words (in the order they act). From
    `before` (the state the forecast starts in), a condition's rounds lengthened say what
    changes, as the log will: "Frightened now for 3 rounds after this one" (#28 round 22:
    "Frightened for 4 rounds" said the total, the round under way in it)."""
    phrases: dict[Acted, list[str]] = {}
    rounds = RoundsLeft.at(before) if before is not None else None
    health = before.monster.health if before is not None and before.monster else None
    for event, cause in zip(f.events, f.causes, strict=True):
        if rounds is not None:
            rounds.see(event)
        was, health = _health_seen(health, event)
        if cause is not None and cause.card != own and not cause.passive:
            if isinstance(event, ev.CombatResult):
                said = row_words(event, cause.card, f.after, ruleset)
            elif isinstance(event, ev.ConditionChanged) and rounds and rounds.extended:
                said = f"{ruleset.card_name(event.condition)} {rounds.extended}"
            elif _heals_nothing(event, was):  # a HEAL row at full health (#28 round 35)
                said = HEALS_NOTHING
            else:
                said = event_words(event, ruleset, weapon)
                if isinstance(event, ev.ConditionGained) and rounds and event.rounds:
                    said += rounds.gained(event)  # "for 2 rounds after this one", as logged
            if said:
                phrases.setdefault(cause, []).append(said)
            elif isinstance(event, ev.PendingLossSet) and not event.amount:
                phrases.setdefault(cause, [])  # a WOUND row's loss paid: said if nothing is
        if isinstance(event, ev.WeaponsSet) and event.weapons:
            weapon = event.weapons[-1]
    # A WOUND row whose loss came to nothing (Warding Sign): "Goblin's WOUND: lose nothing";
    # one the player could not pay ended the game instead, which the death warning says
    # ("⚠ you die (Lich's WOUND)"), not "lose nothing" (#28 round 10).
    killer = next((c for e, c in zip(f.events, f.causes, strict=True) if lost_game(e)), None)
    return {
        a: ", ".join(words) or "lose nothing"
        for a, words in phrases.items()
        if words or a != killer
    }


#: A heal that leaves the monster's health as it is, said as doing nothing (#28 round 35:
#: "Shaman's HEAL: heals to 8/8" at 8/8; the log says "The monster is at full health").
HEALS_NOTHING = "heals nothing (at full health)"


def _health_seen(health: int | None, event: ev.Event) -> tuple[int | None, int | None]:
    """Return the monster's health before `event` and after it (None: not known)."""
    if isinstance(event, ev.MonsterChanged):
        return health, event.health
    if isinstance(event, ev.MonsterRevealed | ev.MonsterDefeated):
        return health, None  # another monster, or none
    return health, health


def _heals_nothing(event: ev.Event, was: int | None) -> bool:
    """Return whether `event` is a heal leaving the health it found (`was`) as it is."""
    return isinstance(event, ev.MonsterChanged) and event.why == "heal" and event.health == was


def row_phrase(
    f: Forecast, ruleset: Ruleset, acted: Acted, weapon: str = "", before: GameState | None = None
) -> str:
    """Return what one rule that acts does in the forecast, in the note's words ("lose 2
    SE, Paralyzed 3 tokens" for the Basilisk's WOUND row), "" when it does not act."""
    return _phrases(f, ruleset, "", weapon, before).get(acted, "")


def forecast_note(
    f: Forecast, ruleset: Ruleset, own: str = "", weapon: str = "", before: GameState | None = None
) -> str:
    """Return the short note an option line ends with: what the other rules do if it is
    taken ("Grab the Weapon: Knife → Bare Hands"), "" when none acts; `before`: the state
    it starts from (see `consequences`)."""
    return "; ".join(consequences(f, ruleset, own, weapon, before))


#: An option's warning that its time runs the track out (R-TRAVEL-1), and the same said of
#: a decision taken for the player, told when the ambush came with it (`words.taken`).
AMBUSH_AHEAD = "time runs out: the monster ambushes you"
AMBUSHED = "time ran out: the monster ambushed you"


def warnings(f: Forecast, state: GameState, ruleset: Ruleset) -> list[str]:
    """Return what an option leads to that the player should know before taking it, short
    for its line: the time track running out (an ambush, R-TRAVEL-1), certain starvation
    at the end of the level (a fight or a trick with too little food and SE, R-HUNGER-3:
    "you starve at the Hunger step (food 0/3: −6 SE)"), a known monster's rule a change of
    weapon leaves acting or a trick it makes impossible (`words.weapon_rules`). The detail
    line says them in full (`warning_sentences`)."""
    out = []
    killed = death_warning(f, ruleset)
    if killed:
        out.append(killed[0])
    if _ambushes(f, state, ruleset):
        out.append(AMBUSH_AHEAD)
    ahead = starving(f, ruleset) if before_hunger(f, state) else None  # round 28: any
    if ahead is not None:
        held = f.after.res.get("food", 0)
        out.append(
            f"you starve at the Hunger step (food {held}/{ahead.need}: {MINUS}{ahead.loss} SE)"
        )
    hopeless = cannot_wound(f, ruleset) if isinstance(f.action, act.Fight) else ""
    if hopeless:
        out.append(f"you cannot wound it: {hopeless}")
    locked = _locks(f, state, ruleset)
    if locked is not None:
        out.append(turn_lock_short(ruleset, *locked, isinstance(f.action, act.PayInstead)))
    return out + weapon_rule_notes(f, state, ruleset, bad=True)  # (37a-11)


def _locks(f: Forecast, state: GameState | None, ruleset: Ruleset) -> tuple[str, int] | None:
    """Return the condition that takes every turn left once the option is taken, when it
    did not before (Paralyzed reaching 6 tokens), else None."""
    after = Query(ruleset, f.after).turn_lock()
    if after is None or (state is not None and Query(ruleset, state).turn_lock() is not None):
        return None
    return after


def death_warning(f: Forecast, ruleset: Ruleset) -> tuple[str, str] | None:
    """Return the warning of an option that kills (R-RES-5), short for its line and in full
    for the detail line: ("you die (Grave Warden's WOUND)", "⚠ You die: Grave Warden's
    WOUND takes effort you do not have."); None when it does not. Certain only
    when no Response window comes first: when the forecast passed one (using nothing
    there) it says so, "you die … if you use no Response" with the Responses named."""
    over = next((e for e in f.events if isinstance(e, ev.GameOver)), None)
    if over is None or over.won:
        return None
    cause = f.causes[f.events.index(over)]
    if over.cause == "starvation":
        short, full = "you starve", "⚠ You starve"
        why = "eating short costs more SE than you have"
    else:
        what = (
            rule_name(cause, ruleset)
            if cause
            else cause_of_death(over.cause, over.source, ruleset.card_name)
        )
        short, full = f"you die ({what})", "⚠ You die"
        why = f"{what} takes effort you do not have"
    if not f.passed:
        return short, f"{full}: {why}."
    names = ", ".join(dict.fromkeys(response_name(a, ruleset) for a in f.passed))
    full = f"{full} if you then use no Response ({names})"
    return f"{short} if you use no Response", f"{full}: {why}."


def response_name(action: act.Action, ruleset: Ruleset) -> str:
    """Return a Response the player could use by its name ("Just a Scratch [Brawler]")."""
    if not isinstance(action, act.Use):
        return type(action).__name__
    ability = ruleset.ability(action.source, action.ability)
    return shown_ability(ruleset, action.source, ability.name) if ability else action.ability


def cannot_wound(f: Forecast, ruleset: Ruleset) -> str:
    """Return why the player cannot wound the monster once the option is taken, "" when
    they can: every wounding attack of the weapon held (and of one set aside, coming
    back) comes to 0 power after the Passives in play, no craft they can pay now makes
    one that does, and none of their cards wounds or adds attack power (R-BATTLE-3,
    R-EFFECT-3). Said as the attacks and the rules behind them: "Punch 1 → 0 (Thick Hide)"."""
    s = f.after
    mo = s.monster
    if mo is None or mo.health <= 0 or f.defeated or f.stops == "over":
        return ""
    rules = Query(ruleset, s)
    held = [s.weapons[-1], *(w.weapon for w in s.set_aside)]
    crafts = [u.to for u in ruleset.weapons[s.weapons[-1]].upgrades if rules.can_pay(u.cost)]
    wounding = [
        a for w in (*held, *crafts) for a in ruleset.weapons[w].attacks if a.type == "wound"
    ]
    if any(rules.attack_power(a) > 0 for a in wounding):
        return ""
    helps = (m.Wound, m.AttackPower)
    for card in (s.cls, *s.skills, *(c.id for c in s.conditions)):
        for ability in ruleset.card_abilities(card):
            if any(isinstance(e, helps) for e in ability.effects):
                return ""
    why = ", ".join(rule_name(Acted(c, a), ruleset) for c, a in rules.power_passives())
    mine = [a for a in ruleset.weapons[s.weapons[-1]].attacks if a.type == "wound"]
    attacks = ", ".join(f"{attack_name(a.id)} {a.power} → 0" for a in mine)
    return f"{attacks or 'no wounding attack'}" + (f" ({why})" if why else "")


def warning_sentences(f: Forecast, ruleset: Ruleset, state: GameState | None = None) -> list[str]:
    """Return the warnings of an option in full, for the detail line: a death, the ambush,
    and starvation for any option of the Combat phase (and Fight or Trick) while it
    holds, not only when committing to the fight (R-HUNGER-3): certain, or "unless the
    fight pays" while the monster's rewards could still feed you; a change of weapon's
    (`words.weapon_rules`). `state`: the one the
    option is taken in (without it, only what the forecast itself shows is said)."""
    out = []
    killed = death_warning(f, ruleset)
    if killed:
        out.append(killed[1])
    if f.guarded:
        out.append("⚠ The monster's guard is up: this attack does nothing but lower it.")
    if _ambushes(f, state, ruleset):
        out.append("⚠ Time runs out: the monster ambushes you.")  # no rule id (round 24)
    starving = starving_warning(f, ruleset, state or f.after)
    if starving is not None:
        out.append(starving[0])
    hopeless = cannot_wound(f, ruleset) if isinstance(f.action, act.Fight) else ""
    if hopeless:
        out.append(
            f"⚠ You cannot wound it: {hopeless}, and nothing you hold or can craft now does."
        )
    locked = _locks(f, state, ruleset)
    if locked is not None:
        paid = isinstance(f.action, act.PayInstead)
        last = "This turn is the last you can pay for. " if paid else ""
        out.append("⚠ " + last + turn_lock_text(ruleset, *locked, state=f.after))
    return out + (weapon_rule_sentences(f, state, ruleset, bad=True) if state else [])


def shorter_warnings(f: Forecast, ruleset: Ruleset, state: GameState) -> dict[str, str]:
    """Return the warnings of `warning_sentences` that have a short form, each to it: the
    detail line says one short where it would be cut whole (#28 round 11), the level's
    last ability use too (round 25)."""
    starving = starving_warning(f, ruleset, state)
    shorter = dict([starving]) if starving is not None else {}
    last = last_use(f.action, state, f, ruleset)
    return shorter | {last: last_use_short(f.action, state, f, ruleset)} if last else shorter


def _ambushes(f: Forecast, state: GameState | None, ruleset: Ruleset) -> bool:
    """Return whether the option runs the time track out in the Travel Phase (R-RES-8)."""
    if f.ambushed:
        return True
    if state is not None and state.phase == Phase.TRAVEL:  # (also before a reveal roll)
        return Query(ruleset, state).ambushes(f.action, known=f)
    return False


#: What chance decides next, in words (Forecast.unseen; a die's purpose by its prefix).
CHANCE_WORDS: dict[str, str] = {
    "combat": "then the monster rolls",
    "monster": "then the monster is revealed",
    "encounters": "then cards are revealed",
    "skills": "then skills are drawn",
    "check": "then the die is rolled",
    "handler": "then the die is rolled",
    "reroll": "then the die is rolled again",
}


def chance_words(unseen: str, ruleset: Ruleset) -> str:
    """Return what chance decides next (`CHANCE_WORDS`), a die naming the card it is
    rolled for: "then the Paralyzed check is rolled" (#28 round 17: "the die" said no
    which)."""
    kind, _, card = unseen.partition(":")
    if card and kind in ("check", "handler"):
        die = "check" if kind == "check" else "die"
        return f"then the {ruleset.card_name(card)} {die} is rolled"
    return CHANCE_WORDS.get(kind, "")


def forecast_detail(
    f: Forecast,
    ruleset: Ruleset,
    own: str = "",
    weapon: str = "",
    state: GameState | None = None,
    warn: bool = True,
) -> str:
    """Return all of the forecast for the detail line: its warnings first (an ambush,
    certain starvation: `warning_sentences`, with the `state` it is taken in when given;
    none when not `warn`), then each rule that acts (but the option's own card's) in its
    card's words, and what chance decides next. `words.actions.option_detail` says the
    option's own text when no rule acts. From `state`, a condition's rounds lengthened are
    said as the option's line says them (#28 round 29: "Frightened for 4 rounds" under
    "Frightened now for 3 rounds after this one")."""
    said = _phrases(f, ruleset, own, weapon, state)
    figures = _power_figures(f, ruleset)
    parts = []
    for a in f.rules:
        if a.card == own:
            continue
        card = ruleset.card_name(a.card)
        figure = figures.get(rule_name(a, ruleset), "") if a.passive == "power" else ""
        if a.text and a.card in ruleset.skills:  # named as its option names it
            parts.append(f"{shown_ability(ruleset, a.card, a.rule)}{figure}: {a.text.rstrip('.')}")
        elif a.text and a.card in ruleset.conditions:
            # A condition's rule by the condition, as the Hand and the log name it
            # ("Weakened −1: …"; #28 round 29: "Feeble (Weakened)", its Passive's name,
            # was named nowhere else on screen; `i` and help name it under Weakened).
            parts.append(f"{card}{figure}: {a.text.rstrip('.')}")
        elif a.text:
            # A keyword by its one name, as the options and the stage say it ("Armored
            # (Gauntlet)", not "Armored (Iron Beetle)": #28 round 18); a rule by its card's.
            name = rule_shown(ruleset, a.card, a.rule) if _keyword(a, ruleset) else ""
            name = name or f"{a.rule} ({card})"
            parts.append(f"{name}{figure}: {a.text.rstrip('.')}")
        elif a in said:
            parts.append(f"{rule_name(a, ruleset)}: {said[a]}")
    warned = " ".join(warning_sentences(f, ruleset, state)) if warn else ""
    if not parts:
        return warned
    # One sentence per rule, and what chance decides next its own (#28 round 29: three
    # clauses run together with ";" read as one rule's).
    text = ". ".join(p.rstrip(".") for p in parts)
    then = chance_words(f.unseen, ruleset) if f.stops == "chance" else ""
    then = "" if text.endswith(REROLLS) else then  # said already: the monster rolls again
    text = f"{text}. {then[:1].upper()}{then[1:]}." if then else f"{text}."
    return f"{warned} {text}" if warned else text


def _keyword(acted: Acted, ruleset: Ruleset) -> bool:
    """Return whether a monster's rule that acts is one of its keywords' (Armored)."""
    sheet = ruleset.monsters.get(acted.card)
    if sheet is None:
        return False
    return acted.rule in (ruleset.keywords[k].name for k in sheet.keywords if k in ruleset.keywords)


def lowered_next(action: act.Action, f: Forecast, state: GameState, ruleset: Ruleset) -> str:
    """Return what a Pass leaves a later window's Response to lower: "Just a Scratch
    [Brawler] can lower it next" when its forecast loses SE and a Response offered at a
    window it passes lowers a loss (the core's `Forecast.passed`); "" otherwise (#28 round
    17: the Pass said "lose 3 SE" and Bury the Pain was offered only after it)."""
    if not isinstance(action, act.Pass) or not f.lost.get("se"):
        return ""
    passed = f.passed or Query(ruleset, state).forecast(action, name_passed=True).passed
    # The loss that window acts on; one the Passives leave the same is not lowered (#28
    # round 28: Just a Scratch on 2 SE that Armored makes 1 anyway).
    pending = next((e.amount for e in f.events if isinstance(e, ev.PendingLossSet)), 0)
    names = []
    for use in (u for u in passed if isinstance(u, act.Use)):
        ability = ruleset.ability(use.source, use.ability)
        if ability is None or not any(isinstance(e, m.ReduceLoss) for e in ability.effects):
            continue
        if not pending or not loss_kept(ability, state, ruleset, pending):
            names.append(shown_ability(ruleset, use.source, ability.name))
    return f"{' or '.join(dict.fromkeys(names))} can lower it next" if names else ""
