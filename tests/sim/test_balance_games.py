"""What `unbroken balance --games N` plays is what its help says, with a plugin's extra
character sheet too."""

from __future__ import annotations

import dataclasses
import re

import msgspec
import pytest

from unbroken.cli.command import main
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset

RULES = load_ruleset()


def balance_help(capsys: pytest.CaptureFixture[str]) -> str:
    """Return `unbroken balance --help` as one line (argparse wraps it to the terminal)."""
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    return " ".join(capsys.readouterr().out.split())


def with_a_ninth_sheet() -> Ruleset:
    """The base game and one more Sage, as a plugin adding a character makes it."""
    tomu = RULES.characters["base:tomu"]
    digger = msgspec.structs.replace(tomu, id="tide:digger", name="Digger")
    return dataclasses.replace(RULES, characters={**RULES.characters, digger.id: digger})


def test_the_help_says_what_games_means(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        "--games N about N games per class and difficulty: each bot plays "
        "N x classes x difficulties games, rounded up so that every character plays "
        "every difficulty equally often (default 2000)"
    ) in balance_help(capsys)


# 20: the tester's run, 240 games rounded up to 243, 81 per difficulty.
@pytest.mark.parametrize(("games", "played"), [(2, 27), (3, 54), (20, 243)])
def test_a_plugins_extra_sheet_plays_as_the_help_says(
    games: int,
    played: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = with_a_ninth_sheet()
    classes = len({c.cls for c in rules.characters.values()})
    rounds = len(rules.characters) * len(rules.settings.difficulties)  # 9 sheets x 3
    assert (classes, rounds) == (4, 27)
    # N x classes x difficulties, rounded up to a whole number of rounds.
    assert played == -(-games * classes * 3 // rounds) * rounds
    monkeypatch.setattr("unbroken.cli.balance.load", lambda: rules)
    assert main(["balance", "--games", str(games), "--jobs", "2"]) == 1  # too few to hold
    out = capsys.readouterr().out
    assert f"Heuristic bot: {played} games" in out and f"random bot: {played} games" in out
    per_difficulty = re.findall(r"^\| (?:Easy|Normal|Hard) \| (\d+) \|", out, re.MULTILINE)
    assert per_difficulty == [str(played // 3)] * 3
    # Every sheet plays every difficulty equally often, so a Sage (3 sheets) plays more.
    per_class = dict(
        re.findall(r"^\| Normal \| (Brawler|Hunter|Sage|Sneak) \| (\d+) \|", out, re.M)
    )
    each = played // rounds
    assert per_class == {
        "Brawler": str(2 * each),
        "Hunter": str(2 * each),
        "Sage": str(3 * each),
        "Sneak": str(2 * each),
    }
