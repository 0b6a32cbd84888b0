"""A pointless question is passed for the player (R-DIGI-4, the auto_pass setting, on by
default): recorded as a decision, said in the log with why, off when the setting is."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.pointless import SAME_ROW
from unbroken.home.settings import Settings, load_settings, save_settings, settings_path
from unbroken.play.session import GameSession
from unbroken.plugins import current_plugins
from unbroken.testing import Scenario

DODGE = act.Use("base:sneak", "dodge")
# Dodge's own reason, said once (#28 round 27: the Pass's "— the roll comes to the same
# result whatever you do" said it again).
PASSED = "Taken for you: Pass (Dodge [Sneak] not used: the roll comes to 1 either way)."


def dodge_at_one() -> Game:
    """A Sneak's battle: the goblin rolled a 1, and Dodge (1 SE) is offered: pointless,
    since a 1 cannot go lower (R-EFFECT-4)."""
    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=10, me=3)
        .monster("goblin")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )
    assert game.decision is not None
    while not (game.decision.kind == "response" and game.state.trigger == "after_monster_roll"):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    assert DODGE in game.legal_actions() and game.state.roll == 1
    return game


def test_the_setting_is_on_by_default_and_kept() -> None:  # R-DIGI-4
    assert Settings().auto_pass is True
    assert save_settings(Settings(auto_pass=False), settings_path()) == ""
    assert load_settings()[0].auto_pass is False


def test_the_session_passes_a_pointless_dodge_and_says_why() -> None:  # R-DIGI-4
    session = GameSession(dodge_at_one())
    assert session.for_player() is None  # off unless the front end turns it on
    session.auto_pass = True
    assert session.for_player() == (act.Pass(), SAME_ROW)
    lines: list[str] = []
    decisions = session.game.state.decisions
    session.take_for_player(lambda line, events: lines.append(line))
    assert lines[0] == PASSED
    # Recorded as a decision like any other: the game counted it.
    assert session.game.state.decisions > decisions


def test_the_session_passes_in_a_recorded_game_that_verifies(tmp_path: Path) -> None:
    # R-DIGI-4: a game played with pointless questions passed records and verifies as
    # any other (the passes are decisions in the file).
    from unbroken.bots.heuristic import heuristic_bot
    from unbroken.replay import Recorder
    from unbroken.replay.verify import verify_file

    plugins = current_plugins()
    passed = 0
    for seed in range(12):
        game = Game.new(plugins.ruleset, "base:maxyn-zenma", "normal", seed)
        recorder = Recorder.start(game, plugins.ruleset, tmp_path, name=str(seed))
        session = GameSession.played(game, plugins, recorder, keep=False)
        session.auto_pass = True
        n = 0
        while not session.game.is_over:
            found = session.for_player()
            if found is not None:
                session.apply(found[0], auto=True)
                passed += 1
                continue
            session.apply(heuristic_bot(session.game, n))
            n += 1
        assert session.finished is not None and session.finished.replay is not None
        assert verify_file(session.finished.replay, plugins.ruleset) is None
    assert passed > 0


def test_with_auto_pass_off_the_question_is_asked() -> None:  # R-DIGI-4
    session = GameSession(dodge_at_one())
    session.auto_take = True
    assert session.for_player() is None


def test_the_text_game_passes_and_says_so() -> None:  # R-DIGI-4
    from unbroken.play.text import TextGame

    game = dodge_at_one()
    text = TextGame.resumed(game.ruleset, game, None)
    out = io.StringIO()
    text.loop(io.StringIO(""), out)
    assert PASSED in " ".join(out.getvalue().split())


def test_the_full_screen_game_passes_and_says_so() -> None:  # R-DIGI-4
    from textual.widgets import RichLog

    from unbroken.tui.app import UnbrokenApp

    game = dodge_at_one()
    app = UnbrokenApp(current_plugins().ruleset, animate=False, game=game, record=False)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            lines = [str(line.text) for line in app.screen.query_one("#log", RichLog).lines]
            # The log wraps its lines: compared without the spaces.
            assert PASSED.replace(" ", "") in "".join(lines).replace(" ", ""), lines
            assert DODGE not in game.legal_actions() or game.state.roll != 1

    asyncio.run(look())
