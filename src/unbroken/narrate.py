"""Plain words for events, actions and amounts: what the log and the menus show."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.flow import CANNOT_PAY, Run, clamp_die, effective_roll
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState

#: Plain-text output fits a terminal this wide (the text game, the card and plugin lists).
WIDTH = 80


def wrap(text: str, first: str = "", indent: int | None = None) -> str:
    """Return a line wrapped at WIDTH between words, its next lines under its text.

    `first` starts the first line ("   3. "); the others are indented as far, or
    by `indent`. A plain terminal would otherwise break words at column 80.
    """
    rest = " " * (len(first) if indent is None else indent)
    return textwrap.fill(
        text, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


def plural(n: int, word: str) -> str:
    """Return a count with its noun: "1 game", "2 games"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


STEP_NAMES = {
    "setup": "Setup",
    "preparation": "Preparation",
    "decision": "Decision",
    "exploration": "Exploration",
    "ambush": "Ambush",
    "trickery": "Trickery",
    "battle": "Battle",
    "rewards": "Rewards",
    "hunger": "Hunger",
}


def death(level: int, step: str, cause: str, killer: str = "", past: bool = False) -> str:
    """Return the sentence of a death: where it came and what caused it.

    `cause` is "wounds", "starvation", or the name of the card whose loss
    could not be paid; `killer` names the monster behind the wounds.
    """
    where = f"at level {level} ({STEP_NAMES.get(step, step)} step)"
    if cause == "wounds":
        source = f" from the {killer}" if killer else ""
        return f"You {'died' if past else 'die'} of your wounds{source}, {where}."
    if cause == "starvation":
        return f"You {'starved' if past else 'starve'} {where}."
    could = "could not" if past else "cannot"
    return f"You {'died' if past else 'die'} {where}: {cause} took effort you {could} pay."


def killer(source: str, card_name: Callable[[str], str]) -> str:
    """Return the printed name of the card a death came from, or "" ("hunger" is no card).

    A card's id is namespaced ("base:goblin"); other sources are not.
    """
    return card_name(source) if ":" in source else ""


def cause_of_death(cause: str, source: str, card_name: Callable[[str], str]) -> str:
    """Return a death's cause in a few words: "wounds (Goblin)", "starvation", "Troglodyte"."""
    by = killer(source, card_name)
    return f"{cause} ({by})" if by and by != cause else cause


PURPOSES = {
    "monster": "which monster",
    "combat": "monster's combat roll",
    "reroll": "re-roll",
    "extra resource": "Easy's extra resource",
}


#: When a Response happens, in words (the cards and the skill choice say it).
TRIGGER_WORDS: dict[str, str] = {
    "battle_start": "At the start of the Battle step",
    "before_player_turn": "Before each of your combat turns",
    "after_attack_chosen": "After you choose a weapon attack",
    "after_armor_break": "After an armor-breaking weapon attack",
    "after_monster_roll": "After the monster's combat roll",
    "wound_loss": "When a WOUND result would cost you effort",
    "monster_defeated": "When the monster is defeated",
    "before_skill_gain": "Before you draw skills",
    "ambush": "When the monster ambushes you",
    "level_end": "At the end of the level",
}


def roll_purpose(purpose: str, ruleset: Ruleset) -> str:
    """Return what a die was rolled for, in words ("monster's combat roll")."""
    if purpose.startswith("check:"):
        return f"{ruleset.card_name(purpose[6:])} check"
    return PURPOSES.get(purpose, purpose.split(":")[0])


def amounts(values: dict[str, int], sign: str = "") -> str:
    """Return amounts in words: "2 SE + 1 food" (in display order)."""
    parts = [f"{sign}{values[k]} {m.RESOURCE_NAMES[k]}" for k in m.RESOURCES if values.get(k)]
    return " + ".join(parts) if parts else "nothing"


