"""When a key meant for the options before must not take a costly one at once: the
options' keys moved, decisions were taken for the player, or a new question came (one
not on screen before the player's last key, whatever came between: the monster's roll
after an attack, a Response; the careful window of `DecisionPanel`, tui/decisions.py).

Which options' keys mark them first (the key again, or Enter, takes them), in one place:

- Fight the monster now, always, whatever the time (`always_marked`).
- In a careful window, or a key too quick after a new question: a costly option
  (`costly`: it spends, loses, reveals or changes something for good; `marks`: not the
  only option offered, unless it ends the game or what it follows is unread; Pass, when
  it gives up a Response that would do something now; a Response's use in the window
  right after a Response the key took: questions.py's `used_after`).
- In a window over a question asked again (`AGAIN`): the key that answered it, its
  option costly again, and Enter on a costly option (the highlight may have moved off
  that key's row, dimmed now: 31a-4, a second Enter took Explore after the last
  Dangerous Idea), and any key on a costly option that shows hidden cards, which `u`
  cannot take back (core.history's `shows_hidden`: Scout's monster, Explore's cards; 33a-9: after
  "Forage [Hunter] used. Asked again", one `7` took Scout and showed the monster; a
  die's roll is not counted, or every battle turn's option would mark); every other
  key takes at once (a different option is no double tap).
  An ordinary question (not asked again) is not made so: Explore in a Preparation
  takes at once as before, unless a window above says otherwise.
  Asked again with cards the key revealed (`REVEALED`: Scout's monster): a costly
  option, as on a new question's cards.
- While a mark is on screen, whatever the window and its time: a costly option's key
  moves the mark to it (#28 round 27: the window's time over, `3` took Decisive stroke
  at once under "2 marked" and spent the only LE); its key or Enter takes it.
- A forced only option (the only one that can be taken: a committed Exploration's card)
  is taken by one key or Enter, of use or not, its words saying what it wastes (36a-3:
  "keep Healing Herbs … committed: 1 food paid for nothing" took three keys); but right
  after decisions taken for the player, or by a double press's second key on cards just
  revealed, it marks first (`unread`).
- Never a costly option of no use now by one key, whatever the time (#28 round 29: a
  second key a second on marked Beat aside; one key 3 s on took Resolve Sacred Pool's 4
  time for nothing): the first is dropped, said ("4 not marked: no use now; again marks
  it"); the same key again marks it (questions.py's `drops`). Not a card kept only to
  rest on it ("(no use now: no condition in play: rest, gain 4 SE)"): the rest is of
  use, so it marks first as "(cannot pay: rest, gain 2 SE)" does (33a-4: Sacred Pool
  took three presses, the card beside it two).
- Never an option that ends the game by one key, whatever the time (`always_marked`:
  #28 round 29, one key on the last Hunger step's Eat ended it); nor one its row warns
  leads to an ambush or starvation for certain (⚠, `warned_alone`: #28 round 31, `7`
  took Scout on the last time, the warning cut from its row, and the monster ambushed).
- Never by a pair typed ahead over decisions taken for the player: in their window, the
  key (or Enter) on a mark within `quick` of it is refused, said, the mark kept (36b-4:
  "2 2" to rest on a card, the Rest taken for the player, took Fight at the Preparation;
  questions.py's `typed_ahead`, said by tui/taking.py).
- The same key again right after it took an option (`quick` from its key), on an option
  dimmed now or on none, takes nothing: a double tap's second, meant for the question
  before, said with what it took (37a-8: "0 0" on Downgrade got "Not now: Downgrade (nothing to
  give up)"; questions.py's `double_tap`, said by tui/taking.py and tui/game.py).
- Never by a key pressed before the question on screen was drawn (the last key's outcome
  still worked out): it was meant for the question before, and takes and marks nothing,
  said (31b-4; tui/game.py's `stale`).
- A key read while the window's cue was in sight does what it said, its time over
  before the key's binding ran (34a-5; questions.py's `cue_was_shown`): the cue goes
  with the window, and a key after that takes at once.

When a window is open and how long it lasts is tui/questions.py's (`CarefulList`)."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.forecast import CHANCE, OVER, Forecast
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import DecisionKind, GameState
from unbroken.words.forecast import warnings

#: Why the careful window is open: the options' keys moved, the question just answered
#: asked again with no other between ("Options changed": a craft, a DISARM), a new
#: question came (a battle turn, then the Hunger step), decisions were taken for you.
MOVED, NEW, TAKEN = "moved", "new", "taken"
#: Why: the question just answered, asked again right after, its key on a costly option
#: again (a double tap's second would take it twice) or on one dimmed now: that key and
#: Enter mark first.
AGAIN = "again"
#: Why: the question just answered, asked again with cards its key revealed (Scout's
#: monster in the Preparation): until an option is taken, as a new question's cards.
REVEALED = "revealed"
#: Why: no window was open, a key on a costly option of no use now was dropped (`drops`):
#: open until the next key only to say so; it marks nothing else first.
NOTICE = "notice"
#: The questions asked again and again with the same actions, whose keys a player learns:
#: asked anew (a new level's Preparation, a new battle's turn), a key that means another
#: option than the last time they were asked marks a costly option first until one is
#: taken (#28 round 14: pressed from habit). Still a "New question", another came between
#: (33b-5: a new level's Preparation, after the Hunger step's Eat, said "Options changed",
#: read as keys moved under the player); "Options changed" is the question just answered
#: asked again with its keys moved. Not those whose options are new cards, windows,
#: amounts or choices each time (the Hunger step's Eat options follow the food held:
#: round 15 read "Options changed" there as a riddle; it is a "New question").
STANDING = frozenset(
    {
        DecisionKind.PREPARATION,
        DecisionKind.PLAYER_TURN,
        DecisionKind.EXTRA_ATTACK,
        DecisionKind.TRICKERY,
    }
)
#: How each says how a key takes an option now (the taken decisions say themselves).
OPENINGS = {
    MOVED: "Options changed: ",
    NEW: "New question: ",
    TAKEN: "New options: ",
    AGAIN: "Asked again: ",
    REVEALED: "Cards revealed: ",
    NOTICE: "",
}


def careful_cue(
    key: str | None,
    why: str,
    taken: tuple[str, ...] = (),
    marks: bool = True,
    again: str = "",
    lasting: bool = False,
    dropped: str = "",
    between: str = "",
) -> str:
    """Return the prompt's cue while the careful window is open: why it is (`why`, with
    the decisions `taken` for the player, as the log says them, still in sight after the
    beat: #28 round 11 found them only in `l`; for a new question, what the last key took
    when it looks like the one before: "Last Rites used.") and how a key takes an option
    now (`key`: the key of the option a key marked, None before; `marks`: some option is
    costly; `again`: the key that marks first on a question asked again; `lasting`: the
    window lasts until an option is taken, as a mark in it says: #28 round 22 read a
    second key's mark, 10 s on, as a surprise; `dropped`: the key of a double press's
    second, dropped on an option of no use now: #28 round 27; `between`: what came between
    the key and the options changed, the monster's roll: "the monster rolled WOUND. ",
    36b-5: after a craft in battle, "Options changed" said nothing of the roll)."""
    if key is not None:
        until = "; until one is taken, a costly option's key marks it first" if lasting else ""
        return f"{key} marked: press {key} again (or Enter) to take it{until}. "
    said = taken_words(taken) if why == TAKEN else " ".join(w for w in taken if w)
    head = f"Taken for you: {said} " if why == TAKEN and said else f"{said} " if said else ""
    if dropped:  # "Inspiration used. Asked again: 4 not marked: no use now; again marks it."
        return f"{head}{OPENINGS[why]}{dropped} not marked: no use now; again marks it. "
    if not marks:
        return head
    if why == AGAIN:  # "Chosen: Orienteer. Asked again: 6 marks first, again takes it."
        return f"{head}{OPENINGS[why]}{again or 'its key'} marks first, again takes it. "
    if between:  # "Chosen: Craft the Club. Options changed: the monster rolled WOUND. A key…"
        return (
            f"{head}{OPENINGS[why]}{between}A key or Enter marks a costly option, again takes it. "
        )
    return f"{head}{OPENINGS[why]}a key or Enter marks a costly option, again takes it. "


def in_a_row(words: str, times: int) -> str:
    """Return what the last key took as the next question's prompt says it, `times` in a
    row on the same question asked again: "Chosen: Focus (twice in a row).", "Forage
    [Hunter] used (3 times in a row)." (34a-1: the second of "3 3", taken once the window
    was over, left the prompt as it was, "Chosen: Focus. Asked again: 3 or Enter marks
    first", read as a key that did nothing)."""
    if times < 2:
        return words
    count = "twice" if times == 2 else f"{times} times"
    return f"{words.rstrip('.')} ({count} in a row)."


