"""The New game screen: character, difficulty, seed and options."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from unbroken.core.game import Game
from unbroken.tui.reach import game_app
from unbroken.words.vocabulary import TIMING_WORDS

if TYPE_CHECKING:
    from unbroken.tui.app import UnbrokenApp


def gentle_label(on: bool) -> str:
    """Return the gentle start box's label, saying whether it is on (not by colour alone)."""
    return f"Gentle start: {'on' if on else 'off'} (Easy, 15 SE)"


class OnOffBox(Checkbox):
    """A checkbox whose mark is an X only when it is on (Textual's shows an X in both
    states, only its colour differs: "X Gentle start: off" read as ticked)."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()
        self.refresh()


class NewGameScreen(Screen[None]):
    """Choose a character sheet, the difficulty, the seed and options."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    @property
    def unbroken(self) -> UnbrokenApp:
        return game_app(self)

    def compose(self) -> ComposeResult:
        rules = self.unbroken.ruleset
        chars = sorted(rules.characters.values(), key=lambda c: (c.cls, c.name))
        with Horizontal(id="newgame"):
            with Vertical(id="pick"):
                yield Label("Character")
                yield OptionList(
                    *(
                        Option(Text(f"{c.name} — {rules.classes[c.cls].name}"), id=c.id)
                        for c in chars
                    ),
                    id="characters",
                )
                yield Label("Difficulty")
                yield OptionList(
                    *(Option(Text(d.name), id=d.id) for d in rules.settings.difficulties),
                    id="difficulties",
                )
                yield Button("Start (Enter on a difficulty)", id="start", variant="primary")
            with VerticalScroll(id="about"):
                yield Static(id="class-info")
                yield Static(id="difficulty-info")
                yield Label("Seed (random unless you type one)")
                # Digits only: a key that is no digit (Space after Tab selected it all)
                # leaves the seed as it was instead of replacing it.
                yield Input(value=str(self.unbroken.next_seed()), id="seed", restrict=r"[0-9]*")
                yield OnOffBox(gentle_label(False), id="gentle")
                yield Static(Text(self.plugins_line()), id="plugins-line")
        yield Footer()

    @on(Checkbox.Changed, "#gentle")
    def gentle_changed(self, message: Checkbox.Changed) -> None:
        # The box's mark differs only in colour: the label says on or off too.
        message.checkbox.label = gentle_label(message.value)

    def plugins_line(self) -> str:
        plugins = self.unbroken.ruleset.plugins
        return "Plugins on: " + (", ".join(f"{k} {v}" for k, v in plugins.items()) or "none")

    def on_mount(self) -> None:
        self.query_one("#seed", Input).cursor_blink = self.unbroken.blink
        chars = self.query_one("#characters", OptionList)
        diffs = self.query_one("#difficulties", OptionList)
        # The last game's character and difficulty (settings), else the first and Normal.
        last = self.unbroken.settings
        chars.highlighted = _index_of(chars, last.character, 0)
        diffs.highlighted = _index_of(diffs, last.difficulty, 1)
        chars.focus()
        self.describe()

    @on(OptionList.OptionHighlighted)
    def describe(self) -> None:
        rules = self.unbroken.ruleset
        char_id, diff_id = self.choice()
        cls = rules.classes[rules.characters[char_id].cls]
        text = Text()
        text.append(f"{rules.characters[char_id].name} — {cls.name}\n", style="bold")
        for a in cls.abilities:
            timing = TIMING_WORDS.get(a.timing) or ("Response" if a.type == "response" else a.type)
            text.append(f"{a.name}", style="bold")
            text.append(f" ({timing}): {a.text}\n")
        self.query_one("#class-info", Static).update(text)
        diff = next(d for d in rules.settings.difficulties if d.id == diff_id)
        self.query_one("#difficulty-info", Static).update(
            Text.assemble((f"{diff.name}: ", "bold"), diff.text)
        )

    def choice(self) -> tuple[str, str]:
        chars = self.query_one("#characters", OptionList)
        diffs = self.query_one("#difficulties", OptionList)
        char = chars.get_option_at_index(chars.highlighted or 0).id
        diff = diffs.get_option_at_index(diffs.highlighted or 0).id
        assert char is not None and diff is not None
        return char, diff

    @on(OptionList.OptionSelected, "#characters")
    def to_difficulty(self) -> None:
        self.query_one("#difficulties", OptionList).focus()

    @on(OptionList.OptionSelected, "#difficulties")
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        char, diff = self.choice()
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(raw) if raw else secrets.randbits(63)
            if not 0 <= seed < 1 << 64:
                raise ValueError
        except ValueError:
            self.notify("The seed must be a whole number from 0 to 2**64-1.", severity="error")
            return
        gentle = self.query_one("#gentle", Checkbox).value
        if gentle and diff != "easy":
            self.notify("Gentle start is an Easy option.", severity="warning")
            return
        game = Game.new(self.unbroken.ruleset, char, diff, seed, {"gentle_start": gentle})
        self.unbroken.save_settings(character=char, difficulty=diff)
        self.unbroken.play(self.unbroken.session_for(game), replace=True)


def _index_of(options: OptionList, option_id: str, default: int) -> int:
    """Return the index of the option with this id, or `default` when there is none."""
    for i in range(options.option_count):
        if options.get_option_at_index(i).id == option_id:
            return i
    return default
