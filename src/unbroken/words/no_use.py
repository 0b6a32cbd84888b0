"""An option that can do nothing now, in words: "(no use now: …)" beside it, every such
note made by `note_of` from its reason, the reasons from their sources (an ability's:
`ability_no_use`; every option's first: `words.no_use_why.option_no_use`); and what taking
the level's last ability use leaves without one (`last_use`)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.forecast import Forecast
from unbroken.core.query import (
    ARMOR_IGNORED,
    IDLE,
    MISSED,
    ROLL_EFFECTS,
    SAME_ROW,
    WORSE,
    Query,
    clamp_die,
)
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState

#: The words of an option that can be taken but would do nothing now: "(no use now: …)",
#: or within its bracket, "(time 4; no use now: no condition in play)". Front ends ask
#: `words.no_use_why.option_no_use`, not these words.
NO_USE = "no use now"


def note_of(reason: str) -> str:
    """Return the note an option's line says of a `reason` it is of no use now: " (no use
    now: the monster missed)"; "" for no reason. Every such note is made here."""
    return f" ({NO_USE}: {reason})" if reason else ""


#: Why revealing more cards is no use (R-TRAVEL-7: the next Exploration reveals 1 card).
COMMITTED_WHY = "you are committed to 1 card"
COMMITTED = note_of(COMMITTED_WHY)


def no_use(ability: m.Ability, state: GameState, ruleset: Ruleset) -> str:
    """Return the note of an ability that can do nothing now (`ability_no_use`), "" when
    it can."""
    return note_of(ability_no_use(ability, state, ruleset))


def ability_no_use(ability: m.Ability, state: GameState, ruleset: Ruleset) -> str:
    """Return why an ability that only changes the die (or reveals, breaks armor, gains)
    can do nothing or worse now, "" when it can.

    Dodge on a roll that already comes to 1 costs its SE and a use for nothing
    (the result is clamped to 1-6, R-EFFECT-4); Sidestep from the Troll's 3 to its 2
    too: both rows lose 3 SE (the core's `Query.cannot_help`, SAME_ROW); from the Wyvern's
    3 (lose 3 SE) to its 2 (lose 4 SE) is worse (WORSE); a re-roll of a HEAL at full
    health, where every other row costs you, is no use (MISSED).
    """
    effects = ability.effects
    mo = state.monster
    lacks = keyword_lacked(ability, state, ruleset)
    if lacks:  # Plate Splitter against the Mound Crawler's plain armor (31b-7)
        return lacks
    kept = loss_kept(ability, state, ruleset)
    if kept:  # Just a Scratch on 2 SE that Armored makes 1 anyway (#28 round 28)
        return kept
    if effects and all(isinstance(e, m.RevealMore) for e in effects) and state.committed:
        return COMMITTED_WHY  # the next Exploration reveals 1 card whatever (R-TRAVEL-7)
    if effects and all(isinstance(e, (m.BreakArmor, m.ExtraTurn)) for e in effects):
        # Snare against a bare hide, or where armor stops no wound (Weak Spot, #28 round 26);
        # Inventive's "then take another turn" only gives its turn back (the core's, 33a-3)
        why = Query(ruleset, state).cannot_help(effects)
        return armor_why(state, ruleset) if why == ARMOR_IGNORED else why
    if effects and all(isinstance(e, m.Gain) for e in effects):
        return gains_at_cap(effects, state, ruleset)
    if not effects or not all(isinstance(e, ROLL_EFFECTS) for e in effects) or not state.roll:
        return ""
    shift = all(isinstance(e, m.ModifyRoll) for e in effects)
    change = sum(e.amount for e in effects if isinstance(e, m.ModifyRoll))
    now = clamp_die(state.roll + state.roll_bonus)  # R-EFFECT-3/4
    after = clamp_die(state.roll + change + state.roll_bonus)
    if shift and after == now:
        return f"the roll comes to {now} either way"
    if state.trigger != "after_monster_roll" or mo is None:
        return ""
    # The core's one answer, the rows compared by what they do (#28 rounds 16 and 19).
    why = Query(ruleset, state).cannot_help(effects)
    if why == SAME_ROW:  # the Troll's WOUND 3 to WOUND 2
        # Named in ascending order (36a-8: "rows 2 and 1 do the same" read backwards).
        low, high = sorted((now, after))
        return f"rows {low} and {high} do the same" if shift else "every row does the same"
    if why == MISSED:
        return "the monster missed"
    if why == IDLE:  # the Troll's HEAL at full health
        # The monster named: "its HEAL" read as the Response's (#28 round 30, 30b-17).
        row = ruleset.monsters[mo.id].table[now - 1].result
        return f"the {ruleset.card_name(mo.id)}'s {row} does nothing now"
    if why == WORSE:  # the Wyvern's lose 3 SE to its lose 4 SE
        return f"row {after} is worse for you" if shift else "every other row is worse for you"
    return ""


