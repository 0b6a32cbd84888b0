"""The game screen's end: when the game has ended, the game over screen, with the log's
lines since the player's last key (the rounds that passed on their own and the decisions
taken for them after it, which the screen had no time to show)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unbroken.words.outcomes import standing

if TYPE_CHECKING:
    from unbroken.tui.game import GameScreen


def show_if_over(screen: GameScreen) -> None:
    """When the screen's game has ended, show how (the game over screen)."""
    finished = screen.session.finished
    if finished is None:
        return
    rules = screen.game.ruleset
    best = ""
    if finished.won:
        args = (finished.cls, finished.difficulty, finished.score, finished.best_before)
        best = standing(rules, *args)
    begun = screen.written.begun
    # #28 round 24: 7 rounds unseen. No key on this screen: the end screen tells the
    # decisions taken for the player from the game's events.
    since = screen.said[begun[-1] :] if begun else None
    app = screen.game_app
    app.show_game_over(screen.game, finished.new_achievements, finished.replay, best, since)
