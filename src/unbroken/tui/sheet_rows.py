"""The monster sheet's lines that are not the panel's layout: its table's rows as the stage
draws them, each as it would act now (the core's `Query.table_row`: "lose 2 SE (Armored
−1)", #28), the rules of the steps before the battle still to act, and the row the last
roll applied (the stage marks it)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.query import Query, RowOutcome
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState, Phase, StepName
from unbroken.tui.dice import DIE_CLEARED
from unbroken.words.actions import marked_row
from unbroken.words.effects import ambush_text, trickery_text
from unbroken.words.rows import held_names, just_given, printed_row, row_effect

#: The steps of a combat before its battle (the monster's Ambush and Trickery rules).
_BEFORE_BATTLE = (StepName.AMBUSH, StepName.TRICKERY)


def coming_rules(state: GameState, card: m.Monster) -> list[str]:
    """Return the monster's rules of the steps before its battle that are still to act, as
    the stage says them ("ambush: lose 4 SE"): its ambush and trickery before the Combat
    phase and at its Ambush step, its trickery alone at the Trickery step (the ambush is
    over: the stage said it still, #28), none once the battle begins or the game is over
    (the replay viewer's last step, the Hunger step's, said both)."""
    if state.phase == Phase.OVER:
        return []
    if state.phase == Phase.COMBAT and state.step not in _BEFORE_BATTLE:
        return []
    trickery = f"trickery: {trickery_text(card)}"
    if state.phase == Phase.COMBAT and state.step == StepName.TRICKERY:
        return [trickery]
    return [f"ambush: {ambush_text(card)}", trickery]


def no_rules_words(
    name: str,
    card: m.Monster,
    rules: Ruleset,
    unfolded: bool = False,
    page: tuple[int, int] = (1, 1),
    cut_here: tuple[int, ...] = (),
) -> str:
    """Return what `m` says of a monster with no rules left to read (its table in sight,
    or `unfolded`: its table's rows shown in full, `page` the page shown of how many):
    that it has none for the battle, and what its ambush and trickery (before it) do (#28
    round 24: the Abomination "has no special rules" right after its ambush poisoned you;
    round 29: `m` on the Troglodyte showed its table's pages and nothing said it has no
    rules; 35a-1: "its table's rows in full" beside "table 1 of 3 (m: next)" read as
    rows hidden: the page is said as the title says it; round 36: "rows in full, page 1
    of 2" beside a row cut: the rows it cuts, `cut_here`, are said whole on another)."""
    steps = [f"ambush: {ambush_text(card, rules)}"] if card.ambush else []
    steps += [f"trickery: {trickery_text(card)}"] if card.trickery is not None else []
    shown, pages = page
    paged = f", page {shown} of {pages}" if pages > 1 else ""
    if cut_here and pages > 1:
        numbers = " and ".join(", ".join(map(str, cut_here)).rsplit(", ", 1))
        whole = f"row{'s' if len(cut_here) > 1 else ''} {numbers} whole on another page"
        paged = f", page {shown} of {pages} ({whole})"
    shows = f"its table's rows in full{paged}" if unfolded else "its whole table is in sight"
    if not steps:
        return f"{name} has no special rules: {shows}."
    if unfolded:
        return f"{name}: no battle rules, {shows}; {'; '.join(steps)}."
    return f"{name}: no battle rules; {'; '.join(steps)}."


#: The `row` while the die still rolls: none marked, not even the one a pending roll
#: points at (#28 round 27: "▶4 WOUND" beside a rolling "⚀" gave the roll away).
ROLLING = -1


def table_lines(
    state: GameState, rules: Ruleset, card: m.Monster, row: int
) -> list[tuple[str, str]]:
    """Return the monster's six table rows as the stage shows them, each with its style:
    each as it would act now (`row_effect`: a WOUND's loss after the Passives in play,
    #28), the row a pending roll points at (else `row`) marked "▶" and reversed; none
    while the die rolls (`ROLLING`)."""
    pending = marked_row(state) if row != ROLLING else 0
    current = pending or max(row, 0)
    pad = max(len(r.result) for r in card.table)
    rows = []
    mo = state.monster
    for i, (r, words) in enumerate(zip(card.table, row_texts(state, rules, card), strict=True), 1):
        if i == current and not pending and mo is not None and mo.id == card.id:
            # The row just applied, which now makes the monster roll again: it gave you the
            # condition (round 20: "▶4 DAZE rolls again (you have…" read as a second roll).
            if Query(rules, state).table_row(i).rerolled:
                words = just_given(r, rules)
        line = f"{'▶' if i == current else ' '}{i} {r.result:<{pad}} {words}"
        rows.append((line, "bold reverse" if i == current else ""))
    return rows


def longest_lines(
    state: GameState, rules: Ruleset, card: m.Monster, rows: list[tuple[str, str]]
) -> list[list[str]]:
    """Return the words each of the table's rows (`table_lines`) can say in this battle,
    its line as drawn now first: a row that gives a condition also says "the monster rolls
    again (you have Poisoned already)" and, just applied, "gave you Poisoned (next time:
    …)". `m`'s pages are laid out for the longest, so their count stays as a row's words
    grow (36b-2: the Abomination's "table 1 of 1" became "2 of 2" after its DAZE)."""
    mo = state.monster
    battle = state.phase == Phase.COMBAT and state.step not in _BEFORE_BATTLE
    if not battle or mo is None or mo.id != card.id:
        return [[line] for line, _ in rows]
    pad = max(len(r.result) for r in card.table)
    said = []
    for i, (r, (line, _)) in enumerate(zip(card.table, rows, strict=True), 1):
        if not held_names(r, rules):
            said.append([line])
            continue
        again = row_effect(r, RowOutcome(i, r.result, rerolled=True), rules)
        head = f"{line[0]}{i} {r.result:<{pad}} "
        said.append([line, *(head + words for words in (again, just_given(r, rules)))])
    return said


def same_rows(rows: list[tuple[str, str]]) -> dict[int, int]:
    """Return the table's rows (`table_lines`) that say what an earlier row says, each
    with the first row that says it: {4: 2, 6: 2} where rows 2, 4 and 6 are "WOUND lose
    2 SE (Armored −1)" (the mark "▶" and the numbers aside)."""
    first: dict[str, int] = {}
    same: dict[int, int] = {}
    for i, (line, _) in enumerate(rows, 1):
        words = line[1:].split(" ", 1)[1]
        same[i] = first.setdefault(words, i)
    return {i: k for i, k in same.items() if i != k}


def row_texts(state: GameState, rules: Ruleset, card: m.Monster) -> list[str]:
    """Return what each of the monster's table rows does now, in words (`row_effect`): the
    monster in play's as they would act (the core's `Query.table_row`), else as printed."""
    mo = state.monster
    if mo is None or mo.id != card.id:
        return [row_words(r) for r in card.table]
    query = Query(rules, state)
    return [
        row_effect(r, query.table_row(i), rules, state.level, state.res)
        for i, r in enumerate(card.table, 1)
    ]


def row_words(r: m.Row) -> str:
    """Return what a table row does as printed ("lose 2 SE; add 1 token to Paralyzed")."""
    return printed_row(r)


def table_indent(card: m.Monster) -> str:
    """Return the indent of a table row's wrapped lines (under its words)."""
    return " " * (max(len(r.result) for r in card.table) + 4)


def applied_row(events: list[ev.Event]) -> int:
    """Return the monster table row the last of some events' monster rolls applied (0: none);
    the stage marks it until the next roll, or until a check's die (Paralyzed's, Dangerous
    Idea's) comes after it where the combat roll is not among the events: the die then
    says only that check, and a row marked beside it read as the check's row (#28 round
    17: "die ⚅ 6 (Paralyzed check)" beside "▶5 STEAL" after a Dodge). With the combat roll
    among them the die says both ("⚂ 3 (monster's combat roll); then ⚅ 6 (Paralyzed
    check)", round 3) and the row stays marked."""
    checked = False
    for k in range(len(events) - 1, -1, -1):
        e = events[k]
        if isinstance(e, ev.DieRolled) and e.purpose.startswith("check:"):
            checked = True
        elif isinstance(e, ev.CombatResult):
            rolled = any(
                isinstance(x, ev.DieRolled) and x.purpose in ("combat", "reroll")
                for x in events[:k]
            )
            return e.roll if rolled or not checked else 0
    return 0


def held_row(newest_first: Iterable[list[ev.Event]]) -> int:
    """Return the monster table row a roll applied that the stage still marks, given the
    game's decisions' events newest first (`history.by_decision`): the row the last
    decision's events applied (`applied_row`), else, when that decision rolled nothing and
    answered a Response window, the one the decision before applied, and so on back. A
    WOUND row's loss waits for its window (Just a Scratch, Bury the Pain): the row is
    applied only when it closes, and the die still shows its roll (#28 round 34: the ▶ was
    gone on the battle turn after the window, used or passed). A decision that enters
    another step or battle (the die cleared) or answers the player's turn holds none."""
    decisions = iter(newest_first)
    events = next(decisions, [])
    while True:
        if any(isinstance(e, ev.DieRolled | ev.CombatResult) for e in events):
            return applied_row(events)
        if any(isinstance(e, DIE_CLEARED) for e in events):
            return 0
        before = next(decisions, None)
        if not before:
            return 0
        asked = before[-1]
        if not isinstance(asked, ev.Awaiting) or asked.decision != DecisionKind.RESPONSE:
            return 0
        events = before


def decisions_back(events: Sequence[ev.Event]) -> Iterator[list[ev.Event]]:
    """Yield the game's decisions' events newest first, as `history.by_decision` cuts
    them, read from the end (a late game has thousands of events; `held_row` reads few)."""
    end = len(events)
    for i in range(len(events) - 2, -1, -1):
        if isinstance(events[i], ev.Awaiting):
            yield list(events[i + 1 : end])
            end = i + 1


def marked_applied(
    last: list[ev.Event], events: Sequence[ev.Event], taken_back: bool = False
) -> int:
    """Return the row the stage marks as applied: the one the last decision's events
    (`last`, with the answers taken for the player) applied, else the one a Response
    window that followed it holds (`held_row` on the game's `events`); none before the
    first decision on the screen (`last` empty), but after `u` (`taken_back`) the one the
    game's events hold, as the die shows their roll (round 36: the ▶ went)."""
    held = last or taken_back
    return applied_row(last) or (held_row(decisions_back(events)) if held else 0)
