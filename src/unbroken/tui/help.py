"""The help screen (keys and the rules); the full log of a game is `tui.log_screen`'s."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList

from unbroken.tui.help_plugins import plugin_sections
from unbroken.tui.help_search import InOrderInput, patterns, ranked
from unbroken.tui.help_text import SectionText as SectionText
from unbroken.tui.help_text import contents_entry
from unbroken.tui.log_screen import LogScreen as LogScreen
from unbroken.tui.records_table import EXTRA_SCORES, LOST_GAME
from unbroken.tui.rule_terms import term_sections
from unbroken.tui.widgets import page
from unbroken.words.cards import KINDS, card_ids, describe_card, score_lines

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset


def rules_text() -> str:
    """Return docs/rules.md: from the wheel, or from a source checkout."""
    shipped = Path(__file__).resolve().parents[1] / "rules.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    path = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
    return path.read_text(encoding="utf-8") if path.is_file() else "The rules text is missing."


#: The game screen, part by part: the legend of its words and marks.
THE_SCREEN = """\
## The screen

- Top left, titled with the **level**: your effort (SE small, ME medium, LE
  large) and materials against their caps; **time** is what is left of this
  level's time track (its bar is full at the level's start), with the time the
  next level starts with ("level 2 starts at 22": where its track starts; in a
  fight, "22 ↺ for level 2", the fight having set the track to it); **uses**
  are your ability uses: all abilities, Responses too,
  share one pool of uses per level equal to the level number, spent one per use.
  ▲ and ▼ mark what the last decision changed, beside the words ("4 left ▼−1",
  "food 0 ▲+1 (eat 1)"); where a row is short of room, a long name is cut for
  that change ("cun. 1 ▲+1"), or its last material goes to the next row.
- **Stage**: the revealed encounters, or the monster with its six-row table; the
  row the monster's roll points at (or last applied) is marked ▶. `m` shows
  the monster's rules in full, or folds them to one line.
- **Hand**: conditions on you, your weapon and its attacks, your skills, what the
  weapon can be crafted into. `Tab` moves to it and the arrows scroll it.
- On the right: where you are in the level, the decision with its options (the
  keys `1`-`9`, `0`, then letters), and the log (`l` shows all of it), on its
  newest line unless you scroll it up. Rounds that pass on their own are shown
  one roll at a time; a key skips them, not one within 3 s of yours.
"""

#: The one screen a new player reads first: the game in a few lines, then where to look.
HOW_TO_PLAY = """\
## How to play

You cross **four levels** of caverns. Each level is a **Travel Phase** and then a
**Combat Phase** against that level's monster. Beat the fourth monster and survive
the meal after it, and you have won; your score is what you have left (**Score**
in the contents, and `i` in a game, say the points).

- **Effort** is your strength: small (**SE**), medium (**ME**) and large (**LE**).
  You pay with it, and monsters take it. Paying with a larger effort is allowed
  when you lack the smaller one.
- **Travel**: take actions (each paid in full), then **explore** — keep one of the
  revealed encounter cards, resolve it (pay, gain) or rest — or **fight**. Every
  card costs **time**; when time runs out, the monster ambushes you.
- **Combat**: on your turn attack with your weapon (break armor, then wound), act,
  or skip; then the monster rolls on its table of six results.
- **Hunger**: eating after each battle; food equal to the level is due. Each food
  eaten gives 1 SE; food short costs SE (1 short: 1 SE, 2: 3 SE, 3: 6, 4: 10).

Every option on screen shows its cost, and the ones you cannot take say why;
`i` shows what any card in view does, and the cards offered side by side.
In the contents on the left: the keys, **The screen** (what each part shows),
and the rules in full; `/` searches them.
"""


def _de_emphasised(text: str) -> str:
    """Return rules text with each rule id moved to the end of its paragraph, in italics:
    "**R-LEVEL-1 Advance** (after …" reads "**Advance** (after … *(R-LEVEL-1)*"."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        paragraph = paragraph.lstrip("\n")
        found = RULE_ID.match(paragraph)
        if found:
            name = found.group(2)
            rest = paragraph[found.end() :].lstrip()
            paragraph = (f"**{name}** " if name else "") + rest + f" *({found.group(1)})*"
        paragraphs.append(paragraph)
    return "\n\n".join(paragraphs)


