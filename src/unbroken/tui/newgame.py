"""The New game screen: character, difficulty, seed, options and the expansions in play."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from unbroken.core.game import Game
from unbroken.tui.footer import KeysFooter
from unbroken.tui.held_words import HeldStatic, held, names_in_play, sentence_fold
from unbroken.tui.help_search import InOrderInput
from unbroken.tui.reach import game_app
from unbroken.tui.title import Menu
from unbroken.tui.widgets import page
from unbroken.words.cards import (
    class_mates,
    difficulty_text,
    start_se_note,
    unsaid_cost,
)
from unbroken.words.starting import start_sentence
from unbroken.words.vocabulary import ABILITY_USE, timing_words

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.tui.app import UnbrokenApp


#: The mark of the highlighted character and difficulty: seen without colour too.
MARK = "▶ "

#: Under the character's description where it goes on below its rows.
MORE = Text("… (PgDn: more)", style="dim")

#: What the New game screen says about ability uses, in the words of R-ABILITY-1: the
#: class's abilities (those listed above it), not a skill's (the team's notes, #28: "All
#: abilities" said skills' spend a use too; none does).
ABILITY_USES = (
    "Your class's abilities, Responses too, share one pool of uses per level equal to the "
    "level number, spent one per use; skills' abilities take none."
)


def difficulty_hardness(index: int, count: int) -> str:
    """Return how hard the difficulty at `index` of `count` is, in words: the content lists
    them easiest first, plugins' after the base game's ("easiest", "", "hardest")."""
    if count > 1 and index == 0:
        return "easiest"
    if count > 1 and index == count - 1:
        return "hardest"
    return ""


def difficulty_notes(rules: Ruleset, index: int) -> list[str]:
    """Return the notes of the difficulty at `index` of those in play: how hard it is, and
    the expansion that adds it ("hardest", "from Gauntlet": #28 round 21, Gauntlet's Expert
    was listed as the base game's are)."""
    difficulties = rules.settings.difficulties
    diff = difficulties[index]
    notes = [difficulty_hardness(index, len(difficulties))]
    if diff.id in rules.difficulties:  # a plugin's: "gauntlet:expert"
        notes.append(f"from {diff.id.partition(':')[0].replace('-', ' ').title()}")
    return [note for note in notes if note]


def expansions_line(plugins: dict[str, str], added: set[str] | frozenset[str] = frozenset()) -> str:
    """Return which expansions (plugins besides the base game) new games play with, and how
    to change that; those in `added` are listed to the player for the first time ("(new)")."""
    names = [f"{name} (new)" if name in added else name for name in plugins if name != "base"]
    return f"Expansions on: {', '.join(names) or 'none'}\np turns expansions on or off"


def difficulty_place(index: int, count: int) -> str:
    """Return where the difficulty at `index` of `count` stands, said once: "the easiest of
    3", "2 of 3, easiest first", "the hardest of 4" (#28 round 22: "1 of 3, easiest first:
    the easiest" said it three times)."""
    hardness = difficulty_hardness(index, count)
    return f"the {hardness} of {count}" if hardness else f"{index + 1} of {count}, easiest first"


def gentle_se(rules: Ruleset) -> tuple[int, int]:
    """Return the SE an Easy game starts with, with gentle start and without (R-SETUP-3,
    from the settings: 15 and 13 in the base game)."""
    settings = rules.settings
    easy = next((d for d in settings.difficulties if d.id == "easy"), None)
    usual = {**settings.start, **(easy.start if easy else {})}.get("se", 0)
    return settings.gentle_start_se, usual


def gentle_label(on: bool, rules: Ruleset) -> str:
    """Return the gentle start box's label, saying whether it is on (not by colour alone) and
    what it does: "Gentle start: off (Easy, +2 SE)" (#28 round 22: "(Easy, 15 SE)" beside
    Easy's own "13 SE" was not explained; Easy's description says the two)."""
    gentle, usual = gentle_se(rules)
    return f"Gentle start: {'on' if on else 'off'} (Easy, {gentle - usual:+d} SE)"


def gentle_note(rules: Ruleset) -> str:
    """Return what Easy's description says of gentle start: "Gentle start (below) starts
    with 15 SE instead of 13."."""
    gentle, usual = gentle_se(rules)
    return f" Gentle start (below) starts with {gentle} SE instead of {usual}."


class OnOffBox(Checkbox):
    """A checkbox whose mark is an X only when it is on (Textual's shows an X in both
    states, only its colour differs: "X Gentle start: off" read as ticked)."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()
        self.refresh()


class DifficultyInfo(Static):
    """What the difficulty highlighted does: its rows, once laid out, set the rows the
    character's description may take above it (`NewGameScreen.fit_description`)."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, NewGameScreen):
            screen.fit_description()


class NewGameScreen(Screen[None]):
    """Choose a character sheet, the difficulty, the seed and options."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start"),
        # Priority: the seed field takes digits only, so `p` is never typed into it.
        Binding("p", "expansions", "Expansions", priority=True),
        # As in help's pager: Page Up/Down scroll the character's description whatever has
        # the focus (#28 round 13: it was cut at 80x24, PageDown moved the character list).
        Binding(
            "pagedown", "scroll_about(1)", "Description", key_display="PgUp/PgDn", priority=True
        ),
        Binding("pageup", "scroll_about(-1)", "Description up", show=False, priority=True),
        # Where the description is not cut the keys above are not offered, and were passed
        # on to the list in focus: PgDn moved "▶ Normal" to "▶ Expert" (#28 round 18).
        Binding("pagedown", "page_kept", show=False, priority=True),
        Binding("pageup", "page_kept", show=False, priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: The expansions marked "(new)" on this screen (first_listed).
        self.marked_new: set[str] = set()
        #: The character whose description is shown.
        self.described = ""
        #: The character and difficulty highlighted, by id: their names and whose they are
        #: (said when an expansion turned off takes them away: `fell_back`).
        self.picked: dict[str, tuple[str, str, str]] = {}

    @property
    def unbroken(self) -> UnbrokenApp:
        return game_app(self)

    def compose(self) -> ComposeResult:
        with Horizontal(id="newgame"):
            with Vertical(id="pick"):
                yield Label("Character")
                # Lists that stop at their ends, as the title's menu (Hard, Down, Down
                # landed on Easy: #28 round 12).
                yield Menu(id="characters")
                yield Label("Difficulty (easiest first)")
                yield Menu(id="difficulties")
                yield Button("Start (Enter)", id="start", variant="primary")
                yield Static(id="expansions")
            # The character's long description scrolls in rows of its own; the difficulty,
            # the seed and Gentle start under it stay in sight (at 80x24 they were below
            # the fold of one scrolled pane, #28).
            with Vertical(id="about"):
                # Not a stop of Tab's (Page Up/Down scroll it whatever has the focus): a
                # stop with no mark of its own, the player lost the focus there (#28).
                with VerticalScroll(id="class-scroll", can_focus=False):
                    yield HeldStatic(id="class-info")
                # Where the description is cut, "…" says it goes on (#28 round 16: cut
                # mid-sentence over a blank row); else a blank row.
                yield Static("", id="class-more")
                yield DifficultyInfo(id="difficulty-info")
                yield Label("Seed (random unless you type one)")
                # Digits only: a key that is no digit (Space after Tab selected it all)
                # leaves the seed as it was instead of replacing it.
                yield InOrderInput(
                    value=str(self.unbroken.next_seed()), id="seed", restrict=r"[0-9]*"
                )
                yield OnOffBox(gentle_label(False, self.unbroken.ruleset), id="gentle")
        yield KeysFooter()

    @on(Checkbox.Changed, "#gentle")
    def gentle_changed(self, message: Checkbox.Changed) -> None:
        # The box's mark differs only in colour: the label says on or off too.
        message.checkbox.label = gentle_label(message.value, self.unbroken.ruleset)

    def on_mount(self) -> None:
        self.query_one("#seed", Input).cursor_blink = self.unbroken.blink
        # The last game's character and difficulty (settings), else the first and Normal;
        # the pick made here before only when expansions were turned on or off since (left
        # for the title's Plugins): a pick left by Esc is not the next game's (README).
        last = self.unbroken.settings
        self.unbroken.find_new_plugins()
        char, diff, plugins = self.unbroken.new_game_pick
        if plugins == tuple(self.unbroken.ruleset.plugins):
            char = diff = ""
        self.fill(char or last.character, diff or last.difficulty)
        for said in ("scroll_y", "virtual_size"):
            self.watch(self.query_one("#class-scroll"), said, self.say_more, init=False)
        # Warnings from before (plugins skipped, said under the expansions on) would cover
        # the character's description; the game left just now is still said to be saved.
        self.unbroken.clear_warnings()
        self.query_one("#characters", OptionList).focus()

    def fill(self, char_id: str, diff_id: str, say_lost: bool = False) -> None:
        """List the characters and difficulties of the rules in play now (the expansions on
        add some), highlighting these when they are there; with `say_lost`, say under the
        expansions on which of them an expansion turned off took away."""
        rules = self.unbroken.ruleset
        before = self.picked
        #: The plugins whose characters and difficulties are listed.
        self.listed = dict(rules.plugins)
        chars = self.query_one("#characters", OptionList)
        diffs = self.query_one("#difficulties", OptionList)
        chars.clear_options()
        chars.add_options(
            Option("", id=c.id)
            for c in sorted(rules.characters.values(), key=lambda c: (c.cls, c.name))
        )
        diffs.clear_options()
        diffs.add_options(Option("", id=d.id) for d in rules.settings.difficulties)
        chars.highlighted = _index_of(chars, char_id, 0)
        diffs.highlighted = _index_of(diffs, diff_id, 1)
        self.describe()
        lost = fell_back(before, self.picked) if say_lost else ()
        said = Text(expansions_line(rules.plugins, self.first_listed(rules.plugins)))
        for notice in (*self.unbroken.skipped_plugin_notices, *lost):
            said.append(f"\n⚠ {notice}", style="yellow")
        self.query_one("#expansions", Static).update(said)

    def first_listed(self, plugins: dict[str, str]) -> set[str]:
        """Return the expansions this screen marks "(new)": those installed since a New game
        screen last listed the expansions to the player (settings' expansions_seen, which
        always holds "base" once one has: the first list ever marks none), kept as seen
        now. They stay marked while this screen is open (back from Plugins too), not the
        next time."""
        settings = self.unbroken.settings
        seen = set(filter(None, settings.expansions_seen.split(",")))
        listed = set(plugins) | {"base"}
        if seen:
            self.marked_new |= listed - seen
        if not listed <= seen:
            self.unbroken.save_settings(expansions_seen=",".join(sorted(seen | listed)))
        return self.marked_new & listed

    def mark(self) -> None:
        """Write every option's line, the highlighted one marked ▶ (not by colour alone),
        and in the list with the focus, the focus bar ▌ before it: on that row only (28b-14:
        a bar on every row, the list's outline, read as "all selected")."""
        rules = self.unbroken.ruleset
        chars = self.query_one("#characters", OptionList)
        for i in range(chars.option_count):
            char = rules.characters[str(chars.get_option_at_index(i).id)]
            name = f"{lead(chars, i)}{char.name} — {rules.classes[char.cls].name}"
            chars.replace_option_prompt_at_index(i, Text(name))
        diffs = self.query_one("#difficulties", OptionList)
        count = diffs.option_count
        for i, diff in enumerate(rules.settings.difficulties[:count]):
            notes = difficulty_notes(rules, i)
            line = Text(f"{lead(diffs, i)}{diff.name}")
            if notes:
                line.append(f" ({'; '.join(notes)})", style="italic")
            diffs.replace_option_prompt_at_index(i, line)

    def on_descendant_focus(self) -> None:
        self.mark()  # the focus bar moves with the focus

    def on_descendant_blur(self) -> None:
        self.mark()

    @on(OptionList.OptionHighlighted)
    def describe(self) -> None:
        self.mark()
        rules = self.unbroken.ruleset
        char_id, diff_id = self.choice()
        self.unbroken.new_game_pick = (char_id, diff_id, tuple(rules.plugins))
        cls = rules.classes[rules.characters[char_id].cls]
        text = Text()
        char = rules.characters[char_id]
        diff_name = next(d.name for d in rules.settings.difficulties if d.id == diff_id)
        self.picked = {
            "char": (char_id, char.name, plugin_title(char_id)),
            "diff": (diff_id, diff_name, plugin_title(diff_id)),
        }
        text.append(f"{char.name} — {cls.name}\n", style="bold")
        text.append(f"{char.text}\n", style="italic")
        # The start in full, its weapon and figures (round 27: "Same abilities and start
        # as Caellahan" said nothing of what that start was).
        diff = next(d for d in rules.settings.difficulties if d.id == diff_id)
        text.append(start_sentence(rules, char, diff) + "\n")
        for line in class_mates(rules, char):
            text.append(f"{line}\n")
        for a in cls.abilities:
            timing = timing_words(a) or ("Response" if a.type == "response" else a.type)
            text.append(f"{a.name}", style="bold")
            text.append(f" ({timing}; {unsaid_cost(a)}): {a.text}\n")
        text.append(ABILITY_USES, style="italic")
        if char_id != self.described:
            # Another character's description, read from its top (round 16: the last one's
            # place kept, Tomu's opened two rows down after Helena's was read to its end).
            self.query_one("#class-scroll", VerticalScroll).scroll_home(animate=False)
            self.described = char_id
        # Names whole on a row (28b-15: "… start as Kirilla el" above the fold, "Kaer" below),
        # and an ability's cost ("1 ability use", not "1" above "ability use").
        said = held(text, names_in_play(rules) | {ABILITY_USE})
        self.query_one("#class-info", Static).update(said)
        self.call_after_refresh(self.fit_description)  # a description longer or shorter
        difficulties = rules.settings.difficulties
        index, diff = next((i, d) for i, d in enumerate(difficulties) if d.id == diff_id)
        rank = difficulty_place(index, len(difficulties))
        if diff.id in rules.difficulties:  # a plugin's, said whose
            rank += f"; {difficulty_notes(rules, index)[-1]}"
        self.query_one("#difficulty-info", Static).update(
            Text.assemble(
                (f"{diff.name} ", "bold"),
                f"({rank}). ",
                difficulty_text(diff),
                start_se_note(rules, diff),
                gentle_note(rules) if diff.id == "easy" else "",
            )
        )

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_description)

    def fit_description(self) -> None:
        """Let the character's description take the rows of its pane that the difficulty,
        the seed and Gentle start leave under it (it scrolls within them): all of them stay
        in sight, right under it."""
        about = self.query_one("#about")
        below = sum(
            w.outer_size.height + w.styles.margin.height
            for w in about.children
            if w.id != "class-scroll"
        )
        room = max(3, about.content_size.height - below)
        # The fold at a sentence's end where one is near (29b-21, 29a-18).
        room = sentence_fold(self.query_one("#class-info", HeldStatic).rows, room)
        scroll = self.query_one("#class-scroll")
        if scroll.styles.max_height != Scalar.from_number(room):
            scroll.styles.max_height = room
        self.call_after_refresh(self.refresh_bindings)  # it may scroll now, or no longer
        self.call_after_refresh(self.say_more)

    def say_more(self) -> None:
        """Say under the character's description whether it goes on below its rows."""
        scroll = self.query_one("#class-scroll", VerticalScroll)
        more = scroll.scroll_y < scroll.max_scroll_y
        self.query_one("#class-more", Static).update(MORE if more else "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Page Up/Down are offered (the footer's "PgUp/PgDn Description") only while the
        character's description is longer than its rows (#28 round 13: said where nothing
        could scroll)."""
        if action == "scroll_about":
            return self.query_one("#class-scroll", VerticalScroll).max_scroll_y > 0
        return True

    def choice(self) -> tuple[str, str]:
        chars = self.query_one("#characters", OptionList)
        diffs = self.query_one("#difficulties", OptionList)
        char = chars.get_option_at_index(chars.highlighted or 0).id
        diff = diffs.get_option_at_index(diffs.highlighted or 0).id
        assert char is not None and diff is not None
        return char, diff

    def action_scroll_about(self, pages: int) -> None:
        """Scroll the character's description by a page (`pages`: 1 down, -1 up)."""
        page(self.query_one("#class-scroll", VerticalScroll), pages)

    def action_page_kept(self) -> None:
        """Page Up/Down where the description is not cut: nothing (not the list's keys)."""

    def action_expansions(self) -> None:
        """Open Plugins to turn expansions on or off; coming back lists what they add."""
        self.unbroken.open_screen("plugins")

    def on_screen_resume(self) -> None:
        """List again what the rules offer when the expansions on changed meanwhile, saying
        which pick an expansion turned off took away and what is picked now (#28 round 26:
        Expert fell back to Normal unsaid). Plugins' own notes ("Plugin 'gauntlet' is off
        from the next new game") go: the expansions line says it, and a note covered the
        Seed label."""
        self.unbroken.find_new_plugins()
        if self.is_mounted and self.listed != self.unbroken.ruleset.plugins:
            self.unbroken.clear_notices()
            self.fill(*self.choice(), say_lost=True)

    @on(OptionList.OptionSelected, "#difficulties")
    def difficulty_picked(self) -> None:
        """Enter on a difficulty picks it (marked ▶ already) and goes to Start: #28 round
        14's player expected it to pick, and it started the game."""
        self.query_one("#start", Button).focus()

    @on(OptionList.OptionSelected, "#characters")
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


def plugin_title(content_id: str) -> str:
    """Return the expansion whose a character or difficulty is, by its id, in words
    ("gauntlet:expert" → "Gauntlet"), or "" for the base game's."""
    owner, colon, _ = content_id.partition(":")
    return owner.replace("-", " ").title() if colon else ""


def fell_back(
    before: dict[str, tuple[str, str, str]], now: dict[str, tuple[str, str, str]]
) -> tuple[str, ...]:
    """Return what New game says of the picks (character, difficulty) that an expansion
    turned off took away: "Expert needs Gauntlet: Normal now"."""
    said = []
    for kind, (was_id, was_name, owner) in before.items():
        now_id, now_name, _ = now.get(kind, (was_id, "", ""))
        if now_id != was_id and owner:
            said.append(f"{was_name} needs {owner}: {now_name} now")
    return tuple(said)


def lead(options: OptionList, index: int) -> str:
    """Return the start of an option's line: the focus bar where the list has the focus
    and the option is highlighted, then ▶ for the highlighted one (MARK)."""
    if index != options.highlighted:
        return " " * (1 + len(MARK))
    return ("▌" if options.has_focus else " ") + MARK


def _index_of(options: OptionList, option_id: str, default: int) -> int:
    """Return the index of the option with this id, or `default` when there is none."""
    for i in range(options.option_count):
        if options.get_option_at_index(i).id == option_id:
            return i
    return default
