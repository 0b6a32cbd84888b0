"""Actions in words: what the menus show for each decision and each option."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.query import CANNOT_PAY, Query, locks_turns
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState
from unbroken.words.attacks import attack_label, attacks_short
from unbroken.words.effects import ability_words, encounter_text, when_text
from unbroken.words.forecast import (
    forecast_detail,
    forecast_note,
    lowered_next,
    own_card,
    shown_ability,
    warning_sentences,
    warnings,
)
from unbroken.words.keeping import (
    cap_note,
    cap_sentence,
    defeat_last,
    defeat_note,
    defeat_responses,
    defeat_sentence,
    hunger_note,
    kills,
    no_next_level,
    no_reward,
    resolving,
    taking_note,
    weapons_held,
)
from unbroken.words.kept_roll import picked_row
from unbroken.words.no_use import (
    COMMITTED,
    NO_USE,
    attack_no_use,
    extra_turn_only,
    last_use,
    note_of,
    use_no_use,
)
from unbroken.words.no_use_why import keeping_note, rest_after, rests_instead, unpaid_note
from unbroken.words.option_notes import marked_row as marked_row
from unbroken.words.option_notes import (
    row_reason,
    said_before_chance,
    said_once,
    still_to_come,
)
from unbroken.words.option_notes import shared_note as shared_note
from unbroken.words.paying import cannot_pay, paid_note, paid_sentence
from unbroken.words.prompts import EXTRA_ATTACK_NOTE, gives_extra_attack
from unbroken.words.removal import removal_note
from unbroken.words.scoring import Scores, score_note
from unbroken.words.table import check_complete, words_for
from unbroken.words.thresholds import with_threshold
from unbroken.words.turn_notes import TAKES_TURN as TAKES_TURN
from unbroken.words.turn_notes import pending_note, turn_note
from unbroken.words.vocabulary import (
    ABILITY_USE,
    LIMIT_WORDS,
    amounts,
    attack_name,
    full_stop,
    limit_once,
    merge_note,
    times,
)
from unbroken.words.weapon_rules import weapon_rule_notes, weapon_rule_sentences

#: The menu text of each action type: fn(action, state, ruleset) -> text.
LABELS: dict[type, Callable[[Any, GameState, Ruleset], str]] = {}


def label(action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return the menu text of a legal action, with its cost."""
    return LABELS[type(action)](action, state, ruleset)


@words_for(LABELS, act.Explore)
def _explore(_: act.Explore, _state: GameState, _ruleset: Ruleset) -> str:
    return "Explore (go to the Exploration step)"


@words_for(LABELS, act.Fight)
def _fight(_: act.Fight, state: GameState, _ruleset: Ruleset) -> str:
    return "Fight the monster now" if state.decision == DecisionKind.PREPARATION else "Fight"


@words_for(LABELS, act.Focus)
def _focus(_: act.Focus, _state: GameState, ruleset: Ruleset) -> str:
    st = ruleset.settings
    return f"Focus: pay {amounts(st.focus)}, gain {amounts(st.focus_gain)}"


@words_for(LABELS, act.Inspiration)
def _inspiration(_: act.Inspiration, _state: GameState, ruleset: Ruleset) -> str:
    st = ruleset.settings
    return f"Inspiration: pay {amounts(st.inspiration)}, gain {amounts(st.inspiration_gain)}"


@words_for(LABELS, act.Plan)
def _plan(_: act.Plan, _state: GameState, ruleset: Ruleset) -> str:
    st = ruleset.settings
    return f"Plan: pay {amounts(st.plan)}, gain {amounts(st.plan_gain)}"


@words_for(LABELS, act.Orienteer)
def _orienteer(_: act.Orienteer, state: GameState, ruleset: Ruleset) -> str:
    st = ruleset.settings
    text = f"Orienteer: pay {amounts(st.orienteer)}, reveal {st.orienteer_reveal} more cards"
    return text + (COMMITTED if state.committed else "")