def taken_words(taken: tuple[str, ...]) -> str:
    """Return the decisions taken for the player as the prompt says them, a repeat counted
    (#28 round 18: "Taken for you: Skip your turn. Skip your turn." read as one said twice):
    "Skip your turn (twice).", "Pass (3 times)."."""
    said: list[tuple[str, int]] = []
    for line in taken:
        words = line.removeprefix("Taken for you: ")
        if said and said[-1][0] == words:
            said[-1] = (words, said[-1][1] + 1)
        else:
            said.append((words, 1))
    return " ".join(w if n == 1 else counted(w, n) for w, n in said)


def counted(words: str, n: int) -> str:
    """Return a decision taken `n` times as the prompt says it: "Skip your turn (twice).",
    a count before the brackets that say why (#28 round 28: "Pass (Snare [Hunter] not
    used: …) (twice)." read oddly): "Pass twice (Snare [Hunter] not used: …)."."""
    count, body = "twice" if n == 2 else f"{n} times", words.rstrip(".")
    if body.endswith(")") and " (" in body:
        head, _, rest = body.partition(" (")
        return f"{head} {count} ({rest}."
    return f"{body} ({count})."


def waiting_cue(taken: tuple[str, ...], marks: bool) -> str:
    """Return the prompt's cue while the options' keys wait a beat after the decisions
    `taken` for the player: what a key does now and after (#28 round 17: "New options:"
    said nothing of the keys, and the next key marked; `marks`: some option is costly)."""
    said = taken_words(taken)
    # No longer than the cue after the beat (`careful_cue`): the prompt keeps its rows,
    # and the options theirs (31a-1: the options laid out for one row less, re-flowed).
    then = ", then marks a costly option" if marks else ""
    return f"Taken for you: {said} New options: a key takes nothing yet{then}. "


