"""How a lost game ended, plainly, from its events: what asked for more than the player
had, and what they had left ("2 food were due at the Hunger step of level 3 and you ate
0: the 2 missing cost 3 SE, and you had 1 SE, 0 ME, 0 LE.").

The game over screen says it first under "How it ended" (#28 playtest round 3: the
log's last lines left the player to work out the loss).
"""

from __future__ import annotations

from collections.abc import Sequence

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.history import last_decision
from unbroken.core.query import hunger_cost
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.effects import effect_text
from unbroken.words.outcomes import STEP_NAMES
from unbroken.words.vocabulary import amounts, plural


def effort_held(state: GameState) -> str:
    """Return the effort the player holds, zeros said too: "1 SE, 0 ME, 0 LE"."""
    return ", ".join(f"{state.res.get(k, 0)} {m.RESOURCE_NAMES[k]}" for k in m.EFFORT)


def how_lost(events: Sequence[ev.Event], state: GameState, rules: Ruleset) -> str:
    """Return how a lost game was lost in one plain sentence, "" for a game not lost."""
    over = next((e for e in reversed(events) if isinstance(e, ev.GameOver)), None)
    if over is None or over.won:
        return ""
    where = f"at the {STEP_NAMES.get(over.step, over.step)} step of level {over.level}"
    held = effort_held(state)
    last = last_decision(events)
    if over.cause == "starvation":
        ate = next((e for e in reversed(last) if isinstance(e, ev.Ate)), None)
        if ate is None:
            return f"You starved {where}, with {held}."
        missing = ate.requirement - ate.food
        # Why ME and LE did not pay it, as for a blow (#28 playtest round 10).
        short = shortfall(state, {"se": hunger_cost(missing)})
        were = "was" if ate.requirement == 1 else "were"  # "1 food was due" (34a-9)
        return (
            f"{ate.requirement} food {were} due {where} and you ate {ate.food}: the "
            f"{missing} missing cost {hunger_cost(missing)} SE, and you had {held}{short}."
        )
    # A WOUND's loss taken after a response window (a Pass) was rolled a decision before
    # the death: read the monster's turn, not only the Pass (#28 round 18: "Orc asked …:
    # 1 SE, 0 ME, 0 LE." said no shortfall where the row asked 2 SE).
    turn = last if any(isinstance(e, ev.CombatResult) for e in last) else monster_turn(events)
    asked = asked_effort(turn, over, rules)
    what = blow(turn, over, rules)
    if not asked and (asked := token_loss(state, over, rules)):
        # Said as a WOUND's "(roll 2: 2 SE)" is (#28 round 35: "Poisoned asked for more
        # effort than you had: 1 SE, …" never said it asked 2 SE).
        what = f"{rules.card_name(over.source)} ({token_words(state, over, asked)})"
    short = shortfall(state, asked)
    return f"{what} asked for more effort than you had: {held}{short}."


def monster_turn(events: Sequence[ev.Event]) -> list[ev.Event]:
    """Return the events since the monster's last turn began ([] when it has had none)."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if isinstance(e, ev.TurnStarted) and e.who == "monster":
            return list(events[i:])
    return []


def token_loss(state: GameState, over: ev.GameOver, rules: Ruleset) -> dict[str, int]:
    """Return the effort a condition losing per token asked as it killed (Poisoned's
    Venom: 1 SE per token, the `lose_per_token` handler); {} for any other end."""
    held = next((c for c in state.conditions if c.id == over.source), None)
    if held is None or not held.tokens:
        return {}
    for ability in rules.card_abilities(over.source):
        for effect in ability.effects:
            if isinstance(effect, m.Handler) and effect.name == "lose_per_token":
                kind = str(effect.params.get("resource", "se"))
                return {kind: held.tokens * int(effect.params.get("per", 1))}
    return {}


def token_words(state: GameState, over: ev.GameOver, asked: dict[str, int]) -> str:
    """Return what a condition losing per token asked, its tokens said: "2 tokens: 2 SE"."""
    tokens = next((c.tokens for c in state.conditions if c.id == over.source), 0)
    return f"{plural(tokens, 'token')}: {amounts(asked)}"


def asked_effort(last: list[ev.Event], over: ev.GameOver, rules: Ruleset) -> dict[str, int]:
    """Return the effort the monster's last row asked when it killed: the WOUND's pending
    loss, else the row's first effort loss (or its fallback's, R-RES-6); {} when unknown."""
    pending = next(
        (e.amount for e in reversed(last) if isinstance(e, ev.PendingLossSet) and e.amount), 0
    )
    if pending:
        return {"se": pending}
    mo = rules.monsters.get(over.source)
    result = next((e for e in reversed(last) if isinstance(e, ev.CombatResult)), None)
    if mo is None or result is None or not 1 <= result.roll <= len(mo.table):
        return {}
    for effect in mo.table[result.roll - 1].effects:
        for each in (effect, *getattr(effect, "alt", ())):
            if isinstance(each, m.Lose):
                effort = {k: n for k, n in each.amounts.items() if k in m.EFFORT and n}
                if effort:
                    return effort
    return {}


def shortfall(state: GameState, asked: dict[str, int]) -> str:
    """Return why `asked` could not be paid even with substitution (R-RES-4: a larger
    effort pays for a smaller one for one, the smaller first): "; 1 LE pays for 1 SE
    only: 1 SE short" (#28 playtest round 8: "1 LE" read as paying "2 SE"); "" when it
    could be paid or is unknown."""
    have = [state.res.get(k, 0) for k in m.EFFORT]
    for i in (2, 1, 0):  # LE first, then ME, then SE, as payment.can_pay
        need = max(asked.get(m.EFFORT[i], 0) - have[i], 0)
        have[i] = max(have[i] - asked.get(m.EFFORT[i], 0), 0)
        used: dict[str, int] = {}
        for j in range(i + 1, 3):  # each larger effort pays for one of this
            take = min(have[j], need)
            have[j], need = have[j] - take, need - take
            if take:
                used[m.EFFORT[j]] = take
        if need:
            name = m.RESOURCE_NAMES[m.EFFORT[i]]
            if not used:
                return f"; {need} {name} short"
            paid = " and ".join(f"{n} {m.RESOURCE_NAMES[k]}" for k, n in used.items())
            verb = "pays" if len(used) == 1 else "pay"
            return f"; {paid} {verb} for {sum(used.values())} {name} only: {need} {name} short"
    return ""


def blow(last: list[ev.Event], over: ev.GameOver, rules: Ruleset) -> str:
    """Return what dealt the last loss: the monster's table row and what it asked ("The
    Kobold's WOUND (roll 6: 1 SE)"), else the card named by the game's end."""
    mo = rules.monsters.get(over.source)
    result = next((e for e in reversed(last) if isinstance(e, ev.CombatResult)), None)
    if mo is None or result is None or not 1 <= result.roll <= len(mo.table):
        name = rules.card_name(over.source) if ":" in over.source else over.cause
        return f"{name} ({', '.join(lost(last))})" if lost(last) else name
    pending = next(
        (e.amount for e in reversed(last) if isinstance(e, ev.PendingLossSet) and e.amount), 0
    )
    row = mo.table[result.roll - 1]
    asked = f"{pending} SE" if pending else "; ".join(effect_text(e) for e in row.effects)
    return f"The {rules.card_name(mo.id)}'s {result.result} (roll {result.roll}: {asked})"


def lost(last: list[ev.Event]) -> list[str]:
    """Return what the last decision took before the end ("lost 2 SE"), one per loss."""
    return [f"lost {amounts(e.amounts)}" for e in last if isinstance(e, ev.Lost) and e.amounts]
