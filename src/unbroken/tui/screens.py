"""The app's screens: title, new game, game, game over, help."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    OptionList,
    RichLog,
    Static,
)
from textual.widgets.option_list import Option

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.flow import HandlerError
from unbroken.core.game import Game
from unbroken.core.model import RESOURCE_NAMES
from unbroken.tui.widgets import (
    DIE_FACES,
    DecisionList,
    DisplayPanel,
    HandPanel,
    PhaseTracker,
    StagePanel,
    attack_text,
    die_update,
    level_ability_uses,
    option_index,
    option_line,
    shown_roll,
    shown_text,
    table_layout,
)
from unbroken.words.actions import attack_cost, label, option_text, prompt_text
from unbroken.words.events import Narrator
from unbroken.words.outcomes import death, killer, standing
from unbroken.words.vocabulary import TIMING_WORDS, plural

if TYPE_CHECKING:
    from unbroken.replay import Recorder
    from unbroken.session import GameSession
    from unbroken.tui.app import UnbrokenApp


#: How long the die rolls on the stage before it shows its number.
ROLL_SECONDS = 0.3


def gentle_label(on: bool) -> str:
    """Return the gentle start box's label, saying whether it is on (not by colour alone)."""
    return f"Gentle start: {'on' if on else 'off'} (Easy, 15 SE)"