class Narrator:
    """Turns events into sentences; remembers what it needs to say what changed."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset
        self.monster: dict[str, Any] = {}
        #: Committed to the next encounter (R-TRAVEL-7): more cards revealed mean nothing.
        self.committed = False
        #: The tokens last seen on each condition (only those with tokens say so).
        self.tokens: dict[str, int] = {}
        #: The ability used on each card in this decision, for the tags of what it does.
        self.using: dict[str, str] = {}
        #: The monster met this level, and whether its Trickery step is under way
        #: without the choice to trick it having been offered yet.
        self.monster_id = ""
        self.tricking = False

    def name(self, card_id: str) -> str:
        if card_id in ("focus", "plan", "inspiration", "orienteer", "scout", "craft"):
            return card_id.capitalize()
        if card_id in ("hunger", "trickery", "easy", "downgrade"):
            return card_id
        return self.rules.card_name(card_id)

    def tag(self, source: str) -> str:
        """Return the tag of a change: the ability being used on that card, else the card.

        "You gain 1 time [Dangerous Idea]", not "[Sage]": a class card has three.
        """
        return self.using.get(source) or self.name(source)

    def ability_name(self, source: str, ability_id: str) -> str:
        for ability in self.rules.card_abilities(source):
            if ability.id == ability_id:
                return ability.name
        return ability_id

    def describe(self, e: ev.Event) -> str | None:
        """Return one line for an event, or None for bookkeeping events."""
        n = self.name
        if isinstance(e, ev.GameStarted):
            difficulty = self.rules.difficulty_name(e.difficulty)
            return f"A new game: {n(e.character)} the {n(e.cls)}, {difficulty}, seed {e.seed}."
        if isinstance(e, ev.DeckShuffled):
            src = " from its discard pile" if e.from_discard else ""
            return f"The {e.deck[:-1]} deck is shuffled{src}."
        if isinstance(e, ev.DieRolled):
            return f"The die shows {e.value} ({roll_purpose(e.purpose, self.rules)})."
        if isinstance(e, ev.StepEntered):
            skipped = self.tricking and e.step == "battle"
            self.tricking = e.step == "trickery"
            sheet = self.rules.monsters.get(self.monster_id)
            if skipped and sheet is not None and sheet.trickery is not None:
                # R-COMBAT-2: a trick that cannot be paid is not offered; say why not.
                price = trickery_text(sheet)  # "The battle begins." comes next
                return f"You cannot trick the {sheet.name} ({price})."
            return f"-- {e.phase.capitalize()} phase: {STEP_NAMES.get(e.step, e.step)} step --"
        if isinstance(e, ev.Gained):
            text = f"You gain {amounts(e.amounts)}" if e.amounts else "You gain nothing"
            if e.lost_to_cap:
                text += f" ({amounts(e.lost_to_cap)} lost to the cap)"
            return f"{text} [{self.tag(e.source)}]."
        if isinstance(e, ev.Spent):
            return f"You pay {amounts(e.amounts)} [{self.tag(e.source)}]."
        if isinstance(e, ev.Lost):
            return f"You lose {amounts(e.amounts)} [{self.tag(e.source)}]."
        if isinstance(e, ev.TimeSet):
            if not e.track:
                return "The time track is gone: from now on time is paid in SE."
            return f"Time is set to {e.time}."
        if isinstance(e, ev.AbilityUsesSet):
            return f"Ability uses: {e.uses}."
        if isinstance(e, ev.AbilityUsed):
            self.using[e.source] = self.ability_name(e.source, e.ability)
            use = " (one ability use)" if e.ability_use else ""
            name, card = self.ability_name(e.source, e.ability), n(e.source)
            return f"You use {name}{'' if card == name else f' [{card}]'}{use}."
        if isinstance(e, ev.MonsterRevealed):
            self.monster = {"armor": e.armor, "health": e.health}
            self.monster_id = e.monster
            return f"The monster is revealed: {n(e.monster)} (armor {e.armor}, health {e.health})."
        if isinstance(e, ev.MonsterChanged):
            known = bool(self.monster)
            before = self.monster or {"armor": e.armor, "health": e.health}
            self.monster = {"armor": e.armor, "health": e.health}
            if e.why == "wounded":
                if not known:
                    return f"The monster is wounded: health {e.health}/{e.max_health}."
                dealt = before["health"] - e.health
                return (
                    f"The monster takes {plural(dealt, 'wound')}: health {e.health}/{e.max_health}."
                )
            if e.why == "armor broken":
                return f"Armor broken: {e.armor}/{e.max_armor} left."
            if e.why == "defend":
                return "The monster raises its guard: your next weapon attack will be ignored."
            if e.why == "defend used":
                return "The monster's guard swallows your attack."
            if e.why == "wounds prevented":
                return "The monster can suffer no more wounds this round."
            if e.why == "gain":
                return (
                    f"The monster grows: armor {e.armor}/{e.max_armor}, "
                    f"health {e.health}/{e.max_health}."
                )
            if e.why == "heal":
                return f"The monster heals: health {e.health}/{e.max_health}."
            return None
        if isinstance(e, ev.MonsterDefeated):
            return f"{n(e.monster)} is defeated!"
        if isinstance(e, ev.MonsterTricked):
            return f"You trick {n(e.monster)} and slip past it."
        if isinstance(e, ev.EncountersRevealed):
            return "Revealed: " + ", ".join(n(c) for c in e.cards) + "."
        if isinstance(e, ev.EncounterChosen):
            return f"You keep {n(e.card)}."
        if isinstance(e, ev.EncounterResolved):
            if not e.paid:
                return f"You cannot pay for {n(e.card)}: it gives you nothing."
            return f"You resolve {n(e.card)}."
        if isinstance(e, ev.Rested):
            return f"You rest instead of resolving {n(e.card)}."
        if isinstance(e, ev.EncounterDiscarded):
            return None
        if isinstance(e, ev.RevealBonus):
            if not e.bonus:
                return None
            if self.committed:
                return "No more cards: you are committed, so the next Exploration reveals 1."
            return f"The next Exploration reveals {plural(e.bonus, 'more card')}."
        if isinstance(e, ev.CommitSet):
            self.committed = e.committed
            return "You are committed to the next encounter." if e.committed else None
        if isinstance(e, ev.WeaponsSet):
            top = n(e.weapons[-1])
            if e.why == "crafted":
                return f"You craft the {top}."
            if e.why == "downgraded":
                return f"You lose the {n(e.weapon)}; your weapon is now the {top}."
            if e.why == "gained":
                return f"You take the {top}."
            return f"Your weapon is now the {top}."
        if isinstance(e, ev.WeaponSetAside):
            return f"Your {n(e.weapon)} is knocked aside for {plural(e.turns, 'turn')}."
        if isinstance(e, ev.SetAsideTicked):
            if e.returned:
                # To its own place in the stack: under a weapon crafted meanwhile (R-WEAPON-4).
                back = " and the ".join(n(w) for w in e.returned)
                return f"The {back} {'comes' if len(e.returned) == 1 else 'come'} back."
            return None
        if isinstance(e, ev.SkillsDrawn):
            return "Skills drawn: " + ", ".join(n(c) for c in e.cards) + "."
        if isinstance(e, ev.SkillKept):
            return f"You keep the skill {n(e.skill)}."
        if isinstance(e, ev.ChoicesOffered):
            return None
        if isinstance(e, ev.ConditionGained):
            self.tokens[e.condition] = e.tokens
            when = "now" if e.active else "for the next level"
            tokens = f" with {plural(e.tokens, 'token')}" if e.tokens else ""
            rounds = f" for {plural(e.rounds, 'round')}" if e.rounds else ""
            return f"You gain {n(e.condition)} {when}{tokens}{rounds}."
        if isinstance(e, ev.ConditionChanged):
            # Tokens are named only for a condition that has had some.
            had = self.tokens.get(e.condition, 0)
            self.tokens[e.condition] = e.tokens
            parts = [plural(e.tokens, "token")] if e.tokens or had else []
            if e.rounds:
                parts.append(f"{plural(e.rounds, 'round')} left")
            return f"{n(e.condition)}: {', '.join(parts)}." if parts else None
        if isinstance(e, ev.ConditionRemoved):
            return f"{n(e.condition)} leaves play."
        if isinstance(e, ev.ConditionsAdvanced):
            parts = []
            if e.discarded:
                parts.append("discarded " + ", ".join(n(c) for c in e.discarded))
            if e.activated:
                parts.append("now active " + ", ".join(n(c) for c in e.activated))
            return ("Conditions: " + "; ".join(parts) + ".") if parts else None
        if isinstance(e, ev.BattleStarted):
            return "The battle begins" + (
                " - the monster strikes first." if e.monster_first else "."
            )
        if isinstance(e, ev.RoundStarted):
            return f"Round {e.round}."
        if isinstance(e, ev.TurnStarted):
            return None
        if isinstance(e, ev.TurnSkipped):
            return "Your turn is skipped." if e.reason != "skipped" else "You skip your turn."
        if isinstance(e, ev.SkipTurnSet):
            return "You will lose your next turn." if e.skip else None
        if isinstance(e, ev.ExtraTurnsSet):
            return None
        if isinstance(e, ev.AttackChosen):
            kind = "armor-breaking" if e.kind == "break" else "wounding"
            return f"You attack with {n(e.weapon)}: {attack_name(e.attack)} ({kind} {e.power})."
        if isinstance(e, ev.AttackPowerSet):
            return f"Attack power is now {e.power} [{self.tag(e.why)}]."
        if isinstance(e, ev.AttackEnded):
            return None
        if isinstance(e, ev.RollSet):
            if e.rolls:
                return "Rolled again: keep " + " or ".join(str(r) for r in e.rolls) + "?"
            if e.why == "combat roll":
                return None
            if not 1 <= e.value <= 6:  # R-EFFECT-4 keeps the final result within 1-6
                return f"The roll is now {e.value}, kept within 1-6 [{self.tag(e.why)}]."
            return f"The roll is now {e.value} [{self.tag(e.why)}]."
        if isinstance(e, ev.RollBonusSet):
            return f"The monster's roll gets +{e.bonus}." if e.bonus else None
        if isinstance(e, ev.CombatResult):
            if e.ignored:
                return f"{e.roll}: {e.result} - ignored."
            if e.rerolled:
                return f"{e.roll}: {e.result} - you already have that condition; re-roll."
            return f"The monster's action ({e.roll}): {e.result}."
        if isinstance(e, ev.PendingLossSet):
            return None
        if isinstance(e, ev.Ate):
            return f"You eat {e.food} of the {e.requirement} food you need."
        if isinstance(e, ev.LevelStarted):
            return f"=== Level {e.level} ==="
        if isinstance(e, ev.MonsterRemoved):
            return None
        if isinstance(e, ev.Awaiting):
            self.using.clear()  # the next decision's changes are tagged afresh
            self.tricking = False  # offered (or another decision came first)
            return None
        if isinstance(e, ev.TriggerOpened):
            return None
        if isinstance(e, ev.GameOver):
            if e.won:
                return f"VICTORY! You escape the dark. Score {e.score}: {e.rank}."
            return death(e.level, e.step, e.cause, killer(e.source, self.rules.card_name))
        raise AssertionError(f"no words for {e!r}")


def label(action: act.Action, state: GameState, ruleset: Ruleset) -> str:
    """Return the menu text of a legal action, with its cost."""
    st = ruleset.settings
    n = ruleset.card_name
    if isinstance(action, act.Explore):
        return "Explore (go to the Exploration step)"
    if isinstance(action, act.Fight):
        return "Fight the monster now" if state.decision == "preparation" else "Fight"
    if isinstance(action, act.Focus):
        return f"Focus: pay {amounts(st.focus)}, gain {amounts(st.focus_gain)}"
    if isinstance(action, act.Inspiration):
        return f"Inspiration: pay {amounts(st.inspiration)}, gain {amounts(st.inspiration_gain)}"
    if isinstance(action, act.Plan):
        return f"Plan: pay {amounts(st.plan)}, gain {amounts(st.plan_gain)}"
    if isinstance(action, act.Orienteer):
        text = f"Orienteer: pay {amounts(st.orienteer)}, reveal {st.orienteer_reveal} more cards"
        return text + (" (no use now: you are committed to 1 card)" if state.committed else "")
    if isinstance(action, act.Scout):
        return f"Scout: pay {amounts(st.scout_cost[state.level - 1])}, reveal the monster"
    if isinstance(action, act.Craft):
        weapon = ruleset.weapons[state.weapons[-1]]
        up = next(u for u in weapon.upgrades if u.to == action.weapon)
        return f"Craft the {n(action.weapon)}: pay {amounts(up.cost)}"
    if isinstance(action, act.Downgrade):
        return f"Downgrade: give up the {n(state.weapons[-1])}"
    if isinstance(action, act.Use):
        for ability in ruleset.card_abilities(action.source):
            if ability.id == action.ability:
                # A class ability also takes one of the level's ability uses (R-ABILITY-1).
                parts = [f"pay {amounts(ability.cost)}"] if ability.cost else []
                if action.source in ruleset.classes:
                    parts.append("1 ability use")
                cost = f" ({', '.join(parts)})" if parts else ""
                text = f"{ability.name} [{n(action.source)}]{cost}: {ability.text}"
                return text + _no_use(ability, state)
        return f"Use {action.ability}"
    if isinstance(action, act.ChooseEncounter):
        card = ruleset.encounters[action.card]
        text = f"{card.name}: {encounter_text(card)}"
        if not Run(ruleset, state).can_pay(card.spend):  # R-TRAVEL-5: only Rest would be left
            text += " (cannot pay: gain nothing)" if state.committed else " (cannot pay: rest)"
        return text
    if isinstance(action, act.Resolve):
        card = ruleset.encounters[state.chosen]
        text = f"Resolve {card.name}: {encounter_text(card)}"
        # A card that only removes conditions does nothing without one (its cost is paid).
        removes = card.effects and all(isinstance(e, m.RemoveCondition) for e in card.effects)
        if removes and not card.gain and not state.conditions:
            text += " (no use now: no condition in play)"
        elif removes and all(ruleset.conditions[c.id].positive for c in state.conditions):
            # It must remove one of them, and every one in play helps you (Armored).
            helps = ", ".join(n(c.id) for c in state.conditions)
            which = "which helps" if len(state.conditions) == 1 else "which all help"
            text += f" (it would remove {helps}, {which} you)"
        return text
    if isinstance(action, act.Rest):
        card = ruleset.encounters[state.chosen]
        return f"Rest: gain {card.time} SE (time {card.time})"
    if isinstance(action, act.Forfeit):
        return "Accept that you cannot pay: gain nothing, lose the time"
    if isinstance(action, act.Trick):
        mo = ruleset.monsters[state.monster.id]  # type: ignore[union-attr]
        trick = mo.trickery
        parts = [f"pay {amounts(trick.cost)}"] if trick and trick.cost else []
        if trick and trick.downgrade:
            parts.append("downgrade your weapon")
        price = " and ".join(parts) or "pay nothing"
        return f"Trick the {mo.name}: {price}; no battle, no rewards"
    if isinstance(action, act.Attack):
        weapon = ruleset.weapons[state.weapons[-1]]
        a = next(x for x in weapon.attacks if x.id == action.attack)
        kind = "break armor" if a.type == "break" else "wound"
        extra = ", ignores armor" if a.ignore_armor else ""
        # The weapon is in the Hand panel; one line at 80 columns.
        return (
            f"Attack with {attack_name(a.id)}: {kind} {a.power}{extra}"
            f" - pay {amounts(attack_cost(a, state, ruleset))}"
        )
    if isinstance(action, act.Skip):
        return "Skip your turn"
    if isinstance(action, act.Pass):
        if state.decision == "choose_weapon":  # R-REWARD-2: a weapon may be declined
            return f"Take none (keep the {n(state.weapons[-1])})"
        return "Pass (use nothing more)"
    if isinstance(action, act.PickRoll):
        monster = state.monster
        sheet = ruleset.monsters.get(monster.id) if monster is not None else None
        if sheet is None or state.turn != "monster":
            return f"Keep the {action.value}"
        # The row this result points at, with the bonus on the monster's roll (R-EFFECT-3/4).
        value = clamp_die(action.value + state.roll_bonus)
        row = sheet.table[value - 1]
        what = "; ".join(effect_text(e) for e in row.effects) or "no effect"
        bonus = f" → {value}" if value != action.value else ""
        return f"Keep the {action.value}{bonus}: {row.result} ({what})"
    if isinstance(action, act.PayInstead):
        mod = ""
        for ability in ruleset.card_abilities(state.monster.id if state.monster else ""):
            for x in ability.modifiers:
                if isinstance(x, m.RollInstead):
                    mod = amounts(x.amounts)
        return f"Pay {mod} instead of rolling"
    if isinstance(action, act.Roll):
        return "Roll the die"
    if isinstance(action, act.ChooseSkill):
        skill = ruleset.skills[action.skill]
        return f"Keep {skill.name}: " + " ".join(when_text(a) for a in skill.abilities)
    if isinstance(action, act.ChooseWeapon):
        return f"Take the {n(action.weapon)}"
    if isinstance(action, act.ChooseCondition):
        return f"Remove {n(action.condition)}"
    if isinstance(action, act.Eat):
        return f"Eat {action.food} food"
    raise AssertionError(f"no label for {action!r}")


def prompt_text(prompt: str, state: GameState) -> str:
    """Return a decision's prompt as the menu heads it (`Game.decision.prompt`, but for
    a committed Exploration, which offers no Rest: R-TRAVEL-7)."""
    if state.decision == "resolve_or_rest" and state.committed:
        return "Exploration: committed, resolve the encounter"
    return prompt


def option_text(action: act.Action, why: str, state: GameState, ruleset: Ruleset) -> str:
    """Return an option as a menu shows it: its label, or one that cannot be taken now
    with why ("Cold Logic [Sage] (pay 2 cunning, 1 ability use) (cannot pay)",
    the ability's text left for when it can be used)."""
    text = label(action, state, ruleset)
    if not why:
        run = Run(ruleset, state)
        cost = run.cost(action)
        paid = run.payment(cost) if cost else None
        if paid and paid != cost:  # R-RES-4: a shortfall paid with higher effort
            text += f" (paid as {amounts(paid)})"
        return text
    if isinstance(action, act.Attack) and why != CANNOT_PAY:  # armor in the way: short
        text = f"Attack with {attack_name(action.attack)}"
    elif isinstance(action, act.Downgrade):  # Bare Hands only: nothing to name
        text = "Downgrade"
    elif isinstance(action, act.Use):  # what it would do waits for when it can be done
        head = text.partition(": ")[0]
        if head.endswith(")"):  # "(pay 1 cunning, 1 ability use; cannot pay)"
            return f"{head[:-1]}; {why})"
        text = head
    return f"{text} ({why})"


def trickery_text(monster: m.Monster) -> str:
    """Return what tricking a monster costs, in words ("cannot be tricked" if nothing can)."""
    trick = monster.trickery
    if trick is None:
        return "cannot be tricked"
    cost = amounts(trick.cost) if trick.cost else ""
    if trick.downgrade:
        cost = (cost + " + " if cost else "") + "downgrade your weapon"
    return cost


def ambush_text(monster: m.Monster) -> str:
    """Return a monster's ambush effect in words ("none" if it has none)."""
    return "; ".join(effect_text(e) for e in monster.ambush) or "none"


def attack_name(attack_id: str) -> str:
    """Return a weapon attack's id as words: "quick-cut" -> "Quick cut"."""
    return attack_id.replace("-", " ").capitalize()


def encounter_text(card: m.Encounter) -> str:
    """Return an encounter's exchange in words: "1 SE -> 1 food (time 1)"."""
    spend = "commit to the next encounter" if card.commit else amounts(card.spend)
    if card.commit and card.spend:
        spend = amounts(card.spend) + " + commit"
    gain = amounts(card.gain)
    extra = [effect_text(e) for e in card.effects]
    if extra:
        gain = "; ".join(extra) if gain == "nothing" else gain + "; " + "; ".join(extra)
    return f"{spend} -> {gain} (time {card.time})"


def effect_text(e: m.Effect) -> str:
    """Return one effect record in words, as a card would print it."""
    if isinstance(e, m.Gain):
        return f"gain {amounts(e.amounts)}"
    if isinstance(e, m.Lose):
        alt = f" ({'; '.join(effect_text(x) for x in e.alt)} if unable)" if e.alt else ""
        return f"lose {amounts(e.amounts)}{alt}"
    if isinstance(e, m.Reduce):
        alt = f" ({'; '.join(effect_text(x) for x in e.alt)} if unable)" if e.alt else ""
        return f"lose exactly {amounts(e.lose)} and gain {amounts(e.gain)}{alt}"
    if isinstance(e, m.GainCondition):
        name = _card_words(e.condition)
        when = "now" if e.timing == "now" else "for the next level"
        extra = f" with {plural(e.tokens, 'token')}" if e.tokens else ""
        rounds = f" for {plural(e.rounds, 'round')}" if e.rounds else ""
        return f"gain {name}{extra} {when}{rounds}"
    if isinstance(e, m.AddTokens):
        name = _card_words(e.condition)
        tokens = "token" if abs(e.amount) == 1 else "tokens"  # -1 token, not -1 tokens
        return f"add {e.amount} {tokens} to {name}"
    if isinstance(e, m.RemoveCondition):
        if not e.condition:
            return "remove a condition of your choice"
        return f"remove {_card_words(e.condition)}"
    if isinstance(e, m.Downgrade):
        if e.turns:
            return f"downgrade your weapon for {plural(e.turns, 'turn')}"
        return "downgrade your weapon"
    if isinstance(e, m.GainWeapon):
        names = " or ".join(_card_words(c) for c in e.choices)
        return f"take a weapon: {names}"
    if isinstance(e, m.MonsterGain):
        parts = [f"{e.armor} armor" if e.armor else "", f"{e.health} health" if e.health else ""]
        return "the monster gains " + " and ".join(p for p in parts if p)
    if isinstance(e, m.MonsterHeal):
        return f"the monster heals {e.amount}"
    if isinstance(e, m.Defend):
        return "the monster ignores your next weapon attack"
    if isinstance(e, m.Wound):
        wounds = "wound" if e.amount == 1 else "wounds"
        ignore = " that ignores armor" if e.amount == 1 else " that ignore armor"
        return f"inflict {e.amount} {wounds}" + (ignore if e.ignore_armor else "")
    if isinstance(e, m.BreakArmor):
        return f"break {e.amount} of the monster's armor"
    if isinstance(e, m.ExtraTurn):
        return "take another turn"
    if isinstance(e, m.RevealMore):
        cards = "card" if e.amount == 1 else "cards"
        return f"the next Exploration reveals {e.amount} more {cards}"
    if isinstance(e, m.Commit):
        return "commit to the next encounter"
    if isinstance(e, m.GainSkill):
        return f"draw {e.draw} skills and keep one"
    if isinstance(e, m.ModifyRoll):
        way = "raise" if e.amount > 0 else "lower"
        return f"{way} the die result by {abs(e.amount)}"
    if isinstance(e, m.Reroll):
        return "roll again" + (" and keep either result" if e.choose else "")
    if isinstance(e, m.AttackPower):
        return f"give this attack {e.amount:+d} power"
    if isinstance(e, m.ExtraAttack):
        return "make another weapon attack"
    if isinstance(e, m.SkipTurn):
        return "skip your coming turn"
    if isinstance(e, m.MonsterAttack):
        return "the monster attacks once now" + (
            f" with {e.bonus:+d} on its roll" if e.bonus else ""
        )
    if isinstance(e, m.RollCheck):
        target = {"level": "the level", "tokens": "the number of tokens"}.get(
            e.against, str(e.beat)
        )
        ok = "; ".join(effect_text(x) for x in e.success)
        bad = "; ".join(effect_text(x) for x in e.failure)
        if not ok:
            return f"roll the die: if it is not above {target}, {bad or 'nothing happens'}"
        if not bad:
            return f"roll the die: if it is above {target}, {ok}"
        return f"roll the die: if it is above {target}, {ok}; otherwise {bad}"
    if isinstance(e, m.GainLevel):
        times = f"{e.times} times " if e.times > 1 else ""
        return f"gain {m.RESOURCE_NAMES.get(e.resource, e.resource)} equal to {times}the level"
    if isinstance(e, m.ReduceLoss):
        return f"lose {e.amount} less effort to this WOUND (at least {e.minimum})"
    if isinstance(e, m.ExtraSkillChoice):
        cards = "card" if e.amount == 1 else "cards"
        return f"reveal {e.amount} more skill {cards} to choose from"
    if isinstance(e, m.Handler):
        return handler_text(e)
    raise AssertionError(f"no words for {e!r}")


def _card_words(card_id: str) -> str:
    """Return a card id as a name: "base:giant-spider" -> "Giant spider"."""
    return card_id.split(":")[-1].replace("-", " ").capitalize()


def handler_text(e: m.Handler) -> str:
    """Return a named handler in words (the known ones as sentences)."""
    if e.name == "lose_per_token":
        res = m.RESOURCE_NAMES.get(str(e.params.get("resource", "se")), "SE")
        return f"lose 1 {res} per token, then remove a token"
    params = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(e.params.items()))
    words = e.name.replace("_", " ")
    return f"{words} ({params})" if params else words


