"""A Static that is drawn again only when what it shows changed.

Each key press draws the whole table from the game's state, and most panels
come out as they were (the Hand, the phase tracker, often the detail line): a
Static's `update` lays the screen out and renders the widget again all the same,
which made a key press cost more for nothing (#28's speed line).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


def same_content(a: object, b: object) -> bool:
    """Return whether two contents of a Static show the same: equal strings, or Rich
    Texts equal in their characters, spans and whole-text settings (Text's own `==`
    leaves out its base style); anything else only when it is the same object."""
    if isinstance(a, str) and isinstance(b, str):
        return type(a) is type(b) and a == b
    if isinstance(a, Text) and isinstance(b, Text):
        settings = ("style", "justify", "overflow", "no_wrap", "end", "tab_size")
        return a == b and all(getattr(a, k) == getattr(b, k) for k in settings)
    return a is b


class SteadyStatic(Static):
    """A Static whose `update` with what it already shows does nothing (no layout, no
    render). Keep it to contents built anew for each update: a Text changed in place
    after it was shown would compare equal to itself."""

    _NOTHING = object()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The content of the last update (none before the first: the first is drawn).
        self._updated: object = self._NOTHING

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """Show `content`, unless it is what the last update showed."""
        if same_content(content, self._updated):
            return
        self._updated = content
        if layout:
            # Textual counts a layout refresh only when none is pending (Widget.refresh),
            # and caches the widget's size by that count: new content given while one was
            # pending kept the old content's height (the phase tracker stayed two rows
            # high for a one-row text) until an update of the same content came again.
            self._layout_required = False
        super().update(content, layout=layout)
