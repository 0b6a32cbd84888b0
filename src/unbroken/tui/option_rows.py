"""The numbered options fitted to their rows: each option's key, its line wrapped under
its text, and, where room lacks, some cut to one row ("…") so that every one keeps a row."""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache, partial

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from unbroken.tui import attack_cuts
from unbroken.tui.attack_cuts import cut_attack, cut_dimmed_attack, is_attack, without_verb
from unbroken.tui.kept_rows import BODY as BODY
from unbroken.tui.kept_rows import HEAD as HEAD
from unbroken.tui.kept_rows import cut_dimmed as cut_dimmed
from unbroken.tui.kept_rows import cut_kept as cut_kept
from unbroken.tui.kept_rows import option_name as option_name
from unbroken.tui.kept_rows import without_own_words as without_own_words
from unbroken.tui.row_keeps import (
    last_group,
    restored,
    said_briefly,
    said_why,
    whole_brackets,
)
from unbroken.tui.tag_wrap import GLUE
from unbroken.tui.turn_keeps import keep_turn, telling
from unbroken.words.actions import TAKES_TURN
from unbroken.words.cutting import cut_words as cut_words  # the one cut (words.cutting)
from unbroken.words.warning_keeps import WARNED, keep_warnings


class DecisionList(OptionList):
    """The numbered decisions. A long one wraps under its text, not under its number."""

    #: Columns kept free for the scrollbar, which comes and goes with the options.
    SCROLLBAR = 2
    #: The most rows the options may take (the screen sets it from its height; 0: any).
    room = 0

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self._offered: list[str] = []
        self._off: list[bool] = []
        #: Which options are fitted as dimmed (`show`'s `not_now`; all are dimmed while
        #: the keys wait a beat, fitted as they will be after it).
        self._fit_off: list[bool] = []
        self._wordy: list[bool] = []
        self._shown: list[str] = []
        self._briefer: list[list[str]] = []
        self._used: list[str] = []
        self._width = 0
        #: Why each option offered would do nothing now (None: it is of use; the words'
        #: `option_no_use`, set with the options): the highlight starts on one of use.
        self.no_use: list[str | None] = []
        #: Which of those are of use all the same: a card kept only to rest on it, the
        #: rest gaining something ("no use now: …: rest, gain 4 SE": `Query.rest_of_use`).
        self.rests: list[bool] = []
        #: The option the highlight starts on when it can be taken (None: the first of use;
        #: the words' `best_final`: the best final score, the last Hunger's Eat).
        self.best: int | None = None

    def show(
        self,
        lines: list[str],
        not_now: list[bool] | None = None,
        wordy: list[bool] | None = None,
        briefer: list[list[str]] | None = None,
        waiting: bool = False,
    ) -> None:
        """Offer these decisions, the first that can be taken and is of use highlighted (the
        same ones keep the highlight); those marked in `not_now` are dimmed (they cannot be
        taken now, but the arrows reach them, so every one can be scrolled into sight); those
        marked in `wordy` say a card's own words, cut before the others where room lacks;
        `briefer`: each option's shorter ways to say it (`briefest`), else []. `waiting`:
        every option dimmed while the keys wait a beat, fitted as `not_now` has them, as
        they are laid out after it (31a-1: fitted as all dimmed, rows cut otherwise, "reveal
        the mon…" cut in a word, re-flowed a second on)."""
        fit_off = not_now or [False] * len(lines)
        off = [True] * len(lines) if waiting else fit_off
        keep = self.highlighted if (lines, off) == (self._offered, self._off) else None
        self._offered, self._off, self._fit_off = lines, off, fit_off
        self._wordy = wordy or [False] * len(lines)
        self._briefer = briefer or [[] for _ in lines]
        self.clear_options()
        width = self._width = self.size.width - self.SCROLLBAR
        used = self._used = [
            briefest(line, ways, width) for line, ways in zip(lines, self._briefer, strict=True)
        ]
        shown = self._shown = fit_options(used, width, self.room, fit_off, self._wordy)
        # No more rows than its room, one row an option or not: the list scrolls to keep
        # the highlighted in sight, and the detail line under it keeps its rows (#28 round
        # 11: 17 options took 17 rows of 13, the detail and the hint pushed out of sight).
        self.styles.max_height = self.room if self.room > 0 else None
        # Text, not markup: a card name or text with brackets is shown as written.
        self.add_options(
            Option(Text(text, style="dim" if dim else ""))
            for text, dim in zip(shown, off, strict=True)
        )
        if lines and not all(off):
            # The first that can be taken and is of use now (#28 round 19: the highlight,
            # so Enter, started on an option marked "no use now"); the order is kept.
            said = len(self.no_use) == len(lines)  # else not set for these yet
            useful = (i for i in range(len(lines)) if not off[i] and (not said or self.of_use(i)))
            first = next(useful, off.index(False))
            best = self.best
            if best is not None and best < len(lines) and not off[best]:
                first = best
            self.highlighted = keep if keep is not None and keep < len(lines) else first

    def of_use(self, index: int) -> bool:
        """Return whether the index-th option is of use now: none says it is not, or it is a
        card kept to rest on, its rest gaining something (36a-4: the highlight skipped
        Sacred Pool's "rest, gain 4 SE", which README calls of use)."""
        if not 0 <= index < len(self.no_use) or not self.no_use[index]:
            return True
        return index < len(self.rests) and self.rests[index]

    def overflow(self) -> int:
        """Return the rows the options shown take beyond `room` (0: they fit, or no limit)."""
        used = sum(text.count("\n") + 1 for text in self._shown)
        return max(0, used - self.room) if self.room > 0 else 0

    @property
    def wordy(self) -> list[bool]:
        """Return which options shown say a card's own words (cut first)."""
        return self._wordy

    def offered_now(self) -> tuple[list[str], list[bool]]:
        """Return the options shown and which of them cannot be taken now."""
        return self._offered, self._off

    @property
    def fit_off(self) -> list[bool]:
        """Return which options are fitted as dimmed (`show`'s `not_now`)."""
        return self._fit_off

    @property
    def waiting(self) -> bool:
        """Return whether every option is dimmed only while the keys wait a beat (`show`)."""
        return self._off != self._fit_off

    @property
    def briefer(self) -> list[list[str]]:
        """Return each option's shorter ways to say it (`show`)."""
        return self._briefer

    def is_brief(self, index: int) -> bool:
        """Return whether the index-th option is said a shorter way (`briefest`): the detail
        line says what it leaves out."""
        return 0 <= index < len(self._used) and self._used[index] != self._offered[index]

    def row_shown(self, index: int) -> str:
        """Return the index-th option as shown (wrapped, or cut to one row; "" for none)."""
        return self._shown[index] if 0 <= index < len(self._shown) else ""

    def row_shown_all(self) -> list[str]:
        """Return the options as shown (`row_shown`)."""
        return list(self._shown)

    def is_cut(self, index: int) -> bool:
        """Return whether the index-th option is shown cut to one row ("…")."""
        if not 0 <= index < len(self._shown):
            return False
        # Cut to one row, or to the rows it had (`fit_options`).
        return self._shown[index] != wrap_option(self._used[index], self._width)

    def on_resize(self) -> None:
        if self._offered:
            waiting = self.waiting
            self.show(self._offered, self._fit_off, self._wordy, self._briefer, waiting)


