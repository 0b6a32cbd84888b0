"""Effect handlers: what a handler may do (the HandlerApi), HandlerError, the built-in ones.

A handler is a plugin's Python function, named by a `Handler` effect record:
fn(ctx, params). The engine gives it a `HandlerContext` (effects.py), which
does what `HandlerApi` says; this module needs no part of the engine, so the
ruleset can merge the built-in handlers with the plugins' own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import msgspec

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

    def keywords(self) -> tuple[str, ...]: ...


class HandlerError(Exception):
    """An effect handler (a plugin's Python code) raised: the decision cannot be made.

    Game.apply leaves the game as it was before the decision. The message names
    the handler, the card it is printed on, the error and where it was raised.
    """

    @classmethod
    def of(cls, name: str, source: str, exc: BaseException) -> HandlerError:
        tb, where = exc.__traceback__, ""
        while tb is not None:  # the innermost frame outside the engine: the plugin's line
            path = tb.tb_frame.f_code.co_filename.replace("\\", "/")
            if "/unbroken/core/" not in path or not where:
                where = f" ({path.rsplit('/', 1)[-1]}:{tb.tb_lineno})"
            tb = tb.tb_next
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        plugin = f"plugin {name.split(':', 1)[0]!r}: " if ":" in name else ""
        return cls(f"{plugin}effect handler {name!r} on {source!r} raised {text}{where}")


class Fields(Protocol):
    """The fields of a declarative effect type: a msgspec Struct with a `words` method."""

    def words(self) -> str:
        """Return what the effect does, as a card prints it ("take 2 food from its hoard")."""
        ...


F = TypeVar("F", bound=Fields)


class EffectType(Generic[F]):
    """A declarative effect type: its fields, what it does, and its words, in one place.

    Made with the `effect_type` decorator and returned from `unbroken_effect_handlers`
    like any handler. A card names it as `{kind = "handler", name = "plugin:key",
    params = {...}}`; the params are checked against the fields when the content
    loads (a wrong or missing field is a content problem at its file:line), the
    function receives them as the fields' Struct, and the card reads as its
    `words()`.
    """

    def __init__(self, fields: type[F], run: Callable[[HandlerApi, F], None]) -> None:
        self.fields = fields
        self.run = run
        self.__name__ = getattr(run, "__name__", fields.__name__)
        self.__doc__ = run.__doc__ or fields.__doc__

    def read(self, params: dict[str, Any]) -> F:
        """Return `params` as the fields (msgspec.ValidationError when they do not fit)."""
        return msgspec.convert(params, self.fields)

    def problem(self, params: dict[str, Any]) -> str:
        """Return what is wrong with `params` for these fields ("" when nothing)."""
        try:
            self.read(params)
        except msgspec.ValidationError as exc:
            return str(exc)
        return ""

    def describe(self, params: dict[str, Any]) -> str:
        """Return the effect with these params in words (its fields' `words()`)."""
        return self.read(params).words()

    def __call__(self, ctx: HandlerApi, params: dict[str, Any]) -> None:
        self.run(ctx, self.read(params))

    def __repr__(self) -> str:
        return f"EffectType({self.fields.__name__}, {self.__name__})"


def effect_type(fields: type[F]) -> Callable[[Callable[[HandlerApi, F], None]], EffectType[F]]:
    """Decorate the function that carries out a declarative effect type with `fields`.

    >>> class Steal(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ...     food: int = 1
    ...     def words(self) -> str:
    ...         return f"take {self.food} food from its hoard"
    >>> @effect_type(Steal)
    ... def steal(ctx: HandlerApi, e: Steal) -> None:
    ...     ctx.apply(m.Gain({"food": e.food}))
    >>> steal.describe({"food": 2})
    'take 2 food from its hoard'
    """

    def make(run: Callable[[HandlerApi, F], None]) -> EffectType[F]:
        return EffectType(fields, run)

    return make


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
