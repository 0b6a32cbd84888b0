"""Each event's line in the log: the table the Narrator (`words.events`) reads.

One small function per event type, registered with `words_for` and checked complete
at import (a new event without a line fails loudly); each is given the Narrator, for
what it remembers of the game so far, and the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.query import locks_turns
from unbroken.core.state import StepName
from unbroken.words.actions import ability_name
from unbroken.words.dice import check_failed, die_sides, picked_monster, roll_purpose
from unbroken.words.effects import pending_words, trickery_text
from unbroken.words.monster import danger_gains, turn_lock_text
from unbroken.words.outcomes import STEP_NAMES, death, killer
from unbroken.words.paying import substitution
from unbroken.words.roll_lines import ROLL_WORDS
from unbroken.words.table import check_complete, words_for
from unbroken.words.vocabulary import amounts, attack_name, plural

if TYPE_CHECKING:
    from unbroken.words.events import Narrator

#: The log's line of each event type: fn(narrator, event) -> text, or None for none.
EVENT_WORDS: dict[type, Callable[[Narrator, Any], str | None]] = {}


@words_for(EVENT_WORDS, ev.GameStarted)
def _game_started(nr: Narrator, e: ev.GameStarted) -> str | None:
    n = nr.name
    difficulty = nr.rules.difficulty_name(e.difficulty)
    return f"A new game: {n(e.character)} the {n(e.cls)}, {difficulty}, seed {e.seed}."


@words_for(EVENT_WORDS, ev.DeckShuffled)
def _deck_shuffled(_: Narrator, e: ev.DeckShuffled) -> str | None:
    src = " from its discard pile" if e.from_discard else ""
    return f"The {e.deck[:-1]} deck is shuffled{src}."


@words_for(EVENT_WORDS, ev.DieRolled)
def _die_rolled(nr: Narrator, e: ev.DieRolled) -> str | None:
    sides = die_sides(e.purpose, nr.rules, nr.level)
    # The die's kind only: what a 7 would bring read as the roll's result (#28 round 18).
    said = f"The die shows {e.value} ({roll_purpose(e.purpose, nr.rules, sides)})"
    picked = picked_monster(nr.rules, nr.level, e.value) if e.purpose == "monster" else ""
    if picked:
        return f"{said}: {picked}."
    failed = check_failed(e.purpose, e.value, nr.rules, nr.level)
    return f"{said}: {failed}." if failed else f"{said}."


@words_for(EVENT_WORDS, ev.StepEntered)
def _step_entered(nr: Narrator, e: ev.StepEntered) -> str | None:
    skipped = nr.tricking and e.step == StepName.BATTLE
    nr.tricking = e.step == StepName.TRICKERY
    sheet = nr.rules.monsters.get(nr.monster_id)
    if skipped and sheet is not None:
        # R-COMBAT-2: a trick that cannot be paid is not offered; say why not. A monster
        # with no trickery at all says so too (#28 round 10: the Lich's was in `cards` only).
        name = nr.name(sheet.id)  # "The battle begins." comes next
        if sheet.trickery is None:
            return f"The {name} cannot be tricked."
        return f"You cannot trick the {name} ({trickery_text(sheet)})."
    line = f"-- {e.phase.capitalize()} phase: {STEP_NAMES.get(e.step, e.step)} step --"
    if e.step == StepName.REWARDS and sheet is not None and not sheet.rewards:
        # R-REWARD-1: a card that gives nothing says so (#28 round 29: the Lich's silence).
        return f"{line}\nThe {nr.name(sheet.id)} gives no reward."
    return line


@words_for(EVENT_WORDS, ev.Gained)
def _gained(nr: Narrator, e: ev.Gained) -> str | None:
    text = f"You gain {amounts(e.amounts)}" if e.amounts else "You gain nothing"
    if e.lost_to_cap:
        text += f" ({amounts(e.lost_to_cap)} lost to the cap)"
    return f"{text} [{_ambush_tag(nr, nr.sources.gain_tag(e) or nr.tag(e.source), e.source)}]."


@words_for(EVENT_WORDS, ev.Spent)
def _spent(nr: Narrator, e: ev.Spent) -> str | None:
    if e.source in nr.rules.classes or e.source in nr.rules.skills:
        # An ability's cost comes just before its use: said with the use, under the
        # ability's name ("You use Warding Sign [Sage] (...): you pay 1 cunning"), not
        # as "You pay 1 cunning [Sage]" for a card with three abilities (#28 round 13).
        nr.paying = (e.source, amounts(e.amounts))
        return None
    return f"You pay {amounts(e.amounts)} [{nr.tag(e.source)}]."


@words_for(EVENT_WORDS, ev.Lost)
def _lost(nr: Narrator, e: ev.Lost) -> str | None:
    # What was asked, when substitution paid it otherwise ("1 SE asked: short of SE, ME
    # pays the rest, R-RES-4"): Poisoned's "lose 1 SE" taking ME is no riddle.
    paid, asked = e.amounts, e.asked
    # Time asked and SE paid for it: there is no time track (R-RES-7).
    track = (
        not asked.get("time") or paid.get("time", 0) > 0 or paid.get("se", 0) <= asked.get("se", 0)
    )
    why = substitution(asked, paid, track)
    said = f" ({amounts(asked)} asked: {why})" if asked and why else ""
    tag = _ambush_tag(nr, nr.sources.lost_tag(e) or nr.tag(e.source), e.source)
    return f"You lose {amounts(paid)} [{tag}]{said}."


def _ambush_tag(nr: Narrator, tag: str, source: str) -> str:
    """Return a loss's or gain's tag, said as the monster's ambush when it is one (round
    15: "[Gibberling]" read as one of its table's rows)."""
    if nr.step == StepName.AMBUSH and source == nr.monster_id:
        return f"{tag}'s ambush"
    return tag