def modifier_text(mod: m.Modifier) -> str:
    """Return one modifier record (an always-on rule) in words, as a card would print it."""
    if isinstance(mod, m.WoundPower):
        which = f"of power {mod.up_to} or less " if mod.up_to else ""
        return f"wounding weapon attacks {which}have {mod.amount:+d} power"
    if isinstance(mod, m.WoundCap):
        return f"the monster suffers at most {plural(mod.amount, 'wound')} a round"
    if isinstance(mod, m.IgnoreResult):
        return f"{mod.result} results do nothing"
    if isinstance(mod, m.RevealDelta):
        more = "more" if mod.amount > 0 else "fewer"
        cards = "card" if abs(mod.amount) == 1 else "cards"
        return f"each Exploration reveals {abs(mod.amount)} {more} {cards} (at least 1)"
    if isinstance(mod, m.AbilityUses):
        more = "more" if mod.amount > 0 else "fewer"
        uses = "use" if abs(mod.amount) == 1 else "uses"
        return f"{abs(mod.amount)} {more} ability {uses} at the start of each level"
    if isinstance(mod, m.WeaponAttackCost):
        return f"every weapon attack costs {amounts(mod.amounts)} more"
    if isinstance(mod, m.RollBonus):
        return f"the monster's combat rolls get {mod.amount:+d}"
    if isinstance(mod, m.IgnoreArmor):
        return "wounding weapon attacks ignore armor"
    if isinstance(mod, m.HungerDelta):
        more = "more" if mod.amount > 0 else "less"
        return f"you need {abs(mod.amount)} {more} food in each Hunger step"
    if isinstance(mod, m.RollInstead):
        return f"pay {amounts(mod.amounts)} instead of rolling for {_card_words(mod.condition)}"
    if isinstance(mod, m.WoundLoss):
        more = "more" if mod.amount > 0 else "less"
        return f"WOUND results cost {abs(mod.amount)} {more} effort (at least {mod.minimum})"
    raise AssertionError(f"no words for {mod!r}")