#: An armor-breaking action at armor 0 whose extra turn still changes something (33a-3).
ONLY_EXTRA_TURN = " (no armor to break: only the extra turn)"


def extra_turn_only(ability: m.Ability, state: GameState, ruleset: Ruleset) -> str:
    """Return what an action that breaks armor and gives another turn still does against
    a monster with no armor left, where its turn's end and start change something (a
    weapon set aside counts a turn, a once-a-turn use is freed: the core's
    `turn_given_back` says no, so it is of use): ONLY_EXTRA_TURN; "" otherwise (of no use
    at all: `ability_no_use` says so)."""
    mo, effects = state.monster, ability.effects
    if mo is None or mo.armor or ability.type != "action":
        return ""
    if not any(isinstance(e, m.BreakArmor) for e in effects):
        return ""
    if not all(isinstance(e, (m.BreakArmor, m.ExtraTurn)) for e in effects):
        return ""
    return ONLY_EXTRA_TURN if not ability_no_use(ability, state, ruleset) else ""


def loss_kept(ability: m.Ability, state: GameState, ruleset: Ruleset, pending: int = 0) -> str:
    """Return why a Response that only lowers a WOUND's loss of `pending` SE (the state's
    pending loss when 0) leaves it as it will be anyway, after the Passives that act next
    (R-EFFECT-3): "Armored already makes it 1 SE" (#28 round 28: Just a Scratch, 1 less,
    minimum 1, on the Basilisk's 2 SE that Armored's 1 less makes 1); "" where it lowers
    it (Tough as Nails on 3 SE with Armored saves 1 SE). Words only: the core still offers
    it (a rules change would move the recordings)."""
    pending = pending or state.pending_loss
    effects = ability.effects
    if not pending or not effects or not all(isinstance(e, m.ReduceLoss) for e in effects):
        return ""
    lowered = pending
    for e in effects:  # as the core lowers it (core/effects.py)
        if isinstance(e, m.ReduceLoss):
            lowered = max(e.minimum, lowered - e.amount)
    rules = Query(ruleset, state)
    after = rules.loss_after_passives(pending)
    if rules.loss_after_passives(lowered) < after:
        return ""
    names = " and ".join(dict.fromkeys(ruleset.card_name(c) for c, _ in rules.loss_passives()))
    if names and after != pending:
        return f"{names} already makes it {after} SE"
    return f"it stays {after} SE"


def keyword_lacked(ability: m.Ability, state: GameState, ruleset: Ruleset) -> str:
    """Return why an ability that acts only against a monster with a keyword does nothing
    against the one in play, which lacks it: "the Mound Crawler is not Armored" (31b-7:
    Plate Splitter's "+2 power against an Armored monster" did nothing against armor 3/3,
    the attack read "wound 5" and the Pass taken said only "it would do nothing here").
    The core decides which keywords it lacks (`Query.keywords_lacked`: every effect a
    handler given the `keyword` it needs, as Gauntlet's `against`); this names them by
    their cards; "" for any other."""
    mo = state.monster
    wanted = Query(ruleset, state).keywords_lacked(ability.effects)
    if mo is None or not wanted:
        return ""
    named = {kw.split(":", 1)[-1]: card.name for kw, card in ruleset.keywords.items()}
    said = " or ".join(dict.fromkeys(named.get(w, w.replace("-", " ").title()) for w in wanted))
    return f"the {ruleset.card_name(mo.id)} is not {said}"


