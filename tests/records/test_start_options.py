"""`unbroken play` checks every option of a new game before it shows or asks anything."""

from __future__ import annotations

import io

import pytest

from unbroken.cli.command import main
from unbroken.replay import unfinished_games

DIFFICULTIES = "easy, normal, hard"
CHARACTERS = "caellahan, helena, huckdorf, kirilla-el-kaer, mae-el, maxyn-zenma, niola, tomu"


def play(
    argv: list[str], answers: str, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    mp.setattr("sys.stdin", io.StringIO(answers))
    status = main(["play", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (
            ["--difficulty", "extreme"],
            f"unknown difficulty 'extreme'; choose one of: {DIFFICULTIES}",
        ),
        (["--character", "nobody"], f"unknown character 'nobody'; choose one of: {CHARACTERS}"),
        (
            ["--character", "niola", "--difficulty", "extreme"],
            f"unknown difficulty 'extreme'; choose one of: {DIFFICULTIES}",
        ),
        (
            ["--gentle-start", "--difficulty", "normal"],
            "--gentle-start is an Easy option; add --difficulty easy",
        ),
        (
            ["--gentle-start", "--character", "niola", "--difficulty", "hard"],
            "--gentle-start is an Easy option; add --difficulty easy",
        ),
    ],
)
def test_a_bad_start_option_is_refused_before_any_menu(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = play(argv, "1\n1\nq\n", capsys, monkeypatch)
    assert (status, out, err) == (2, "", f"unbroken: error: {error}\n")
    assert unfinished_games() == []  # no game was started either


def test_a_bad_start_option_is_refused_before_the_offer_to_continue(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game = ["--seed", "1", "--character", "niola", "--difficulty", "easy"]
    assert play(new_game, "\n" * 5, capsys, monkeypatch)[0] == 0  # left unfinished
    assert len(unfinished_games()) == 1
    status, out, err = play(["--gentle-start", "--difficulty", "hard"], "1\n", capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert err == "unbroken: error: --gentle-start is an Easy option; add --difficulty easy\n"


def test_gentle_start_alone_plays_easy_without_asking_the_difficulty(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["--gentle-start", "--character", "niola", "--seed", "1"]
    status, out, err = play(argv, "q\n", capsys, monkeypatch)
    assert (status, err) == (0, "")
    assert "Choose the difficulty" not in out
    assert out.startswith("A new game: Niola the Brawler, Easy, seed 1.\n")
    assert "SE 15/20" in out  # R-SETUP-3: the gentle start's 15 SE
