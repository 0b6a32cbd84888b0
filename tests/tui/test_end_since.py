"""The end screen's lines since the player's last key come from one place: the game
screen's log where one saw the game (taken-for-you lines as it wrote them, none where it
wrote none), else the decisions taken for the player told again from the events."""

from __future__ import annotations

from pathlib import Path

from unbroken.core.events import Event
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.play.taken import taken_since
from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.gameover import GameOverScreen

RULES = load_ruleset()
#: Tomu at 0 SE, whose only answer at decision 11 (the last) was to skip the turn.
SKIPPED = GOLDEN_DIR / "normal_tomu_seed1811464556580010651_lost.jsonl"
#: Caellahan at 0 SE at decision 61, skipping where a Downgrade was offered too.
CHOSEN = GOLDEN_DIR / "easy_caellahan_seed698320187082438441_lost.jsonl"
#: As the game's log said it, why included (`skip_why`; #28 round 26: it lost the why).
TAKEN = "Taken for you: Skip your turn — you cannot pay any attack: your turn is skipped."


def events_of(path: Path) -> list[Event]:
    timeline = Timeline(path, RULES)
    return [e for i in range(len(timeline)) for e in timeline.events_at(i)]


def test_the_decisions_taken_at_the_end_are_told_from_the_events() -> None:
    told = taken_since(RULES, events_of(SKIPPED))
    assert told[0] == TAKEN and "You skip your turn." in told, told
    assert taken_since(RULES, events_of(CHOSEN)) == []


def test_the_screen_s_lines_are_the_only_say_of_what_was_taken() -> None:
    # The game screen wrote the last decision as the player's own (auto-pass off, say):
    # the end screen adds no "Taken for you" line the log never said.
    events = events_of(SKIPPED)
    game = Game(RULES, fold(events), events)
    own = GameOverScreen(game, since=["You skip your turn."]).how_it_ended()
    assert TAKEN not in own and "You skip your turn." in own, own
    assert GameOverScreen(game).how_it_ended()[0] == TAKEN