class NewGameScreen(Screen[None]):
    """Choose a character sheet, the difficulty, the seed and options."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    @property
    def unbroken(self) -> UnbrokenApp:
        return self.app  # type: ignore[return-value]

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
                yield Input(value=str(self.unbroken.next_seed()), id="seed")
                yield Checkbox(gentle_label(False), id="gentle")
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
        self.app.switch_screen(GameScreen(self.unbroken.session_for(game)))


def _index_of(options: OptionList, option_id: str, default: int) -> int:
    """Return the index of the option with this id, or `default` when there is none."""
    for i in range(options.option_count):
        if options.get_option_at_index(i).id == option_id:
            return i
    return default


class GameScreen(Screen[None]):
    """The table: display, phase tracker, stage, hand, decisions and log."""

    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("u", "take_back", "Take back"),
        Binding("l", "full_log", "Log"),
        Binding("r", "toggle_roll", "Roll animation"),
        Binding("escape", "title", "Title"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        #: The game being played: every decision goes through it (unbroken.session).
        self.session = session
        self.narrator = Narrator(session.game.ruleset)
        self.last: list[ev.Event] = []
        #: The options listed: each action, and why it cannot be taken now ("" when it can).
        self.offered: list[tuple[act.Action, str]] = []
        #: The stage's die: a roll's face, number, result and purpose (see widgets.shown_roll).
        self.die = ""
        #: The die rolling: its timer, frames shown, the value it lands on, and when.
        self._roll_timer: Timer | None = None
        self._roll_frames = 0
        self._roll_value = 1
        self._roll_until = 0.0

    @property
    def unbroken(self) -> UnbrokenApp:
        return self.app  # type: ignore[return-value]

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def recorder(self) -> Recorder | None:
        """Writes the replay as the game goes (None: not recorded)."""
        return self.session.recorder

    def compose(self) -> ComposeResult:
        yield from table_layout(
            Static(id="prompt"), DecisionList(id="decisions"), Static(id="detail")
        )
        yield Footer()

    def on_mount(self) -> None:
        self.tell(self.session.take_notices())
        self.narrate(self.game.events)
        if self.recorder is not None and self.recorder.decisions:
            # A continued game: show the last decision's changes and the die as they were.
            self.last = ev.last_decision(self.game.events)
        self.die = self.rolled()
        self.refresh_all()
        self.query_one("#decisions", OptionList).focus()

    def narrate(self, new: list[ev.Event]) -> None:
        log = self.query_one("#log", RichLog)
        for e in new:
            line = self.narrator.describe(e)
            if line:
                log.write(line)

    def refresh_all(self) -> None:
        game = self.game
        rules = game.ruleset
        s = game.state
        uses = level_ability_uses(reversed(game.events))
        self.query_one("#display", DisplayPanel).show(s, rules, self.last, uses)
        self.query_one("#phase", PhaseTracker).show(s)
        self.query_one("#stage", StagePanel).show(s, rules, self.die)
        self.query_one("#hand", HandPanel).show(s, rules)
        decisions = self.query_one("#decisions", DecisionList)
        decision = game.decision
        if decision is None:
            self.offered = []
            decisions.show([])
            self.query_one("#prompt", Static).update("")
            return
        prompt = prompt_text(decision.prompt, s)
        self.query_one("#prompt", Static).update(Text(prompt, style="bold"))
        self.offered = game.options()
        decisions.show(
            [
                option_line(i, option_text(action, why, s, rules))
                for i, (action, why) in enumerate(self.offered)
            ],
            [bool(why) for _, why in self.offered],
        )
        self.show_detail(decisions.highlighted or 0)

    def show_detail(self, index: int) -> None:
        offered = self.offered
        if not 0 <= index < len(offered):
            return
        action, why = offered[index]
        if why:  # the option line says why not; nothing more to add
            self.query_one("#detail", Static).update("")
            return
        text = detail(action, self.game)
        same = text == label(action, self.game.state, self.game.ruleset)
        self.query_one("#detail", Static).update(Text("" if same else text, style="italic"))

    @on(OptionList.OptionHighlighted, "#decisions")
    def highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self.show_detail(message.option_index)

    @on(OptionList.OptionSelected, "#decisions")
    def selected(self, message: OptionList.OptionSelected) -> None:
        self.take(message.option_index)

    def on_key(self, event: events.Key) -> None:
        index = option_index(event.character or "")
        if index is not None and index < len(self.offered):
            event.stop()
            self.take(index)

    def take(self, index: int) -> None:
        """Apply the index-th option and show what it did (one that cannot be taken says why)."""
        if not 0 <= index < len(self.offered):
            return
        action, why = self.offered[index]
        if why:
            text = option_text(action, why, self.game.state, self.game.ruleset)
            self.notify(f"Not now: {text}.", severity="warning", timeout=4)
            return
        start = time.perf_counter()
        try:
            new = self.session.apply(action)
        except HandlerError as exc:  # a plugin's code failed: the game is as it was
            self.notify(f"{exc}. The decision was not made.", severity="error", timeout=12)
            self.refresh_all()
            return
        self.tell(self.session.take_notices())
        self.last = new
        self.narrate(new)
        _, roll = die_update(new)
        if roll is not None and self.unbroken.roll_animation:
            self.start_roll(roll)
        else:
            self.stop_roll()
            self.die = self.rolled()
        self.refresh_all()
        # bench/tui.py reads these: from the key to the next frame drawn.
        latencies = self.unbroken.frame_latencies
        self.call_after_refresh(lambda: latencies.append(time.perf_counter() - start))
        finished = self.session.finished
        if finished is not None:
            rules = self.game.ruleset
            best = ""
            if finished.won:
                args = (finished.cls, finished.difficulty, finished.score, finished.best_before)
                best = standing(rules, *args)
            replay = finished.replay
            self.app.push_screen(GameOverScreen(self.game, finished.new_achievements, replay, best))

    def tell(self, notices: list[str]) -> None:
        """Show the session's notices (recording stopped, an observer switched off…)."""
        for notice in notices:
            self.notify(notice[:1].upper() + notice[1:], severity="warning", timeout=8)

    def rolled(self) -> str:
        """Return the die as the stage shows it now: face, number, result and purpose."""
        game = self.game
        return shown_text(shown_roll(reversed(ev.by_decision(game.events))), game.ruleset)

    def start_roll(self, roll: ev.DieRolled) -> None:
        """Show the die rolling for a moment, then what it shows; input is never blocked."""
        self.stop_roll()
        self._roll_frames = 0
        self._roll_value = roll.value
        self._roll_until = time.monotonic() + ROLL_SECONDS
        self.die = DIE_FACES[0]
        self._roll_timer = self.set_interval(0.05, self._roll_frame)

    def stop_roll(self) -> None:
        if self._roll_timer is not None:
            self._roll_timer.stop()
            self._roll_timer = None

    def _roll_frame(self) -> None:
        # Timed by the clock, not by counting ticks: a busy machine skips ticks,
        # and the die must still land on its number.
        self._roll_frames += 1
        if time.monotonic() >= self._roll_until:
            self.stop_roll()
            self.die = self.rolled()
        else:
            self.die = DIE_FACES[(self._roll_frames * 5 + self._roll_value) % 6]
        self.query_one("#stage", StagePanel).show(self.game.state, self.game.ruleset, self.die)

    def action_toggle_roll(self) -> None:
        self.unbroken.roll_animation = not self.unbroken.roll_animation
        self.unbroken.save_settings(roll_animation=self.unbroken.roll_animation)
        state = "on" if self.unbroken.roll_animation else "off"
        self.notify(f"Die roll animation {state}.")

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_full_log(self) -> None:
        self.app.push_screen(LogScreen(self.game))

    def action_take_back(self) -> None:
        """Take back the last decision when it revealed nothing: the game as it was before it."""
        session = self.session
        why = session.why_not_take_back()
        if why:
            self.notify(why, severity="warning")
            return
        action = session.take_back()
        if action is None:
            for problem in session.take_notices():
                self.notify(problem, severity="error", timeout=8)
            return
        screen = GameScreen(session)
        self.app.switch_screen(screen)
        screen.notify(f"Taken back: {label(action, session.game.state, session.ruleset)}.")

    def action_title(self) -> None:
        if self.session.leave():
            self.notify("Game saved: continue it from the title screen.")
        back_to_title(self.app)


