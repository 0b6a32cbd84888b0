"""The game over screen: how it ended, the score and rank, achievements."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Static,
)

from unbroken import plugins as plugin_host
from unbroken.core import events as ev
from unbroken.core.achievements import PREDICATES, earned
from unbroken.core.game import Game
from unbroken.core.model import RESOURCE_NAMES
from unbroken.play.taken import taken_since
from unbroken.records import all_achievements, plugin_predicates
from unbroken.tui.footer import KeysFooter
from unbroken.tui.reach import game_app
from unbroken.words.endings import how_lost
from unbroken.words.events import Narrator
from unbroken.words.outcomes import death, killer
from unbroken.words.scoring import score_name as score_name  # history's, older callers'
from unbroken.words.vocabulary import plural

if TYPE_CHECKING:
    from unbroken.plugins import Plugins
    from unbroken.tui.app import UnbrokenApp


def decisions_events(events: list[ev.Event]) -> list[ev.Event]:
    """Return the events of the decisions made: those after the first Awaiting (not the setup)."""
    first = next((i for i, e in enumerate(events) if isinstance(e, ev.Awaiting)), len(events))
    return events[first + 1 :]


def scoring_rules(plugins: Plugins) -> dict[str, tuple[str, str]]:
    """Return {id: (name, how it scores)} of the scoring rules of `plugins`."""
    return {
        rule.name: (score_name(rule.name, rule.title), rule.text) for rule in plugins.scoring_rules
    }


def unscored(left: dict[str, int], points: dict[str, int]) -> list[str]:
    """Return the SE left at a win as a line of the score table, saying that it scores
    nothing (R-SCORE-1), or none when no SE is left or the rules in play score it."""
    n = left.get("se", 0)
    if not n or "se" in points:
        return []
    return [f"{'SE':<9} {n:>2} × {0:>2} = {0:>3}  SE scores nothing"]


#: A hint kept whole in the log begins so (tui/hints.py): no part of how the game ended.
HINT = "First game: "
#: The columns the result's lines are wrapped to: what an 80-column screen holds beside
#: the scrollbar, so that the screen never wraps a line again from its left edge.
WIDTH = 74


def entry(line: str, indent: int = 2, hang: int = 2, width: int = WIDTH) -> str:
    """Return a line of the result wrapped to `width` at `indent`, its continuation rows
    `hang` columns further in (#28 round 27, 27a-18: the screen wrapped a log line back
    to the edge, under its own first row's indent, and it read as another entry)."""
    return textwrap.fill(
        line,
        width,
        initial_indent=" " * indent,
        subsequent_indent=" " * (indent + hang),
        break_long_words=False,
        break_on_hyphens=False,
    )


class Entry(NamedTuple):
    """A line of the result wrapped where it is shown (`entry`), in `style`: its indent,
    its continuation rows' `hang`, what follows it ("\n")."""

    line: str
    indent: int = 2
    hang: int = 2
    style: str = ""
    before: str = ""
    after: str = "\n"


#: The line under the result while some of it is below the screen.
MORE = "↓ more below (PgDn, ↓)"


class ResultScroll(VerticalScroll):
    """The result, scrolled; the line under it (its row always kept, so that saying
    "more" never changes what fits) says whether some of it is below the screen."""

    def on_mount(self) -> None:
        self.watch(self, "scroll_y", self.show_more)
        self.watch(self, "virtual_size", self.show_more)

    def on_resize(self) -> None:
        self.show_more()

    def show_more(self, _: object = None) -> None:
        more = self.screen.query("#result-more")
        if more:
            more.first(Static).update(MORE if self.scroll_y < self.max_scroll_y else "")


class GameOverScreen(Screen[None]):
    """Victory or the cause of death, the score breakdown and rank, achievements."""

    BINDINGS = [
        Binding("enter", "title", "Title"),
        Binding("n", "new", "New game"),
        Binding("s", "same_seed", "Same seed again"),
        Binding("w", "watch", "Watch the replay"),
        Binding("q", "app.quit", "Quit"),
    ]

    #: Lines of the last decision's log shown under "How it ended".
    LAST_LINES = 6

    def __init__(
        self,
        game: Game,
        new: list[str] | None = None,
        replay: Path | None = None,
        best: str = "",
        since: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        #: The log's lines since the player's last key: the game screen's (None: no screen
        #: saw the game; `how_it_ended` tells those of the decisions taken for the player
        #: from its events).
        self.since = since
        self.new = new or []
        #: For a win: the score against the best of the class on the difficulty so far.
        self.best = best
        #: The game's recording (None: it was not recorded).
        self.replay = replay
        #: The columns the result's entries are wrapped to (`on_resize`: the width shown).
        self.width = WIDTH
        self.parts: list[Text | Entry] = []

    def compose(self) -> ComposeResult:
        self.parts = self.result_parts()
        # Scrolls (↑ ↓, Page Up/Down): a win with expansions on says more than 80x24 holds,
        # and a line under it says so while more is below (a scrollbar barely shows it).
        with ResultScroll(id="result-scroll"):
            yield Static(self.result_text(), id="result")
        yield Static("", id="result-more")
        yield KeysFooter()

    def result_text(self) -> Text:
        """Return the result, its entries wrapped at the width it is shown at (`width`)."""
        text = Text()
        for part in self.parts:
            if isinstance(part, Entry):
                wrapped = entry(part.line, part.indent, part.hang, self.width)
                text.append(part.before + wrapped + part.after, style=part.style)
            else:
                text.append_text(part)
        return text

    @on(events.Resize)
    def rewrap(self) -> None:
        """Wrap the result's entries again at the width now shown (#28 round 29: at 120x40
        "How it ended" kept its 80-column rows while the header reflowed)."""
        width = max(20, self.size.width - (80 - WIDTH))  # its padding, the scrollbar's room
        if width != self.width:
            self.width = width
            self.query_one("#result", Static).update(self.result_text())

    def result_parts(self) -> list[Text | Entry]:
        """Return the result in parts: the text, and the entries wrapped where shown."""
        game = self.game
        rules = game.ruleset
        out = game.outcome
        assert out is not None
        parts: list[Text | Entry] = []
        text = Text()

        def add(part: Entry) -> None:
            nonlocal text
            parts.extend([text, part])
            text = Text()

        if out.won:
            text.append("VICTORY — you climb out of the dark.\n\n", style="bold green")
            points = rules.settings.score
            for k, n in points.items():
                have = game.state.res.get(k, 0)
                if have:
                    name = RESOURCE_NAMES.get(k, k)
                    text.append(f"  {name:<9} {have:>2} × {n:>2} = {have * n:>3}\n")
            for line in unscored(game.state.res, points):
                text.append(f"  {line}\n")
            text.append(f"\nScore {out.score}: {out.rank}\n", style="bold")
            if self.best:
                text.append(self.best + "\n")
        else:
            by = killer(out.source, rules.card_name)
            text.append("DEATH\n\n", style="bold red")
            text.append(death(out.level, out.step, out.cause, by, past=True) + "\n")
            ending = self.how_it_ended()
            plainly = how_lost(game.events, game.state, rules)
            if ending or plainly:
                text.append("\nHow it ended:\n", style="bold")
                if plainly:  # the loss said plainly, then the log's last lines
                    add(Entry(plainly, hang=0, style="bold"))
                for line in ending:
                    add(Entry(line))
        plugins = self.unbroken.plugins
        # What was earned is in sight at 80x24 (#28 round 9): before the summary and scores.
        self.achievements(text, plugins)
        text.append("\n" + self.summary() + "\n")
        # Plugins' scoring rules, won or lost: a rule that does not apply gives none.
        scores = plugin_host.alternative_scores(rules, game.events, game.state)
        if scores:
            text.append("\nThe expansions' scores:\n", style="bold")
        named = scoring_rules(plugins)
        # Each one's sum in words, to check its points by (#28 round 11: the Tally's 50).
        sums = plugin_host.score_words(rules, game.events, game.state, scores)
        for name, alt in scores.items():
            title, how = named.get(name, (score_name(name), ""))
            line = f"{title}: {alt}" + (f" = {sums[name]}" if name in sums else "")
            add(Entry(line))
            if how:  # wrapped under itself (the screen's wrap went back to the edge)
                add(Entry(how, indent=4, hang=0, style="italic"))

        # What the plugins say at the end (Gauntlet: what carries into the campaign's next
        # game), as the text game's end says it (#28 round 23).
        for line in plugins.end_lines(game.events, game.state, rules):
            add(Entry(line, indent=0, before="\n"))
        difficulty = rules.difficulty_name(game.state.difficulty)
        text.append(f"\nSeed {game.state.seed} — {difficulty}.")
        return [*parts, text]

    def on_mount(self) -> None:
        self.query_one("#result-scroll", ResultScroll).focus()

    def achievements(self, text: Text, plugins: Plugins) -> None:
        """Append the achievements the game earned to `text`, saying which are new."""
        game = self.game
        rules = game.ruleset

        known = {a.id: a.name for a in all_achievements(plugins)}
        table = {**PREDICATES, **plugin_predicates(plugins)}
        names = [known.get(a, a) for a in earned(game.events, rules, table)]
        fresh = [known.get(a, a) for a in self.new]
        difficulty = rules.difficulty_name(game.state.difficulty)
        # "New achievements" for the new ones only, as the text game says; those held from
        # earlier games apart (#28 round 22: "Achievements earned: A Bit of Everything,
        # Payday", both earned in earlier campaign games, read as new).
        if fresh:
            text.append(f"\nNew achievements on {difficulty}: ", style="bold")
            text.append(", ".join(fresh) + "\n")
        held = [name for name in names if name not in fresh]
        if held:
            text.append("\n" if not fresh else "")
            text.append(f"Earned again (held already): {', '.join(held)}\n", style="dim")

    def how_it_ended(self) -> list[str]:
        """Return the log lines of the last decision (the last few, the death left out);
        all the log's lines since the player's last key when there are more (`since`: the
        rounds that passed on their own, the decisions taken for the player, each said
        "Taken for you: …" as the log did: #28 round 24 showed the last of 3-7 rounds the
        player never saw, round 23 a Skip at 0 SE read as the player's own)."""
        narrator = Narrator(self.game.ruleset)
        lines: list[str] = []
        death: set[str] = set()
        rolls = 0  # the last decision's: more than one, rounds passed on their own
        for e in self.game.events:  # the narrator needs the game so far to name changes
            line = narrator.describe(e)
            if line and isinstance(e, ev.GameOver):  # after the rounds lost, if any, held
                *held, line = line.split("\n")
                lines.extend(held)
                death.add(line)
            elif line:  # each its own row ("Round 9." then the round's count: 37a-10)
                lines.extend(line.split("\n"))
            rolls += isinstance(e, ev.DieRolled)
            if isinstance(e, ev.Awaiting):
                lines, rolls = [], 0
        game = self.game
        told = taken_since(game.ruleset, game.events) if self.since is None else self.since
        since = [line for line in told if line not in death and not line.startswith(HINT)]
        if len(since) > len(lines):  # decisions were taken for the player after the key
            return since
        return lines if rolls > 1 else lines[-self.LAST_LINES :]

    def summary(self) -> str:
        """Return the game in one line: decisions, monsters defeated, levels reached, and
        for a loss its score, 0 (R-SCORE-1: only a won game scores; round 11 looked for it)."""
        events = self.game.events
        decisions = sum(isinstance(e, ev.Awaiting) for e in events)
        defeated = sum(isinstance(e, ev.MonsterDefeated) for e in events)
        levels = len(self.game.ruleset.settings.level_start_time)
        lost = self.game.outcome is not None and not self.game.outcome.won
        return (
            f"{plural(decisions, 'decision')} · {plural(defeated, 'monster')} defeated · "
            f"level {self.game.state.level} of {levels} reached"
            + (" · score 0 (lost)" if lost else "")
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer "Watch the replay" only when the game was recorded."""
        if action == "watch":
            return self.replay is not None
        return True

    def action_watch(self) -> None:
        if self.replay is not None:
            self.unbroken.open_replay(self.replay)

    def action_same_seed(self) -> None:
        """Play the same character, difficulty, options and seed again from the start."""
        s = self.game.state
        game = Game.new(self.game.ruleset, s.character, s.difficulty, s.seed, dict(s.options))
        self.unbroken.show_title()
        self.unbroken.play(self.unbroken.session_for(game))

    @property
    def unbroken(self) -> UnbrokenApp:
        return game_app(self)

    def action_title(self) -> None:
        self.unbroken.show_title()

    def action_new(self) -> None:
        self.unbroken.show_title()
        self.unbroken.open_screen("new")
