"""Assisted games (issue #31): the odds shown are written in the recording's footer, read by
the board, marked on it, and left out by the "unassisted only" filter."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import msgspec
from board_server import Server

from unbroken.board.ranking import health_left
from unbroken.core.game import Game
from unbroken.play.text import TextGame
from unbroken.plugins import load_ruleset
from unbroken.replay import Recorder, read_recording

RULES = load_ruleset()


def finished(tmp_path: Path, assisted: bool) -> Path:
    game = Game.new(RULES, "tomu", "normal", 5)
    recorder = Recorder.start(game, RULES, tmp_path, compress=False)
    while not game.is_over:
        action = game.legal_actions()[0]
        recorder.record(action, game.apply(action), game)
    return recorder.finish(game, assisted)


def test_the_footer_says_assisted_only_when_the_odds_were_shown(tmp_path: Path) -> None:
    helped = finished(tmp_path / "helped", True)
    alone = finished(tmp_path / "alone", False)
    helped_footer, alone_footer = read_recording(helped).footer, read_recording(alone).footer
    assert helped_footer is not None and alone_footer is not None
    assert helped_footer.assisted is True
    assert b"assisted" not in alone.read_bytes()  # as before: old readers see nothing new
    assert alone_footer.assisted is not True


def test_percent_in_unbroken_play_marks_the_game_assisted() -> None:
    shown = TextGame(RULES, "tomu", "normal", 5, {}, record=False)
    shown.odds_most = 2
    shown.loop(io.StringIO("%\n1\n"), io.StringIO())
    plain = TextGame(RULES, "tomu", "normal", 5, {}, record=False)
    plain.loop(io.StringIO("1\n"), io.StringIO())
    assert shown.session.assisted and not plain.session.assisted


def test_the_monsters_health_left_is_the_last_battles() -> None:
    game = Game.new(RULES, "tomu", "normal", 5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.state.monster is not None and game.state.outcome is not None
    assert game.state.outcome.step == "battle"
    assert health_left(game.state) == game.state.monster.health > 0
    # Starved after the fight: the monster is behind, whatever its tracker says.
    after = msgspec.structs.replace(game.state.outcome, step="hunger")
    game.state.outcome = after
    assert health_left(game.state) == 0


def _assisted(data: bytes) -> bytes:
    lines = gzip.decompress(data).split(b"\n")
    footer = json.loads(lines[-2])
    footer["assisted"] = True  # the footer is not in the log digest: still verifies
    lines[-2] = json.dumps(footer, separators=(",", ":")).encode()
    return gzip.compress(b"\n".join(lines))


def test_an_assisted_game_is_marked_on_the_board_and_filtered_out(
    board: Server, dailies: list[bytes]
) -> None:
    assert board.submit(_assisted(dailies[0]), "helped").status == 201
    assert board.submit(dailies[1], "alone").status == 201
    day = json.loads(board.get("/api/daily").body)["day"]
    listed = json.loads(board.get(f"/api/days/{day}").body)["entries"]
    assert {e["player"]: e["assisted"] for e in listed} == {"helped": True, "alone": False}
    only = json.loads(board.get(f"/api/days/{day}?unassisted=1").body)["entries"]
    assert [(e["player"], e["rank"]) for e in only] == [("alone", 1)]
    page = board.get(f"/day/{day}").body.decode()
    assert page.count('class="mark assisted"') == 1 and "cannot prove" in page
    assert "helped" not in board.get(f"/day/{day}?unassisted=1").body.decode()


def test_a_game_played_with_the_odds_shown_is_recorded_as_assisted() -> None:
    played = TextGame(RULES, "tomu", "normal", 5, {}, record=True)
    played.odds_most = 2
    played.loop(io.StringIO("%\n" + "\n" * 2000), io.StringIO())  # Enter: the first option
    finished = played.session.finished
    assert finished is not None and finished.replay is not None
    footer = read_recording(finished.replay).footer
    assert footer is not None and footer.assisted is True
