"""A plain-text game on the terminal: the display, the log and numbered choices.

This is the stand-in player interface until the Textual app lands; it holds
no rules of its own, only the engine's state, events and legal actions.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from unbroken.core import model as m
from unbroken.core.flow import HandlerError
from unbroken.core.game import Game, IllegalAction
from unbroken.core.ruleset import Ruleset
from unbroken.narrate import (
    STEP_NAMES,
    WIDTH,
    Narrator,
    ambush_text,
    amounts,
    effect_text,
    label,
    marked_row,
    option_text,
    plural,
    prompt_text,
    standing,
    trickery_text,
    wrap,
)
from unbroken.replay import Recorder, recording_stopped, take_back, why_not_take_back


def _fit(line: str) -> str:
    """Return a display line as is, or wrapped under itself when it is wider than WIDTH."""
    if len(line) <= WIDTH:
        return line
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    return wrap(body, lead, indent=len(lead) + 4)


class TakeBack(Exception):
    """The player typed u: take back the last decision."""


def ask(
    prompt: str,
    options: list[str],
    stdin: TextIO,
    out: TextIO,
    take_back: bool = False,
    not_now: list[str] | None = None,
) -> int:
    """Print numbered options and return the index chosen; raise EOFError at end of input.

    With `take_back`, "u" is offered too and raises TakeBack. `not_now[i]`, when
    not "", is why option i cannot be taken now: it is listed, and refused.
    """
    why = not_now or [""] * len(options)
    for i, text in enumerate(options, 1):
        print(wrap(text, f"  {i:>2}. "), file=out)
    numbers = "1" if len(options) == 1 else f"1-{len(options)}"
    back = ", u to take back" if take_back else ""
    while True:
        print(f"{prompt} [{numbers}{back}, q to quit]: ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            raise EOFError
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            raise EOFError
        if take_back and text == "u":
            raise TakeBack
        if text == "" and options:
            first = why.index("") if "" in why else 0
            if len(options) > 1:  # say which one Enter took
                print(f"  {first + 1}. {options[first]}", file=out)
            return first
        if text.isdigit() and 1 <= int(text) <= len(options):
            if why[int(text) - 1]:
                print(f"  Not now: {options[int(text) - 1]}.", file=out)
                continue
            return int(text) - 1
        if len(options) == 1:
            print("  Please type 1 (or press Enter), or q to quit.", file=out)
        else:
            print(f"  Please type a number from 1 to {len(options)}.", file=out)


class TextGame:
    """One game played through stdin/stdout."""

    def __init__(
        self,
        ruleset: Ruleset,
        character: str,
        difficulty: str,
        seed: int,
        options: dict[str, Any],
        record: bool = True,
    ) -> None:
        self.rules = ruleset
        self.game = Game.new(ruleset, character, difficulty, seed, options)
        self.narrator = Narrator(ruleset)
        #: When the game began (the replay header's `created`), for the records.
        self.started: str | datetime = datetime.now(UTC)
        #: One-line warnings to show before the game (a recording that cannot be made).
        self.warnings: list[str] = []
        #: Every text game is recorded (unbroken.replay); resumable if left unfinished.
        self.recorder: Recorder | None = None
        if record:
            try:
                self.recorder = Recorder.start(self.game, ruleset, created=self.started)
            except OSError as exc:  # a read-only or full disk: play on, unrecorded
                self.warnings.append(
                    f"this game is not recorded ({_why(exc)}): it cannot be continued later"
                )
        self.seen = 0

    @classmethod
    def resumed(
        cls, ruleset: Ruleset, game: Game, recorder: Recorder, started: str | None = None
    ) -> TextGame:
        """Return a text game continuing a resumed game; the log starts where it left off.

        `started` is the recording's `created` (when the game began).
        """
        self = cls.__new__(cls)
        self.rules = ruleset
        self.game = game
        self.narrator = Narrator(ruleset)
        self.started = started if started is not None else datetime.now(UTC)
        self.warnings = []
        self.recorder = recorder
        self.seen = len(game.events)
        return self

    @staticmethod
    def ask_character(ruleset: Ruleset, stdin: TextIO, out: TextIO) -> str:
        chars = sorted(ruleset.characters.values(), key=lambda c: (c.cls, c.name))
        options = []
        for c in chars:
            abilities = ", ".join(a.name for a in ruleset.classes[c.cls].abilities)
            options.append(f"{c.name} ({ruleset.classes[c.cls].name}: {abilities})")
        print("Choose your character:", file=out)
        return chars[ask("Character", options, stdin, out)].id

    @staticmethod
    def ask_difficulty(ruleset: Ruleset, stdin: TextIO, out: TextIO) -> str:
        diffs = ruleset.settings.difficulties
        print("Choose the difficulty:", file=out)
        options = [f"{d.name}: {d.text}" for d in diffs]
        index = ask("Difficulty", options, stdin, out) if stdin else 1
        return diffs[index].id

    def display(self) -> str:
        """Return the display: effort, resources, time, weapon, skills, conditions, monster."""
        s = self.game.state
        caps = self.rules.settings.caps
        held = [f"{m.RESOURCE_NAMES[k]} {s.res[k]}/{caps[k]}" for k in m.RESOURCES[:-1]]
        time = f"time {s.res['time']}" if s.time_track else "no time track (time costs SE)"
        step = STEP_NAMES.get(s.step, s.step)
        where = step if s.phase == s.step else f"{s.phase.capitalize()}: {step}"
        lines = [
            f"Level {s.level} | {where} | {time} | ability uses {s.ability_uses}",
            *(f"  {row}" for row in _rows(held, WIDTH - 2)),
            f"  Weapon: {self.rules.card_name(s.weapons[-1])}"
            + (
                f" (stack: {' > '.join(self.rules.card_name(w) for w in s.weapons)})"
                if len(s.weapons) > 1
                else ""
            ),
        ]
        if s.skills:
            lines.append("  Skills: " + ", ".join(self.rules.card_name(k) for k in s.skills))
        if s.conditions:
            conds = []
            for c in s.conditions:
                extra = f" {plural(c.tokens, 'token')}" if c.tokens else ""
                when = "" if c.active else " (next level)"
                conds.append(f"{self.rules.card_name(c.id)}{extra}{when}")
            lines.append("  Conditions: " + ", ".join(conds))
        if s.monster is not None:
            mo = s.monster
            card = self.rules.monsters[mo.id]
            lines.append(
                f"  Monster: {card.name} - armor {mo.armor}/{mo.max_armor}, "
                f"health {mo.health}/{mo.max_health}" + ("  [DEFENDING]" if mo.defend else "")
            )
            lines.append(f"    ambush: {ambush_text(card)} | trickery: {trickery_text(card)}")
            for ability in card.abilities:
                lines.append(f"    {ability.name}: {ability.text}")
            for i, row in enumerate(card.table, 1):
                mark = ">" if marked_row(s) == i else " "
                what = "; ".join(effect_text(e) for e in row.effects) or "no effect"
                lines.append(f"   {mark}{i} {row.result}: {what}")
        if s.revealed:
            lines.append("  Revealed: " + ", ".join(self.rules.card_name(c) for c in s.revealed))
        return "\n".join(_fit(line) for line in lines)

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
        print(f"Game left unfinished (seed {self.game.state.seed}).", file=out)
        if self.recorder is not None:
            self.recorder.close()
            print("`unbroken play --continue` picks it up again.", file=out)

    def _loop(self, stdin: TextIO, out: TextIO) -> int:
        game = self.game
        for warning in self.warnings:
            print(f"Warning: {warning}.", file=out)
        while True:
            for event in game.events[self.seen :]:
                line = self.narrator.describe(event)
                if line:
                    print(wrap(line, indent=2), file=out)
            self.seen = len(game.events)
            if game.is_over:
                self.end(out)
                return 0
            print("", file=out)
            print(self.display(), file=out)
            decision = game.decision
            assert decision is not None
            offered = game.options()
            actions = [a for a, _ in offered]
            options = [option_text(a, why, game.state, self.rules) for a, why in offered]
            prompt = prompt_text(decision.prompt, game.state)
            print(prompt if prompt.endswith("?") else f"{prompt}:", file=out)
            can_take_back = not why_not_take_back(game, self.recorder)
            try:
                index = ask(
                    "Your choice",
                    options,
                    stdin,
                    out,
                    take_back=can_take_back,
                    not_now=[why for _, why in offered],
                )
            except TakeBack:
                assert self.recorder is not None
                done = take_back(game, self.recorder, self.rules)
                game = self.game = done.game
                self.recorder = done.recorder
                self.seen = len(game.events)
                if done.action is None:
                    print(f"  {done.problem}", file=out)
                else:
                    print(f"Taken back: {label(done.action, game.state, self.rules)}.", file=out)
                continue
            except EOFError:
                print("", file=out)
                self.leave(out)
                return 0
            try:
                events = game.apply(actions[index])
            except IllegalAction as exc:  # pragma: no cover - ask() takes only legal ones
                print(f"  {exc}", file=out)
                continue
            except HandlerError as exc:  # a plugin's code failed: the game is as it was
                print(f"  {exc}. The decision was not made; choose again.", file=out)
                continue
            if self.recorder is not None:
                try:
                    self.recorder.record(actions[index], events, game)
                except OSError as exc:  # a full disk stops the recording, not the game
                    print(f"Warning: {recording_stopped(self.recorder, exc)}.", file=out)
                    self.recorder.close()  # writes nothing more that could fail
                    self.recorder = None

    def end(self, out: TextIO) -> None:
        """Close the finished game: its recording, its place in the records, what was won."""
        game = self.game
        outcome = game.outcome
        assert outcome is not None
        replay = None
        if self.recorder is not None:
            try:
                replay = self.recorder.finish(game)
                print(f"Recorded in {replay}", file=out)
            except OSError as exc:
                print(f"Warning: the recording could not be finished ({_why(exc)}).", file=out)
        self.keep_record(out, replay)
        if outcome.won:
            left = {k: v for k, v in game.state.res.items() if k in self.rules.settings.score}
            print(f"What you carried out: {amounts(left)}.", file=out)

    def keep_record(self, out: TextIO, replay: Path | None) -> None:
        """Store the finished game in the records and print what it earned.

        Records that cannot be opened never stop the game: a one-line warning says why.
        """
        from unbroken.records import RecordsError, all_achievements, keep_game

        try:
            row, before = keep_game(self.game, self.rules, replay, self.started)
        except RecordsError as exc:
            print(f"Warning: the game was not kept in the records: {exc}.", file=out)
            return
        if row.new_achievements:
            names = {a.id: a.name for a in all_achievements()}
            new = ", ".join(names.get(a, a) for a in row.new_achievements)
            print(f"New achievements: {new}.", file=out)
        if row.won:
            print(standing(self.rules, row.cls, row.difficulty, row.score, before), file=out)


def _rows(items: list[str], width: int) -> list[str]:
    """Return `items` joined by two spaces: one row if it fits in `width`, else even halves."""
    for count in range(1, len(items) + 1):
        size = -(-len(items) // count)
        rows = ["  ".join(items[i : i + size]) for i in range(0, len(items), size)]
        if all(len(row) <= width for row in rows):
            return rows
    return items


def _why(exc: OSError) -> str:
    """Return what went wrong in words (the errno text, not "[Errno 13] ...")."""
    if exc.strerror and exc.filename:
        return f"{exc.filename}: {exc.strerror}"
    return exc.strerror or str(exc)
