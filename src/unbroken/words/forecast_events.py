"""The few words a forecast says each certain event in: a row rolled, a loss, a gain, a
condition, a weapon set aside (split from words.forecast, which puts them together)."""

from __future__ import annotations

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.effects import pending_words
from unbroken.words.vocabulary import amounts, plural


def lost_game(event: ev.Event) -> bool:
    """Return whether `event` ends the game lost."""
    return isinstance(event, ev.GameOver) and not event.won


#: What a row the player has the condition of does (R-BATTLE-6): the new roll is unknown.
REROLLS = "the monster rolls again (result not known yet)"


def row_words(e: ev.CombatResult, monster: str, after: GameState, ruleset: Ruleset) -> str:
    """Return what the monster's rolled row does that its effects do not say: it is
    ignored, it rolls again (a condition the player has already, R-BATTLE-6: the new
    roll's result is not known yet), or it has no effect (a MISS); "" otherwise, its
    effects' events saying the rest ("lose 4 SE")."""
    if e.ignored:
        return "ignored"
    if e.rerolled:
        held = [
            ruleset.card_name(x.condition)
            for x in ruleset.monsters[monster].table[e.roll - 1].effects
            if isinstance(x, m.GainCondition)
        ]
        what = " and ".join(held) or "it"
        return f"you have {what} already — {REROLLS}"
    sheet = ruleset.monsters.get(monster)
    if sheet is not None and not sheet.table[e.roll - 1].effects:
        return "no effect"
    return ""


def event_words(event: ev.Event, ruleset: Ruleset, weapon: str) -> str:
    """Return one certain event in a few words ("" for one not worth saying)."""
    n = ruleset.card_name
    if isinstance(event, ev.Lost):
        return f"lose {amounts(event.amounts)}"
    if isinstance(event, ev.Gained):  # what the caps take said with it (R-RES-2)
        lost = f" ({amounts(event.lost_to_cap)} lost to the cap)" if event.lost_to_cap else ""
        return f"gain {amounts(event.amounts)}{lost}"
    if isinstance(event, ev.Spent):
        return f"pay {amounts(event.amounts)}"
    if isinstance(event, ev.WeaponsSet) and event.weapons:
        was = f"{n(weapon)} → " if weapon else ""
        return f"{was}{n(event.weapons[-1])}"
    if isinstance(event, ev.WeaponSetAside):
        # In the words of the row that does it: "your weapon set aside for 2 turns".
        return f"your {n(event.weapon)} set aside for {plural(event.turns, 'turn')}"
    if isinstance(event, ev.ConditionGained):  # as the row says it (`effects.effect_text`)
        extra = f" with {plural(event.tokens, 'token')}" if event.tokens else ""
        card = ruleset.conditions.get(event.condition)
        when = "now" if event.active else pending_words(card is not None and card.permanent)
        rounds = f" for {plural(event.rounds, 'round')}" if event.rounds else ""
        return f"gain {n(event.condition)}{extra} {when}{rounds}"
    if isinstance(event, ev.ConditionChanged):
        return _condition_changed(event, ruleset)
    if isinstance(event, ev.ConditionRemoved):
        return f"{n(event.condition)} removed"
    if isinstance(event, ev.MonsterChanged):
        return {
            "heal": f"heals to {event.health}/{event.max_health}",
            "gain": _grows(event),
            "defend": "it ignores your next weapon attack",
            "armor broken": f"armor {event.armor}",
            "wounded": f"health {event.health}",
        }.get(event.why, "")
    if isinstance(event, ev.SkipTurnSet) and event.skip:
        return "you skip your turn"
    if isinstance(event, ev.ExtraTurnsSet) and event.extra_turns:
        return f"{plural(event.extra_turns, 'extra turn')}"
    if isinstance(event, ev.RevealBonus) and event.bonus:
        return f"reveal {event.bonus} more"
    return ""  # a death is said as a warning (`death_warning`), the same on every option


def _grows(event: ev.MonsterChanged) -> str:
    """Say a monster's growth as the log does: "the monster grows: health 3/4", its armor
    only when it has any (#28 round 24: "grows to 0 armor, 3 health")."""
    armor = f"armor {event.armor}/{event.max_armor}, " if event.max_armor else ""
    return f"the monster grows: {armor}health {event.health}/{event.max_health}"


def _condition_changed(event: ev.ConditionChanged, ruleset: Ruleset) -> str:
    """Say a condition's new tokens or rounds: a condition that lasts rounds (Frightened)
    says them, never "0 tokens" (R-COND-2)."""
    card = ruleset.conditions.get(event.condition)
    parts = []
    if event.tokens or (card is not None and card.tokens and not event.rounds):
        parts.append(plural(event.tokens, "token"))
    if event.rounds:
        parts.append(f"for {plural(event.rounds, 'round')}")
    return " ".join([ruleset.card_name(event.condition), *parts])