def detail(action: act.Action, game: Game) -> str:
    """Return the full text of the card or action under the cursor."""
    rules = game.ruleset
    s = game.state
    if isinstance(action, act.ChooseEncounter):
        card = rules.encounters[action.card]
        group = RESOURCE_NAMES.get(card.group, card.group) or "encounter"
        return f"{card.name} ({group}, time {card.time}): {card.text}"
    if isinstance(action, act.ChooseSkill):
        # The card's own words: the option above already says what each ability does.
        skill = rules.skills[action.skill]
        return f"{skill.name}: {skill.text}"
    if isinstance(action, act.Craft):
        # What the weapon does comes first: the detail has two lines at 80x24.
        w = rules.weapons[action.weapon]
        attacks = "; ".join(attack_text(a, attack_cost(a, s, rules)) for a in w.attacks)
        text = f"{w.name} ({w.type}) attacks: {attacks}. {w.text}"
        cost = next(u.cost for u in rules.weapons[s.weapons[-1]].upgrades if u.to == w.id)
        # R-TRAVEL-1: an action in Preparation that brings time to 0 starts the ambush.
        if (
            s.decision == "preparation"
            and s.time_track
            and cost.get("time", 0) >= s.res.get("time", 0)
        ):
            text = f"Its time takes the track to 0: the monster ambushes you. {text}"
        return text
    if isinstance(action, act.Eat):
        eat = game.query().hunger(action.food)
        text = (
            f"Eat {action.food} of {eat.need}: +{action.food} SE; "
            f"{eat.missing} uneaten costs {eat.loss} SE"
        )
        if eat.starves:
            return text + ": more than you have — you would starve."
        return text + "."
    return label(action, s, rules)


def decisions_events(events: list[ev.Event]) -> list[ev.Event]:
    """Return the events of the decisions made: those after the first Awaiting (not the setup)."""
    first = next((i for i, e in enumerate(events) if isinstance(e, ev.Awaiting)), len(events))
    return events[first + 1 :]


def rules_text() -> str:
    """Return docs/rules.md: from the wheel, or from a source checkout."""
    shipped = Path(__file__).resolve().parents[1] / "rules.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    path = Path(__file__).resolve().parents[3] / "docs" / "rules.md"
    return path.read_text(encoding="utf-8") if path.is_file() else "The rules text is missing."


