"""The options several commands share are defined once (`cli.add_jobs`, `add_seed`,
`add_json`), and every worker pool, the advisor's too, follows the one `--jobs` rule."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

import pytest

from unbroken.advisor.pool import RolloutPool
from unbroken.bots import workers
from unbroken.cli.command import add_jobs, build_parser, main, positive_int, seed_int
from unbroken.plugins import load_ruleset


def _commands() -> dict[str, argparse.ArgumentParser]:
    """Return every command's parser (its sub-commands' too, as `board serve`)."""
    found: dict[str, argparse.ArgumentParser] = {}

    def walk(name: str, parser: argparse.ArgumentParser) -> None:
        found[name] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    walk(f"{name} {sub}".strip(), child)

    walk("", build_parser())
    return found


def _option(parser: argparse.ArgumentParser, flag: str) -> argparse.Action | None:
    return next((a for a in parser._actions if flag in a.option_strings), None)


def _defined_once(flag: str, adder: Callable[..., None], **kwargs: object) -> argparse.Action:
    """Return the option as the shared adder defines it (on a parser of its own)."""
    parser = argparse.ArgumentParser()
    adder(parser, **kwargs)
    action = _option(parser, flag)
    assert action is not None
    return action


def test_every_jobs_option_is_the_shared_one() -> None:
    having = {n: a for n, p in _commands().items() if (a := _option(p, "--jobs")) is not None}
    assert {"sim", "balance", "verify", "analyze"} <= set(having)
    for name, action in having.items():
        shared = _defined_once("--jobs", add_jobs, default=action.default)
        assert (action.type, action.metavar, action.help) == (
            positive_int,
            shared.metavar,
            shared.help,
        ), name


def test_every_seed_option_is_the_shared_one() -> None:
    having = {n: a for n, p in _commands().items() if (a := _option(p, "--seed")) is not None}
    assert {"sim", "balance", "analyze", "play", "tui"} <= set(having)
    for name, action in having.items():
        assert action.type is seed_int and action.metavar == "N", name
        unasked = "random if not given" if action.default is None else f"default {action.default}"
        assert action.help is not None and action.help.endswith(f"({unasked})"), name


def test_every_json_option_is_the_shared_one() -> None:
    having = {n: a for n, p in _commands().items() if (a := _option(p, "--json")) is not None}
    assert {"sim", "analyze", "stats", "plugins"} <= set(having)
    for name, action in having.items():
        assert isinstance(action, argparse._StoreTrueAction), name
        assert action.help is not None and action.help.endswith(" (for tools)"), name


@pytest.mark.parametrize("command", ["sim", "balance", "verify", "analyze"])
def test_no_command_takes_zero_jobs(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main([command, "--jobs", "0"])
    assert ended.value.code == 2
    assert "argument --jobs: 0 must be at least 1" in capsys.readouterr().err


def test_the_advisor_pool_follows_the_jobs_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    rules = load_ruleset()
    started: list[int] = []

    def start_pool(ruleset: object, jobs: int, observed_by: object = None) -> object:
        started.append(jobs)
        return None

    monkeypatch.setattr(workers, "start_pool", start_pool)
    assert [RolloutPool(rules, asked).jobs for asked in (None, 1, 8)] == [2, 1, 2]
    assert started == [2, 1, 2]  # the advisor's workers are the batches' pool
