"""A SteadyStatic is laid out and rendered again only when what it shows changed."""

from __future__ import annotations

from typing import Any

from pilot import sync
from rich.text import Text
from textual.app import App, ComposeResult

from unbroken.tui.steady import SteadyStatic, same_content


def test_the_same_content_is_equal_text_with_the_same_settings() -> None:
    assert same_content("Level 2", "Level 2")
    assert not same_content("Level 2", "Level 3")
    assert same_content(Text("wound 1", style="italic"), Text("wound 1", style="italic"))
    # Text's own == leaves out its base style: a bold prompt is not an italic one.
    assert Text("wound 1", style="bold") == Text("wound 1", style="italic")
    assert not same_content(Text("wound 1", style="bold"), Text("wound 1", style="italic"))
    marked = Text("wound 1")
    marked.stylize("bold", 0, 5)
    assert not same_content(marked, Text("wound 1"))
    assert not same_content(Text("a", justify="right"), Text("a"))
    assert not same_content("a", Text("a"))
    drawn = object()
    assert same_content(drawn, drawn)
    assert not same_content(object(), object())


class Counted(SteadyStatic):
    """Counts its refreshes."""

    refreshes = 0

    def refresh(self, *args: Any, **kwargs: Any) -> Any:
        self.refreshes += 1
        return super().refresh(*args, **kwargs)


class OneStatic(App[None]):
    def compose(self) -> ComposeResult:
        yield Counted(id="steady")


@sync
async def test_an_update_with_what_it_shows_does_not_refresh() -> None:
    app = OneStatic()
    async with app.run_test(size=(40, 5)) as pilot:
        steady = app.query_one(Counted)
        steady.update(Text("food 2 (eat 1)"))
        await pilot.pause()
        before = steady.refreshes
        steady.update(Text("food 2 (eat 1)"))  # built anew, the same
        await pilot.pause()
        assert steady.refreshes == before
        steady.update(Text("food 1 (eat 1)"))
        await pilot.pause()
        assert steady.refreshes > before
        assert "food 1 (eat 1)" in steady.render_line(0).text
