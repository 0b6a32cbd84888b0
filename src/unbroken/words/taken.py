"""The log's line of a decision taken for the player ("Taken for you: …"), split from
words/actions (#28 round 20 made it name the Responses a Pass skipped)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from unbroken.core import actions as act
from unbroken.core.game import ONLY_SKIP
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.words.actions import label, option_text, use_name
from unbroken.words.event_lines import ambush_lines
from unbroken.words.forecast import AMBUSH_AHEAD, AMBUSHED
from unbroken.words.no_use import ability_no_use
from unbroken.words.vocabulary import full_stop


def taken_for_you(
    action: act.Action,
    why: str,
    state: GameState,
    ruleset: Ruleset,
    offered: Sequence[act.Action] = (),
    again: bool = False,
) -> str:
    """Return the log's line of a decision taken for the player, with `why` ("Taken for
    you: Pass (Dodge [Sneak] not used) — the roll comes to the same result whatever you
    do."): an ability by its name and cost (what it does is in `why`), a Pass by the
    Responses it skipped among the answers `offered` (#28 round 20: "Pass (use nothing
    more) — it would do nothing here" did not say it was Snare; "Pass again" for a window
    offered `again` at the same moment), one full stop at the end.
    A Pass whose every skipped Response says why it was of no use says no `why` after
    them (#28 round 27: "Pass (Dodge [Sneak] not used: the roll comes to 1 either way) —
    the roll comes to the same result whatever you do" said it twice)."""
    # A Rest as its option says it, the caps counted (#28 round 12: "Rest: gain 2 SE" at
    # SE 20/20 gained nothing for its time).
    rest = isinstance(action, act.Rest)
    words = option_text(action, "", state, ruleset) if rest else label(action, state, ruleset)
    # Told as it happened, not warned of: the line is read with the ambush's events under
    # it (#28 round 30, 30a-19: "— ⚠ time runs out: the monster ambushes you" after it).
    words = words.replace(f" — ⚠ {AMBUSH_AHEAD}", f" — {AMBUSHED}")
    if f" — {AMBUSHED}" in words:
        words = without_ambush_note(words)
    if isinstance(action, act.Use):
        words = words.partition(": ")[0]
    if isinstance(action, act.ChooseEncounter):
        words = kept_words(words)
    skipped = [_skipped(a, state, ruleset, why) for a in offered if isinstance(a, act.Use)]
    if isinstance(action, act.Pass) and skipped:
        said = [f"{name} not used{f': {no_use}' if no_use else ''}" for name, no_use in skipped]
        # Offered again at the same moment, after the monster's own effect (`again`):
        # "Pass again (…)", not the same line twice (#28 round 28).
        words = f"Pass{' again' if again else ''} ({'; '.join(dict.fromkeys(said))})"
        if all(no_use for _, no_use in skipped):
            why = ""  # each Response says its own reason: the Pass's would say it again
    return full_stop(f"Taken for you: {words} — {why}" if why else f"Taken for you: {words}")


def with_ambush(line: str, said: list[str]) -> str:
    """Return a decision taken for the player (`line`) with what the monster's ambush that
    came with it did, as the log says it under it (`said`: the lines of its events): "Taken
    for you: Rest: gain 1 SE (time 1) — time ran out: the monster ambushed you. You lose 2
    time [Shrieking Fungus's ambush]." (#28 round 30, 30a-19: the game screen's prompt keeps
    it until a key, the log's lines under it were out of sight at 80x24)."""
    return " ".join([line, *ambush_lines(said)])


#: A note that says what an ambush takes ("Hyena's ambush: lose 2 SE").
AMBUSH_NOTE = re.compile(r"^[^;:—]+'s ambush: ")


def without_ambush_note(words: str) -> str:
    """Return an option's words, told as what happened when the ambush came with it,
    without its note of what the ambush takes: the ambush's own lines say it after
    (`with_ambush`; w53's note: "— Hyena's ambush: lose 2 SE — time ran out: … You lose
    2 SE [Hyena's ambush]." said it twice)."""
    head, *notes = words.split(" — ")
    kept = ["; ".join(x for x in note.split("; ") if not AMBUSH_NOTE.match(x)) for note in notes]
    return " — ".join([head, *(note for note in kept if note)])


def kept_words(label: str) -> str:
    """Return an encounter card kept for the player as its line says what was done, the
    card's terms in brackets: "keep Ruined Library (1 cunning -> draw 2 skills and keep
    one, time 3)" (#28 round 28: "Taken for you: Ruined Library: 1 cunning -> draw 2
    skills…" read as resolved and paid, where only the keep was taken)."""
    name, _, terms = label.partition(": ")
    if not terms:
        return f"keep {name}"
    if terms.endswith(")") and " (" in terms:  # "… (time 3)": one pair of brackets
        head, _, last = terms.rpartition(" (")
        terms = f"{head}, {last[:-1]}"
    return f"keep {name} ({terms})"


def _skipped(use: act.Use, state: GameState, ruleset: Ruleset, said: str = "") -> tuple[str, str]:
    """Return a Response a Pass skipped by its name, and why it was of no use where its
    option says so and the Pass's own why (`said`) does not say it first ("Snare [Hunter]",
    "the monster has no armor"; #28 round 26: "(I've Seen Worse [Brawler] not used: the
    monster missed) — the monster missed: a new roll …" said it twice)."""
    ability = ruleset.ability(use.source, use.ability)
    why = ability_no_use(ability, state, ruleset) if ability else ""
    if why and said.startswith(why):
        why = ""
    return use_name(use, ruleset), why


#: Why a turn is skipped for the player who cannot pay any attack (#28 round 24: at 1 SE,
#: Punch costing 2, "Taken for you: Skip your turn." three times said nothing of why).
UNPAID = "you cannot pay any attack: your turn is skipped"


def skip_why(action: act.Action, why: str, options: Sequence[tuple[act.Action, str]]) -> str:
    """Return why a decision is taken for the player as its line says it: a turn skipped
    when every attack offered (`options`, each with why it cannot be taken) cannot be paid
    says so (`UNPAID`); any other keeps `why`."""
    if not isinstance(action, act.Skip) or why not in ("", ONLY_SKIP):
        return why
    attacks = [w for a, w in options if isinstance(a, act.Attack)]
    return UNPAID if attacks and all("cannot pay" in w for w in attacks) else why
