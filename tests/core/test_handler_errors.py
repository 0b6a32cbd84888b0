"""A plugin's effect handler that raises: a clear error, and the game left as it was."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import msgspec
import pytest

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.handlers import HandlerError
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, play

RULES = load_ruleset()


def chill(ctx: Any, params: dict[str, Any]) -> None:
    ctx.lose({"se": 1})  # it changes the game first, then fails
    raise ValueError("chill exploded")


def with_handler(handler: Any) -> Ruleset:
    """The base ruleset with one encounter whose effect is the handler `tide:chill`."""
    card = m.Encounter(
        id="tide:cold-pool",
        name="Cold Pool",
        time=1,
        text="test card",
        gain={"food": 1},
        effects=[m.Handler(name="tide:chill")],
    )
    return dataclasses.replace(
        RULES,
        encounters={**RULES.encounters, card.id: card},
        handlers={**RULES.handlers, "tide:chill": handler},
    )


def at_the_pool(rules: Ruleset) -> Game:
    game = Scenario("tomu", ruleset=rules).encounters("tide:cold-pool").start("preparation")
    play(game, act.Explore(), act.ChooseEncounter("tide:cold-pool"))
    return game


def test_a_raising_handler_names_itself_and_leaves_the_game_as_it_was() -> None:
    game = at_the_pool(with_handler(chill))
    before = msgspec.json.encode(game.state)
    events, decisions = len(game.events), game.state.decisions
    with pytest.raises(HandlerError) as caught:
        game.apply(act.Resolve())
    message = str(caught.value)
    assert message.startswith(
        "plugin 'tide': effect handler 'tide:chill' on 'tide:cold-pool' raised "
        "ValueError: chill exploded (test_handler_errors.py:"
    )
    assert msgspec.json.encode(game.state) == before  # the food gain and SE loss undone
    assert len(game.events) == events
    assert act.Resolve() in game.legal_actions()
    game.apply(act.Rest())  # the game goes on
    assert game.state.decisions == decisions + 1


def test_death_inside_a_handler_is_still_death() -> None:
    def starve(ctx: Any, params: dict[str, Any]) -> None:
        ctx.lose({"se": 99})

    game = at_the_pool(with_handler(starve))
    game.apply(act.Resolve())
    assert game.outcome is not None and not game.outcome.won


def test_the_text_game_says_so_and_goes_on() -> None:
    from unbroken.play.text import TextGame

    rules = with_handler(chill)
    game = at_the_pool(rules)
    resolve = 1 + game.legal_actions().index(act.Resolve())
    rest = 1 + game.legal_actions().index(act.Rest())
    decisions = game.state.decisions
    out = io.StringIO()
    text_game = TextGame.resumed(rules, game, None)
    # "n": keep the plugin on when offered to switch it off (#29), then choose again.
    status = text_game.loop(io.StringIO(f"{resolve}\nn\n{rest}\n"), out)
    assert status == 0  # the input ran out: the game is left unfinished
    said = out.getvalue()
    words = " ".join(said.split())  # the text game wraps its lines between words
    assert "effect handler 'tide:chill' on 'tide:cold-pool' raised ValueError" in words
    assert "The decision was not made. Switch off the effect handlers of plugin 'tide'" in words
    assert "Choose again." in said
    assert "Traceback" not in said
    assert game.state.decisions == decisions + 1  # the Rest was taken after the failure


@pytest.mark.parametrize("jobs", [1, 2])
def test_sim_with_a_raising_handler_is_one_line_and_exit_1(
    jobs: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from unbroken.cli import command as cli
    from unbroken.cli import sim as sim_command

    def broken(ctx: Any, params: dict[str, Any]) -> None:
        raise RuntimeError("boom")

    rules = dataclasses.replace(
        RULES,
        handlers={**RULES.handlers, "tide:boom": broken},
        encounters={
            cid: msgspec.structs.replace(card, effects=[*card.effects, m.Handler(name="tide:boom")])
            for cid, card in RULES.encounters.items()
        },
    )
    monkeypatch.setattr(sim_command, "load", lambda: rules)
    status = cli.main(["sim", "--games", "4", "--jobs", str(jobs)])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("unbroken: error: plugin 'tide': effect handler 'tide:boom' on ")
    assert "raised RuntimeError: boom (test_handler_errors.py:" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_verify_names_the_handler_and_the_line(tmp_path: Path) -> None:
    from unbroken.replay import verify_file
    from unbroken.sim import record_game

    def with_everywhere(handler: Any) -> Ruleset:
        return dataclasses.replace(
            RULES,
            handlers={**RULES.handlers, "tide:h": handler},
            encounters={
                cid: msgspec.structs.replace(card, effects=[*card.effects, m.Handler("tide:h")])
                for cid, card in RULES.encounters.items()
            },
        )

    path = record_game(
        with_everywhere(lambda ctx, params: None), "tomu", "easy", 5, "greedy", tmp_path
    )

    def broken(ctx: Any, params: dict[str, Any]) -> None:
        raise KeyError("tide")

    problem = verify_file(path, with_everywhere(broken))
    assert problem is not None
    assert problem.startswith(f"{path}:")
    assert ": plugin 'tide': effect handler 'tide:h' on " in problem
    assert "raised KeyError: 'tide' (test_handler_errors.py:" in problem


def test_a_handler_applying_a_non_effect_is_named_not_an_engine_crash() -> None:
    # Issue #19: it was an AssertionError deep in the engine, naming no plugin.
    def sloppy(ctx: Any, params: dict[str, Any]) -> None:
        ctx.apply("gain 2 food")

    game = at_the_pool(with_handler(sloppy))
    before = msgspec.json.encode(game.state)
    with pytest.raises(HandlerError) as caught:
        game.apply(act.Resolve())
    assert str(caught.value).startswith(
        "plugin 'tide': effect handler 'tide:chill' on 'tide:cold-pool' raised TypeError: "
        "ctx.apply takes effect records of unbroken.core.model (Gain, Lose, ...), not str "
        "'gain 2 food' (test_handler_errors.py:"
    )
    assert msgspec.json.encode(game.state) == before