#: The keys that take the options, in order: "0" the tenth, then letters (not the
#: screen's own keys i, l, m, r and u, nor q); any after those are marked UNKEYED.
OPTION_KEYS = "1234567890abcdefghjknopstvwxyz"
#: The number column of an option without a key (taken with the arrows and Enter).
UNKEYED = "·"


def keys_of(count: int) -> str:
    """Return the keys of `count` options, said short: "1", "1-2", "1-9, 0", "1-9, 0, a-c"
    (past the keys, the arrows and Enter take the rest)."""
    keys = OPTION_KEYS[: min(count, len(OPTION_KEYS))]
    runs = [keys[:9], keys[9:10], keys[10:]]
    return ", ".join(run if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs if run)


def option_line(index: int, text: str) -> str:
    """Return the index-th option (from 0) with its key: "1. …", "0. …", "a. …", or "·  …"."""
    number = f"{OPTION_KEYS[index]}." if index < len(OPTION_KEYS) else UNKEYED
    return f"{number:<2} {text}"


@lru_cache(maxsize=4096)
def wrap_option(line: str, width: int) -> str:
    """Return a numbered option ("3. Focus: …") wrapped to `width`, indented under its text.
    Kept per line and width: a decision's options are wrapped again at each fitting (every
    way to cut them, each draw, `is_cut`), nearly three times as often as before the
    forecast's words, the wrap a fair part of a key's work (bench/tui.py --calls)."""
    number = line.partition(" ")[0]
    numbered = (len(number) == 2 and number[1] == "." and number[0] in OPTION_KEYS) or (
        number == UNKEYED
    )
    if width < 20 or len(line) <= width or not numbered:
        return line
    indent = " " * (len(line) - len(line[len(number) :].lstrip()))
    # Each bracket that fits a row kept on one (36a-6: "(cannot" / "pay)" over two rows),
    # each amount with its unit (37a-2: "pay 1" / "SE", a unit alone on a row).
    glued = AMOUNT.sub(f"\\1{GLUE}", glue_brackets(line, width - len(indent)))
    return "\n".join(textwrap.wrap(glued, width, subsequent_indent=indent)).replace(GLUE, " ")