#: The rules' sentence naming the base game's weapons (R-WEAPON-1), said for the rules in play.
BASE_WEAPONS = re.compile(r"In the base game the\s+Basic weapons are[^.]*\.")


def _and(names: list[str]) -> str:
    """Return names as a list in words: "A, B and C"."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def weapons_sentence(ruleset: Ruleset) -> str:
    """Return which weapons are Basic and which Advanced in the rules in play (plugins'
    included), as R-WEAPON-1 says them for the base game."""
    kinds = {
        kind: [w.name for w in ruleset.weapons.values() if w.type == kind]
        for kind in ("basic", "advanced")
    }
    return (
        f"In this game (the base game and the expansions on) the Basic weapons are "
        f"{_and(kinds['basic']) or 'none'}, and the Advanced weapons are "
        f"{_and(kinds['advanced']) or 'none'}."
    )


def rules_in_play(
    sections: tuple[tuple[str, str], ...], ruleset: Ruleset | None
) -> list[tuple[str, str]]:
    """Return the rules' sections with what they list of the base game's cards (R-WEAPON-1's
    weapons) said of the rules in play, as the cards are generated from the content."""
    if ruleset is None:
        return list(sections)
    said = weapons_sentence(ruleset)
    return [(title, BASE_WEAPONS.sub(said, text)) for title, text in sections]


#: A rule's id as docs/rules.md starts its paragraph: "**R-LEVEL-1 Advance**" or "**R-HUNGER-1**".
RULE_ID = re.compile(r"\*\*(R-[A-Z]+-\d+)(?: ([^*]+))?\*\*")


@functools.cache
def rules_sections() -> tuple[tuple[str, str], ...]:
    """Return docs/rules.md as (title, markdown) sections, its `##` headings, ids de-emphasised."""
    sections: list[tuple[str, str]] = []
    for chunk in ("\n" + rules_text()).split("\n## ")[1:]:
        title, _, body = chunk.partition("\n")
        sections.append((title.strip(), f"## {title.strip()}\n{_de_emphasised(body)}"))
    return tuple(sections)


def score_section(ruleset: Ruleset | None, plugins: Any = None) -> str:
    """Return the help's section on how a won game is scored under the rules in play
    (the expansions' own scores with it), shown before the game's end says it."""
    if ruleset is None:
        return "## Score\n\nSee *8. End of the game and score*."
    first, *rest = score_lines(ruleset)
    text = f"## Score\n\n{first}\n\n" + "".join(f"- {line.strip()}\n" for line in rest)
    text += f"\n{LOST_GAME}\n"
    rules = list(getattr(plugins, "scoring_rules", []))
    if rules:
        text += f"\n{EXTRA_SCORES}\n\n"
        text += "".join(f"- **{rule.display}**: {rule.text}\n" for rule in rules)
    return text + "\nIn a game, `i` shows this too (**Score**, under You).\n"


#: One card of each kind, in words ("a condition"), for the search's titles.
ONE_CARD = {"classes": "class", "difficulties": "difficulty"}


def card_sections(ruleset: Ruleset | None) -> list[tuple[str, str]]:
    """Return every card of the rules as a section the search finds, titled by its name and
    kind ("Frightened (condition)"), in the words of `unbroken cards`."""
    if ruleset is None:
        return []

    sections = []
    for kind in KINDS:
        for card in card_ids(ruleset, kind):
            lines = describe_card(ruleset, card)
            title = f"{ruleset.card_name(card)} ({ONE_CARD.get(kind, kind[:-1])})"
            sections.append((title, f"## {lines[0]}\n\n{card_body(lines[1:])}"))
    return sections


def indent(line: str) -> int:
    """Return how far a line is indented."""
    return len(line) - len(line.lstrip())


def card_body(lines: list[str]) -> str:
    """Return a card's lines under its name as Markdown: each an item, but a line that
    ends with ":" and leads lines indented under it is their heading ("Danger track
    (skips green spaces):", "Combat table:"), not an item among them (#28 round 24)."""
    said = []
    for line, after in zip(lines, [*lines[1:], ""], strict=True):
        if line.rstrip().endswith(":") and after.strip() and indent(after) > indent(line):
            said.append(f"\n### {line.strip()}\n")
        else:
            said.append(f"- {line.strip()}")
    return "\n".join(said)


class HelpScreen(Screen[None]):
    """How to play, the keys and the rules: a contents list, one section shown, `/` searches."""

    # As in a pager: Page Up/Down scroll the text and `/` (again) goes to the search,
    # whatever has the focus; Esc leaves the search (or the text Enter opened, for the
    # contents: one step back, #28 round 8), then what it found for the whole contents
    # (#28 round 13: Esc after ↓ from a search closed help), then closes help. The footer says
    # which Esc does now (#28 round 5: the first one seemed ignored).
    BINDINGS = [
        Binding("escape", "leave_search", "Leave search"),
        Binding("escape", "leave_text", "Contents"),
        Binding("escape", "clear_search", "All contents"),
        Binding("escape", "back", "Back"),
        Binding("q", "app.pop_screen", "Back", show=False),
        Binding("slash", "search", "Search", priority=True),
        Binding("pagedown", "scroll_text(1)", "Scroll", key_display="PgUp/PgDn", priority=True),
        Binding("pageup", "scroll_text(-1)", "Scroll up", show=False, priority=True),
    ]

    KEYS = """\
## Keys

| key | does |
|---|---|
| 1-9, 0, a, b, … | take the decision with that key (0 is the tenth, then letters) |
| ↑ ↓ and Enter | move through the decisions and take one |
| (dimmed) | an action you have but cannot take now, with why; it keeps its key |
| ? | this help: `/` searches, PgUp/PgDn scroll, Esc leaves the search or text, then help |
| / | help at its search (on the title and in the viewer too) |
| m | the monster's rules in full on the stage, or folded to one line |
| Tab | to the Hand and back; ↑ ↓, Page Up/Down scroll it |
| a key | while rounds pass on their own, 3 s after the key that set them: skip to the end |
| i | any card in view, as `unbroken cards` says it; offered cards side by side (`c`) |
| ← →, Tab | in `i`, side by side: bring in the offered cards that do not fit |
| Tab, ↑ ↓, Enter | on the Hand or Stage: inspect the card picked (a click does too) |
| u | take back the last decision, if it showed nothing new (no die roll, no card) |
| (none) | a decision with one possible answer is taken for you, said in the log |
| 2, 2 | new question (3 s), and Fight always: a key marks a costly option, again takes it |
| l | the whole log of the game so far (Esc comes back) |
| r | die roll animation on/off |
| % | the odds: each option's chance of winning, 95 % interval, games (% again stops) |
| Esc | to the title, asked first (Enter leaves): saved once a decision is taken: Continue |
| Ctrl+P | command palette (themes, quit) |
| Ctrl+Q, Ctrl+C | quit (every decision is already saved; Ctrl+C copies text selected in a box) |

Costly (a key or Enter on a new question only marks it): an option that spends or
loses something (an ability use too, or a skill's once-a-turn use: Wrecker's Follow
Up), shows a card or a die's roll (`u` cannot take it back), keeps an encounter card
or a skill, changes the weapon, phase or level, or passes up a Response that would do
something. "Fight the monster now" always marks first.

The odds (`%`) beside an option: `[41% 35-47]` is its chance of winning and 95 %
interval; `[30% behind]`: clearly behind the best; `[34% stopped]`: the race
stopped it early, in the worse half before it could be called clearly behind (so
not shown to differ from the best, whatever its figure), its figure from fewer
games; `≤` before
it (`[≤38% stopped]`): at most the best's, it lost nothing to the best on the
futures both played.

When a game ends: Enter goes to the title, `n` starts a new game, `s` plays
the same seed again and `w` watches the game's replay.
"""

    VIEWER_KEYS = """| in the replay viewer | does |
|---|---|
| ← → | one decision back or on |
| Home, End | the start, the end |
| l, b, d | the next level, battle or death |
| L, B, D (Shift) | back to the previous level or battle start, or death |
| Space | play or pause; at the end, play again from the start |
| + - | faster, slower |
| a | the chance of winning over the game (a chart; missteps marked ▲: decisions that lost chance) |
| a (again) | hide the chart: an analysis being computed runs on ("a Running") |
| c, C | the next, the previous misstep |
| ?, / | this help; `/` at its search |
| Esc, q | close the viewer (opened by `unbroken replay FILE`: quit) |
"""

    def __init__(self, viewer: bool = False, first: str = "", search: bool = False) -> None:
        super().__init__()
        #: Opened by `/` (the title, a game, the viewer): at the search, as `/` here.
        self.searching = search
        #: Opened from the replay viewer: its keys come first.
        self.viewer = viewer
        keys = [self.KEYS, self.VIEWER_KEYS]
        if viewer:
            keys = ["## Keys\n\n" + self.VIEWER_KEYS, self.KEYS.replace("## Keys\n\n", "")]
        #: (title, markdown) of every section the contents list.
        self.sections: list[tuple[str, str]] = [
            ("How to play", HOW_TO_PLAY),
            ("Keys", "\n".join(keys)),
            ("The screen", THE_SCREEN),
            ("Score", score_section(self.rules(), self.plugins())),
            *plugin_sections(self.plugins()),  # the expansions' own: Gauntlet's campaign
            *rules_in_play(rules_sections(), self.rules()),
        ]
        #: The section shown first ("Keys" from a game or the viewer; else How to play).
        self.first = first or ("Keys" if viewer else "How to play")
        #: The sections the contents list now (all, or those matching the search).
        self.listed: list[int] = list(range(len(self.sections)))
        #: How many of the sections are the help's own (every card follows, for the search).
        self.own = len(self.sections)
        #: The search found nothing: leaving it clears it, the contents come back.
        self.found_nothing = False
        #: What the search finds (a pattern a word typed), marked in the section shown.
        self.found: list[re.Pattern[str]] = []

    def rules(self) -> Ruleset | None:
        """Return the rules the app plays with (None outside an app: the rules as written)."""
        try:
            return getattr(self.app, "ruleset", None)
        except Exception:  # no app running (NoActiveAppError)
            return None

    def plugins(self) -> Any:
        """Return the plugins the app plays with (None outside an app)."""
        try:
            return getattr(self.app, "plugins", None)
        except Exception:  # no app running (NoActiveAppError)
            return None

    def compose(self) -> ComposeResult:
        with Horizontal(id="help"):
            with Vertical(id="help-contents"):
                # ↓ in the search goes down to what it found, on the first (shown and
                # marked ▶ as it is typed); ↑ ↓ then move through it. Tab goes there too.
                yield InOrderInput(
                    placeholder="/ search the rules",
                    id="help-search",
                    hand_over={"down": "#help-list"},
                )
                titles = [f"  {title}" for title, _ in self.sections]
                yield OptionList(*titles, id="help-list")
            with VerticalScroll(id="help-text"):
                yield SectionText(id="help-section")
        yield Footer()

    def on_mount(self) -> None:
        contents = self.query_one("#help-list", OptionList)
        contents.highlighted = next(
            (i for i, (title, _) in enumerate(self.sections) if title == self.first), 0
        )
        contents.focus()
        if self.searching:
            self.action_search()

    @on(OptionList.OptionHighlighted, "#help-list")
    def show_section(self, message: OptionList.OptionHighlighted) -> None:
        self.open(message.option_index)

    def open(self, at: int) -> None:
        """Show the section listed at `at`, marked ▶ in the contents (seen while the
        search has the keys too, and without colour)."""
        index = self.listed[at] if 0 <= at < len(self.listed) else 0
        found = [] if self.found_nothing else self.found
        self.query_one("#help-section", SectionText).show(self.sections[index][1], found)
        self.query_one("#help-text", VerticalScroll).scroll_home(animate=False)
        if found:  # at the first match, marked (not the section's top: round 10)
            self.call_after_refresh(self.to_match)
        contents = self.query_one("#help-list", OptionList)
        titles = [self.sections[i][0] for i in self.listed]
        width = contents.scrollable_content_region.width or 26  # 26: before the layout
        for i, title in enumerate(["(nothing found)"] if self.found_nothing else titles):
            contents.replace_option_prompt_at_index(i, contents_entry(title, i == at, width))

    def to_match(self) -> None:
        """Scroll the section shown to its first match of the search (a line above it)."""
        y = self.query_one("#help-section", SectionText).match_line()
        if y is not None:
            self.query_one("#help-text", VerticalScroll).scroll_to(y=max(0, y - 1), animate=False)

    @on(OptionList.OptionSelected, "#help-list")
    def read_section(self) -> None:
        self.query_one("#help-text", VerticalScroll).focus()

    def action_search(self) -> None:
        """Go to the search, what was typed there selected: typing replaces it, ← → keep it."""
        search = self.query_one("#help-search", Input)
        search.focus()
        search.select_all()

    def action_scroll_text(self, pages: int) -> None:
        """Scroll the section shown by a page (`pages`: 1 down, -1 up), wherever the focus is."""
        page(self.query_one("#help-text", VerticalScroll), pages)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc leaves the search, or the text, while it has the keys, else what a search
        found, else closes help (said in the footer)."""
        if action in ("leave_search", "leave_text", "clear_search", "back"):
            text = self.query_one("#help-text", VerticalScroll)
            focused = self.focused
            if self.query_one("#help-search", Input).has_focus:
                now = "leave_search"
            elif focused is not None and (focused is text or text in focused.ancestors):
                now = "leave_text"
            elif self.query_one("#help-search", Input).value:
                now = "clear_search"
            else:
                now = "back"
            return action == now
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()  # the footer says what Esc does now

    @on(Input.Changed, "#help-search")
    def search(self, message: Input.Changed) -> None:
        """List only the sections that hold every word typed (case does not matter)."""
        words = message.value.lower().split()
        if words and len(self.sections) == self.own:
            self.sections += card_sections(getattr(self.app, "ruleset", None))
            self.sections += term_sections()  # "committed", as `i` lists it (#28 round 11)
        # Every word typed, in one of its forms ("starve" finds "starvation", round 10).
        self.found = patterns(message.value)
        # A card named so first ("ambush" finds the rule before the skill Ambusher), then
        # where the words are: a heading's before a text's, the phrase before its words.
        self.listed = ranked(self.sections, message.value)
        if not words:
            self.listed = list(range(self.own))
        contents = self.query_one("#help-list", OptionList)
        contents.clear_options()
        titles = [self.sections[i][0] for i in self.listed] or ["(nothing found)"]
        contents.add_options([f"  {title}" for title in titles])
        self.found_nothing = not self.listed
        if not self.listed:
            self.listed = [0]
        contents.highlighted = 0
        self.open(0)  # the first found, though the highlight was on the first already

    @on(Input.Submitted, "#help-search")
    def searched(self) -> None:
        """Enter in the search opens the section marked: its text takes the keys."""
        self.query_one("#help-text", VerticalScroll).focus()

    def action_leave_search(self) -> None:
        """Esc in the search leaves it for the contents, keeping what it found (one Esc from
        the search never lands back in the game, #28); `/` goes back to it. A search that
        found nothing is cleared: the contents are listed again."""
        if self.found_nothing:
            self.query_one("#help-search", Input).value = ""
        self.query_one("#help-list", OptionList).focus()

    def action_leave_text(self) -> None:
        """Esc in the text (opened with Enter) goes back to the contents, the section still
        shown: one step back, not out of help (#28 round 8)."""
        self.query_one("#help-list", OptionList).focus()

    def action_clear_search(self) -> None:
        """Esc on what a search found lists the whole contents again: one step back, not out
        of help (#28 round 13)."""
        self.query_one("#help-search", Input).value = ""
        self.refresh_bindings()  # the footer says the next Esc closes help

    def action_back(self) -> None:
        """Esc on the contents closes help."""
        self.app.pop_screen()