@words_for(LABELS, act.Scout)
def _scout(_: act.Scout, state: GameState, ruleset: Ruleset) -> str:
    st = ruleset.settings
    return f"Scout: pay {amounts(st.scout_cost[state.level - 1])}, reveal the monster"


@words_for(LABELS, act.Craft)
def _craft(action: act.Craft, state: GameState, ruleset: Ruleset) -> str:
    n = ruleset.card_name
    weapon = ruleset.weapons[state.weapons[-1]]
    up = next(u for u in weapon.upgrades if u.to == action.weapon)
    return f"Craft the {n(action.weapon)}: pay {amounts(up.cost)}"


@words_for(LABELS, act.Downgrade)
def _downgrade(_: act.Downgrade, state: GameState, ruleset: Ruleset) -> str:
    # Where it leaves you: round 14's player read "give up the Sword" as free, not knowing
    # the Knife came back (that it takes the battle turn is said by `option_text`).
    n = ruleset.card_name
    text = f"Downgrade: give up the {n(state.weapons[-1])} for good"
    if len(state.weapons) < 2:
        return text
    return f"{text} (back to your {n(state.weapons[-2])})"


@words_for(LABELS, act.Use)
def _use(action: act.Use, state: GameState, ruleset: Ruleset) -> str:
    ability = ruleset.ability(action.source, action.ability)
    if ability is None:
        return f"Use {action.ability}"
    # A class ability also takes one of the level's ability uses (R-ABILITY-1).
    parts = [f"pay {amounts(ability.cost)}"] if ability.cost else []
    if action.source in ruleset.classes:
        parts.append(ABILITY_USE)
    # An action's words in short, its cost once (round 28); its limit in the head, once.
    own, limit = limit_once(LIMIT_WORDS.get(ability.limit, ""), ability_words(ability, ruleset))
    cost = f" ({', '.join([*parts, limit] if limit else parts)})" if parts or limit else ""
    text = f"{ability_name(ruleset, action.source, ability)}{cost}: {own}"
    text = merge_note(text, note_of(use_no_use(action, state, ruleset)), into=False)
    return merge_note(text, extra_turn_only(ability, state, ruleset), into=False)


@words_for(LABELS, act.ChooseEncounter)
def _choose_encounter(action: act.ChooseEncounter, state: GameState, ruleset: Ruleset) -> str:
    card = ruleset.encounters[action.card]
    text = f"{ruleset.card_name(card.id)}: {encounter_text(card, ruleset, state.level)}"
    text, held = weapons_held(text, card, state, ruleset)  # R-REWARD-2
    rules = Query(ruleset, state)
    if rules.can_pay(card.spend):  # said before it is kept, as its Resolve will say it
        text = merge_note(text, held)
        text = merge_note(text, paid_note(state, rules, dict(card.spend), dict(card.gain)))
        text = merge_note(text, removal_note(card, state, ruleset))
        # What keeping it does instead, as "cannot pay" says it (committed: no Rest).
        text = rest_after(text, keeping_note(card, state, ruleset))
    elif state.committed:  # R-TRAVEL-5: "(time 1; cannot pay: …)", one bracket with its
        # time; the player then accepts gaining nothing (the session shows Forfeit).
        text = merge_note(text, unpaid_note(card, state, ruleset))
    else:  # only Rest is left
        text += unpaid_note(card, state, ruleset)
    alike = state.revealed.count(card.id)
    if alike > 1:  # one option for copies revealed together (#28 round 13: "one is missing")
        text = merge_note(text, f" (revealed {times(alike)}: one choice)")
    return text + no_next_level(card.effects, state, ruleset)