def costly(action: act.Action, forecast: Forecast | None, state: GameState) -> bool:
    """Return whether an option is one a key meant for the options before must not take
    at once: it spends or loses something (an ability use too: #28 round 17, "8 8" took
    Take a Peek twice; a skill's once-a-turn use: round 24), gives a bad condition (the
    team's notes, #28: an option whose only cost was Frightened took one key), ambushes,
    ends the game, changes the weapon, the phase or the level (Fight), shows a card or a die's roll
    (`u` cannot take it back: #28 round 12, Explore taken unseen on a new level), or its
    forecast is not known.
    Keeping an encounter is: it commits the card's time, resolved or rested (#28 round
    13: "1 1" explored, then kept the first card before the six were seen, a Rest
    forced). Keeping a skill is too: the others drawn go for good (#28 round 19: a key
    2.6 s after Flexible kept Inventive unseen). Keeping a roll is too: the other result
    goes for good, whatever either does (#28 round 30: "2 2" at the Bear's ROAR, the
    first used Lucky, the second kept the first roll, ROAR's Frightened then no loss the
    forecast counted, and threw the re-roll away). Pass and Skip are not."""
    if isinstance(action, (act.Pass, act.Skip)):
        return False
    lasting = (act.Fight, act.Downgrade, act.ChooseEncounter, act.ChooseSkill, act.PickRoll)
    if forecast is None or isinstance(action, lasting):
        return True
    f = forecast
    if f.paid or f.lost or f.bad_conditions or f.ambushed or f.weapon:
        return True
    if f.stops in (OVER, CHANCE):
        return True
    if f.after.ability_uses != state.ability_uses:
        return True
    if _limited(f.after) != _limited(state):  # a once-a-turn (battle, level) use spent too
        return True
    return (f.after.phase, f.after.level) != (state.phase, state.level)


def _limited(state: GameState) -> tuple[list[str], list[str], list[str]]:
    """Return the uses of abilities limited to once a turn, battle or level: a free one
    spent is spent (#28 round 24: a second key took Wrecker's Follow Up at once, unasked,
    after an armor-breaking attack)."""
    return state.used_turn, state.used_battle, state.used_level


def forced(offered: list[tuple[act.Action, str]]) -> bool:
    """Return whether only one option offered can be taken (the others dimmed, or none):
    the player has no choice (36a-3: a committed Exploration's only card)."""
    return sum(not why for _, why in offered) == 1


