"""Scrollbars whose thumb is drawn in glyphs from end to end, not by colour alone."""

from __future__ import annotations

from rich.color import Color
from rich.segment import Segment, Segments
from rich.style import Style
from textual.scrollbar import ScrollBarRender

#: Textual's defaults for a bar drawn with no colours given.
BACK, BAR = Color.parse("#555555"), Color.parse("bright_magenta")


class GlyphThumb(ScrollBarRender):
    """A vertical thumb drawn "█" between its ends: Textual draws its middle as spaces in
    reverse video, so a capture without colours showed its two ends alone, read as two
    thumbs in one column (#28 round 26, help). Its lower end, drawn reversed, becomes the
    upper block of the same colour ("▀" from half a cell, else "▔"). Horizontal bars are
    drawn as Textual draws them."""

    @classmethod
    def render_bar(
        cls,
        size: int = 25,
        virtual_size: float = 50,
        window_size: float = 20,
        position: float = 0,
        thickness: int = 1,
        vertical: bool = True,
        back_color: Color = BACK,
        bar_color: Color = BAR,
    ) -> Segments:
        drawn = super().render_bar(
            size, virtual_size, window_size, position, thickness, vertical, back_color, bar_color
        )
        if not vertical:
            return drawn
        segments = [glyph_cell(segment, thickness) for segment in drawn.segments]
        return Segments(segments, new_lines=True)


def glyph_cell(segment: Segment, thickness: int) -> Segment:
    """Return a cell of a vertical scrollbar with its thumb's reversed cells as glyphs."""
    text, style, control = segment
    if style is None or not style.reverse:
        return segment
    glyph = text[:1]
    if glyph == " ":
        solid = "█"
    else:  # the lower end: a lower block reversed is the rest of the cell, from its top
        top = 8 - (ScrollBarRender.VERTICAL_BARS.index(glyph) + 1)
        solid = "▀" if top >= 4 else "▔"
    return Segment(solid * thickness, style + Style(reverse=False), control)
