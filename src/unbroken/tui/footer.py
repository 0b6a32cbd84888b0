"""Every screen's footer: Textual's, its keys drawn before the screen's first frame and
drawn again only when they change."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen


class KeysFooter(Footer):
    """Textual's footer, its keys drawn before the screen's first frame, and drawn again
    only when they change.

    Textual's first draws them after the screen's first frames (a blank footer: on `i`
    the inspector's for about a second, #28 round 33), and all again at each word that
    they may have changed (a focus moved, a screen's own `refresh_bindings`), changed or
    not: five times as a game screen starts, seven as the inspector opens.

    Its first keys are drawn once the screen's `on_mount` is done, in the screen's turn
    (`on_mount`, `first_keys`). After that, as Textual's, each word is looked at once the
    next frame is drawn (then a key offered by what that frame laid out is known: a text
    longer than its pane, "PgUp/PgDn"; the columns, the viewer's Home/End), once for many
    words, and the keys are drawn again only where they changed."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        #: The keys drawn (`shown`), to draw them again only when they change.
        self._drawn: tuple[object, ...] = ()
        #: Whether the keys are to be looked at once the next frame is drawn.
        self._asked = False

    def on_mount(self) -> None:
        super().on_mount()
        # The screen is composing its widgets, this footer among them: once it has done
        # that and then its own Mount, the keys are drawn in its turn, before its Resume
        # draws its first frame. (Textual's first word that they changed comes after that
        # frame, or before the screen's Mount, when its `check_action` may not find yet
        # the widgets and values it asks about.)
        # That order is Textual 8.2.8's (Compose, Mount, Resume): tests/tui/
        # test_footer_order.py fails if an upgrade changes it.
        self.screen.call_next(self.screen.call_next, self.first_keys)

    async def first_keys(self) -> None:
        """Draw the screen's keys now that its `on_mount` is done, before its first frame:
        its turn waits until this footer, in its own, has drawn them."""
        if not self.is_attached:
            return
        self._bindings_ready = True
        drawn = asyncio.Event()

        async def draw() -> None:
            try:
                await self.redraw(mounted=True)
            finally:
                drawn.set()

        if self.call_later(draw):
            await drawn.wait()

    def compose(self) -> ComposeResult:
        if self._bindings_ready:  # (not before the screen is mounted)
            self._drawn = self.shown()
        yield from super().compose()

    def shown(self) -> tuple[object, ...]:
        """Return what the footer draws of the screen's keys now."""
        return (
            self.compact,
            self.show_command_palette,
            *(
                (key, b.binding.action, b.binding.description, b.binding.key_display, b.enabled)
                for key, b in self.screen.active_bindings.items()
                if b.binding.show or key == self.app.COMMAND_PALETTE_BINDING
            ),
        )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """The screen's keys may have changed: once the next frame is drawn, draw them
        where they did (Textual's draws them all again, changed or not). Not before the
        screen is mounted (`first_keys` draws them then)."""
        if not screen.is_mounted:
            return
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._asked:
            self._asked = True
            self.call_after_refresh(self.draw_keys)

    async def draw_keys(self) -> None:
        """Draw the screen's keys where they changed (`bindings_changed`)."""
        self._asked = False
        await self.redraw()

    async def redraw(self, mounted: bool = False) -> None:
        """Draw the screen's keys again if they changed since they were drawn (`mounted`:
        the screen's Mount done, though Textual says it is mounted only after that)."""
        if not self.is_attached or not (mounted or self.screen.is_mounted):
            return
        keys = self.shown()
        if keys != self._drawn:
            self._drawn = keys  # (a word in another turn, meanwhile, does not draw them too)
            await self.recompose()
