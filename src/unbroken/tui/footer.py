"""The screens' footer: Textual's, its keys drawn as soon as the screen is mounted and
drawn again only when they change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen


class KeysFooter(Footer):
    """Textual's footer, its keys drawn as soon as the screen says they are there, and
    drawn again only when they change.

    Textual's draws them after the frame that follows the screen's word that its keys
    changed, and all again at each such word (a focus moved, a screen's own
    `refresh_bindings`), changed or not: on `i` the inspector's first frames had a blank
    footer, its keys drawn seven times over before they showed (#28 round 33: "blank for
    about a second before `esc Back  c Side by side/all` appeared")."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        #: The keys drawn (`shown`), to draw them again only when they change.
        self._drawn: tuple[object, ...] = ()
        #: Whether the keys are to be drawn (once for many words that they changed).
        self._asked = False

    def compose(self) -> ComposeResult:
        if self._bindings_ready:  # (not before the screen's widgets are mounted)
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
        """The screen's keys may have changed: draw them now, before the next frame,
        where they did (Textual's draws them after it, changed or not)."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._asked:
            self._asked = True
            self.call_later(self.draw_keys)

    async def draw_keys(self) -> None:
        """Draw the screen's keys where they changed (`bindings_changed`)."""
        self._asked = False
        if self.is_attached and self.shown() != self._drawn:
            await self.recompose()
