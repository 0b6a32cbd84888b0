"""Effect handlers: what a handler may do (the HandlerApi), HandlerError, the built-in ones.

A handler is a plugin's Python function, named by a `Handler` effect record:
fn(ctx, params). The engine gives it a `HandlerContext` (effects.py), which
does what `HandlerApi` says; this module needs no part of the engine, so the
ruleset can merge the built-in handlers with the plugins' own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from unbroken.core import model as m
from unbroken.core.state import GameState


class HandlerApi(Protocol):
    """What a named effect handler may do: read the game, and act through effects."""

    source: str  # the card the Handler effect is printed on
    result: str  # the combat result word when the effect is a table row's

    @property
    def state(self) -> GameState: ...

    @property
    def level(self) -> int: ...

    def tokens(self) -> int: ...

    def set_tokens(self, tokens: int) -> None: ...

    def lose(self, amounts: dict[str, int]) -> None: ...

    def apply(self, *effects: m.Effect) -> None: ...

    def roll(self) -> int: ...


class HandlerError(Exception):
    """An effect handler (a plugin's Python code) raised: the decision cannot be made.

    Game.apply leaves the game as it was before the decision. The message names
    the handler, the card it is printed on, the error and where it was raised.
    """

    @classmethod
    def of(cls, name: str, source: str, exc: BaseException) -> HandlerError:
        tb, where = exc.__traceback__, ""
        while tb is not None:  # the innermost frame: where it was raised
            filename = tb.tb_frame.f_code.co_filename.replace("\\", "/").rsplit("/", 1)[-1]
            where = f" ({filename}:{tb.tb_lineno})"
            tb = tb.tb_next
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        plugin = f"plugin {name.split(':', 1)[0]!r}: " if ":" in name else ""
        return cls(f"{plugin}effect handler {name!r} on {source!r} raised {text}{where}")


def lose_per_token(ctx: HandlerApi, params: dict[str, Any]) -> None:
    """Lose `per` (1) `resource` per token on the source card, then remove one token."""
    tokens = ctx.tokens()
    if tokens <= 0:
        return
    ctx.lose({str(params.get("resource", "se")): tokens * int(params.get("per", 1))})
    ctx.set_tokens(tokens - 1)


BUILTIN_HANDLERS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "lose_per_token": lose_per_token,
}
