"""The rules the screen names by a word of their own ("committed", "ambush", "Hunger step"):
each an entry of the inspector's list, said short, and a section help's search finds (#28
round 11: options said "committed", and `i` had no entry for it). The rule ids are kept
for the developers (`ids`, as docs/rules.md numbers them), never said to the player (#28
round 27, 27b-11: "(R-TRAVEL-1, R-TRAVEL-6)" in help's Ambush)."""

from __future__ import annotations

import re
from typing import NamedTuple

from unbroken.core.game import Game
from unbroken.core.query import Query
from unbroken.core.state import Phase, StepName
from unbroken.words.actions import option_text
from unbroken.words.prompts import prompt_text


class Term(NamedTuple):
    """A rule the screen names: its entry's id and name, the word that names it on screen,
    and what it does, a sentence a line: each line is wrapped under its own hanging indent
    where it is shown (#28 round 14: a sentence broken over two lines had its second half
    outdented under the inspector's "Named:"); `ids`: the rules of docs/rules.md it says."""

    id: str
    name: str
    word: re.Pattern[str]
    lines: tuple[str, ...]
    ids: tuple[str, ...]


#: The rules named by a word of their own, as docs/rules.md says them (short). An id with
#: no card's pack before its ':' ("rule:"), so that no card's id is one of them.
TERMS: tuple[Term, ...] = (
    Term(
        "rule:committed",
        "Committed",
        re.compile(r"\bcommit", re.IGNORECASE),
        (
            "Some cards commit you to the next encounter.",
            "The next Exploration step reveals exactly 1 card, whatever would reveal more, "
            "and you must resolve it: no Rest.",
            "If you cannot pay its spend, you get nothing from it, but its time is still lost.",
        ),
        ("R-TRAVEL-7",),
    ),
    Term(
        "rule:ambush",
        "Ambush",
        re.compile(r"\bambush", re.IGNORECASE),
        (
            "When the time track reaches 0 or below in the Travel Phase, the Ambush step "
            "follows: the monster is revealed if it was not, the time is reset, its ambush "
            "rule acts if it has one, and the battle begins.",
            "No trickery after an ambush.",
        ),
        ("R-TRAVEL-1", "R-TRAVEL-6", "R-COMBAT-1", "R-COMBAT-3"),
    ),
    Term(
        "rule:disarm",
        "DISARM",
        re.compile(r"\bdisarm", re.IGNORECASE),
        (
            "A monster's DISARM result sets your top weapon aside for the turns its row "
            "says (a downgrade): you fight with the weapon beneath it, and it "
            "comes back after your last such turn.",
            "Bare Hands can never be downgraded, so a DISARM then does nothing.",
        ),
        ("R-WEAPON-4",),
    ),
    Term(
        "rule:hunger-step",
        "Hunger step",
        re.compile(r"\bhunger\b|\bstarv|\(eat \d", re.IGNORECASE),
        (
            "At the end of each level you must eat food equal to the level.",
            "You choose how much to eat, up to that; each food eaten gives 1 SE.",
            "For m uneaten food you lose 1 + 2 + … + m SE: 1, 3, 6, 10 (ME and LE may pay "
            "for SE); if you cannot pay, you starve and the game ends.",
        ),
        ("R-HUNGER-1", "R-HUNGER-2", "R-HUNGER-3"),
    ),
    Term(
        "rule:time-track",
        "Time track",
        re.compile(r"\btime track\b|\bstarts at \d", re.IGNORECASE),
        (
            "Levels 1 to 3 each have a time track: the Display's time row is what is left "
            "of it, its bar full at the level's start.",
            "Encounters, rests and some actions spend time; at 0 in the Travel Phase the "
            "monster ambushes you.",
            "The row's \"level 2 starts at 22\" is the time the next level's track starts with; "
            "the track is set to it as this level's Combat Phase begins (then the row says "
            '"22 ↺ for level 2").',
            "Level 4 keeps its time track through its Travel Phase; the track goes at its "
            "Ambush or Trickery step, and from then on time in a cost, or lost, is paid in SE "
            '(1 SE a point; the row then says "no track: time costs SE").',
        ),
        ("R-RES-7", "R-TRAVEL-6", "R-COMBAT-3"),
    ),
)
BY_ID = {term.id: term for term in TERMS}


def terms_named(game: Game) -> list[str]:
    """Return the ids of the rules the game screen names now: in the decision's prompt and
    options, the stage's "Committed to the next encounter", the phase tracker's Ambush
    step, the Display's "(eat 3) −6 SE" (the Hunger step's cost to come) and its "level 2
    starts at 22" (the time track)."""
    s, rules = game.state, game.ruleset
    said = []
    if game.decision is not None:
        said.append(prompt_text(game.decision.prompt, s, rules))
        said += [option_text(action, why, s, rules) for action, why in game.options()]
    if s.committed:
        said.append("committed")
    if s.phase == Phase.COMBAT and s.step == StepName.AMBUSH:
        said.append("ambush")
    query = Query(rules, s)
    if query.hunger_to_come() and s.res.get("food", 0) < query.food_requirement():
        # The Display's "food 0 (eat 3) −6 SE": the Hunger step's cost to come (#28 round
        # 28: `i` listed it only where the prompt or an option named it).
        said.append("hunger")
    if s.time_track and s.level < len(rules.settings.level_start_time):
        # The Display's "level 2 starts at 22" (#28 round 29: only help's search said it).
        said.append("time track")
    text = "\n".join(said)
    return [term.id for term in TERMS if term.word.search(text)]


def term_sections() -> list[tuple[str, str]]:
    """Return each rule named as a section help's search finds: "Committed (rule)"."""
    return [(f"{term.name} (rule)", f"## {term.name}\n\n{' '.join(term.lines)}") for term in TERMS]