def ambush_lines(lines: list[str]) -> list[str]:
    """Return the lines among `lines` that say what a monster's ambush did, tagged so
    ("You lose 2 time [Shrieking Fungus's ambush].", `_ambush_tag`, `_ambush_condition`)."""
    return [line for line in lines if "'s ambush]" in line]


def _ambush_condition(nr: Narrator, condition: str) -> str:
    """Return " [Giant Spider's ambush]" for a condition the monster's ambush gives, as
    its losses are tagged (#28 round 18: "You gain Poisoned now with 1 token." had no
    source beside "You lose 3 SE [Gibberling's ambush]"); "" for any other."""
    sheet = nr.rules.monsters.get(nr.monster_id)
    if nr.step != StepName.AMBUSH or sheet is None:
        return ""
    gives = {x.condition for x in sheet.ambush if isinstance(x, m.GainCondition)}
    return f" [{nr.name(sheet.id)}'s ambush]" if condition in gives else ""


@words_for(EVENT_WORDS, ev.TimeSet)
def _time_set(nr: Narrator, e: ev.TimeSet) -> str | None:
    if not e.track:
        return "The time track is gone: from now on time is paid in SE."
    # R-COMBAT-3: set as the Combat Phase begins (its Ambush or Trickery step), to the
    # next level's start, not this one's. Not "the fight has begun": at the Trickery step
    # the monster may still be tricked, no fight at all (31b-15).
    which = f"level {nr.level + 1}'s" if nr.level else "the next level's"
    return (
        f"The time track is set to {e.time}, {which} time (the Combat Phase has begun): "
        "time lost or spent from now on comes off it."
    )


@words_for(EVENT_WORDS, ev.AbilityUsesSet)
def _ability_uses_set(_: Narrator, e: ev.AbilityUsesSet) -> str | None:
    return f"Ability uses: {e.uses}."


