"""Help's search: which sections hold what was typed, its word forms too ("starve" finds
"starving", "starved", "starvation": #28 playtest round 10, where only "starv" did), and
where in a section the first match is (Enter lands there, marked), and the field it is
typed in, which takes its keys in the order typed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from textual import events
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input

#: Endings taken off a typed word to find its other forms (the longest first).
ENDINGS = ("ation", "ings", "ing", "ed", "es", "e", "s")
#: The shortest stem searched as a word's start (shorter ones find too much: "arm").
STEM = 4


def stem(word: str) -> str:
    """Return a typed word's stem ("starve", "starving" → "starv"), or the word itself
    when taking an ending off would leave fewer than `STEM` letters."""
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= STEM:
            return word[: -len(ending)]
    return word


#: Where a typed word is found: at a word's start ("eat" in "eaten", not in "Beat": #28
#: round 11, where the search for "eat" landed on "Beat the fourth monster").
START = r"(?<!\w)"
#: A heading's closing brackets ("## Sickly Berries (food encounter, time 1)"), its
#: colon kept ("### Danger track (skips green spaces):").
BRACKETS = re.compile(r" \([^()]*\)(?=:?\s*$)")


def pattern(word: str) -> re.Pattern[str]:
    """Return what a typed word finds, any case: a word starting with it ("starv" in
    "starve") or with its stem."""
    word = word.lower()
    forms = [START + re.escape(word)]
    if stem(word) != word:
        forms.append(START + re.escape(stem(word)))
    return re.compile("|".join(forms), re.IGNORECASE)


def patterns(typed: str) -> list[re.Pattern[str]]:
    """Return the patterns of every word typed (none for blank)."""
    return [pattern(word) for word in typed.split()]


def holds(text: str, found: list[re.Pattern[str]]) -> bool:
    """Return whether `text` holds every word typed, in one of its forms."""
    return bool(found) and all(p.search(text) for p in found)


def first_match(lines: list[str], found: list[re.Pattern[str]]) -> int | None:
    """Return the index of the first line holding every word typed, else of the first
    holding any (None: no line does; a match broken over two lines is not found). #28
    round 27: "next level" marked "the weapon, phase or level", not "the next level"."""
    every = (i for i, line in enumerate(lines) if holds(line, found))
    return next(
        every, next((i for i, ln in enumerate(lines) if any(p.search(ln) for p in found)), None)
    )


def phrase(typed: str, forms: bool = True, whole: bool = False) -> re.Pattern[str]:
    """Return what finds the words typed as one phrase, in order, any case: each word as
    typed or (`forms`) in one of its forms ("danger track" in "the danger tracks"); `whole`:
    each word as typed, whole or with an ending of `ENDINGS` ("danger" in "the danger
    track", "track" in "tracks", not "danger" in "Dangerous": 30b-20)."""
    parts = []
    rest = f"(?:{'|'.join(ENDINGS)})?(?!\\w)" if whole else "\\w*"
    for word in typed.lower().split():
        found = {re.escape(word), re.escape(stem(word) if forms and not whole else word)}
        parts.append(f"(?:{'|'.join(sorted(found))}){rest}")
    return re.compile(START + r"\W+".join(parts), re.IGNORECASE)


def headings(title: str, text: str) -> list[str]:
    """Return a section's title and its Markdown headings' lines, a heading's closing
    brackets left out: they say what kind of card it is, not what it is about (the team's
    notes, #28: "food" listed "Sickly Berries (food encounter, time 1)" first, above How
    to play's eating; the title, "Sickly Berries (encounter)", still says its kind)."""
    heads = (line for line in text.splitlines() if line.startswith("#"))
    return [title, *(BRACKETS.sub("", line) for line in heads)]


def ranked(
    sections: list[tuple[str, str]], typed: str, about: Mapping[str, re.Pattern[str]] | None = None
) -> list[int]:
    """Return the indexes of the sections holding every word typed, best first: a card
    named exactly so, then a rule section whose subject it is (`about`: a section's title
    → what finds the words typed, said in one string, or its rule id: "starve" is the
    Hunger step's, 36b-9: it listed "The screen" first, for a passing mention; a section
    found by its rule id alone is listed too), then one whose name starts so; then, for
    the words as typed before their other forms, the sections with a title
    or a heading holding the phrase whole, then a title holding every word, then a text
    holding the phrase whole; then the rest. Among equals, a section holding two words or
    more typed as a phrase more often first, then the contents' order (#28 round 24:
    "danger track" listed Score, then 5. Combat Phase, before Expert, whose heading is
    "Danger track"). The words whole (or with an ending: "tracks") come before words they
    only start (30b-20: "danger" listed Sage, for its "Dangerous Idea", among the texts
    saying "danger")."""
    found = patterns(typed)
    words = " ".join(typed.lower().split())
    subjects = about or {}

    def subject(index: int) -> bool:
        said = subjects.get(sections[index][0])
        return bool(words and said and said.search(words))

    def places(
        text: str, heads: list[str], forms: bool, exact: bool = False
    ) -> tuple[bool, bool, bool]:
        whole = phrase(words, forms, exact)
        each = found if forms else [phrase(word, forms, exact) for word in words.split()]
        # Of the headings, only the title holding the words apart comes before a text
        # holding the phrase (29b-6: "time track" listed first "Curious Tracks", whose
        # card's heading "Curious Tracks (encounter, time 5)" holds the words apart).
        return (
            any(whole.search(line) for line in heads),
            holds(heads[0], each),
            bool(whole.search(text)),
        )

    def rank(index: int) -> int:
        title, text = sections[index]
        name = title.lower()
        heads = headings(title, text)
        named = (name.partition(" (")[0] == words, subject(index), name.startswith(words))
        held = (
            *named,
            *places(text, heads, False, exact=True),
            *places(text, heads, False),
            *places(text, heads, True),
        )
        return held.index(True) if True in held else len(held)

    def shown(index: int) -> int:
        """Return how often a section holds the phrase of two words or more whole (fewer:
        it ranks lower; round 27: "next level" listed Keys first, for one row at its end)."""
        return -len(phrase(words).findall(sections[index][1])) if " " in words else 0

    held = (i for i, (_, text) in enumerate(sections) if holds(text, found) or subject(i))
    return sorted(held, key=lambda i: (rank(i), shown(i)))


#: The actions bound by Textual's Input itself (not by the views it is built on).
INPUT_ACTIONS = frozenset(b.action for b in Input.BINDINGS if isinstance(b, Binding))


class InOrderInput(Input):
    """An Input that runs its own keys' actions (Backspace, the arrows, Enter) as they
    come, in the order typed. Textual's Input types a letter at once but lets a bound key
    go up to the app to be run, so a Backspace typed before a letter ran after it: tmux's
    `time`, four Backspaces and `level` sent at once left "timel" (#28 round 12)."""

    def __init__(self, *args: Any, hand_over: dict[str, str] | None = None, **kwargs: Any) -> None:
        """`hand_over`: keys that give the focus to another widget (key → its selector, on
        the screen): help's Down goes from the search to what it found."""
        super().__init__(*args, **kwargs)
        self.hand_keys = dict(hand_over or {})

    #: The widget a key of `hand_keys` handed the focus to: the keys typed behind that one
    #: reach the field still, queued before the focus moved, and are run as that widget's
    #: (help: Down typed twice quickly from the search lost the second, #28 round 13).
    handed_to: Widget | None = None

    def on_focus(self) -> None:
        self.handed_to = None  # the field's own keys again

    async def _on_key(self, event: events.Key) -> None:
        if self.handed_to is None and event.key in self.hand_keys:
            event.stop()
            event.prevent_default()
            self.handed_to = self.screen.query_one(self.hand_keys[event.key])
            self.handed_to.focus()
            return
        if self.handed_to is not None:  # typed before the focus moved: the widget's keys
            event.stop()
            event.prevent_default()
            for binding in self.handed_to._bindings.key_to_bindings.get(event.key, ()):
                await self.handed_to.run_action(binding.action)
                return
            self.handed_to.post_message(events.Key(event.key, event.character))
            return
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            # The Input's own keys only: ↑ ↓ (a scrolling view's) are the screen's.
            if not binding.priority and binding.action in INPUT_ACTIONS:
                if not await self.app.run_action(binding.action, self):
                    # Skipped: Ctrl+C with nothing selected (the field's copy) goes up to
                    # the app's, which quits (35a-5: in help's search it did nothing).
                    break
                event.stop()
                event.prevent_default()
                return
        await super()._on_key(event)