@words_for(LABELS, act.Resolve)
def _resolve(_: act.Resolve, state: GameState, ruleset: Ruleset) -> str:
    n = ruleset.card_name
    card = ruleset.encounters[state.chosen]
    text, held = weapons_held(
        f"Resolve {n(card.id)}: {encounter_text(card, ruleset, state.level)}", card, state, ruleset
    )
    text = merge_note(text, held)
    if Query(ruleset, state).can_pay(card.spend):  # else "(cannot pay)" is its one reason
        text = merge_note(text, removal_note(card, state, ruleset))  # as kept
        if state.committed:  # no Rest beside it (R-TRAVEL-7): what it costs for nothing
            text = merge_note(text, keeping_note(card, state, ruleset))
    return text + no_next_level(card.effects, state, ruleset)


@words_for(LABELS, act.Rest)
def _rest(_: act.Rest, state: GameState, ruleset: Ruleset) -> str:
    card = ruleset.encounters[state.chosen]
    # What is gained, the caps counted: the cap's loss is said once, after the time
    # (`cap_note`): "Rest: gain 1 SE (time 2; 1 SE lost to the cap 20)" (#28 round 17).
    got = Query(ruleset, state).rest(card.id).amounts
    return f"Rest: gain {amounts(got) if any(got.values()) else 'nothing'} (time {card.time})"


@words_for(LABELS, act.Forfeit)
def _forfeit(_: act.Forfeit, state: GameState, ruleset: Ruleset) -> str:
    card = ruleset.encounters.get(state.chosen)
    if card is None:
        return "Accept that you cannot pay: gain nothing, lose the time"
    # R-TRAVEL-7: committed to this card, with no Rest; say which and what it asked.
    return (
        f"Accept that you cannot pay {ruleset.card_name(card.id)}'s {amounts(card.spend)}: "
        f"gain nothing, "
        f"lose {card.time} time"
    )


@words_for(LABELS, act.Trick)
def _trick(_: act.Trick, state: GameState, ruleset: Ruleset) -> str:
    mo = ruleset.monsters[state.monster.id]  # type: ignore[union-attr]  # Trick: in combat
    trick = mo.trickery
    parts = [f"pay {amounts(trick.cost)}"] if trick and trick.cost else []
    if trick and trick.downgrade:
        parts.append("downgrade your weapon")
    price = " and ".join(parts) or "pay nothing"
    return f"Trick the {ruleset.card_name(mo.id)}: {price}; no battle, no rewards"


@words_for(LABELS, act.Attack)
def _attack(action: act.Attack, state: GameState, ruleset: Ruleset) -> str:
    return attack_label(action, state, ruleset)


@words_for(LABELS, act.Skip)
def _skip(_: act.Skip, _state: GameState, _ruleset: Ruleset) -> str:
    return "Skip your turn"


@words_for(LABELS, act.Pass)
def _pass(_: act.Pass, state: GameState, ruleset: Ruleset) -> str:
    n = ruleset.card_name
    if state.decision == DecisionKind.CHOOSE_WEAPON:  # R-REWARD-2: a weapon may be declined
        return f"Take none (keep the {n(state.weapons[-1])})"
    if state.decision == DecisionKind.EXTRA_ATTACK:  # Wrecker's Follow Up, used: not "Pass"
        return "No extra attack"
    return "Pass (use nothing more)"


@words_for(LABELS, act.PickRoll)
def _pick_roll(action: act.PickRoll, state: GameState, ruleset: Ruleset) -> str:
    return picked_row(action, state, ruleset)[0]


@words_for(LABELS, act.PayInstead)
def _pay_instead(_: act.PayInstead, state: GameState, ruleset: Ruleset) -> str:
    mod = ""
    for ability in ruleset.card_abilities(state.monster.id if state.monster else ""):
        for x in ability.modifiers:
            if isinstance(x, m.RollInstead):
                mod = amounts(x.amounts)
    return f"Pay {mod} instead of rolling"


