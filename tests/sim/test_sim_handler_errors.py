"""A plugin's effect handler that raises in `unbroken sim` or `balance`: one line naming
the game (its number, seed, character and difficulty) and a command that plays up to it
again, in one process or many."""

from __future__ import annotations

import dataclasses
import pickle
import re
from typing import Any

import msgspec
import pytest

from unbroken import sim
from unbroken.cli.command import main
from unbroken.core import model as m
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset

RULES = load_ruleset()
#: The handler fails in Tomu's games on Normal only; with seed 7 the first is game 16
#: (the batch goes round every sheet, sorted, on Easy, then on Normal). The greedy bot
#: resolves an encounter in every game, so it is reached in each of them.
CHARACTER, DIFFICULTY = "base:tomu", "normal"


def tomu_on_normal_fails(ctx: Any, params: dict[str, Any]) -> None:
    if (ctx.state.character, ctx.state.difficulty) == (CHARACTER, DIFFICULTY):
        raise RuntimeError("boom")


#: The line `tomu_on_normal_fails` raises on.
LINE = tomu_on_normal_fails.__code__.co_firstlineno + 2


def broken_rules() -> Ruleset:
    """The base game with `tide:boom` (a plugin's handler) after every encounter's effects."""
    return dataclasses.replace(
        RULES,
        handlers={**RULES.handlers, "tide:boom": tomu_on_normal_fails},
        encounters={
            cid: msgspec.structs.replace(card, effects=[*card.effects, m.Handler(name="tide:boom")])
            for cid, card in RULES.encounters.items()
        },
    )


def first_failing(rules: Ruleset, seed: int, games: int = 100) -> tuple[int, int]:
    """Return the number (from 1) and the game seed of the batch's first Tomu-on-Normal game."""
    for number, (game_seed, character, difficulty) in enumerate(
        sim.schedule(rules, games, seed), start=1
    ):
        if (character, difficulty) == (CHARACTER, DIFFICULTY):
            return number, game_seed
    raise AssertionError("no such game")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return status, out.out, out.err


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    rules = broken_rules()
    monkeypatch.setattr("unbroken.cli.sim.load", lambda: rules)
    monkeypatch.setattr("unbroken.cli.balance.load", lambda: rules)
    return rules


@pytest.mark.parametrize("jobs", [1, 3])
def test_sim_names_the_game_a_handler_failed_in(
    jobs: int, broken: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    number, game_seed = first_failing(broken, seed=7)
    assert number == 16
    argv = ["sim", "--games", "40", "--seed", "7", "--bot", "greedy", "--jobs", str(jobs)]
    status, out, err = run(argv, capsys)
    assert (status, out) == (1, "")
    assert err.startswith("unbroken: error: plugin 'tide': effect handler 'tide:boom' on ")
    assert err.endswith(
        f" raised RuntimeError: boom (test_sim_handler_errors.py:{LINE}) "
        f"in game {number} (game seed {game_seed}, {CHARACTER}, {DIFFICULTY}); "
        f"`unbroken sim --games {number} --seed 7 --bot greedy` plays up to it again\n"
    )


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_command_it_names_plays_up_to_that_game_again(
    jobs: int, broken: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["sim", "--games", "60", "--seed", "11", "--bot", "greedy"]
    argv += ["--difficulty", "hard", "--difficulty", "normal", "--character", "tomu"]
    argv += ["--character", "niola", "--jobs", str(jobs)]
    status, _, err = run(argv, capsys)
    assert status == 1
    said = re.fullmatch(
        r"unbroken: error: .* in game (\d+) \(.*\); `unbroken (sim .*)` plays up to it again\n",
        err,
    )
    assert said is not None, err
    number, again = said.group(1), said.group(2).split()
    assert again == [
        *("sim", "--games", number, "--seed", "11"),
        *("--character", "base:tomu", "--character", "base:niola"),
        *("--difficulty", "hard", "--difficulty", "normal"),
        *("--bot", "greedy"),
    ]
    assert run(again, capsys)[2] == err  # the same game fails the same way
    fewer = [*again]
    fewer[2] = str(int(number) - 1)
    status, out, _ = run(fewer, capsys)  # every game before it plays
    assert status == 0 and out.startswith(f"{fewer[2]} games (greedy bot, seed 11): ")


def test_balance_names_the_game_and_the_sim_that_plays_up_to_it(
    broken: Ruleset, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["balance", "--games", "2", "--seed", "7"], capsys)
    number, game_seed = first_failing(broken, seed=7)
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1
    assert err.endswith(
        f" in game {number} (game seed {game_seed}, {CHARACTER}, {DIFFICULTY}); "
        f"`unbroken sim --games {number} --seed 7 --bot heuristic` plays up to it again\n"
    )


def test_the_plugins_on_are_part_of_the_command(
    broken: Ruleset, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = dataclasses.replace(broken, plugins={"base": "0.1.0", "tide": "0.1.0"})
    monkeypatch.setattr("unbroken.cli.sim.load", lambda: rules)
    status, _, err = run(["sim", "--games", "20", "--seed", "7", "--bot", "greedy"], capsys)
    assert status == 1
    rerun = "unbroken --plugins base,tide sim --games 16 --seed 7 --bot greedy"
    assert err.endswith(f"; `{rerun}` plays up to it again\n")


def test_a_failed_game_comes_back_whole_from_a_worker_process() -> None:
    failed = sim.GameFailed("plugin 'tide': …", 3, 12345, "base:tomu", "normal")
    back = pickle.loads(pickle.dumps(failed))
    assert type(back) is sim.GameFailed and str(back) == str(failed)
    assert str(back) == "plugin 'tide': … in game 3 (game seed 12345, base:tomu, normal)"
    assert (back.cause, back.number, back.seed, back.character, back.difficulty) == (
        "plugin 'tide': …",
        3,
        12345,
        "base:tomu",
        "normal",
    )
