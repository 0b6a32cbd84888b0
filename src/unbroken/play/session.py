"""One played game, whatever the front end: apply, record, observe, take back, finish, keep.

The full-screen game, the text game and `unbroken sim --record` all play
through a `GameSession`; nothing else applies a player's decisions. It holds
the Game, the recording being written (a `Recorder`, or None), the plugins'
observers and what keeps a finished game in the records:

    session = GameSession.start(plugins, "maxyn-zenma", "normal", seed=42)
    events = session.apply(session.game.legal_actions()[0])
    for notice in session.take_notices():   # "Recording stopped: …", an observer switched off
        print(notice)
    if session.finished is not None:        # the game is over: recorded and kept
        print(session.finished.replay, session.finished.new_achievements)

A failing disk stops the recording, never the game; records that cannot be
opened never stop it either; a plugin observer that raises or is slow is
named and switched off for the rest of the game. Each of these is a notice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unbroken import records as keeping
from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.game import Game
from unbroken.core.history import by_decision, reveals
from unbroken.core.state import GameState
from unbroken.play.observers import Observers
from unbroken.play.taken import answered, taken_said
from unbroken.records import RecordsError
from unbroken.records.dailies import keep_daily
from unbroken.replay import Recorder, resume, take_back, why_not_take_back

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset
    from unbroken.plugins import Plugins
    from unbroken.records import Records
    from unbroken.replay import Recorder
    from unbroken.replay.format import Ticket


@dataclass
class Finished:
    """A finished game as its session left it: recording, records and what was earned."""

    #: The recording's final path (None: not recorded, or it could not be finished).
    replay: Path | None = None
    #: The achievements earned for the first time (ids), from the records.
    new_achievements: list[str] = field(default_factory=list)
    #: For a win: the best won score of its class and difficulty before it (None: first).
    best_before: int | None = None
    #: The records' row id (0: not kept in the records).
    record: int = 0
    #: The class, difficulty and score as the records keep them.
    cls: str = ""
    difficulty: str = ""
    score: int = 0
    won: bool = False
    #: The day of the daily challenge the game was ("" when it was not one).
    daily: str = ""
    #: Whether it was that day's first finished attempt, the one that counts.
    daily_counts: bool = False


#: Keeps a finished game in the records: (game, replay path, started) -> Finished fields,
#: or raises RecordsError. The default opens the user's records (records.keep_game).
Keeper = Callable[[Game, "Path | None", "str | datetime | None"], Finished]


class GameSession:
    """One game being played: every decision goes through `apply`."""

    def __init__(
        self,
        game: Game,
        recorder: Recorder | None = None,
        observers: Observers | None = None,
        keeper: Keeper | None = None,
        started: str | datetime | None = None,
        plugins: Plugins | None = None,
    ) -> None:
        self.game = game
        #: The recording being written (None: not recorded, or it stopped).
        self.recorder = recorder
        self.observers = observers if observers is not None else Observers()
        self.plugins = plugins
        self.keeper: Keeper | None = keeper
        #: When the game began (the records keep it).
        self.started: str | datetime = (
            started
            if started is not None
            else (recorder.started if recorder is not None and recorder.started else _now())
        )
        #: Set when the game is over and has been recorded and kept.
        self.finished: Finished | None = None
        self._notices: list[str] = []
        #: Take a decision that has exactly one answer for the player (the setting).
        self.auto_take = False
        #: Pass for the player where no other answer can be better (R-DIGI-4, the setting).
        self.auto_pass = False
        #: For each decision the player made here, how many were taken for them after it.
        self._auto: list[int] = []
        #: The day of the daily challenge this game is (unbroken.play.daily_game), or None.
        self.daily: str | None = None
        #: The board's ticket for that daily (written into the recording's header), or None.
        self.ticket: Ticket | None = None
        #: Whether the player was shown the odds (`%`): the recording's footer says so.
        self.assisted = False

    # ------------------------------------------------------------------ starting

    @classmethod
    def start(
        cls,
        plugins: Plugins,
        character: str,
        difficulty: str = "normal",
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        record: bool = True,
        keep: bool = True,
    ) -> GameSession:
        """Return a new game's session, recorded (when `record`) and kept in the records
        when it ends (when `keep`). Raises ValueError for a bad character, difficulty,
        seed or option. A recording that cannot be made is a notice: the game goes on."""
        if seed is None:
            import secrets  # the session chooses the seed: the core draws no unseeded number

            seed = secrets.randbits(63)
        game = Game.new(plugins.ruleset, character, difficulty, seed, options)
        session = cls.played(game, plugins, keep=keep)
        if record:
            session.record_new()
        session.show_start()
        return session

    @classmethod
    def played(
        cls,
        game: Game,
        plugins: Plugins,
        recorder: Recorder | None = None,
        started: str | datetime | None = None,
        auto_take: bool = False,
        keep: bool = True,
        auto_pass: bool = False,
    ) -> GameSession:
        """Return the session of a game a person plays: watched by the plugins' observers,
        kept in the user's records with their achievements and scoring rules (when
        `keep`), single answers taken for the player when `auto_take`, pointless ones
        passed when `auto_pass` (R-DIGI-4)."""
        session = cls(
            game,
            recorder=recorder,
            observers=Observers.of(plugins),
            keeper=records_keeper(plugins) if keep else None,
            started=started,
            plugins=plugins,
        )
        session.auto_take = auto_take
        session.auto_pass = auto_pass
        return session

    def record_new(self) -> None:
        """Start recording a new game in the replays folder; a disk that refuses is a
        notice, and the game goes on unrecorded."""

        created = self.started if isinstance(self.started, datetime) else None
        try:
            self.recorder = Recorder.start(
                self.game, self.ruleset, created=created, daily=self.daily, ticket=self.ticket
            )
        except OSError as exc:  # a read-only or full disk: play on, unrecorded
            self._notices.append(
                f"This game is not recorded ({_why(exc)}): it cannot be continued later."
            )
            return
        self.started = self.recorder.started or self.started

    @classmethod
    def resume(
        cls, plugins: Plugins, path: Path | str, ruleset: Ruleset | None = None
    ) -> GameSession:
        """Return the session of an unfinished recorded game, appending to its recording.

        Raises ReplayError or OSError when the recording cannot be continued.
        The observers see the game from its start, re-run.
        """

        game, recorder = resume(path, ruleset or plugins.ruleset)
        session = cls.played(game, plugins, recorder)
        session.daily = recorder.daily
        session._notices.extend(recorder.notices)
        session.show_start()
        return session

    def show_start(self) -> None:
        """Show the observers the game so far (its setup; a resumed game's every event)."""
        self.observers.watch(GameState(), self.game.events)

    # ------------------------------------------------------------------ playing

    @property
    def ruleset(self) -> Ruleset:
        return self.game.ruleset

    def apply(self, action: Action, auto: bool = False) -> list[Event]:
        """Take a decision: apply it, record it, show it to the observers; when the game
        ends, finish it (recording and records). Returns the events it produced.

        `auto`: the decision was taken for the player (`only_answer`); taking back
        the player's last decision takes it back too.
        Raises IllegalAction or HandlerError (the game is then as it was).
        """
        events = self._apply(action)
        if auto and self._auto:
            self._auto[-1] += 1
        else:
            self._auto.append(0)
        return events

    def _apply(self, action: Action) -> list[Event]:
        before = self.observers.before(self.game)
        events = self.game.apply(action)
        self._record(action, events)
        self.observers.watch(before, events)
        if self.game.is_over:
            self._finish()
        return events

    def switch_off(self, plugin: str) -> list[str]:
        """Switch plugin `plugin`'s effect handlers off for the rest of this game (one
        kept failing, refusing every decision): they do nothing from now on, and the
        recording says so, so the game replays and verifies the same. Returns the
        handlers switched off. What the player is offered after a HandlerError."""
        names = self.game.switch_off(plugin)
        if names and self.recorder is not None:
            try:
                self.recorder.switch_off(plugin)
            except OSError as exc:  # as for a decision: the recording stops, not the game
                self.recorder.abandon()
                self.recorder = None
                self._notices.append(f"Recording stopped ({_why(exc)}): the game goes on.")
        return names

    def only_answer(self) -> Action | None:
        """Return the decision to take for the player now, or None (see `for_player`).
        Apply it with `apply(action, auto=True)`."""
        found = self.for_player()
        return found[0] if found is not None else None

    def for_player(self) -> tuple[Action, str] | None:
        """Return the decision to take for the player now and why, or None: with
        `auto_take`, a decision's one legal answer (an optional Response that can be used
        is a choice, so it never is one, nor is a shown one: `taken.SHOWN`); with `auto_pass`, the
        answer that spends nothing where the engine proves no other is better (R-DIGI-4,
        `Game.pointless`), and the Response to use where it only gains and costs nothing
        that could be wanted before the uses refill (its mirror, `Game.obvious`)."""
        return answered(self.game, self.auto_take, self.auto_pass)

    def take_for_player(self, tell: Callable[[str, list[Event]], None]) -> list[Event]:
        """Take every decision that is taken for the player (`for_player`), one after the
        other; for each, `tell(line, events)` says it ("Taken for you: Pass (Dodge [Sneak]
        not used: the roll comes to 1 either way).") and shows its
        events. Returns all their events."""
        taken: list[Event] = []
        while (found := self.for_player()) is not None:
            action, why = found
            line = taken_said(self.game, action, why)  # as the replay and end screen say it
            events = self.apply(action, auto=True)
            tell(line, events)
            taken.extend(events)
        return taken

    def note(self, notice: str) -> None:
        """Add a notice for the front end to show with the session's own."""
        self._notices.append(notice)

    def take_notices(self) -> list[str]:
        """Return the notices since the last call (and forget them)."""
        notices = [*self._notices, *self.observers.notices]
        self._notices.clear()
        self.observers.notices.clear()
        return notices

    def _record(self, action: Action, events: list[Event]) -> None:
        recorder = self.recorder
        if recorder is None:
            return
        try:
            recorder.record(action, events, self.game)
        except OSError as exc:  # a full disk stops the recording, not the game
            recorder.abandon()
            self.recorder = None
            safe = recorder.decisions - 1
            self._notices.append(
                f"Recording stopped ({_why(exc)}): the game goes on unrecorded. "
                f"The first {_decisions(safe)} are saved in {recorder.path}; "
                "`unbroken play --continue` picks the game up from there."
            )

    def _finish(self) -> None:
        replay: Path | None = None
        if self.recorder is not None:
            try:
                replay = self.recorder.finish(self.game, self.assisted)
            except OSError as exc:
                self._notices.append(f"The recording could not be finished ({_why(exc)}).")
                self.recorder.abandon()
            self.recorder = None
        finished = Finished(replay=replay)
        if self.keeper is not None:
            try:
                finished = self.keeper(self.game, replay, self.started)
                if self.daily is not None and finished.record:
                    finished.daily = self.daily
                    finished.daily_counts = keep_daily(finished.record, self.daily)
            except RecordsError as exc:
                self._notices.append(f"The game was not kept in the records: {exc}.")
                finished.replay = replay
        self.finished = finished

    # ------------------------------------------------------------------ taking back, leaving

    def why_not_take_back(self) -> str:
        """Return why the player's last decision cannot be taken back, or "" when it can.

        The decisions taken for the player after it go back with it, so none of them
        may have shown anything new either."""

        why = why_not_take_back(self.game, self.recorder)
        if why or not self._auto or not self._auto[-1]:
            return why
        last = by_decision(self.game.events)[-1 - self._auto[-1] :]
        if any(reveals(events) for events in last):
            return (
                "A decision taken for you after your last one showed something new "
                "(a die roll or a card), so it cannot be taken back."
            )
        return ""

    def take_back(self) -> Action | None:
        """Take back the player's last decision and those taken for them after it (see
        `why_not_take_back`); return the player's action taken back, or None when the
        file failed (a notice says why; the game is as it was)."""

        assert self.recorder is not None, "take_back needs a recorded game"
        action: Action | None = None
        for _ in range(1 + (self._auto.pop() if self._auto else 0)):
            done = take_back(self.game, self.recorder, self.ruleset)
            self.game, self.recorder = done.game, done.recorder
            if done.action is None:
                self._notices.append(done.problem)
                return None
            action = done.action
            if self.recorder is None:
                break
        return action

    def keeps_on_leaving(self) -> bool:
        """Return whether leaving now keeps the game for Continue (`leave`): a recorded
        game not over with a decision of the player's in it."""
        recorder = self.recorder
        return recorder is not None and not self.game.is_over and recorder.decisions > 0

    def leave(self) -> bool:
        """Leave the game unfinished: close its recording; return whether it can be continued."""
        recorder = self.recorder
        if recorder is None or self.game.is_over:
            return False
        if recorder.decisions == 0:  # nothing of the player's in it: not kept for Continue
            recorder.abandon()
            self.recorder = None
            try:
                recorder.path.unlink()
            except OSError:
                return True  # still on disk: it can be continued
            return False
        try:
            recorder.close()
        except OSError as exc:
            recorder.abandon()
            self._notices.append(f"The recording could not be closed cleanly ({_why(exc)}).")
        self.recorder = None
        return True


def records_keeper(plugins: Plugins | None, records: Records | None = None) -> Keeper:
    """Return what keeps a finished game in the records (the user's, or `records` when
    given), with the plugins' achievements and scoring rules (None: the plugins on)."""

    def keep(game: Game, replay: Path | None, started: str | datetime | None) -> Finished:
        if records is not None:
            row = keeping.add_game(records, game, game.ruleset, replay, started, plugins)
            before = None
        else:
            row, before = keeping.keep_game(game, game.ruleset, replay, started, plugins=plugins)
        return Finished(
            replay=replay,
            new_achievements=list(row.new_achievements),
            best_before=before,
            record=row.id,
            cls=row.cls,
            difficulty=row.difficulty,
            score=row.score,
            won=row.won,
        )

    return keep


def _now() -> datetime:
    return datetime.now(UTC)


def _decisions(n: int) -> str:
    return f"{n} decision" if n == 1 else f"{n} decisions"


def _why(exc: OSError) -> str:
    """Return what went wrong in words (the errno text, not "[Errno 28] ...")."""
    if exc.strerror and exc.filename:
        return f"{exc.filename}: {exc.strerror}"
    return exc.strerror or str(exc)