@words_for(LABELS, act.Roll)
def _roll(_: act.Roll, state: GameState, ruleset: Ruleset) -> str:
    """ "Roll the die", with what the roll must beat when the condition's check is against
    its tokens and a failure loses the turn (Paralyzed, R-COND-2): at 6 no face passes."""
    cid = state.choices[0] if state.choices else ""
    card = ruleset.conditions.get(cid)
    tokens = next((c.tokens for c in state.conditions if c.id == cid and c.active), 0)
    if card is None or not locks_turns(card, max(tokens, 6)):
        return "Roll the die"
    if locks_turns(card, tokens):
        name = ruleset.card_name(cid)
        return f"Roll the die: no face is above {name}'s {tokens}, so your turn is lost"
    return f"Roll the die: your turn is lost unless it shows more than {tokens}"


@words_for(LABELS, act.ChooseSkill)
def _choose_skill(action: act.ChooseSkill, _state: GameState, ruleset: Ruleset) -> str:
    skill = ruleset.skills[action.skill]
    return f"Keep {ruleset.card_name(skill.id)}: " + " ".join(when_text(a) for a in skill.abilities)


@words_for(LABELS, act.ChooseWeapon)
def _choose_weapon(action: act.ChooseWeapon, state: GameState, ruleset: Ruleset) -> str:
    # "the Club is weaker than your Spear, yet you would fight with it: …" (#28 round 22, 24)
    over = taking_note(state, [action.weapon], ruleset)
    attacks = attacks_short(action.weapon, state, ruleset)  # what it does (30a-14)
    text = f"Take the {ruleset.card_name(action.weapon)}: {attacks}"
    return text + (f" ({over})" if over else "")


@words_for(LABELS, act.ChooseCondition)
def _choose_condition(action: act.ChooseCondition, _state: GameState, ruleset: Ruleset) -> str:
    n = ruleset.card_name
    return f"Remove {n(action.condition)}"


@words_for(LABELS, act.Eat)
def _eat(action: act.Eat, _state: GameState, _ruleset: Ruleset) -> str:
    return f"Eat {action.food} food"


check_complete(LABELS, act.Action, "action types")