#: An amount and the unit after it ("1 SE", "2 time", "1 cunning"), kept on one row: its
#: space is held (`GLUE`) where an option wraps.
AMOUNT = re.compile(r"(?<![\w.])([+−-]?\d+) (?=[A-Za-z])")


def orphaned(wrapped: str) -> bool:
    """Return whether a wrapped option's last row holds one word alone, or one amount and
    its unit ("   SE", "   1 SE": 37a-2, a row taken to say "SE" that a cut row lacked)."""
    if "\n" not in wrapped:
        return False
    last = wrapped.rpartition("\n")[2].split()
    return len(last) == 1 or (len(last) == 2 and bool(AMOUNT.match(f"{last[0]} {last[1]}")))


def glue_brackets(text: str, room: int) -> str:
    """Return `text` with the spaces of each bracket ("(…)", "[…]") no longer than `room`
    held (`GLUE`), so a wrap keeps it on one row; a longer one's inner brackets so, and
    its own words wrapped as before."""
    out, at = [], 0
    for start, end in outer_brackets(text):
        said = text[start:end]
        # With the letters it is written against ("[Sage]", "):"), one word to a wrap.
        before = len(text[:start]) - len(text[:start].rpartition(" ")[2])
        after = text.find(" ", end)
        if after - before <= room if after >= 0 else len(text) - before <= room:
            held = said.replace(" ", GLUE)
        else:  # too long for a row: its inner brackets kept whole, its words wrapped
            held = said[0] + glue_brackets(said[1:-1], room) + said[-1]
        out.append(text[at:start] + held)
        at = end
    return "".join(out) + text[at:]


def outer_brackets(text: str) -> list[tuple[int, int]]:
    """Return where each outermost bracket of `text` starts and ends (after its closing);
    one left open is not counted."""
    spans, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char in "([":
            start = at if depth == 0 else start
            depth += 1
        elif char in ")]" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, at + 1))
    return spans


#: The most rows an option's line takes where a shorter way to say it fits (#28 round 23:
#: an attack with three Responses' figures took three rows at 80 columns).
MOST_ROWS = 2