#: How a printed text that already says when it happens begins.
_SAYS_WHEN = ("after ", "when ", "whenever ", "at the ", "before ", "once per ", "each ")


def when_text(ability: m.Ability) -> str:
    """Return an ability's printed text, saying when a Response happens if the text does not.

    "Gain 3 SE." is all Second Wind's card says; offered as a skill it reads
    "When the monster is defeated: gain 3 SE."
    """
    text = ability.text
    if ability.type != "response" or not text:
        return text
    when = TRIGGER_WORDS.get(ability.trigger, ability.trigger.replace("_", " "))
    lowered = text.lower()
    if (
        lowered.startswith(_SAYS_WHEN)
        or " ".join(when.lower().split()[:3]) in lowered
        or ability.trigger in lowered
    ):
        return text
    return f"{when}: {text[0].lower()}{text[1:]}"


def _no_use(ability: m.Ability, state: GameState) -> str:
    """Return a warning when an ability that only lowers (raises) the die can do nothing.

    Dodge on a roll that already comes to 1 costs its SE and a use for nothing
    (the result is clamped to 1-6, R-EFFECT-4).
    """
    effects = ability.effects
    mo = state.monster
    if effects and all(isinstance(e, m.BreakArmor) for e in effects) and mo and not mo.armor:
        return " (no use now: the monster has no armor)"  # Snare against a bare hide
    if not effects or not all(isinstance(e, m.ModifyRoll) for e in effects) or not state.roll:
        return ""
    change = sum(e.amount for e in effects if isinstance(e, m.ModifyRoll))
    now = clamp_die(state.roll + state.roll_bonus)
    after = clamp_die(state.roll + change + state.roll_bonus)
    return f" (no use now: the roll comes to {now} either way)" if after == now else ""