@words_for(EVENT_WORDS, ev.AbilityUsed)
def _ability_used(nr: Narrator, e: ev.AbilityUsed) -> str | None:
    use = " (one ability use)" if e.ability_use else ""
    ability = nr.rules.ability(e.source, e.ability)
    if ability is None:
        nr.using[e.source] = e.ability
        return f"You use {e.ability} [{nr.name(e.source)}]{use}."
    # Named as the option named it ("Lucky", "Dangerous Idea [Sage]"): one name per card.
    shown = ability_name(nr.rules, e.source, ability)
    nr.using[e.source] = shown if e.source in nr.rules.skills else ability.name
    paid = nr.paid_for(e.source)
    return f"You use {shown}{use}{f': you pay {paid}' if paid else ''}."


@words_for(EVENT_WORDS, ev.MonsterRevealed)
def _monster_revealed(nr: Narrator, e: ev.MonsterRevealed) -> str | None:
    n = nr.name
    nr.monster = {"armor": e.armor, "health": e.health}
    nr.monster_id = e.monster
    said = f"The monster is revealed: {n(e.monster)} (armor {e.armor}, health {e.health})."
    if not e.danger:
        return said
    # One sentence of its own, the same in every log ("space 2, 1 skipped" read as a list).
    sheet = nr.rules.monsters.get(e.monster)  # the event's numbers include the track's
    gives = ""
    if sheet is not None:
        gift = m.DangerSpace("", max(0, e.armor - sheet.armor), max(0, e.health - sheet.health))
        gives = f" gives it {danger_gains(gift)}"
        # The printed numbers beside the ones in play: "health 4 … gives it +1 health" read
        # as 5 (#28 round 14).
        printed = [
            f"{k} {v}"
            for k, v, g in (
                ("armor", sheet.armor, gift.armor),
                ("health", sheet.health, gift.health),
            )
            if g
        ]
        if printed:
            said = f"{said[:-2]}; printed {', '.join(printed)})."
    # What skipping means, said with it (#28 round 11): the marker passed over them.
    nothing = "they give" if e.skipped > 1 else "it gives"
    passed = (
        f"; {plural(e.skipped, 'space')} skipped on the way (passed over: {nothing} nothing)"
        if e.skipped
        else ""
    )
    return f"{said} Danger track: space {e.danger}{gives}{passed}."


@words_for(EVENT_WORDS, ev.MonsterChanged)
def _monster_changed(nr: Narrator, e: ev.MonsterChanged) -> str | None:
    known = bool(nr.monster)
    before = nr.monster or {"armor": e.armor, "health": e.health}
    nr.monster = {"armor": e.armor, "health": e.health}
    if e.why == "wounded":
        if not known:
            return f"The monster is wounded: health {e.health}/{e.max_health}."
        dealt = before["health"] - e.health
        # The attack's power is its one wound's: a wound after it (Press On's 1) is not
        # "1 wound of 3 (Stone Scales)", a cap that took nothing (#28 round 14).
        power, nr.power = nr.power, 0
        cap = nr.monster_rule(m.WoundCap) if 0 < e.health and dealt < power else ""
        capped = f" of {power} ({cap})" if cap else ""
        if not e.health and dealt < power:  # not a −1 missing (#28 playtest round 10)
            capped = " (all it had left)"
        return (
            f"The monster takes {plural(dealt, 'wound')}{capped}: health {e.health}/{e.max_health}."
        )
    if e.why == "armor broken":
        return f"Armor broken: {e.armor}/{e.max_armor} left."
    if e.why == "defend":
        return "The monster raises its guard: your next weapon attack will be ignored."
    if e.why == "defend used":
        return "The monster's guard swallows your attack."
    if e.why == "wounds prevented":
        cap = nr.monster_rule(m.WoundCap)
        return f"The monster can suffer no more wounds this round{f' ({cap})' if cap else ''}."
    if e.why == "gain":  # the rule that grows it named, with what it gave
        why = nr.growth.why(e, before["armor"], before["health"], nr.monster_id) if known else ""
        now = f"armor {e.armor}/{e.max_armor}, health {e.health}/{e.max_health}"
        return f"The monster grows{why}: {now}."
    if e.why == "heal":
        rule = nr.monster_rule(m.MonsterHeal)
        why = f" ({rule})" if rule else ""
        if known and e.health == before["health"]:
            if rule and not nr.row:  # a rule's heal of nothing is not said (#28 round 34)
                return None
            return f"The monster is at full health{why}: {e.health}/{e.max_health}."
        amount = f" {e.health - before['health']}" if known else ""
        return f"The monster heals{amount}{why}: health {e.health}/{e.max_health}."
    return None