def briefest(line: str, ways: list[str], width: int) -> str:
    """Return `line` (a numbered option) where it wraps to MOST_ROWS rows at most at
    `width`, else the first of its shorter `ways` that does, else the shortest."""
    every = [line, *ways]
    for at, said in enumerate(every):
        wrapped = wrap_option(said, width)
        if wrapped.count("\n") < MOST_ROWS:
            # A row taken for one word or unit alone where a shorter way fits fewer rows
            # (37a-2: "2. … Quick cut: wound 1 - pay 1" over "   SE").
            fewer = (
                w
                for w in every[at + 1 :]
                if wrap_option(w, width).count("\n") < wrapped.count("\n")
            )
            return next(fewer, said) if orphaned(wrapped) else said
    return ways[-1] if ways and width >= 20 else line


def fit_options(
    lines: list[str],
    width: int,
    rows: int,
    not_now: list[bool] | None = None,
    wordy: list[bool] | None = None,
) -> list[str]:
    """Return the options wrapped to `width`, in at most `rows` rows when they can be.

    Every option keeps its own row at least: when the wrapped options need more
    rows than there are, some are cut to one row ("…"; the detail line under the
    list says the highlighted one in full) until they fit — those that cannot be
    taken now first, then those `wordy` (an ability's own text, which the inspector
    keeps, or an option of no use now, whose why the detail line says: a forecast's
    words are said nowhere else; #28 round 7 lost a finishing blow's reward so), then
    the longest. rows 0: no limit.
    """
    shown = [wrap_option(line, width) for line in lines]
    if rows <= 0 or width < 20:
        return shown
    shown = _fitted(lines, width, rows, not_now, wordy)
    attacks = [is_attack(line) for line in lines]
    # "Attack with " goes from every attack row of the list alike, never from one alone
    # (29a-5: "2. Quick cut: wound 1…" under "3. Attack with Stab: wound 2…").
    if any(a and not is_attack(row) for a, row in zip(attacks, shown, strict=True)):
        bare = [without_verb(line) if a else line for a, line in zip(attacks, lines, strict=True)]
        shown = _fitted(bare, width, rows, not_now, wordy, attacks)
    return shown


def _fitted(
    lines: list[str],
    width: int,
    rows: int,
    not_now: list[bool] | None = None,
    wordy: list[bool] | None = None,
    said_bare: list[bool] | None = None,
) -> list[str]:
    """Return the options fitted (`fit_options`); `said_bare`: which are attacks said
    without "Attack with " already."""
    shown = [wrap_option(line, width) for line in lines]
    off = not_now or [False] * len(lines)
    verbless = said_bare or [False] * len(lines)
    # A line that says it takes the turn is cut with the wordy ones, keeping that note:
    # the cost is in the detail line, a forecast's words nowhere else (#28 round 16).
    turn = [TAKES_TURN[2:-1] in line for line in lines]
    said = [a or b for a, b in zip(wordy or [False] * len(lines), turn, strict=True)]
    apart = telling(lines)  # two options of one name told apart (38b-1)
    need = sum(text.count("\n") + 1 for text in shown)
    lone = [orphaned(row) for row in shown]
    order = sorted(
        range(len(lines)),
        # The longest first among rows as tall (30a-10: "2. Eat 3 food — score 89 (…)" cut
        # over rows 3-5, longer); a row taken for one word or unit alone before any that
        # can be taken (37a-2: "   SE" kept a row while the leader's name was cut).
        key=lambda i: (not off[i], not lone[i], not said[i], -shown[i].count("\n"), -len(lines[i])),
    )
    last, cuts = -1, list[int]()
    for i in order:
        if need <= rows:
            break
        if "\n" not in shown[i]:  # one row already (a dimmed one sorts first): the next
            continue
        need -= shown[i].count("\n")
        last = i
        cuts.append(i)
        # Its warnings kept at its end, its own words cut to the room left (31b-3), an
        # attack's wound, cost and "— defeats it" first (attack_kept).
        how = partial(cut_row, off=off[i], turn=turn[i], bare=verbless[i], apart=apart[i])
        keeps = partial(attack_cuts.attack_kept, dimmed=off[i], bare=verbless[i])
        shown[i] = keep_warnings(lines[i], width, how, keeps)
    # The rows the last cut left free are its own again: cut after them, not to one row
    # (29b-11: "8. Dangerous Idea [Sage] (…): roll the die…" over a free row).
    whole = wrap_option(lines[last], width) if last >= 0 else ""
    spare = rows - need
    if spare > 0 and whole.count("\n") > spare and not (off[last] or turn[last]):
        # An ability's own words only, which end its line (an attack's cost ends its own).
        own = without_own_words(lines[last]) != lines[last]
        kept = DEFEATS not in lines[last] and WARNED not in lines[last]
        if own and not said_why(lines[last]) and kept:
            shown[last] = in_rows_cut(whole, spare + 1, width)
            spare = 0
    # No row cut while rows are left free, no bracket cut inside (30a-1, 30a-3).
    ways = [(line, said_briefly(line, shorter=True), said_briefly(line)) for line in lines]
    fuller = [[wrap_option(way, width) for way in said if way] for said in ways]
    shown = restored(shown, fuller, cuts, spare)
    return [whole_brackets(row) if i in cuts else row for i, row in enumerate(shown)]


