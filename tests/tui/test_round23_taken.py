"""#28 round 23: a Skip taken for the player at 0 SE read "You skip your turn." in the end
screen's log and the replay viewer, as if the player had chosen it: both say "Taken for
you: …" of a decision the session took, as the game's log did."""

from __future__ import annotations

from pilot import sync
from textual.widgets import RichLog

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.reducer import fold
from unbroken.play.taken import last_taken_line, told_again
from unbroken.plugins import load_ruleset
from unbroken.replay.timeline import Timeline
from unbroken.testing import GOLDEN_DIR
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.gameover import GameOverScreen
from unbroken.tui.replays import ReplayViewerScreen

RULES = load_ruleset()
#: Tomu at 0 SE, whose only answer at decision 11 (the last) was to skip the turn.
SKIPPED = GOLDEN_DIR / "normal_tomu_seed1811464556580010651_lost.jsonl"
#: Caellahan at 0 SE at decision 61, skipping where a Downgrade was offered too.
CHOSEN = GOLDEN_DIR / "easy_caellahan_seed698320187082438441_lost.jsonl"
#: As the game's log said it, why included (`skip_why`; #28 round 26: it lost the why).
TAKEN = "Taken for you: Skip your turn — you cannot pay any attack: your turn is skipped."


def test_a_skip_taken_for_the_player_is_told_again_as_taken() -> None:
    timeline = Timeline(SKIPPED, RULES)
    assert isinstance(timeline.action_at(11), act.Skip)
    lines = told_again(timeline, 11)
    assert lines[0] == TAKEN, lines
    assert "You skip your turn." in lines


def test_a_skip_the_player_chose_is_not_said_taken() -> None:
    timeline = Timeline(CHOSEN, RULES)
    assert isinstance(timeline.action_at(61), act.Skip)
    lines = told_again(timeline, 61)
    assert not [line for line in lines if "Taken for you" in line], lines
    assert "You skip your turn." in lines


def test_the_end_screen_says_the_last_skip_was_taken_for_the_player() -> None:
    timeline = Timeline(SKIPPED, RULES)
    events = [e for i in range(len(timeline)) for e in timeline.events_at(i)]
    assert last_taken_line(RULES, events) == TAKEN
    ending = GameOverScreen(Game(RULES, fold(events), events)).how_it_ended()
    assert ending[0] == TAKEN and len(ending) <= GameOverScreen.LAST_LINES, ending


@sync
async def test_the_viewer_shows_the_taken_line() -> None:
    app = UnbrokenApp(RULES, animate=False, replay=SKIPPED)
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        viewer.go(11)
        await pilot.pause()
        shown = " ".join(strip.text for strip in viewer.query_one("#log", RichLog).lines)
        assert TAKEN in " ".join(shown.split()), shown  # the log's lines wrap at 80 columns