@words_for(EVENT_WORDS, ev.MonsterDefeated)
def _monster_defeated(nr: Narrator, e: ev.MonsterDefeated) -> str | None:
    n = nr.name
    return f"{n(e.monster)} is defeated!"


@words_for(EVENT_WORDS, ev.MonsterTricked)
def _monster_tricked(nr: Narrator, e: ev.MonsterTricked) -> str | None:
    n = nr.name
    return f"You trick {n(e.monster)} and slip past it."


@words_for(EVENT_WORDS, ev.EncountersRevealed)
def _encounters_revealed(nr: Narrator, e: ev.EncountersRevealed) -> str | None:
    n = nr.name
    nr.reveal_bonus = 0  # the reveal used it (reducer: EncountersRevealed)
    return "Revealed: " + ", ".join(n(c) for c in e.cards) + "."


@words_for(EVENT_WORDS, ev.EncounterChosen)
def _encounter_chosen(nr: Narrator, e: ev.EncounterChosen) -> str | None:
    n = nr.name
    return f"You keep {n(e.card)}."


@words_for(EVENT_WORDS, ev.EncounterResolved)
def _encounter_resolved(nr: Narrator, e: ev.EncounterResolved) -> str | None:
    n = nr.name
    if not e.paid:
        return f"You cannot pay for {n(e.card)}: it gives you nothing."
    return f"You resolve {n(e.card)}."


@words_for(EVENT_WORDS, ev.Rested)
def _rested(nr: Narrator, e: ev.Rested) -> str | None:
    n = nr.name
    return f"You rest instead of resolving {n(e.card)}."


@words_for(EVENT_WORDS, ev.RevealBonus)
def _reveal_bonus(nr: Narrator, e: ev.RevealBonus) -> str | None:
    unused, nr.reveal_bonus = nr.reveal_bonus, e.bonus
    if not e.bonus:  # R-TRAVEL-8: what the Travel Phase did not use is lost
        return f"{plural(unused, 'extra card')} to reveal lost, unused." if unused else None
    if nr.committed:
        return "No more cards: you are committed, so the next Exploration reveals 1."
    return f"The next Exploration reveals {plural(e.bonus, 'more card')}."


@words_for(EVENT_WORDS, ev.CommitSet)
def _commit_set(nr: Narrator, e: ev.CommitSet) -> str | None:
    nr.committed = e.committed
    return "You are committed to the next encounter." if e.committed else None


@words_for(EVENT_WORDS, ev.WeaponsSet)
def _weapons_set(nr: Narrator, e: ev.WeaponsSet) -> str | None:
    n = nr.name
    top = n(e.weapons[-1])
    if e.why == "crafted":
        return f"You craft the {top}."
    if e.why == "downgraded":
        return f"You lose the {n(e.weapon)}; your weapon is now the {top}."
    if e.why == "gained":
        return f"You take the {top}."
    return f"Your weapon is now the {top}."


@words_for(EVENT_WORDS, ev.WeaponSetAside)
def _weapon_set_aside(nr: Narrator, e: ev.WeaponSetAside) -> str | None:
    n = nr.name
    return f"Your {n(e.weapon)} is knocked aside for {plural(e.turns, 'turn')}."


@words_for(EVENT_WORDS, ev.SetAsideTicked)
def _set_aside_ticked(nr: Narrator, e: ev.SetAsideTicked) -> str | None:
    n = nr.name
    if e.returned:
        # To its own place in the stack: under a weapon crafted meanwhile (R-WEAPON-4).
        back = " and the ".join(n(w) for w in e.returned)
        return f"The {back} {'comes' if len(e.returned) == 1 else 'come'} back."
    return None