def cut_row(line: str, width: int, off: bool, turn: bool, bare: bool, apart: str = "") -> str:
    """Return an option cut to one row (`fit_options`): a card's own words first, whole;
    a dimmed one or one of no use now its reason kept (`cut_kept`); an ability's what it
    does cut, "— defeats it" kept; one that takes the turn that note kept; an attack its
    wound, cost and "— defeats it" kept (`bare`: said without "Attack with "; `apart`:
    what tells it from an option of its name, `turn_keeps.telling`)."""
    own = without_own_words(line)
    if off or said_why(own):  # an attack's wound and cost kept as a takeable one's
        return cut_dimmed_attack(own, width, bare) or cut_kept(own, width)
    if own != line:  # what it does, cut, and "— defeats it" kept
        if turn and DEFEATS not in line:  # the note at its end, as a Focus's (36a-5);
            # one that defeats the monster ends the battle: "— defeats it" ends its row
            return keep_turn(
                line,
                width,
                lambda said, room: cut_own_words(said, without_own_words(said), room),
                apart,
            )
        return cut_own_words(line, own, width)
    return (
        keep_turn(own, width, cut_words, apart) if turn else cut_attack_or_defeats(own, width, bare)
    )


def in_rows_cut(wrapped: str, rows: int, width: int) -> str:
    """Return an option wrapped to more than `rows` rows kept to its first `rows`, "…"
    at the end of the last: a last row as wide as the list is cut between its words, the
    rest said with it (33b-1: "   use; 3 more cards pending): reveal 3 more" filled 44
    columns and ended with no "…", reading as the whole of what Delve does)."""
    every = wrapped.split("\n")
    kept = every[:rows]
    end = kept[-1].rstrip(" ,;:")
    if len(end) < width:
        kept[-1] = f"{end}…"
    else:  # the words after it given, so the cut falls between words with its "…"
        kept[-1] = cut_words(" ".join([kept[-1], *(row.strip() for row in every[rows:])]), width)
    return "\n".join(kept)


#: How an option that defeats the monster says so (`words.keeping.defeat_note`).
DEFEATS = " — defeats it"


def cut_attack_or_defeats(line: str, width: int, bare: bool = False) -> str:
    """Return an option cut to one row: an attack its wound, cost and "— defeats it"
    kept (`cut_attack`; `bare`: said without "Attack with "), else "— defeats it" kept
    (`cut_defeats`)."""
    return cut_attack(line, width, bare, spare=True) or cut_defeats(line, width)


