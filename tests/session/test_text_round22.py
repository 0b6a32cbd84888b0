"""#28 round 22: the plain-text game wraps between words, Easy's tag, `unbroken cards CARD`."""

from __future__ import annotations

import io

import pytest

from unbroken.cli.command import main
from unbroken.core.game import Game
from unbroken.play.text import TextGame
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.events import Narrator
from unbroken.words.vocabulary import WIDTH


def test_the_text_games_end_wraps_what_was_carried_out_between_words() -> None:
    # "What you carried out: 7 ME + 2 LE + 6 cunning + 6 food + 4 wood + 2 metal + 7 tr"
    # / "easure." (a campaign's win at 80 columns).
    game = (
        Scenario("tomu", level=4)
        .resources(se=10, me=7, le=2, cunning=6, food=0, wood=4, metal=2, treasure=7)
        .monster("goblin")
        .no_time_track()
        .start("hunger")
    )
    text = TextGame.resumed(game.ruleset, game, None)
    out = io.StringIO()
    assert text.loop(io.StringIO(""), out) == 0
    assert game.is_over and game.state.outcome is not None and game.state.outcome.won
    lines = out.getvalue().splitlines()
    assert all(len(line) <= WIDTH for line in lines), [ln for ln in lines if len(ln) > WIDTH]
    said = " ".join(" ".join(lines).split())
    assert "What you carried out: 7 ME + 2 LE" in said and "2 metal + 7 treasure." in said


def test_easys_extra_resource_is_tagged_with_the_difficultys_name() -> None:
    # "You gain 1 metal [easy]." where everything else says "Easy".
    rules = load_ruleset()
    game = Game.new(rules, "tomu", "easy", 5, {"gentle_start": False})
    narrator = Narrator(rules)
    said = [narrator.describe(e) or "" for e in game.events]
    gains = [line for line in said if line.startswith("You gain") and "[Easy]" in line]
    assert gains, said
    assert not any("[easy]" in line for line in said), said


@pytest.mark.parametrize("word", ["Club", "club", "CLUB", "Sickly Berries", "sickly-berries"])
def test_cards_shows_the_card_a_word_names(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    # `unbroken cards Club` said "unknown kind 'Club'; choose one of: classes, …".
    assert main(["cards", word]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.split(" (")[0] in ("Club", "Sickly Berries"), first


def test_cards_says_how_to_name_a_card_when_the_word_is_neither(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards", "Clubb"]) != 0
    err = " ".join(capsys.readouterr().err.split())
    assert "unknown kind 'Clubb'" in err
    assert "did you mean: Club?" in err and "unbroken cards --id club" in err