@words_for(EVENT_WORDS, ev.SkillsDrawn)
def _skills_drawn(nr: Narrator, e: ev.SkillsDrawn) -> str | None:
    return nr.sources.drawn(e, nr.name)  # why, when a Rewards step draws twice


@words_for(EVENT_WORDS, ev.SkillKept)
def _skill_kept(nr: Narrator, e: ev.SkillKept) -> str | None:
    return f"You keep the skill {nr.name(e.skill)}."


@words_for(EVENT_WORDS, ev.ConditionGained)
def _condition_gained(nr: Narrator, e: ev.ConditionGained) -> str | None:
    n = nr.name
    nr.tokens[e.condition] = e.tokens
    card = nr.rules.conditions.get(e.condition)
    when = "now" if e.active else pending_words(card is not None and card.permanent)
    tokens = f" with {plural(e.tokens, 'token')}" if e.tokens else ""
    rounds = f" for {plural(e.rounds, 'round')}{nr.rounds_left.gained(e)}" if e.rounds else ""
    # "with 2 tokens now", as the rows, the card and the options say it (#28 round 24)
    line = f"You gain {n(e.condition)}{tokens} {when}{rounds}{_ambush_condition(nr, e.condition)}."
    return line + _locked(nr, e.condition, 0, e.tokens) if e.active else line


@words_for(EVENT_WORDS, ev.ConditionChanged)
def _condition_changed(nr: Narrator, e: ev.ConditionChanged) -> str | None:
    n = nr.name
    # Tokens are named only for a condition that has had some.
    had = nr.tokens.get(e.condition, 0)
    nr.tokens[e.condition] = e.tokens
    parts = [plural(e.tokens, "token")] if e.tokens or had else []
    if nr.rounds_left.said:  # "now for 3 rounds after this one", "round 3 and 2 rounds after it"
        parts.append(nr.rounds_left.said)
    tag = _ambush_condition(nr, e.condition)
    line = f"{n(e.condition)}: {', '.join(parts)}{tag}." if parts else ""
    return (line + _locked(nr, e.condition, had, e.tokens)) or None


def _locked(nr: Narrator, condition: str, had: int, tokens: int) -> str:
    """Say once, as a condition's tokens reach it, that it takes every turn left."""
    card = nr.rules.conditions.get(condition)
    if card is None or not locks_turns(card, tokens) or locks_turns(card, had):
        return ""
    # In the game as folded so far, when known: what can be paid instead now (round 28).
    return " " + turn_lock_text(nr.rules, condition, tokens, nr.monster_id, nr.no_uses.state)


@words_for(EVENT_WORDS, ev.ConditionRemoved)
def _condition_removed(nr: Narrator, e: ev.ConditionRemoved) -> str | None:
    n = nr.name
    return f"{n(e.condition)} leaves play."


@words_for(EVENT_WORDS, ev.ConditionsAdvanced)
def _conditions_advanced(nr: Narrator, e: ev.ConditionsAdvanced) -> str | None:
    """Say the conditions the level's end discarded; those it made active are said under
    the next level's heading, which the engine starts just after (#28 round 15: "Conditions:
    now active Amnesia, Armored." came before "=== Level 4 ===")."""
    n = nr.name
    if e.activated:
        nr.activated = "Conditions: now active " + ", ".join(n(c) for c in e.activated) + "."
    return (
        ("Conditions: discarded " + ", ".join(n(c) for c in e.discarded) + ".")
        if e.discarded
        else None
    )


@words_for(EVENT_WORDS, ev.BattleStarted)
def _battle_started(_: Narrator, e: ev.BattleStarted) -> str | None:
    return "The battle begins" + (" - the monster strikes first." if e.monster_first else ".")


@words_for(EVENT_WORDS, ev.RoundStarted)
def _round_started(_: Narrator, e: ev.RoundStarted) -> str | None:
    return f"Round {e.round}."


@words_for(EVENT_WORDS, ev.TurnSkipped)
def _turn_skipped(nr: Narrator, e: ev.TurnSkipped) -> str | None:
    said, nr.losing_turn = nr.losing_turn, False
    if said:  # "You lose this turn." said it (35b-5)
        return None
    return "Your turn is skipped." if e.reason != "skipped" else "You skip your turn."