def skill_lacks(skill: str, state: GameState, ruleset: Ruleset) -> str:
    """Return why a skill held does nothing against the monster in play where each of its
    abilities needs a keyword the monster lacks (`keyword_lacked`): the Hand says it beside
    the skill's name (31b-7); "" for any other."""
    card = ruleset.skills.get(skill)
    said = {keyword_lacked(a, state, ruleset) for a in card.abilities} if card else set()
    return said.pop() if len(said) == 1 else ""


def armor_why(state: GameState, ruleset: Ruleset) -> str:
    """Return why breaking armor is no use where it stops no wound, naming the Passive that
    makes it so in its own words: "with Weak Spot, wounding weapon attacks ignore armor"
    (31a-9: "with Weak Spot your wounding attacks ignore armor" beside the Passive's
    "Wounding weapon attacks ignore armor." left open whether an ability's wounds count;
    they do not: R-BATTLE-3, core.combat)."""
    passives = Query(ruleset, state).armor_passives()
    names = sorted({name for _, name in passives})
    said = {passive_words(src, name, ruleset) for src, name in passives}
    words = said.pop() if len(said) == 1 else ARMOR_IGNORED
    return f"with {' and '.join(names)}, {words}" if names else ARMOR_IGNORED


def passive_words(card: str, name: str, ruleset: Ruleset) -> str:
    """Return a Passive's own text as a clause: "wounding weapon attacks ignore armor" of
    Weak Spot's "Wounding weapon attacks ignore armor." (ARMOR_IGNORED when it has none)."""
    text = next((a.text for a in ruleset.card_abilities(card) if a.name == name), "")
    text = text.strip().removesuffix(".")
    return f"{text[:1].lower()}{text[1:]}" if text else ARMOR_IGNORED


def use_no_use(action: act.Use, state: GameState, ruleset: Ruleset) -> str:
    """Return why an ability's option can do nothing now, as its label says it: the
    ability's own reason (`ability_no_use`), else a roll no change can help, else nothing
    it would do here (R-DIGI-4, core.pointless); "" when it can."""
    ability = ruleset.ability(action.source, action.ability)
    if ability is None:
        return ""
    why = ability_no_use(ability, state, ruleset)
    rules = Query(ruleset, state)
    if not why and rules.roll_cannot_help(list(ability.effects)):
        why = "the monster missed"  # R-DIGI-4, core.pointless
    if not why and rules.does_nothing(action):
        why = "it would do nothing here"  # R-DIGI-4, core.pointless
    return why


#: Why an attack is no use: it wounds 0 and breaks nothing, its cost is all it does.
WOUNDS_NOTHING_WHY = "it wounds 0"
WOUNDS_NOTHING = note_of(WOUNDS_NOTHING_WHY)


def wounds_nothing(f: Forecast) -> bool:
    """Return whether a wounding attack's forecast does nothing but pay: its power comes to
    0 after the Passives (the Iron Beetle's Armored on a Quick cut of 1, #28 round 18), it
    breaks no armor, no guard takes it (lowering a guard is of use), no Response window
    comes on the way (one could still add power) and no rule acts but the Passives that
    took its power."""
    if not isinstance(f.action, act.Attack) or f.power != 0 or f.printed_power is None:
        return False
    if f.guarded or f.wounds or f.armor_broken or f.defeated or f.passes:
        return False
    if f.gained or f.conditions_gained or f.weapon:
        return False
    if not any(isinstance(e, ev.AttackChosen) and e.kind == "wound" for e in f.events):
        return False  # a break attack says "break 0 armor" already
    return all(a.passive == "power" for a in f.rules)


