"""Card names on the table that know their card: click one, or Tab to its panel, pick
one with ↑ ↓ and press Enter, and the screen is asked to inspect it (tui/inspector.py)."""

from __future__ import annotations

import re
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

from unbroken.tui.steady import SteadyStatic

#: The style meta key that holds the id of the card a piece of text shows.
CARD = "card"


def card_style(card_id: str) -> Style:
    """Return the style that marks text as showing a card (its id in the style's meta)."""
    return Style.from_meta({CARD: card_id})


def mark(text: Text, start: int, *cards: tuple[str, str]) -> None:
    """Mark each (card id, name) in `text` after `start` as showing that card: each name
    is looked for after the one before it, and found across a line break too."""
    at = start
    for card, name in cards:
        pattern = r"\s+".join(re.escape(word) for word in name.split())
        found = re.compile(pattern).search(text.plain, at) if pattern else None
        if found is not None:
            text.stylize(card_style(card), found.start(), found.end())
            at = found.end()


def card_spans(text: Text) -> list[tuple[int, int, str]]:
    """Return each card a text shows as (start, end, card id), the first mark of each card,
    in the order of the text."""
    seen: dict[str, tuple[int, int, str]] = {}
    for span in sorted(text.spans, key=lambda s: s.start):
        style = span.style
        if isinstance(style, Style) and style.meta.get(CARD):
            card = str(style.meta[CARD])
            seen.setdefault(card, (span.start, span.end, card))
    return list(seen.values())


class CardLines(SteadyStatic):
    """A panel whose text marks the cards it shows (`card_style`).

    Once `inspectable`, a click on a card, or Enter on the card picked with
    ↑ ↓ while the panel has focus (Tab), posts `CardLines.Inspect`. Other keys
    go on to the screen, so the decision keys work from here too.
    """

    DEFAULT_CSS = """
    CardLines:focus {
        background: $boost;
    }
    """

    #: Enter is left out of the footer: at 80 columns the game's own keys fill it.
    BINDINGS = [
        Binding("up", "pick(-1)", "Previous card", show=False),
        Binding("down", "pick(1)", "Next card", show=False),
        Binding("enter", "inspect_card", "Inspect card", show=False),
    ]

    #: Focusable only while it shows a card, and only where the screen inspects them.
    can_focus = False

    class Inspect(Message):
        """A card on the table was chosen to inspect."""

        def __init__(self, card: str) -> None:
            super().__init__()
            #: The card's id.
            self.card = card

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The screen opens the inspector for these cards (the game screen; not the viewer).
        self.inspectable = False
        #: The text last shown, without the picked card's mark.
        self._shown = Text()
        #: The cards shown: (start, end, card id).
        self._cards: list[tuple[int, int, str]] = []
        #: The card picked with the arrows (kept by id while the panel is drawn again).
        self.picked = ""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """Show `content`; a Text's marked cards can be picked and inspected."""
        if isinstance(content, Text):
            self._shown = content
            self._cards = card_spans(content)
            if self.picked not in {card for *_, card in self._cards}:
                self.picked = self._cards[0][2] if self._cards else ""
            self.can_focus = self.inspectable and bool(self._cards)
            if self.has_focus and not self.can_focus:
                self.screen.focus_next()
            content = self._marked()
        super().update(content, layout=layout)

    def _marked(self) -> Text:
        """Return the text with the picked card in reverse while the panel has focus."""
        span = self._picked_span()
        if span is None or not self.has_focus:
            return self._shown
        text = self._shown.copy()
        text.stylize("reverse", span[0], span[1])
        return text

    def _picked_span(self) -> tuple[int, int, str] | None:
        return next((span for span in self._cards if span[2] == self.picked), None)

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        super().update(self._marked())
        self._scroll_to_picked()

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        super().update(self._shown)

    def action_pick(self, step: int) -> None:
        """Pick the card before or after the picked one (it stops at the first and last)."""
        ids = [card for *_, card in self._cards]
        if not ids:
            return
        here = ids.index(self.picked) if self.picked in ids else 0
        self.picked = ids[max(0, min(len(ids) - 1, here + step))]
        super().update(self._marked())
        self._scroll_to_picked()

    def _scroll_to_picked(self) -> None:
        """Bring the picked card's line into sight: this panel's own scroll when it is a
        scrolling container, else the scrolling container it is in (if any)."""
        span = self._picked_span()
        if span is None:
            return
        line = Region(0, self._shown.plain.count("\n", 0, span[0]), self.size.width, 1)
        if self.is_scrollable:
            self.scroll_to_region(line, animate=False, immediate=True)
            return
        parent = self.parent
        if isinstance(parent, Widget) and parent.is_scrollable:
            where = line.translate(self.virtual_region.offset + self.gutter.top_left)
            parent.scroll_to_region(where, animate=False, immediate=True)

    def action_inspect_card(self) -> None:
        if self.picked and self.inspectable:
            self.post_message(self.Inspect(self.picked))

    def on_click(self, event: events.Click) -> None:
        card = event.style.meta.get(CARD)
        if card and self.inspectable:
            event.stop()
            self.picked = str(card)
            self.post_message(self.Inspect(self.picked))