def lone_and_harmless(offered: list[tuple[act.Action, str]], forecast: Forecast | None) -> bool:
    """Return whether the only option that can be taken is one to take at once even in the
    careful window: a forced single option (Resolve when committed) asked twice for nothing
    (#28 round 11); one that ends the game is still marked first."""
    return forced(offered) and not (forecast is not None and forecast.stops == OVER)


def always_marked(
    action: act.Action, forecast: Forecast | None = None, warned: bool = False
) -> bool:
    """Return whether an option's key marks it first whatever the time: Fight the monster
    now, once a level and for good (#28 round 20: one key on a Preparation come back
    after an encounter took it unread, and the game was lost); an option that ends the
    game (its `forecast` stops OVER: #28 round 29, one key on the last level's Hunger
    step, "Eat 1 food — score 106", ended it at once); one `warned` of (`warned_alone`)."""
    over = forecast is not None and forecast.stops == OVER
    return isinstance(action, act.Fight) or over or warned


def warned_alone(forecast: Forecast, state: GameState, ruleset: Ruleset, shared: str) -> bool:
    """Return whether an option leads for certain to what its row warns of ("⚠": an
    ambush, starvation at the Hunger step, a turn lock) that not every option does (said
    once under the prompt, `shared`: no other option spares it): its key marks it first
    whatever the time (#28 round 31, 31b-3: `7` on a question 3 s old took Scout, its
    row's "— ⚠ time runs out" cut, and the monster ambushed the player unwarned)."""
    return any(f"⚠ {w}" not in shared for w in warnings(forecast, state, ruleset))


def gives_up(offered: list[tuple[act.Action, str]], no_use: list[str | None]) -> bool:
    """Return whether passing gives up a Response that would do something now (#28
    round 20: a double tap's second key took Pass over Ambusher's 2 free wounds): one
    offered that can be taken (`offered`'s reasons) and is of use (`no_use`'s)."""
    return any(
        isinstance(a, act.Use) and not why and not no_use[i] for i, (a, why) in enumerate(offered)
    )


def marks(
    index: int,
    offered: list[tuple[act.Action, str]],
    forecasts: dict[act.Action, Forecast],
    state: GameState,
    no_use: list[str | None],
    unread: bool,
) -> bool:
    """Return whether the index-th option offered is costly on the careful keys' terms: a
    costly option (`costly`) but the only one offered, harmless (`lone_and_harmless`),
    unless what it follows is `unread` (#28 round 23: "1 1" explored, the keep was taken
    for the player, and the second `1` paid Root Tangle's 2 SE unread); Pass when it
    `gives_up` a Response."""
    if not 0 <= index < len(offered):
        return False
    action = offered[index][0]
    forecast = forecasts.get(action)
    if lone_and_harmless(offered, forecast) and not unread:
        return False
    return costly(action, forecast, state) or (
        isinstance(action, act.Pass) and gives_up(offered, no_use)
    )


def keys_moved(before: list[tuple[act.Action, str]], now: list[tuple[act.Action, str]]) -> bool:
    """Return whether a key offered before and now means another option now: the list
    grew or shrank above it (a new weapon's attacks, a recipe: #28 round 10, `0` was Craft
    the Knife, then Craft the Sword) or its option was replaced by another (#28 round 12:
    a DISARM put the Knife's Quick cut and Stab on the Spear's Pierce and Lunge keys).
    Only costs changing moves no key, nor options added or taken away after the last."""
    return any(b != n for (b, _), (n, _) in zip(before, now, strict=False))


def asked_anew(
    was: str, kind: str, before: list[tuple[act.Action, str]], now: list[tuple[act.Action, str]]
) -> bool:
    """Return whether a question of `kind`, asked right after the player answered one of
    the same level and step (`was`: its kind; `before`, `now`: their options), is a new
    question ("New question"), not the one before with its list changed ("Options
    changed") nor asked again ("Asked again"): after a Response, the next window (the
    next round's); a question that ends with its answer (not STANDING) with other options
    (#28 round 32: the level's two skills drawn right after the Bugbear Warlord's reward
    skill was kept said "Options changed"). With the same options it is asked again (a
    Paralyzed player's "Roll for the condition, or pay instead?" after the monster's roll)."""
    if was == DecisionKind.RESPONSE:
        return True
    return kind not in STANDING and keys_moved(before, now)
