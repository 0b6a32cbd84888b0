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
from textual.widgets import Input, OptionList

from unbroken.tui.footer import KeysFooter
from unbroken.tui.help_pages import HOW_TO_PLAY as HOW_TO_PLAY
from unbroken.tui.help_pages import KEYS, OTHER_KEYS, THE_SCREEN, VIEWER_KEYS
from unbroken.tui.help_plugins import plugin_sections
from unbroken.tui.help_rules import RULE_SECTIONS, about
from unbroken.tui.help_search import InOrderInput, patterns, ranked
from unbroken.tui.help_text import SectionText as SectionText
from unbroken.tui.help_text import contents_entry, scrolled_width
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


def _de_emphasised(text: str) -> str:
    """Return rules text as the player reads it, with no rule ids: "**R-LEVEL-1 Advance**
    (after …" reads "**Advance** (after …", "… at once (R-TRAVEL-1)." "… at once." (#28
    round 27, 27b-11: ids are for bug reports and the tests, docs/rules.md keeps them)."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        paragraph = paragraph.lstrip("\n")
        found = RULE_ID.match(paragraph)
        if found:
            name = found.group(2)
            rest = paragraph[found.end() :].lstrip()
            paragraph = (f"**{name}** " if name else "") + rest
        paragraphs.append(without_ids(paragraph))
    return "\n\n".join(paragraphs)


#: A rule id as the rules' sentences cite it ("R-RES-4"; "R-RES-4/7/8" cites three).
CITED = r"R-[A-Z]+-\d+(?:/\d+)*"


def without_ids(text: str) -> str:
    """Return a text with the rule ids it cites left out, the words around them whole:
    "(R-TRAVEL-1, R-TRAVEL-6)" goes, "(its action, R-BATTLE-2)" reads "(its action)",
    "(R-ABILITY-1: no resource …)" "(no resource …)"."""
    text = re.sub(rf"\s*\({CITED}(?:,\s+{CITED})*\)", "", text)
    text = re.sub(rf"[,;]\s+{CITED}(?=\))", "", text)
    return re.sub(rf"{CITED}[:;]\s+", "", text)


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


#: The danger track, as R-MONSTER-1 says it (the base game's rule: a difficulty may add one).
DANGER_TRACK = (
    "A difficulty may add a **danger track**. Its marker starts off the track and moves one "
    "space each level as the monster is revealed, past every space of a colour the "
    "difficulty skips (a space passed over gives nothing), never past the last space. The "
    "monster gains the armor and health of the space the marker lands on (20 at most): the "
    'Stage says it ("danger track 2: +1 armor"), and `i` on the monster '
    'in its numbers ("armor 3 (printed 2, +1 danger track)").'
)


def danger_section(ruleset: Ruleset | None) -> tuple[str, str]:
    """Return help's section on the danger track (30b-20: a search for "danger" found only
    cards naming "Dangerous Idea"), saying which difficulties in play have one: their cards
    list its spaces and where the marker lands at each level."""
    tracked = [d.name for d in (ruleset.settings.difficulties if ruleset else ()) if d.danger]
    if tracked:
        cards = " and ".join(f"{name} (difficulty)" for name in tracked)
        has = (
            f"In this game {_and(tracked)} {'has' if len(tracked) == 1 else 'have'} one: "
            f"{cards} in this search lists its spaces and where the marker lands at each level."
        )
    else:
        has = (
            "No difficulty in this game has one: the Gauntlet expansion's **Expert** does "
            "(`unbroken plugins` turns expansions on)."
        )
    return "Danger track (rule)", f"## Danger track\n\n{DANGER_TRACK}\n\n{has}\n"


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

    KEYS = KEYS
    VIEWER_KEYS = VIEWER_KEYS

    def __init__(self, viewer: bool = False, first: str = "", search: bool = False) -> None:
        super().__init__()
        #: Opened by `/` (the title, a game, the viewer): at the search, as `/` here.
        self.searching = search
        #: Opened from the replay viewer: its keys come first.
        self.viewer = viewer
        keys = [self.KEYS, self.VIEWER_KEYS]
        if viewer:
            game = self.KEYS.replace("## Keys\n\n", "### In a game\n\n")
            keys = ["## Keys\n\n" + self.VIEWER_KEYS, game]
        keys.append(OTHER_KEYS)  # the title's, New game's, Records'… (36b)
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
        yield KeysFooter()

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
        """Scroll the section shown to its first match of the search: the start of its
        sentence or of its table row (the match in view still). Measured once, at the width
        the section has when scrolled (`scrolled_width`): a match that needs scrolling
        brings the scrollbar, which narrows the section, whose lines then wrap otherwise
        (31b-15: "/starve" opened a line above its sentence, "it."); one that needs none
        stays at the section's top, whatever the width."""
        section = self.query_one("#help-section", SectionText)
        text = self.query_one("#help-text", VerticalScroll)
        room, width = text.scrollable_content_region.height, scrolled_width(text, section)
        top, y = section.match_top(width, room), section.match_line(width)
        if top is not None and y is not None:
            text.scroll_to(y=max(top, y - room + 1), animate=False)

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
            self.sections.append(danger_section(getattr(self.app, "ruleset", None)))
            self.sections += RULE_SECTIONS  # "rest", "armor" (36b-9)
        # Every word typed, in one of its forms ("starve" finds "starvation", round 10).
        self.found = patterns(message.value)
        # A card named so first ("ambush" finds the rule before the skill Ambusher), then
        # where the words are: a heading's before a text's, the phrase before its words.
        self.listed = ranked(self.sections, message.value, about())
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
