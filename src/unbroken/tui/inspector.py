"""The card inspector: any card in view in the words of `unbroken cards`, or the cards a
decision offers side by side. It reads the game and never takes a decision."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.plugins import BASE, plugins_for
from unbroken.tui.footer import KeysFooter
from unbroken.tui.in_view import CHOICES
from unbroken.tui.in_view import cards_in_view as cards_in_view
from unbroken.tui.in_view import named_cards as named_cards
from unbroken.tui.records_table import EXTRA_SCORES, LOST_GAME
from unbroken.tui.rule_terms import BY_ID, TERMS
from unbroken.tui.tag_wrap import fill_keeping_tags
from unbroken.tui.title import Menu
from unbroken.tui.widgets import OPTION_KEYS
from unbroken.words.cards import condition_in_play as condition_text
from unbroken.words.cards import describe_card, score_lines
from unbroken.words.monster import monster_numbers
from unbroken.words.no_use_why import unpaid_note
from unbroken.words.prompts import prompt_text
from unbroken.words.rounds_left import battle_over

#: The narrowest a card is shown beside another.
COLUMN_WIDTH = 26
#: The decisions that are a choice between cards (the inspector opens on the comparison).
CARD_CHOICES = frozenset(
    {
        DecisionKind.CHOOSE_SKILL,
        DecisionKind.CHOOSE_ENCOUNTER,
        DecisionKind.CHOOSE_WEAPON,
        DecisionKind.CHOOSE_CONDITION,
    }
)
#: From this size on (columns, rows) the inspector is a box over the table, at most
#: MAX_WIDTH wide (inspector.tcss); smaller, it takes the whole screen.
ROOMY = (112, 36)
MAX_WIDTH = 110


class Listed:
    """A card's name in the list after its lead ("  " or "▶ "), wrapped under the name,
    not back at the list's edge (#28 round 26: "Bone Ward (next" then "level)" under
    "Hand" read as two cards). Its str is the line as said ("  Bone Ward (next level)")."""

    def __init__(self, lead: str, name: str) -> None:
        self.lead, self.name = lead, name

    def __str__(self) -> str:
        return self.lead + self.name

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = Table.grid()
        grid.add_column(width=len(self.lead), no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_row(self.lead, self.name)
        yield grid


class Offer(NamedTuple):
    """A card a decision offers: its id, what the column says of it (its key), why it
    cannot be chosen now ("" when it can), and what its option's line says of keeping it
    that its card does not ("(cannot pay: rest, gain 2 SE)": said under its name)."""

    card: str
    head: str
    why: str = ""
    note: str = ""


def offered_cards(game: Game) -> list[Offer]:
    """Return the cards the decision offers to choose between, in the order of its options
    (to craft: the weapon in hand first, as the upgrades start from it; a weapon to take
    or none: the weapon in hand first, kept); [] for fewer than two.
    """
    if game.decision is None:
        return []
    offers: list[Offer] = []
    crafting, keeping = False, ""
    for i, (action, why) in enumerate(game.options()):
        key = f"{OPTION_KEYS[i]}." if i < len(OPTION_KEYS) else "↑↓"
        if isinstance(action, act.Pass) and game.decision.kind == DecisionKind.CHOOSE_WEAPON:
            keeping = f"in hand (key {key.rstrip('.')}: keep)"  # no weapon taken (round 21)
        chosen = CHOICES.get(type(action))
        if chosen is None:
            continue
        note = ""
        if isinstance(action, act.ChooseEncounter):  # as its line says (30a-13)
            card = game.ruleset.encounters[action.card]
            note = unpaid_note(card, game.state, game.ruleset).strip()
        offers.append(Offer(chosen(action), f"key {key.rstrip('.')}", why, note))
        crafting = crafting or isinstance(action, act.Craft)
    if crafting or keeping:  # the weapon kept beside those that would replace it
        offers.insert(0, Offer(game.state.weapons[-1], keeping or "in hand"))
    return offers if len(offers) >= 2 else []


def compares_first(game: Game) -> bool:
    """Return whether `i` opens on the comparison: the decision is a choice between cards,
    or crafting is one of the things the player can do now."""
    decision = game.decision
    if decision is None or not offered_cards(game):
        return False
    if decision.kind in CARD_CHOICES:
        return True
    return any(isinstance(action, act.Craft) and not why for action, why in game.options())


#: The list's entry for how a won game is scored (not a card: no card id lacks a ':').
SCORE = "score"


def card_lines(game: Game, card: str) -> list[str]:
    """Return a card's lines as `unbroken cards` says them; the monster in play with its
    armor and health as they are now and why (the danger track, the fight), then the
    sheet's: the stage's numbers, not only the printed ones (#28)."""
    if card == SCORE:  # the expansions' own scores with it, as help says (round 10)
        return [
            "Score (how a won game is scored)",
            *score_lines(game.ruleset),
            f"  {LOST_GAME}",
            *_extra_scores(game),
        ]
    term = BY_ID.get(card)
    if term is not None:  # a rule the screen names, said short with its rule ids
        return [f"{term.name} (a rule)", *(f"  {line}" for line in term.lines)]
    lines = describe_card(game.ruleset, card)
    mo = game.state.monster
    if mo is None or mo.id != card:
        return lines
    sheet = game.ruleset.monsters[card]
    printed = f"armor {sheet.armor}, health {sheet.health}"
    now = monster_numbers(game.state, game.ruleset)
    if now == printed:
        return lines
    sheet_line = f"  Armor {sheet.armor}, health {sheet.health}."  # words.cards.describe_monster
    # The printed numbers once: a grown one says its own (#28 round 26: "(printed 8, +2
    # danger track); printed armor 2, health 8").
    line = f"  In play: {now}." if "printed" in now else f"  In play: {now}; printed {printed}."
    return [line if text == sheet_line else text for text in lines]


def _extra_scores(game: Game) -> list[str]:
    """Return the expansions' scoring rules in play, a line each ("" when none is on)."""
    if set(game.ruleset.plugins) <= {BASE}:
        return []
    rules = plugins_for(game.ruleset).scoring_rules
    head = [EXTRA_SCORES]
    return [*head, *(f"  {rule.display}: {rule.text}" for rule in rules)] if rules else []


def offer_lines(game: Game, card: str) -> list[str]:
    """Return an offer's lines side by side: its card's (`card_lines`), then under "Named:"
    each condition and keyword its rules name, in the words of `unbroken cards`, and each
    rule its text names by a word (rule_terms: "committed") (#28 round
    9: Quick Guard's "against a Fast monster" was compared with Fast nowhere in sight; the
    list of all cards named it, but `i` at an offer opens on the comparison)."""
    lines = card_lines(game, card)
    named = [c for c in dict.fromkeys(named_cards(game.ruleset, [card])) if c != card]
    # The rules its text names by a word ("committed": Eavesdropping, #28 round 13), not
    # by its own name (the Ambusher skill is no Ambush step).
    said = "\n".join(lines).replace(game.ruleset.card_name(card), "")
    named += [term.id for term in TERMS if term.word.search(said)]
    if named:
        lines.append("  Named:")
        for other in named:
            lines += [f"    {line}" for line in card_lines(game, other)]
    return lines


def option_said(key: str, whole: str) -> Text:
    """Return an option's whole detail as the inspector says it above the cards, where
    the detail line under the options was cut (29a-15)."""
    head = f"Option {key}, all of it: " if key else "The option, all of it: "
    return Text.assemble((head, "bold"), (whole, "italic"))


def card_text(lines: list[str], width: int) -> Text:
    """Return a card's lines (words.cards) wrapped to `width` under their own indents:
    the name in bold, and each line that heads deeper ones (an ability, the table)."""
    text = Text()
    for i, line in enumerate(lines):
        body = line.lstrip(" ")
        lead = " " * (len(line) - len(body))
        deeper = i + 1 < len(lines) and len(lines[i + 1]) - len(lines[i + 1].lstrip(" ")) > len(
            lead
        )
        style = "bold" if i == 0 or deeper else ""
        if width > len(lead) + 10:
            body = fill_keeping_tags(body, width, lead)  # a tag whole (35b-12)
        else:
            body = lead + body
        text.append(body + "\n", style=style)
    text.rstrip()
    return text


class CardView(Widget):
    """One card as `unbroken cards` says it, wrapped under its indents (`card_text`) at the
    width it is drawn at, when it is drawn (#28 rounds 13-14: wrapped only once its Resize
    was handled, a column's first frames, and a loaded machine's for a while, showed its
    lines wrapped at the left edge, "A leather strap and a" / "pocket of stones: it")."""

    DEFAULT_CSS = """
    CardView {
        height: auto;
    }
    """

    def __init__(self, lines: list[str], *, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.lines = lines

    def show(self, lines: list[str]) -> None:
        self.lines = lines
        self.refresh(layout=True)
        # Textual may drop the layout asked for just after the screen's first one, keeping
        # the old height (a card cut to one line): ask again once drawn.
        self.call_after_refresh(self.refresh, layout=True)

    def render(self) -> Text:
        return card_text(self.lines, self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Return the rows the card takes wrapped at `width` (as `render` draws it)."""
        if width <= 0:
            return 0
        return len(card_text(self.lines, width).wrap(self.app.console, width))


#: The footer's name of `c`: the offers side by side, or all cards in view again.
SIDE_BY_SIDE = "Side by side/all"
#: The columns the footer needs to say PgUp/PgDn beside ← →, side by side (84 characters).
SCROLL_SAID = 84


class InspectorScreen(ModalScreen[None]):
    """Any card in view, in the words of `unbroken cards`; the offered cards side by side."""

    CSS_PATH = Path(__file__).with_name("inspector.tcss")

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("i", "close", "Back", show=False),
        # One name for `c` both ways, as help's Keys says it (31b-14: "Compare" one way,
        # "All cards" the other, help's "(c)" not read as a key).
        Binding("c", "switch('all')", SIDE_BY_SIDE),
        Binding("c", "switch('compare')", SIDE_BY_SIDE),
        # ↑↓ choose a card wherever the focus is (Tab or a click on the card left it on
        # the card, and ↑↓ scrolled the card instead: #28); Page Up/Down scroll the card.
        Binding("up", "move(-1)", "Previous card", show=False, priority=True),
        Binding("down", "move(1)", "Next card", show=False, priority=True),
        # The footer names them where the card is longer than its pane (#28 round 24: the
        # Score's text ran past it, the footer said "esc Back  c Compare" only).
        Binding("pageup", "scroll_card(-1)", "Scroll the card up", show=False, priority=True),
        Binding("pagedown", "scroll_card(1)", "Scroll", key_display="PgUp/PgDn", priority=True),
        # Side by side too (34b-5), unsaid where ← → leave no room (`SCROLL_SAID`).
        Binding("pagedown", "scroll_card(1, 'unsaid')", "Scroll", show=False, priority=True),
        # Side by side, more offers than fit: → and Tab bring the next into sight (the
        # fourth at 80 columns was off screen, #28 round 5), ← and Shift+Tab the one before.
        Binding("right", "slide(1)", "Next offer", key_display="→/Tab", priority=True),
        Binding("tab", "tab(1)", "Next offer", show=False, priority=True),
        Binding("left", "slide(-1)", "Previous offer", key_display="←", priority=True),
        Binding("shift+tab", "tab(-1)", "Previous offer", show=False, priority=True),
    ]

    def __init__(self, game: Game, card: str = "", said: tuple[str, str] = ("", "")) -> None:
        super().__init__()
        self.game = game
        #: The key and whole detail of the option whose detail line was cut ("(i: all of
        #: it)"), said above the cards; ("", "") for none.
        self.option_whole = said
        #: The cards the decision offers side by side ([] when it offers no choice of cards).
        self.offers = offered_cards(game)
        #: Every card in view, by place.
        self.places = cards_in_view(game)
        #: The card the list opens on: the one asked for, else the first in view.
        self.card = card or next((c for _, cards in self.places for c in cards), "")
        #: Showing the offers side by side (else the list of every card in view).
        self.comparing = not card and compares_first(game)
        #: The first offer in sight side by side, and how many fit beside it.
        self.first, self.fit = 0, len(self.offers)

    def compose(self) -> ComposeResult:
        with Vertical(id="inspector"):
            yield Static(id="inspector-title")
            key, whole = self.option_whole
            said = Static(option_said(key, whole), id="inspector-said")
            said.display = bool(whole)
            yield said
            # One scroll for all: the same lines of the cards stay side by side.
            with VerticalScroll(id="inspector-compare"), Grid(id="inspector-grid"):
                for offer in self.offers:
                    lines = offer_lines(self.game, offer.card)
                    if offer.note:  # under its name, before its card's words
                        lines.insert(1, f"  {offer.note}")
                    view = CardView(lines, classes="inspector-column")
                    view.border_title = offer.head + (" (not now)" if offer.why else "")
                    yield view
            with Horizontal(id="inspector-all"):
                options: list[Option] = []
                for place, cards in self.places:
                    options.append(Option(Text(place, style="bold dim"), disabled=True))
                    options += [Option(Listed("  ", self.name_of(card)), id=card) for card in cards]
                options += [Option(Listed("  ", self.name_of(SCORE)), id=SCORE)]  # under You
                yield Menu(*options, id="inspector-cards")  # ↑↓ stop at the ends
                with VerticalScroll(id="inspector-card") as one:
                    # Its card from the start: filled later, its first height was kept.
                    one.border_title = self.name_of(self.card)
                    yield CardView(card_lines(self.game, self.card), classes="inspector-one")
        yield KeysFooter()

    def on_mount(self) -> None:
        cards = self.query_one("#inspector-cards", OptionList)
        cards.highlighted = cards.get_option_index(self.card)
        # Laid out for the terminal's size from the first frame, not only once the Resize
        # comes, after it (31a-7: Weapon Rack and Smuggler's Cache opened as "key 1" the
        # whole width, key 2 out of sight, side by side only after a `→`).
        self.fit_offers(self.app.size)
        self.show_mode()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the offers to the new size (`fit_offers`)."""
        self.fit_offers(event.size)

    def fit_offers(self, size: Size) -> None:
        """As many cards side by side as fit at a readable width, the rest below them;
        a large terminal shows the table around the inspector."""
        width, height = size
        self.set_class(width >= ROOMY[0] and height >= ROOMY[1], "-roomy")
        self.fit = max(1, min(len(self.offers), min(width, MAX_WIDTH) // COLUMN_WIDTH))
        grid = self.query_one("#inspector-grid", Grid)
        grid.styles.grid_size_columns = self.fit
        self.slide(0)
        # A Resize is handled as the screen lays itself out: the grid's new columns are
        # laid out once that is done, not left to the next key (31a-7, as `show_mode`).
        self.call_after_refresh(grid.refresh, layout=True)
        self.call_after_refresh(self.call_after_refresh, self.refresh_bindings)  # PgUp/PgDn

    def slide(self, step: int, wrap: bool = False) -> None:
        """Bring the offers `step` on into sight, as many as fit (`wrap`: past the last, the
        first), the others out of it; the title says which are in sight."""
        last = max(0, len(self.offers) - self.fit)
        first = self.first + step
        if wrap and step and not 0 <= first <= last:
            first = 0 if step > 0 else last
        self.first = min(max(0, first), last)
        for i, view in enumerate(self.query(".inspector-column")):
            view.display = self.first <= i < self.first + self.fit
        if self.comparing:
            self.show_mode()

    def name_of(self, card: str) -> str:
        """Return a card's name in the list (a condition in play with its tokens, rounds)."""
        if card == SCORE:
            return "Score"
        if card in BY_ID:
            return BY_ID[card].name
        s = self.game.state
        condition = next((c for c in s.conditions if c.id == card), None)
        if condition is not None:
            return condition_text(condition, self.game.ruleset, s.round, battle_over(s))[0]
        return self.game.ruleset.card_name(card)

    def show_mode(self) -> None:
        """Show the offers side by side, or the list of every card in view."""
        compare = self.query_one("#inspector-compare")
        every = self.query_one("#inspector-all")
        compare.display = self.comparing
        every.display = not self.comparing
        title = Text()
        if self.comparing:
            decision = self.game.decision
            prompt = (
                prompt_text(decision.prompt, self.game.state, self.game.ruleset) if decision else ""
            )
            title.append(prompt, style="bold")
            title.append(" — the offers side by side")
            if self.fit < len(self.offers):
                shown = f"{self.first + 1}-{self.first + self.fit}"
                title.append(f", {shown} of {len(self.offers)} in sight (← →, Tab: the others)")
            self.query_one("#inspector-compare", VerticalScroll).focus()
        else:
            title.append("Cards in view", style="bold")
            title.append(" — ↑↓ choose one")
            self.query_one("#inspector-cards", OptionList).focus()
        heading = self.query_one("#inspector-title", Static)
        heading.update(title)
        # Updated as the screen is first laid out (on_resize), its second row was not
        # given: ask for the layout again once drawn (as CardView does).
        self.call_after_refresh(heading.refresh, layout=True)
        self.refresh_bindings()
        # Whether the offers scroll is known once they are laid out (PgUp/PgDn, 34b-5).
        self.call_after_refresh(self.call_after_refresh, self.refresh_bindings)

    @on(OptionList.OptionHighlighted, "#inspector-cards")
    def show_card(self, message: OptionList.OptionHighlighted) -> None:
        card = message.option.id
        cards = self.query_one("#inspector-cards", OptionList)
        for i in range(cards.option_count):  # the card shown marked ▶, not by colour alone
            option = cards.get_option_at_index(i)
            if option.id:
                lead = "▶ " if i == message.option_index else "  "
                cards.replace_option_prompt_at_index(i, Listed(lead, self.name_of(option.id)))
        if card:
            view = self.query_one(".inspector-one", CardView)
            view.show(card_lines(self.game, card))
            self.query_one("#inspector-card", VerticalScroll).border_title = self.name_of(card)
            # Whether it scrolls is known once it is laid out (its layout is asked twice).
            self.call_after_refresh(self.call_after_refresh, self.refresh_bindings)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer `c` only where there are offers: to all cards, or back to the offers."""
        if action == "switch":
            return bool(self.offers) and (parameters == ("all",)) == self.comparing
        if action == "scroll_card":  # the card, or the offers side by side (34b-5)
            said = not self.sliding or self.size.width >= SCROLL_SAID
            return parameters == (-1,) or (self.card_scrolls() and (parameters == (1,)) == said)
        if action == "move":
            return not self.comparing  # side by side, ↑↓ scroll the offers
        if action == "slide":
            return self.sliding
        return True

    def card_scrolls(self) -> bool:
        """Return whether the card shown, or the offers side by side, are longer than
        their pane (PgUp/PgDn scroll it)."""
        return self.pane().max_scroll_y > 0

    def pane(self) -> VerticalScroll:
        """Return the pane in view that PgUp/PgDn scroll: the card's, or the offers'."""
        pane = "#inspector-compare" if self.comparing else "#inspector-card"
        return self.query_one(pane, VerticalScroll)

    @property
    def sliding(self) -> bool:
        """Whether offers side by side are out of sight (← →, Tab bring them in)."""
        return self.comparing and self.fit < len(self.offers)

    def action_slide(self, step: int) -> None:
        """Bring the next (1) or previous (-1) offer into sight (see slide)."""
        self.slide(step)

    def action_tab(self, step: int) -> None:
        """Tab (1) and Shift+Tab (-1): the next or previous offer, past the last the first,
        where some are out of sight; else the focus, as on any screen."""
        if self.sliding:
            self.slide(step, wrap=True)
        elif step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_switch(self, to: str) -> None:
        """Show every card in view ("all"), or the offers side by side ("compare")."""
        self.comparing = to == "compare" and bool(self.offers)
        self.show_mode()

    def action_move(self, step: int) -> None:
        """Highlight the next (1) or previous (-1) card of the list; its card is shown."""
        cards = self.query_one("#inspector-cards", OptionList)
        if step > 0:
            cards.action_cursor_down()
        else:
            cards.action_cursor_up()

    def action_scroll_card(self, step: int, _said: str = "") -> None:
        """Scroll the card shown, or the offers side by side, by a page."""
        view = self.pane()
        if step > 0:
            view.action_page_down()
        else:
            view.action_page_up()

    def action_close(self) -> None:
        self.dismiss()