def attack_cost(attack: m.Attack, state: GameState, ruleset: Ruleset) -> dict[str, int]:
    """Return what a weapon attack costs now: its printed cost plus what cards in play
    add (Bleeding: "weapon attacks cost 1 more SE", R-BATTLE-3)."""
    return Run(ruleset, state).attack_cost(attack)


def standing(ruleset: Ruleset, cls: str, difficulty: str, score: int, before: int | None) -> str:
    """Return how a win's score stands against the best before it, for its class and difficulty.

    "Your first win with the Brawler on Normal.", "A new best for …: 34 (it
    was 32).", or "Your best for … is 32."
    """
    which = f"the {ruleset.card_name(cls)} on {ruleset.difficulty_name(difficulty)}"
    if before is None:
        return f"Your first win with {which}."
    if score > before:
        return f"A new best for {which}: {score} (it was {before})."
    return f"Your best for {which} is {before}."


def marked_row(state: GameState) -> int:
    """Return the monster table row the monster's roll points at, bonus included, while
    Responses may still change it (R-EFFECT-3/4); 0 for none.

    Only in the window after the roll: once the row is applied the roll already
    holds its bonus, and while keeping one of two results neither is the roll yet.
    """
    pending = state.decision == "response" and state.trigger == "after_monster_roll"
    return effective_roll(state) if pending and state.turn == "monster" else 0
