"""Whether a Response's effects could help against the monster now, proved from the rules.

One answer for every part that asks (#28 round 16): `core.pointless` (a window that
is pointless, R-DIGI-4), the options' "(no use now: …)" (`words.no_use`) and the
log's "Dodge could respond, but no ability use is left" (`words.unused`), which
follows the events and so asks with the roll its die event shows. `cannot_help`
names the case:

* **NO_ARMOR**: it only breaks armor, and the monster has none. "Then take another
  turn" in an action on the player's turn only gives back the turn the action spends
  (Inventive's Improvised Lever, 33a-3): it counts as nothing where that turn's end
  and start change nothing (`turn_given_back`).
* **ARMOR_IGNORED**: it only breaks armor, and armor stops none of the player's wounds:
  a lasting Passive makes every wounding weapon attack ignore it (Weak Spot, R-BATTLE-3)
  and no ability in play wounds but past armor (#28 round 26: Snare was taken as of use
  with it); armor kept only keeps armor-breaking attacks open.
* **SAME_ROW**: it only changes the monster's roll, and every roll it could lead to
  comes to a row that does the same as the row now: the same effects (the rows
  compared by what they do, not by their names: a WOUND's loss is a WOUND's, so a
  WOUND row is not the same as another row losing as much), or a row that does
  nothing (a MISS, a row a Passive ignores) for a row that does nothing; a roll
  already at its lowest lowered is the same roll (R-EFFECT-4).
* **MISSED**: it only changes the monster's roll, the row now does nothing, and
  every row it could lead to does nothing or only harms the player (**IDLE** when
  the row now has effects that do nothing here: a HEAL at full health, an ignored row).
* **WORSE**: it only changes the monster's roll, and every row it could lead to is the
  row now or one no better for the player, compared by their effects (#28 round 19:
  Dodge from the Wyvern's WOUND, lose 3 SE, to its WOUND, lose 4 SE): the same effects
  with losses as large or larger of the same things, and maybe more that only harm;
  rows of different kinds (a WOUND and a STEAL) are not compared here, nor losses of
  different sizes where a Response in play acts on a loss's size (Shrug It Off: a
  WOUND of 3 or more costs 2 less, so 3 may cost less than 2).

A row does nothing when it has no effects, a Passive ignores it, or every effect it has
does nothing in this state (a HEAL at full health, #28 round 19).

`keywords_lacked` says of effects that act only against a monster with a keyword
(Gauntlet's Plate Splitter, "+2 power against an Armored monster") which keywords they
need that the monster in play lacks: the words name them (`words.no_use`, 31b-7).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from unbroken.core import model as m
from unbroken.core.combat import clamp_die, must_reroll
from unbroken.core.resolver import Resolver
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState

#: Why a Response's effects cannot help now (`cannot_help`).
NO_ARMOR = "the monster has no armor"
ARMOR_IGNORED = "wounding weapon attacks ignore armor"
SAME_ROW = "the roll comes to the same result whatever you do"
MISSED = "the monster missed: a new roll can only do as well or worse"
#: MISSED where the row now has effects that do nothing here (a HEAL at full health).
IDLE = "the monster's roll does nothing here: a new roll can only do as well or worse"
WORSE = "any other result you could reach is worse for you"

#: The Response effects that only change the monster's die roll.
ROLL_EFFECTS = (m.ModifyRoll, m.Reroll)
#: How far repeated roll changes are followed (a die result is 1..6).
_ROLL_SPAN = 12


def cannot_help(
    rules: Ruleset,
    state: GameState,
    effects: Sequence[m.Effect],
    roll: int | None = None,
    bounded: bool = True,
) -> str:
    """Return why Response effects cannot help against the monster in `state` (NO_ARMOR,
    ARMOR_IGNORED, SAME_ROW, MISSED, IDLE, WORSE: see the module), "" when they might.

    `roll`: the monster's die before its bonus (the state's roll when None: the log,
    following events, asks at the die's event, before a state holds it); `bounded`:
    each effect used once (a Response is used at most once per trigger, R-EFFECT-2),
    else any number of times."""
    mo = state.monster
    if mo is None or not effects:
        return ""
    if all(isinstance(e, m.BreakArmor) or turn_given_back(rules, state, e) for e in effects):
        if not mo.armor:
            return NO_ARMOR
        return ARMOR_IGNORED if armor_ignored(Resolver(rules, state)) else ""
    if not all(isinstance(e, ROLL_EFFECTS) for e in effects):
        return ""
    raw = state.roll if roll is None else roll
    if not raw:
        return ""  # no roll to change
    r = Resolver(rules, state)
    reachable = _reachable(r, raw, effects, bounded)
    if len({_row_outcome(r, x) for x in reachable}) == 1:
        return SAME_ROW
    now = clamp_die(raw + state.roll_bonus)
    if _missed(r, raw, reachable):
        return MISSED if not _row(r, now).effects else IDLE
    if all(_no_better_row(r, now, x) for x in reachable):
        return WORSE
    return ""


def keywords_lacked(
    rules: Ruleset, state: GameState, effects: Sequence[m.Effect]
) -> tuple[str, ...]:
    """Return the monster keywords `effects` need, each once in their order, by the id
    after the pack's prefix ("armored"), when every one of them is a handler given a
    `keyword` param (Gauntlet's `against`, which acts only where `HandlerApi.keywords`
    holds that keyword, so by the id after the prefix: docs/plugins.md) and the monster
    in play has none of them: they do nothing against it (31b-7: Plate Splitter against
    the Mound Crawler, armor 3/3 but not Armored). () for any other effects, when the
    monster has one of them, or when no monster is in play."""
    mo = state.monster
    if mo is None or not effects or mo.id not in rules.monsters:
        return ()
    wanted = []
    for e in effects:
        if not isinstance(e, m.Handler) or not str(e.params.get("keyword", "")):
            return ()
        wanted.append(str(e.params["keyword"]))
    has = {kw.split(":", 1)[-1] for kw in rules.monsters[mo.id].keywords}
    return () if has & set(wanted) else tuple(dict.fromkeys(wanted))


def armor_ignored(r: Resolver) -> bool:
    """Return whether the monster's armor stops none of the player's wounds: a Passive in
    play makes wounding weapon attacks ignore it (Weak Spot: R-BATTLE-3, "unless ... a
    skill says it ignores armor") and no ability in play wounds without ignoring it (an
    ability's wounds are not a weapon attack's). Breaking armor then changes no wound; it
    only takes away armor-breaking options, which are of use only to let wounds through
    (Follow Up's extra attack after one adds no wound a turn could not make): with the
    armor kept every play open after breaking it stays open, so passing is never worse.
    Only a Passive that lasts counts (a skill's, the class's): a condition's may end."""
    lasting = any(  # a skill's or the class's: no condition's, which may run out
        kind in ("skill", "class") and any(isinstance(x, m.IgnoreArmor) for x in a.modifiers)
        for _, a, kind in r.in_play()
        if a.type == "passive"
    )
    if not lasting:
        return False
    return not any(
        isinstance(e, m.Wound) and not e.ignore_armor
        for _, ability, _ in r.in_play()
        for e in ability.effects
    )


def break_cannot_help(r: Resolver, attack: m.Attack) -> str:
    """Return ARMOR_IGNORED when the weapon's armor-breaking `attack` can only do as well as
    skipping the turn or worse (#28 round 28: Crack with Weak Spot): armor stops none of
    the player's wounds (`armor_ignored`: every weapon's wounding attacks ignore it, so a
    weapon switched to this fight does too, and no ability in play wounds but past it),
    no guard waits (any weapon attack spends it, R-BATTLE-4: the cheapest may be this
    one) and no rule acts after it but added power (Wrecker's Follow Up, another weapon
    attack after an armor break, is of use); "" otherwise. Both the attack and a skip end
    the turn; the attack only pays more."""
    mo = r.state.monster
    if attack.type != "break" or mo is None or mo.armor < 1 or mo.defend:
        return ""
    for _, ability, _ in r.in_play():
        if ability.trigger in ("after_attack_chosen", "after_armor_break") and not all(
            isinstance(e, m.AttackPower) for e in ability.effects
        ):
            return ""  # Follow Up: another attack after it
    return ARMOR_IGNORED if armor_ignored(r) else ""


def missed(r: Resolver, effects: Sequence[m.Effect], bounded: bool = False) -> bool:
    """Return whether roll effects can only do as well or worse at the monster's roll now
    (the state's): the row now does nothing and every row they could lead to does
    nothing or only harms the player (the MISSED case, whatever SAME_ROW says)."""
    s = r.state
    if s.monster is None or not effects or not s.roll:
        return False
    if not all(isinstance(e, ROLL_EFFECTS) for e in effects):
        return False
    return _missed(r, s.roll, _reachable(r, s.roll, effects, bounded))


def reachable(r: Resolver, effects: Sequence[m.Effect], bounded: bool = False) -> set[int]:
    """Return every final roll (after the bonus, clamped) these roll effects could lead to
    from the state's roll, that roll among them (see `_reachable`)."""
    return _reachable(r, r.state.roll, effects, bounded)


def _missed(r: Resolver, raw: int, reachable: set[int]) -> bool:
    if not _does_nothing(r, clamp_die(raw + r.state.roll_bonus)):
        return False
    return all(_does_nothing(r, x) or _only_harms(r, x) for x in reachable)


def _reachable(r: Resolver, raw: int, effects: Sequence[m.Effect], bounded: bool) -> set[int]:
    """Return every final roll (after the bonus, clamped) these roll effects could lead to
    from the die `raw`, that roll among them: each used any number of times, or with
    `bounded` each listed used once (a Response is used at most once per trigger,
    R-EFFECT-2)."""
    bonus = r.state.roll_bonus
    raws = {raw}
    if any(isinstance(e, m.Reroll) for e in effects):
        raws |= set(range(1, 7))
    if bounded:
        sums = {0}
        for e in effects:
            if isinstance(e, m.ModifyRoll):
                sums |= {x + e.amount for x in sums}
        return {clamp_die(x + d + bonus) for x in raws for d in sums}
    shifts = {e.amount for e in effects if isinstance(e, m.ModifyRoll)}
    for _ in range(_ROLL_SPAN):
        more = {x + a for x in raws for a in shifts if -_ROLL_SPAN <= x + a <= 6 + _ROLL_SPAN}
        if more <= raws:
            break
        raws |= more
    return {clamp_die(x + bonus) for x in raws}


def _row(r: Resolver, roll: int) -> m.Row:
    assert r.state.monster is not None
    return r.rules.monsters[r.state.monster.id].table[roll - 1]


def _does_nothing(r: Resolver, roll: int) -> bool:
    row = _row(r, roll)
    return not row.effects or r.ignores(row.result) or all(_idle(r, e) for e in row.effects)


def idle_row(r: Resolver, roll: int) -> bool:
    """Return whether the monster's row at the final roll has effects and every one does
    nothing in this state (a HEAL at full health): the words say so (#28 round 35)."""
    row = _row(r, roll)
    return bool(row.effects) and all(_idle(r, e) for e in row.effects)


def _idle(r: Resolver, e: m.Effect) -> bool:
    """Return whether a row's effect does nothing in this state: a heal at full health
    (the heal stops at the monster's health, R-BATTLE-7's trackers)."""
    mo = r.state.monster
    return isinstance(e, m.MonsterHeal) and mo is not None and mo.health >= mo.max_health


def _no_better_row(r: Resolver, now: int, other: int) -> bool:
    """Return whether the row at the final roll `other` is no better for the player than the
    row `now`, by their effects (the WORSE case): the same outcome; a row that only harms
    for one doing nothing; or, rows of the same name where a name counts (a WOUND), the
    same effects in order but for losses of the same things as large or larger, then
    maybe more that only harm."""
    a, b = _row_outcome(r, now), _row_outcome(r, other)
    if a == b:
        return True
    if b == b"nothing":
        return False  # nothing is better than a row that does something
    if a == b"nothing":
        return _only_harms(r, other)
    row_now, row_other = _row(r, now), _row(r, other)
    named = (row_now.result == "WOUND" or row_other.result == "WOUND") or any(
        isinstance(e, m.Handler) for e in (*row_now.effects, *row_other.effects)
    )
    if named and row_now.result != row_other.result:
        return False
    mine, theirs = list(row_now.effects), list(row_other.effects)
    if len(theirs) < len(mine):
        return False
    for e, f in zip(mine, theirs, strict=False):
        if e != f and (not _loses_more(e, f) or _loss_responses(r)):
            return False
    return _harms(r, theirs[len(mine) :])


def _loss_responses(r: Resolver) -> bool:
    """Return whether a Response in play acts on a loss's size (Shrug It Off: a WOUND of 3
    or more costs 2 less): a larger loss may open it, so losses are not compared."""
    return any(
        a.type == "response"
        and (
            a.trigger == "wound_loss"
            or a.min_loss
            or any(isinstance(x, m.ReduceLoss) for x in a.effects)
        )
        for _, a, _ in r.hand().in_play
    )


def _loses_more(e: m.Effect, f: m.Effect) -> bool:
    """Return whether the loss `f` takes as much or more of the same things as `e`, with
    the same fallback."""
    if not isinstance(e, m.Lose) or not isinstance(f, m.Lose) or e.alt != f.alt:
        return False
    if set(e.amounts) != set(f.amounts):
        return False
    return all(f.amounts[k] >= n for k, n in e.amounts.items())


def row_outcome(r: Resolver, roll: int) -> bytes:
    """Return what the monster's table row for a final roll does, as comparable bytes:
    rows with the same effects do the same (a WOUND row's, or one with a handler, also
    by its name); every row doing nothing (a MISS, an ignored row) does the same, and
    every row the monster rolls again on (a condition already pending, R-BATTLE-6)."""
    return _row_outcome(r, roll)


def _row_outcome(r: Resolver, roll: int) -> bytes:
    row = _row(r, roll)
    if _does_nothing(r, roll):
        return b"nothing"
    if must_reroll(r, row):
        return b"again"  # the monster rolls again (R-BATTLE-6), whichever row sent it
    # A WOUND's loss is a WOUND's (Passives and Responses act on it), and a handler may
    # read the row's name: the name counts for those; for the rest only what they do.
    named = row.result == "WOUND" or any(isinstance(e, m.Handler) for e in row.effects)
    return (row.result.encode() + b":" if named else b"") + msgspec.json.encode(row.effects)


#: Row effects that can only cost the player (a loss, a guard, the monster's health back).
_HARMS = (m.Lose, m.Downgrade, m.MonsterGain, m.MonsterHeal, m.Defend)


def _only_harms(r: Resolver, roll: int) -> bool:
    """Return whether every effect of the row can only cost the player here (a trade that
    may gain something, a handler, a positive condition: not proved)."""
    return _harms(r, list(_row(r, roll).effects))


def _harms(r: Resolver, effects: list[m.Effect]) -> bool:
    """Return whether every effect (and every alternative it may fall back on) can only
    cost the player in this state."""
    for e in effects:
        if isinstance(e, m.Reduce):
            held = all(r.state.res.get(k, 0) >= n for k, n in e.lose.items())
            if not held:  # its alternative applies (as effects._reduce decides)
                if not _harms(r, list(e.alt)):
                    return False
                continue
            if _gains_anything(r, e.gain):  # a trade: 1 LE for 2 SE may be wanted
                return False
            continue
        if isinstance(e, m.GainCondition | m.AddTokens):
            card = r.rules.conditions.get(e.condition)
            if card is not None and not card.positive:
                continue
            return False
        if not isinstance(e, _HARMS):
            return False
        if isinstance(e, m.Lose) and not _harms(r, list(e.alt)):
            return False
    return True


def _gains_anything(r: Resolver, amounts: dict[str, int]) -> bool:
    """Return whether gaining `amounts` now adds anything (R-RES-2: a cap takes the rest)."""
    caps = r.rules.settings.caps
    return any(n > 0 and r.state.res.get(k, 0) < caps.get(k, 99) for k, n in amounts.items())


def turn_given_back(rules: Ruleset, state: GameState, effect: m.Effect) -> bool:
    """Return whether `effect` only gives back the turn an action on the player's battle
    turn spends, so does nothing (33a-3: Inventive at armor 0/2, "break 1 armor, then take
    another turn", took 1 wood for nothing): an ExtraTurn (the action ends the turn and it
    starts again, R-BATTLE-2) where ending and starting a turn change nothing: no weapon
    set aside counts turns (R-WEAPON-4), no once-a-turn use is spent (a new turn frees
    it) and nothing acts before the player's turn (Poisoned, Relentless)."""
    if not isinstance(effect, m.ExtraTurn) or state.decision != DecisionKind.PLAYER_TURN:
        return False
    if state.set_aside or state.used_turn:
        return False
    r = Resolver(rules, state)
    return not any(a.trigger == "before_player_turn" for _, a, _ in r.in_play())