def attack_no_use(action: act.Action, state: GameState, ruleset: Ruleset, f: Forecast) -> str:
    """Return why a weapon attack can do nothing now, "" when it can: it wounds 0
    (`wounds_nothing`), or it only breaks armor that stops none of your wounds, as Snare's
    reason says it (#28 round 28: Crack with Weak Spot; the core's `attack_cannot_help`)."""
    if not isinstance(action, act.Attack):
        return ""
    if wounds_nothing(f):
        return WOUNDS_NOTHING_WHY
    if Query(ruleset, state).attack_cannot_help(action) == ARMOR_IGNORED:
        return armor_why(state, ruleset)
    return ""


def gains_at_cap(effects: list[m.Effect], state: GameState, ruleset: Ruleset) -> str:
    """Return why an ability that only gains what the caps would all take is no use
    (R-RES-2), as the rules' own gain says (`Query.gained`); "" when it gains some."""
    wanted: dict[str, int] = {}
    for e in effects:
        for k, n in e.amounts.items() if isinstance(e, m.Gain) else ():
            if n > 0:
                wanted[k] = wanted.get(k, 0) + n
    if not wanted or Query(ruleset, state).gained(wanted).amounts:
        return ""
    full = " and ".join(m.RESOURCE_NAMES.get(k, k) for k in sorted(wanted))
    return f"{full} {'is' if len(wanted) == 1 else 'are'} at the cap"


def last_use(action: act.Action, state: GameState, f: Forecast, ruleset: Ruleset) -> str:
    """Return what taking the level's last ability use leaves the class's other Responses
    (R-ABILITY-1), for the detail line: "Your last ability use this level: none left for
    Flexible (skill-draw Response) or Dodge (battle Response)." (#28 round
    11: Delve took the only use, Last Rites then could not respond, said only afterwards;
    round 30: what each is, `RESPONSE_WHEN`)."""
    others = left_without(action, state, f, ruleset)
    return f"Your last ability use this level: none left for {others}." if others else ""


def last_use_short(action: act.Action, state: GameState, f: Forecast, ruleset: Ruleset) -> str:
    """Return `last_use` said short, for a detail line that would cut it whole: "None left
    for Warding Sign (battle Response)." (#28 round 25: "Dangerous Idea
    [Sage] (1 ability use). Your / last ability use this level: none left for…" at 80x24
    never said for what; round 30: "Last use this level: none for Warding Sign (battle
    Response)." was cut again at 80x24, its ability use said by the option before it)."""
    others = left_without(action, state, f, ruleset)
    return f"None left for {others}." if others else ""


def left_without(action: act.Action, state: GameState, f: Forecast, ruleset: Ruleset) -> str:
    """Return the class's other Responses that can still come this level, joined by "or",
    each said with what it is (`RESPONSE_WHEN`; those alike once: "I've Seen Worse or Just
    a Scratch (battle Responses)"), when the option takes the level's last ability use; ""
    when it does not."""
    if not isinstance(action, act.Use) or action.source not in ruleset.classes:
        return ""
    if not state.ability_uses or f.after.ability_uses:
        return ""
    rules = Query(ruleset, state)
    kinds: dict[str, list[str]] = {}
    for a in ruleset.classes[action.source].abilities:
        if a.type == "response" and a.id != action.ability and rules.can_still_fire(a.trigger):
            kinds.setdefault(RESPONSE_WHEN.get(a.trigger, "Response"), []).append(a.name)
    return " or ".join(
        f"{' or '.join(names)} ({kind}{'s' if len(names) > 1 else ''})"
        for kind, names in kinds.items()
    )


#: What a class Response left without an ability use is, said with its name (#28 round
#: 30: "none left for Warding Sign." named a card in no option, the Hand's abilities
#: hidden under "more", and nothing said it is a battle Response): when it can respond.
RESPONSE_WHEN: dict[str, str] = {
    **dict.fromkeys(
        (
            "battle_start",
            "before_player_turn",
            "after_attack_chosen",
            "after_armor_break",
            "after_monster_roll",
            "wound_loss",
            "monster_defeated",
        ),
        "battle Response",
    ),
    "before_skill_gain": "skill-draw Response",
    "ambush": "ambush Response",
    "level_end": "level-end Response",
}