def cut_defeats(line: str, width: int) -> str:
    """Return an option cut to one row, between words, "— defeats it" kept at its end
    where it says so: "3. Attack with Stab: wound 2 - pay… — defeats it" (#28 round 26:
    "3. Attack with Stab: wound 2 - pay 2 SE — d…", what the option will do cut)."""
    at = line.find(DEFEATS)
    if at < 0 or len(line) <= width or width - len(DEFEATS) < HEAD:
        return cut_words(line, width)
    before = line[:at]
    if len(before) + len(DEFEATS) < width:  # its reward's words go: the detail says them
        return f"{before}{DEFEATS}…"
    return cut_words(before, width - len(DEFEATS)) + DEFEATS


#: An ability's words that say its cost again, dropped where they are cut: the cost's
#: bracket says it ("Spend 1 LE to inflict 3 wounds…" → "inflict 3 wounds…").
_SPEND = re.compile(r"^Spend [^,.:;]+? to ")


def cut_own_words(line: str, bare: str, width: int) -> str:
    """Return an ability's option cut to one row with what it does, its own words cut
    after its cost's bracket (`bare`: the line without them), and "— defeats it" kept
    where it kills: "8. Heroic Perseverance (pay 1 LE): inflict 3 wounds that ignore… —
    defeats it" (#28 round 27: "7. Heroic Perseverance (pay 1 LE)" said neither)."""
    tail = DEFEATS if DEFEATS in line[len(bare) :] else ""
    own = line[len(bare) :].removeprefix(": ")
    own = own[: own.find(" — ")] if " — " in own else own
    own = _SPEND.sub("", own)
    room = width - len(bare) - 2 - len(tail)
    if own and _deeds_kept(own, room) < min(2, len(own.split())):  # before its cost (28b-7)
        # Room for DEEDS of its words, else for BODY (29a-6, 29b-2: "8. Dangerous Idea
        # [Sage] (1 ability use)" said nothing of what it does, nor that it was cut).
        for least in (DEEDS, BODY):
            head = cost_cut(bare, width - 2 - len(tail) - min(len(own), least))
            more = width - len(head) - 2 - len(tail)
            if head and _deeds_kept(own, more) > _deeds_kept(own, room):
                bare, room = head, more
                break
    if len(bare) + len(tail) > width:  # "— defeats it" never goes (30a-2)
        return (
            whole_brackets(cut_words(bare, width - len(tail)) + tail)
            if tail
            else cut_words(bare, width)
        )
    if room < BODY or not own:  # its words all cut: "…" says so where it fits
        cut_sign = "…" if own and len(bare) + 1 + len(tail) <= width else ""
        return f"{bare}{cut_sign}{tail}"
    return f"{bare}: {cut_words(own, room)}{tail}"


#: The least of what an ability does that its cut row keeps, its cost's bracket cut first
#: (#28 round 28, 28b-7's leftover: "8. Delve [Gravedigger] (pay 1 SE, …)" at 80x24 said
#: nothing of the 3 more cards it reveals; the detail line says the cost whole).
DEEDS = 16


def cost_cut(bare: str, most: int) -> str:
    """Return an ability's name and cost's bracket (`bare`) in `most` cells, the bracket
    cut between its words ("Delve [Gravedigger] (pay 1 SE…)"), else "(…)"; "" where the
    name with "(…)" does not fit."""
    opened = last_group(bare)
    if opened <= 0:
        return ""
    name, whole = bare[:opened].rstrip(), bare[opened + 1 : -1]
    inner = cut_words(whole, max(1, most - len(name) - 3))
    kept = inner.removesuffix("…").rstrip(" ,;")
    if kept and whole[len(kept) :][:1] in ("", ",", ";") and len(name) + len(inner) + 3 <= most:
        return f"{name} ({inner})"  # its first parts whole: "(pay 1 SE…)", not "(pa…)"
    return f"{name} (…)" if len(name) + 4 <= most else ""


def _deeds_kept(own: str, room: int) -> int:
    """Return how many of an ability's words for what it does a cut to `room` keeps."""
    return len(cut_words(own, room).removesuffix("…").split()) if room >= BODY else 0