def back_to_title(app: App[object]) -> None:
    """Go back to the title screen, closing the screens above it (a finished game's too).

    Screens are pushed on the title; going back pops them, so a session of
    many games keeps one title and at most one game screen.
    """
    app.show_title()  # type: ignore[attr-defined]  # UnbrokenApp.show_title


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
    ) -> None:
        super().__init__()
        self.game = game
        self.new = new or []
        #: For a win: the score against the best of the class on the difficulty so far.
        self.best = best
        #: The game's recording (None: it was not recorded).
        self.replay = replay

    def compose(self) -> ComposeResult:
        from unbroken.core.achievements import PREDICATES, earned

        game = self.game
        rules = game.ruleset
        out = game.outcome
        assert out is not None
        text = Text()
        if out.won:
            text.append("VICTORY — you climb out of the dark.\n\n", style="bold green")
            points = rules.settings.score
            for k, n in points.items():
                have = game.state.res.get(k, 0)
                if have:
                    name = RESOURCE_NAMES.get(k, k)
                    text.append(f"  {name:<9} {have:>2} × {n:>2} = {have * n:>3}\n")
            text.append(f"\nScore {out.score}: {out.rank}\n", style="bold")
            if self.best:
                text.append(self.best + "\n")
        else:
            by = killer(out.source, rules.card_name)
            text.append("DEATH\n\n", style="bold red")
            text.append(death(out.level, out.step, out.cause, by, past=True) + "\n")
            ending = self.how_it_ended()
            if ending:
                text.append("\nHow it ended:\n", style="bold")
                text.append("".join(f"  {line}\n" for line in ending))
        text.append("\n" + self.summary() + "\n")
        from unbroken.plugins import alternative_scores

        # Plugins' scoring rules, won or lost: a rule that does not apply gives none.
        for name, alt in alternative_scores(rules, game.events, game.state).items():
            text.append(f"{name}: {alt}\n")
        from unbroken.records import all_achievements, plugin_predicates

        known = {a.id: a.name for a in all_achievements()}
        table = {**PREDICATES, **plugin_predicates()}
        names = [known.get(a, a) for a in earned(game.events, rules, table)]
        fresh = [known.get(a, a) for a in self.new]
        difficulty = rules.difficulty_name(game.state.difficulty)
        if names and sorted(fresh) == sorted(names):
            text.append(f"\nAchievements earned, all new on {difficulty}: ", style="bold")
            text.append(", ".join(names) + "\n")
        elif names:
            text.append("\nAchievements earned: ", style="bold")
            text.append(", ".join(names) + "\n")
            if fresh:
                text.append(f"New on {difficulty}: ", style="bold")
                text.append(", ".join(fresh) + "\n")
        text.append(f"\nSeed {game.state.seed} — {difficulty}.")
        yield Static(text, id="result")
        yield Footer()

    def how_it_ended(self) -> list[str]:
        """Return the log lines of the last decision (the last few, the death left out)."""
        narrator = Narrator(self.game.ruleset)
        lines = []
        for e in self.game.events:  # the narrator needs the game so far to name changes
            line = narrator.describe(e)
            if line and not isinstance(e, ev.GameOver):
                lines.append(line)
            if isinstance(e, ev.Awaiting):
                lines = []
        return lines[-self.LAST_LINES :]

    def summary(self) -> str:
        """Return the game in one line: decisions, monsters defeated, levels reached."""
        events = self.game.events
        decisions = sum(isinstance(e, ev.Awaiting) for e in events)
        defeated = sum(isinstance(e, ev.MonsterDefeated) for e in events)
        levels = len(self.game.ruleset.settings.level_start_time)
        return (
            f"{plural(decisions, 'decision')} · {plural(defeated, 'monster')} defeated · "
            f"level {self.game.state.level} of {levels} reached"
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
        back_to_title(self.app)
        self.app.push_screen(GameScreen(self.unbroken.session_for(game)))

    @property
    def unbroken(self) -> UnbrokenApp:
        return self.app  # type: ignore[return-value]

    def action_title(self) -> None:
        back_to_title(self.app)

    def action_new(self) -> None:
        back_to_title(self.app)
        self.app.push_screen(NewGameScreen())


class LogScreen(Screen[None]):
    """The whole game so far in words, full screen (the game's log panel is a few lines)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("l", "app.pop_screen", "Back", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield RichLog(id="full-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#full-log", RichLog)
        narrator = Narrator(self.game.ruleset)
        for event in self.game.events:
            line = narrator.describe(event)
            if line:
                log.write(line)
        log.focus()


class HelpScreen(Screen[None]):
    """The rules (docs/rules.md) and the key bindings."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("q", "app.pop_screen", "Back")]

    KEYS = """\
## Keys

| key | does |
|---|---|
| 1-9, 0, a, b, … | take the decision with that key (0 is the tenth, then letters) |
| ↑ ↓ and Enter | move through the decisions and take one |
| (dimmed) | an action you have but cannot take now, with why; it keeps its key |
| ? | this help |
| u | take back the last decision, if it showed nothing new (no die roll, no card) |
| l | the whole log of the game so far (Esc comes back) |
| r | die roll animation on/off |
| Esc | back to the title: the game is saved, Continue resumes it |
| Ctrl+P | command palette (themes, quit) |
| Ctrl+Q | quit |

When a game ends: Enter goes to the title, `n` starts a new game, `s` plays
the same seed again and `w` watches the game's replay.
"""

    VIEWER_KEYS = """| in the replay viewer | does |
|---|---|
| ← → | one decision back or on |
| Home, End | the start, the end |
| l, b, d | the next level, battle or death |
| L, B, D (Shift) | back to the previous level or battle start, or death |
| Space | play or pause; at the end, play again from the start |
| + - | faster, slower |
| ? | this help |
| Esc, q | close the viewer (opened by `unbroken replay FILE`: quit) |
"""

    def __init__(self, viewer: bool = False) -> None:
        super().__init__()
        #: Opened from the replay viewer: its keys come first.
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # imported here: it is slow to import

        keys = [self.KEYS, self.VIEWER_KEYS]
        if self.viewer:
            keys = ["## Keys\n\n" + self.VIEWER_KEYS, self.KEYS.replace("## Keys\n\n", "")]
        with VerticalScroll(id="help"):
            yield Markdown("\n".join(keys) + "\n" + rules_text())
        yield Footer()
