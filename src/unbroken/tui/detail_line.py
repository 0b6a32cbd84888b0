"""The detail line under the options: the highlighted option (or the one the mouse is
over) said in full, where its row cuts it or leaves its figures out (`DetailedList`; the
rows it takes are the decision's, `DecisionPanel.details_rows`, tui/decisions.py)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import Static

from unbroken.tui.details import ROWS, detail_ways, dimmed_detail, fitted, in_rows
from unbroken.tui.option_rows import OPTION_KEYS
from unbroken.tui.pace import PLAYERS, KeyPace
from unbroken.tui.questions import CarefulList


class DetailedList(CarefulList):
    """The numbered options with the detail line under them (the Static #detail beside
    the list in the right column, as #prompt over it)."""

    def __init__(self, pace: KeyPace = PLAYERS) -> None:
        super().__init__(pace)
        self._beside: dict[str, Static] = {}
        #: The rows the detail line takes for this decision (`details_rows`): the options'
        #: room leaves them.
        self.detail_rows = ROWS
        #: The ways to say each option worked out (`detail_of`), and what they were for.
        self._ways: dict[tuple[object, ...], list[str]] = {}
        self._ways_for: tuple[object, ...] = ()

    def beside(self, name: str) -> Static:
        """Return the Static beside the options: "prompt" or "detail" (found once)."""
        found = self._beside.get(name)
        if found is None:
            found = self._beside[name] = self.screen.query_one(f"#{name}", Static)
        return found

    #: The option the mouse is over, its detail shown (None: the highlighted one's is).
    hovered: int | None = None
    #: The key and whole detail of the option the detail line says, where it is cut
    #: (the inspector, `i`, says it whole); ("", "") where the line says it all.
    said_whole: tuple[str, str] = ("", "")

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The mouse over an option shows its detail (a dimmed one's reason, where its line
        was cut: only the arrows showed it, #28 round 5); off the options, the highlighted's."""
        over = event.style.meta.get("option")
        if over != self.hovered:
            self.hovered = over
            self.show_detail(self.detail_at() if over is None else over)

    def on_leave(self, event: events.Leave) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.show_detail(self.detail_at())

    def detail_at(self) -> int:
        """Return the option whose detail the line under the list says: the highlighted,
        else (none while the keys wait a beat, all dimmed) the first that can be taken and
        is of use, where the highlight will start (#28 round 29: after "Taken for you" the
        line said the first option's "No use now: …")."""
        if self.highlighted is not None:
            return self.highlighted
        of_use = (i for i, (_, why) in enumerate(self.offered) if not why and self.of_use(i))
        return next(of_use, 0)

    def show_detail(self, index: int) -> None:
        """Say the index-th option in full under the list: nothing for one its line says
        whole; one that cannot be taken only when its line was cut (its reason with it)."""
        offered, game = self.offered, self.game
        if game is None or not 0 <= index < len(offered):
            return
        action, why = offered[index]
        line = self.beside("detail")
        # The decision's rows whatever is highlighted, said or not: the log under it does
        # not move with the highlight (#28 round 23: five rows for an attack's Responses'
        # figures, one for Focus, then five again).
        line.styles.height = self.detail_rows
        width, rows = line.content_size.width, self.detail_rows
        if why:  # the option line says why not, unless it was cut: then the detail does
            said = dimmed_detail(action, why, game) if self.is_cut(index) else ""
            whole = said
        else:
            ways = self.detail_of(index)
            said, whole = fitted(ways, width, rows), ways[0]
        shown = in_rows(said, width, rows)
        # Cut, it ends "(i: all of it)": the inspector says it whole (29a-15).
        self.said_whole = (OPTION_KEYS[index : index + 1], whole) if shown != said else ("", "")
        line.update(Text(shown, "italic"))

    def detail_of(self, index: int) -> list[str]:
        """Return the ways to say the index-th option (one that can be taken) on the detail
        line, longest first (`details.detail_ways`): [""] for one its line says whole."""
        game = self.game
        assert game is not None
        action = self.offered[index][0]
        brief, cut = self.is_brief(index), self.is_cut(index)
        f = self.forecasts.get(action)
        # Once per option as drawn, for the same game, events and options: the rows the
        # line needs ask every option's, then the line says the highlighted one's.
        made = (game, len(game.events), self.offered, self.forecasts)
        if len(made) != len(self._ways_for) or not all(
            a is b or (type(a) is int and a == b) for a, b in zip(made, self._ways_for, strict=True)
        ):
            self._ways, self._ways_for = {}, made
        key = (index, action, brief, cut, self.row_shown(index))
        ways = self._ways.get(key)
        if ways is None:
            ways = self._ways[key] = detail_ways(action, game, f, brief, cut, key[4])
        return list(ways)