def taken_back(action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return what `u` says of the decision it took back: "Taken back: <its label>.", one
    full stop even where the label ends in one (a card's text, #28 round 11: `full_stop`)."""
    return f"Taken back: {full_stop(label(action, state, ruleset))}"


def own_words(action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return an option's own words as its row says them, with "(it takes your turn)"
    where it ends the battle turn (`turn_note`): the detail line said Downgrade without it
    (#28 round 19), and the cards still pending as its row says them (`pending_note`: round
    24's detail line said "Explore (go to the Exploration step)" under "Explore (1 more card
    pending; …)")."""
    text = turn_note(label(action, state, ruleset), action, Query(ruleset, state))
    return pending_note(text, action, state, ruleset)


def use_name(action: act.Use, ruleset: Ruleset) -> str:
    """Return the ability used by its name as its option names it ("Snare [Hunter]",
    "Ambusher"), without its cost."""
    ability = ruleset.ability(action.source, action.ability)
    return shown_ability(ruleset, action.source, ability.name if ability else action.ability)


def option_text(
    action: act.Action,
    why: str,
    state: GameState,
    ruleset: Ruleset,
    forecast: Forecast | None = None,
    shared: str = "",
    scores: Scores | None = None,
) -> str:
    """Return an option as a menu shows it: its label, or one that cannot be taken now
    with why ("Cold Logic [Sage] (pay 2 cunning, 1 ability use) (cannot pay)",
    the ability's text left for when it can be used). One that can be taken says what
    its forecast holds (made here unless given), unless that is the note `shared` by
    every option (said once, under the prompt: `shared_note`). `scores`: the other
    scorings in play (the plugins'), for the score a winning option gives in each."""
    text = label(action, state, ruleset)
    if not why:
        rules = Query(ruleset, state)
        f = forecast or rules.forecast(action)
        row = ""
        if isinstance(action, act.Attack):
            text = attack_label(action, state, ruleset, f)
            text = merge_note(text, note_of(attack_no_use(action, state, ruleset, f)))
        elif isinstance(action, act.PickRoll):
            text, row = picked_row(action, state, ruleset, f)
        # R-RES-4: a shortfall paid with higher effort, said with why (or as no use).
        # One bracket: "pay 2 SE (Hex of Heaviness +1; paid as 2 ME: …)".
        converts = not isinstance(action, act.Attack)  # an attack wounds: of use
        text = merge_note(text, paid_note(state, rules, rules.cost(action), f.gained, converts))
        text = pending_note(turn_note(text, action, rules), action, state, ruleset)
        text = with_threshold(text, action, state, ruleset, f)  # what it counts (round 23)
        # R-RES-2: what the caps take of its gains (of resolving it, for a card kept).
        gains = resolving(action, f, ruleset) if isinstance(action, act.ChooseEncounter) else f
        if gains is not None and "no use now" not in text:  # one is enough
            at_cap = cap_note(gains, ruleset, own_card(action, state))
            text = merge_note(text, at_cap)
            if isinstance(action, act.ChooseEncounter) and "no use now" in at_cap:
                # Kept only to rest on it, said as Sacred Pool's is (34b-6: Crumbs of a
                # Hoard's "(no use now: treasure is at the cap 7)" said no rest).
                card = ruleset.encounters[action.card]
                text = rest_after(text, keeping_note(card, state, ruleset, capped=True))
        note = forecast_note(f, ruleset, own_card(action, state), state.weapons[-1], state)
        # What the line says already is not said again ("Keep the 1: MISS (no effect)").
        note = "; ".join(
            x
            for x in note.split("; ")
            if f"({x.partition(': ')[2]})" not in text and not (row and x.startswith(f"{row}: "))
        )
        ahead = (
            EXTRA_ATTACK_NOTE if gives_extra_attack(f) else "",
            no_reward(f, ruleset),  # the Lich's: "defeats it: no reward" (round 29)
            "; ".join(weapon_rule_notes(f, state, ruleset)),  # the monster's (37a-11)
            defeat_responses(f, ruleset),  # windows the forecast passed
            lowered_next(action, f, state, ruleset),  # a later window's Response
            # R-HUNGER-3; none where keeping it is to rest (#28 round 26: the food kept)
            ""
            if rests_instead(action, state, ruleset, f)
            else hunger_note(state, gains or f, ruleset),
            score_note(f, state, ruleset, scores),  # R-SCORE-1; `scores`: the plugins'
        )
        note = "; ".join(x for x in (note, *ahead) if x)
        if isinstance(action, act.Attack) and f.defeated:
            text, note = defeat_last(text, note)
        elif kills(f):  # an ability's kill, said as a weapon's (round 11: "— reward …")
            note = defeat_note(note)
        note, warned = said_once(note, warnings(f, state, ruleset), shared)
        if note or warned:  # no full stop before the dash (#28 round 28: "power. — defeats")
            text = text.removesuffix(".")
        if note:
            text += f" — {note}"
        return "".join([text, *(f" — ⚠ {w}" for w in warned)])
    if why == CANNOT_PAY or f"; {CANNOT_PAY}" in why:  # "no armor to break; cannot pay" too
        # Say what could pay it: ME and LE pay what SE lacks (R-RES-4).
        said = cannot_pay(state, Query(ruleset, state).cost(action))
        why = why.replace(CANNOT_PAY, said, 1) if said else why
    if isinstance(action, act.Attack) and not why.startswith(CANNOT_PAY):  # armor: short
        text = f"Attack with {attack_name(action.attack)}"
    elif isinstance(action, act.Downgrade):  # Bare Hands only: nothing to name
        text = "Downgrade"
    elif isinstance(action, act.Use) and why.startswith(CANNOT_PAY):
        pass  # what it does kept, then why, as Focus's row (37b-5: "0. Trapper (pay 1
        # wood + 1 time; cannot pay)" said nothing of its 2 food)
    elif isinstance(action, act.Use):  # what it would do waits for when it can be done
        head = text.partition(": ")[0]
        if head.endswith(")"):  # "(pay 1 cunning, 1 ability use; cannot pay)"
            return f"{head[:-1]}; {why})"
        text = head
    if isinstance(action, act.Attack) and text.endswith(")"):  # "(Hex of Heaviness +1; …)"
        return f"{text[:-1]}; {why})"
    return f"{text} ({row_reason(why)})"  # "(not now: committed to the next encounter)"


def option_detail(
    action: act.Action, state: GameState, ruleset: Ruleset, forecast: Forecast | None = None
) -> str:
    """Return the detail line of a legal option (under the options): each rule that acts
    in its card's words and what chance decides next, or the option's own text when no
    rule acts, then its warnings in full (an ambush, certain starvation, a monster you
    cannot wound). `forecast`: the option's, when made already."""
    rules = Query(ruleset, state)
    f = forecast or rules.forecast(action)
    warned = " ".join(warning_sentences(f, ruleset, state))
    more = forecast_detail(f, ruleset, own_card(action, state), state.weapons[-1], state, False)
    if idle := attack_no_use(action, state, ruleset, f):  # why it is marked, first, short
        more = f"No use now: {idle}. {more}".strip()  # (#28 rounds 18 and 28)
    mo = state.monster
    if mo is not None and kills(f):  # a weapon's and an ability's kill alike, Responses too
        # Said first, as its row says it (#28 round 19: its row cut before "— defeats it",
        # the line under the list said only the reward; round 26: not Second Wind's +3 SE).
        more = f"{defeat_sentence(f, ruleset, mo.id)} {more}".strip()
    if not more:
        more = full_stop(own_words(action, state, ruleset))
    # What the weapon it leaves changes of the known monster's rules (#28 round 37).
    weapon = " ".join(weapon_rule_sentences(f, state, ruleset))  # its warnings: below
    more = f"{more} {weapon}" if weapon else more
    # R-RES-4 in full: "Paid as 3 SE + 1 ME: short of SE, ME pays the rest, R-RES-4."
    converts = not isinstance(action, act.Attack)  # as option_text marks it
    paid = paid_sentence(state, rules, rules.cost(action), f.gained, converts)
    more = f"{more} {paid}" if paid else more
    gains = resolving(action, f, ruleset) if isinstance(action, act.ChooseEncounter) else f
    taken = cap_sentence(gains, ruleset, own_card(action, state)) if gains is not None else ""
    more = f"{more} {taken}" if taken else more
    kept = action if isinstance(action, act.ChooseEncounter) else None
    if kept and taken and NO_USE not in more and rests_instead(kept, state, ruleset, f):
        # Kept only to rest on it, as its row says (34b-6: Crumbs of a Hoard at the cap).
        card = ruleset.encounters[kept.card]
        more = f"{more} No use now: {keeping_note(card, state, ruleset, capped=True)[2:-1]}."
    later = still_to_come(action, state, ruleset, f)
    last = last_use(action, state, f, ruleset) or later
    # Of no use now, the use it would spend is beside the point: the reason is said whole
    # (#28 round 17: "(no use now: you are committed to 1…" cut by the last use's words).
    last = "" if "no use now" in more.lower() else last  # the payment's too (round 20)
    if last and last == later:  # before what chance decides next, as it comes (36b-6)
        more = said_before_chance(more, later, f, ruleset)
    else:
        more = f"{more} {last}" if last else more
    # Its own words first, its warnings after (README; #28 round 27: "⚠ Time runs out: the
    # monster ambushes you. Petrified Grove: …").
    return f"{more} {warned}" if warned else more


def ability_name(ruleset: Ruleset, source: str, ability: m.Ability) -> str:
    """Return how an ability is named in a prompt: a skill by the card's own name
    ("Brute Force", its ability beside it when it has several: "Wrecker (Follow Up)"),
    a class's or a condition's ability by its name and its card ("Cold Logic [Sage]")."""
    return shown_ability(ruleset, source, ability.name)