@words_for(EVENT_WORDS, ev.SkipTurnSet)
def _skip_turn_set(nr: Narrator, e: ev.SkipTurnSet) -> str | None:
    """The turn lost: this one when set as it begins (Paralyzed's check, before the player
    is asked: R-BATTLE-2; #28 round 35 read "You will lose your next turn."), else the next."""
    if not e.skip:
        return None
    nr.losing_turn = nr.turn_opening
    return "You lose this turn." if nr.turn_opening else "You will lose your next turn."


@words_for(EVENT_WORDS, ev.AttackChosen)
def _attack_chosen(nr: Narrator, e: ev.AttackChosen) -> str | None:
    n = nr.name
    kind = "armor-breaking" if e.kind == "break" else "wounding"
    nr.power = e.power
    return f"You attack with {n(e.weapon)}: {attack_name(e.attack)} ({kind} {e.power})."


@words_for(EVENT_WORDS, ev.AttackPowerSet)
def _attack_power_set(nr: Narrator, e: ev.AttackPowerSet) -> str | None:
    change, nr.power = e.power - nr.power, e.power
    if e.why == "passives" and change:  # each its own figure: (Weakened −1, Thick Hide −1)
        why = nr.power_sources.reason(e.power - change, e.power, nr.monster_id)
        if why:
            return f"Attack power is now {e.power} ({why})."
    rule = nr.monster_rule(m.WoundPower) if e.why == "passives" else ""
    if rule and change:  # "Attack power is now 1 (Armored −1)"
        sign = f"+{change}" if change > 0 else f"−{-change}"
        return f"Attack power is now {e.power} ({rule} {sign})."
    return f"Attack power is now {e.power} [{nr.tag(e.why)}]."


@words_for(EVENT_WORDS, ev.Ate)
def _ate(_: Narrator, e: ev.Ate) -> str | None:
    return f"You eat {e.food} of the {e.requirement} food you need."


@words_for(EVENT_WORDS, ev.LevelStarted)
def _level_started(nr: Narrator, e: ev.LevelStarted) -> str | None:
    nr.level = e.level
    activated, nr.activated = nr.activated, ""
    return f"=== Level {e.level} ===" + (f"\n{activated}" if activated else "")


@words_for(EVENT_WORDS, ev.Awaiting)
def _awaiting(nr: Narrator, e: ev.Awaiting) -> str | None:
    nr.using.clear()  # the next decision's changes are tagged afresh
    nr.tricking = False  # offered (or another decision came first)
    return None


@words_for(EVENT_WORDS, ev.GameOver)
def _game_over(nr: Narrator, e: ev.GameOver) -> str | None:
    if e.won:
        return f"VICTORY! You escape the dark. Score {e.score}: {e.rank}."
    return death(e.level, e.step, e.cause, killer(e.source, nr.rules.card_name))


def _bookkeeping(_: Narrator, e: ev.Event) -> None:
    """Say nothing: the event only keeps the state (the log has no line for it)."""
    return None


words_for(EVENT_WORDS, ev.EncounterDiscarded)(_bookkeeping)
words_for(EVENT_WORDS, ev.ChoicesOffered)(_bookkeeping)
words_for(EVENT_WORDS, ev.TurnStarted)(_bookkeeping)
words_for(EVENT_WORDS, ev.ExtraTurnsSet)(_bookkeeping)
words_for(EVENT_WORDS, ev.AttackEnded)(_bookkeeping)
words_for(EVENT_WORDS, ev.PendingLossSet)(_bookkeeping)
words_for(EVENT_WORDS, ev.MonsterRemoved)(_bookkeeping)
words_for(EVENT_WORDS, ev.TriggerOpened)(_bookkeeping)

EVENT_WORDS.update(ROLL_WORDS)  # the die result's lines (`words.roll_lines`)
check_complete(EVENT_WORDS, ev.Event, "event types")
