"""A plain-text game on the terminal: the display, the log and numbered choices.

This is the stand-in player interface until the Textual app lands; it holds
no rules of its own, only the engine's state, events and legal actions.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO

from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.game import Game, IllegalAction
from unbroken.core.handlers import HandlerError
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import load_settings
from unbroken.play.session import GameSession
from unbroken.play.text_display import display
from unbroken.play.text_odds import MOST, show_odds
from unbroken.play.typed_ahead import asked_at, drop_typed_ahead
from unbroken.plugins import alternative_scores, other_scores, plugins_for, score_words
from unbroken.records import all_achievements
from unbroken.words.actions import option_text, shared_note, taken_back
from unbroken.words.cards import difficulty_text, start_se_note
from unbroken.words.endings import how_lost
from unbroken.words.events import Narrator
from unbroken.words.option_notes import not_now as not_now_notice
from unbroken.words.outcomes import standing
from unbroken.words.passing import passed_line
from unbroken.words.prompts import prompt_text
from unbroken.words.scoring import score_name
from unbroken.words.vocabulary import WIDTH, amounts, sentences, wrap

if TYPE_CHECKING:
    from unbroken.play.session import GameSession
    from unbroken.plugins import Plugins
    from unbroken.replay import Recorder


class TakeBack(Exception):
    """The player typed u: take back the last decision."""


def ask(
    prompt: str,
    options: list[str],
    stdin: TextIO,
    out: TextIO,
    take_back: bool = False,
    not_now: list[str] | None = None,
    odds: Callable[[], str | None] | None = None,
    default: int | None = None,
) -> int:
    """Print numbered options and return the index chosen; raise EOFError at end of input.

    With `take_back`, "u" is offered too and raises TakeBack. `not_now[i]`, when
    not "", is why option i cannot be taken now: it is listed, and refused. Enter takes
    option `default` where it can be taken, else the first that can.
    """
    why = not_now or [""] * len(options)
    for i, text in enumerate(options, 1):
        print(wrap(text, f"  {i:>2}. "), file=out)
    numbers = "1" if len(options) == 1 else f"1-{len(options)}"
    back = ", u to take back" if take_back else ""
    chances = ", % for the odds" if odds is not None else ""
    typed: str | None = None
    while True:
        if typed is None:
            print(f"{prompt} [{numbers}{back}{chances}, q to quit]: ", end="", file=out, flush=True)
        line, typed = (stdin.readline() if typed is None else typed), None
        if odds is not None and line.strip() == "%":
            typed = odds()
            continue
        if not line:
            raise EOFError
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            raise EOFError
        if take_back and text == "u":
            raise TakeBack
        if text == "" and options:
            first = why.index("") if "" in why else 0
            if default is not None and 0 <= default < len(options) and not why[default]:
                first = default  # the die result proved better (32a-10)
            if len(options) > 1:  # say which one Enter took
                say(out, options[first], f"  {first + 1}. ")
            return first
        if text.isdigit() and 1 <= int(text) <= len(options):
            if why[int(text) - 1]:
                say(out, not_now_notice(options[int(text) - 1]), "  ")
                continue
            return int(text) - 1
        if len(options) == 1:
            print("  Please type 1 (or press Enter), or q to quit.", file=out)
        else:
            print(f"  Please type a number from 1 to {len(options)}.", file=out)


class TextGame:
    """One game played through stdin/stdout (every decision goes through its session)."""

    def __init__(
        self,
        ruleset: Ruleset,
        character: str,
        difficulty: str,
        seed: int,
        options: dict[str, Any],
        record: bool = True,
        plugins: Plugins | None = None,
    ) -> None:
        """`plugins`: the plugins in use (their observers watch; default: those `ruleset`
        was built with)."""
        self.rules = ruleset
        game = Game.new(ruleset, character, difficulty, seed, options)
        self.session = _session(game, plugins)
        self.narrator = Narrator(ruleset)
        #: Every text game is recorded (unbroken.replay); resumable if left unfinished.
        if record:
            self.session.record_new()  # a disk that refuses: a warning before the game
        self.session.show_start()
        self.seen = 0

    @classmethod
    def resumed(
        cls,
        ruleset: Ruleset,
        game: Game,
        recorder: Recorder | None,
        started: str | None = None,
        plugins: Plugins | None = None,
    ) -> TextGame:
        """Return a text game continuing a resumed game; the log starts where it left off.

        `started` is the recording's `created` (when the game began).
        """
        self = cls.__new__(cls)
        self.rules = ruleset
        self.session = _session(game, plugins, recorder, started)
        self.narrator = Narrator(ruleset)
        self.narrator.follow(game.events)  # what the log would know (the level), unsaid
        self.seen = len(game.events)
        self.session.show_start()
        return self

    @classmethod
    def of(cls, session: GameSession) -> TextGame:
        """Return a text game playing a new game's `session` (the daily challenge's)."""
        self = cls.__new__(cls)
        self.rules = session.ruleset
        self.session = session
        self.narrator = Narrator(session.ruleset)
        self.seen = 0
        return self

    @property
    def game(self) -> Game:
        """Return the game being played (the session's)."""
        return self.session.game

    @property
    def recorder(self) -> Recorder | None:
        """Return the recorder writing this game (None: it is not recorded)."""
        return self.session.recorder

    @staticmethod
    def ask_character(ruleset: Ruleset, stdin: TextIO, out: TextIO) -> str:
        """Return the character id the player picks from the numbered list."""
        chars = sorted(ruleset.characters.values(), key=lambda c: (c.cls, c.name))
        options = []
        for c in chars:
            abilities = ", ".join(a.name for a in ruleset.classes[c.cls].abilities)
            options.append(f"{c.name} ({ruleset.classes[c.cls].name}: {abilities})")
        print("Choose your character:", file=out)
        return chars[ask("Character", options, stdin, out)].id

    @staticmethod
    def ask_difficulty(ruleset: Ruleset, stdin: TextIO, out: TextIO) -> str:
        """Return the difficulty id the player picks (Normal without a stdin)."""
        diffs = ruleset.settings.difficulties
        print("Choose the difficulty:", file=out)
        options = [f"{d.name}: {difficulty_text(d)}{start_se_note(ruleset, d)}" for d in diffs]
        index = ask("Difficulty", options, stdin, out) if stdin else 1
        return diffs[index].id

    def display(self) -> str:
        """Return the display: effort, resources, time, weapon, skills, conditions, monster."""
        return display(self.game.state, self.rules)

    def loop(self, stdin: TextIO, out: TextIO) -> int:
        """Play until the game ends or the input does; return the exit status.

        Ctrl+C leaves the game unfinished, as the end of input does (status 130).
        """
        try:
            return self._loop(stdin, out)
        except KeyboardInterrupt:
            print("\nInterrupted.", file=out)
            self.leave(out)
            return 130

    def leave(self, out: TextIO) -> None:
        """Leave the game unfinished: close its recording and say how to pick it up again."""
        say(out, f"Game left unfinished (seed {self.game.state.seed}).")
        if self.session.leave():
            print("`unbroken play --continue` picks it up again.", file=out)
        self.tell(out)

    def tell(self, out: TextIO) -> None:
        """Print the session's notices (recording stopped, an observer switched off…)."""
        for notice in self.session.take_notices():
            say(out, f"Warning: {notice[:1].lower()}{notice[1:]}")

    def _loop(self, stdin: TextIO, out: TextIO) -> int:
        session = self.session
        self.tell(out)
        self.take_only_answers(out)
        while True:
            game = session.game
            self.narrate_new(out)
            if game.is_over:
                self.end(out)
                return 0
            print("", file=out)
            print(self.display(), file=out)
            decision = game.decision
            assert decision is not None
            offered = game.options()
            actions = [a for a, _ in offered]
            shared = shared_note(offered, game.state, self.rules)
            scores = other_scores(self.rules, game.events)  # the Tally's too (round 21)
            options = [
                option_text(a, why, game.state, self.rules, None, shared, scores)
                for a, why in offered
            ]
            prompt = prompt_text(decision.prompt, game.state, game.ruleset)
            say(out, prompt if prompt.endswith(("?", ".")) else f"{prompt}:")
            if shared:  # between words at 80 columns, as every line (#28 round 22)
                say(out, sentences(f"Whatever you choose: {shared}"))
            try:
                index = ask(
                    "Your choice",
                    options,
                    stdin,
                    out,
                    take_back=not session.why_not_take_back(),
                    not_now=[why for _, why in offered],
                    odds=partial(self.odds, offered, options, stdin, out),
                    default=default_pick(game, offered),
                )
            except TakeBack:
                action = session.take_back()
                self.seen = len(session.game.events)
                if action is None:
                    for problem in session.take_notices():
                        say(out, problem, "  ")
                else:
                    say(out, taken_back(action, session.game.state, self.rules))
                continue
            except EOFError:
                print("", file=out)
                self.leave(out)
                return 0
            passed = passed_line(actions[index], game.legal_actions(), game.state, self.rules)
            answered = asked_at(game)
            try:
                events = session.apply(actions[index])
                if passed:  # a Pass emits nothing: its line is said of the window it closed
                    print(wrap(passed, indent=2), file=out)
                taken = self.take_only_answers(out)
                # A line typed ahead answers no question unseen (#28 rounds 24 to 26).
                now = asked_at(session.game)
                if dropped := drop_typed_ahead(stdin, answered, now, bool(taken), events):
                    say(out, dropped, "  ")
            except IllegalAction as exc:  # pragma: no cover - ask() takes only legal ones
                say(out, str(exc), "  ")
                continue
            except HandlerError as exc:  # a plugin's code failed: the game is as it was
                say(out, f"{exc}. The decision was not made.", "  ")
                self.offer_switch_off(exc, stdin, out)
                continue
            self.tell(out)

    #: Games per option after which the odds (`%`) stop by themselves (None: the
    #: estimator's own, as everywhere else).
    odds_most: int | None = None

    def odds(
        self, offered: list[tuple[Any, str]], options: list[str], stdin: TextIO, out: TextIO
    ) -> str | None:
        """Print the odds of the options (`%`); return what the player typed meanwhile."""

        most = MOST if self.odds_most is None else self.odds_most
        self.session.assisted = True  # the recording says the odds were shown
        return show_odds(self.game, offered, options, stdin, out, most=most)

    def narrate_new(self, out: TextIO) -> None:
        """Print the log lines of the events not shown yet."""
        events = self.session.game.events
        lines = [self.narrator.describe(event) for event in events[self.seen :]]
        for line in [*lines, self.narrator.said()]:
            for part in line.split("\n") if line else ():  # a level's heading, then its
                print(wrap(part, indent=2), file=out)  # conditions made active (round 15)
        self.seen = len(events)

    def offer_switch_off(self, exc: HandlerError, stdin: TextIO, out: TextIO) -> None:
        """Offer to switch off the plugin whose handler failed, so the game can go on (a
        handler that always fails would refuse every decision); then choose again."""
        plugin = exc.handler.split(":", 1)[0] if ":" in exc.handler else ""
        if plugin:
            print(
                f"  Switch off the effect handlers of plugin {plugin!r} for the rest of this "
                "game and go on (its cards stay, their handlers do nothing)? [y/N]: ",
                end="",
                file=out,
                flush=True,
            )
            if stdin.readline().strip().lower() in ("y", "yes"):
                names = self.session.switch_off(plugin)
                say(out, f"Switched off for this game: {', '.join(names)}.", "  ")
                self.tell(out)
        print("  Choose again.", file=out)

    def take_only_answers(self, out: TextIO) -> list[Event]:
        """Take each decision taken for the player (a single answer, a pointless one:
        the settings), saying so (`GameSession.take_for_player`); return their events."""
        self.narrate_new(out)

        def tell(line: str, events: list[Event]) -> None:
            print(wrap(line, indent=2), file=out)
            self.narrate_new(out)

        return self.session.take_for_player(tell)

    def end(self, out: TextIO) -> None:
        """Say how the finished game was recorded and kept, and what was won."""
        game = self.game
        outcome = game.outcome
        assert outcome is not None
        finished = self.session.finished
        assert finished is not None, "a session finishes its game when it ends"
        if finished.replay is not None:
            print(f"Recorded in {finished.replay}", file=out)  # a path: copied whole
        self.tell(out)
        if finished.new_achievements:
            names = {a.id: a.name for a in all_achievements(self.session.plugins)}
            new = ", ".join(names.get(a, a) for a in finished.new_achievements)
            say(out, f"New achievements: {new}.")
        if finished.won and finished.record:
            args = (finished.cls, finished.difficulty, finished.score, finished.best_before)
            say(out, standing(self.rules, *args))
        if outcome.won:
            left = {k: v for k, v in game.state.res.items() if k in self.rules.settings.score}
            say(out, f"What you carried out: {amounts(left)}.")
        else:  # as the full-screen game over says it: what asked for more than you had
            say(out, how_lost(game.events, game.state, self.rules))
        for line in expansion_scores(game):
            print(line, file=out)
        # What the plugins say at the end (Gauntlet: what carries into the campaign's next
        # game), however the game was finished (#28 round 23: not after `play --continue`).
        plugins = self.session.plugins or plugins_for(self.rules)
        for line in plugins.end_lines(game.events, game.state, self.rules):
            say(out, line, indent=2)


def say(out: TextIO, text: str, first: str = "", indent: int | None = None) -> None:
    """Print `text` wrapped at WIDTH between words (never inside one: a long path stays
    whole), its next lines under its text, or by `indent` (#28 round 22: "7 tr / easure")."""
    rest = " " * (len(first) if indent is None else indent)
    lines = [
        textwrap.fill(
            part,
            WIDTH,
            initial_indent=first if n == 0 else rest,
            subsequent_indent=rest,
            break_on_hyphens=False,
            break_long_words=False,
        )
        for n, part in enumerate(text.split("\n"))
    ]
    print("\n".join(lines), file=out)


def default_pick(game: Game, offered: list[tuple[Action, str]]) -> int | None:
    """Return the option Enter takes: the die result proved better at "Keep which
    result?", else an attack proved better than the first (as the game screen's highlight
    starts: Heavy blow's wound 3 for 1 ME over Bash paid as 3 ME, 34b); None: the first."""
    query = game.query()
    picked = query.better_pick(offered)
    return picked if picked is not None else query.better_attack(offered)


def expansion_scores(game: Game) -> list[str]:
    """Return the lines saying every expansion's score of a finished game, as the
    full-screen end does: "The expansions' scores:", then "  Gauntlet scorepad: 1470 = score
    98 × Gravedigger 3 × Expert 5" and how it scores, each wrapped at WIDTH; none when no
    rule in play scored it (#28 round 22: the text end said only the base score)."""
    scores = alternative_scores(game.ruleset, game.events, game.state)
    if not scores:
        return []
    rules = {r.name: r for r in plugins_for(game.ruleset).scoring_rules}
    sums = score_words(game.ruleset, game.events, game.state, scores)
    lines = ["The expansions' scores:"]
    for name, points in scores.items():
        rule = rules.get(name)
        said = f"{score_name(name, rule.title if rule else '')}: {points}"
        said += f" = {sums[name]}" if name in sums else ""
        lines.append(wrap(said, "  ", indent=4))
        if rule is not None and rule.text:
            lines.append(wrap(rule.text, "    "))
    return lines


def _session(
    game: Game,
    plugins: Plugins | None,
    recorder: Recorder | None = None,
    started: str | None = None,
) -> GameSession:
    """Return the session of a text game (played by a person, with `plugins`, by default
    those its ruleset was built with), taking single answers for the player as the
    settings say (settings.toml)."""

    settings, notices = load_settings()
    session = GameSession.played(
        game,
        plugins if plugins is not None else plugins_for(game.ruleset),
        recorder,
        started,
        settings.auto_take,
        auto_pass=settings.auto_pass,
    )
    session.daily = recorder.daily if recorder is not None else None
    for notice in notices:  # a damaged settings file: shown before the game
        session.note(notice)
    return session
