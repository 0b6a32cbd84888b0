"""Effect handlers: what a handler may do (the HandlerApi), HandlerError, the built-in ones.

A handler is a plugin's Python function, named by a `Handler` effect record:
fn(ctx, params). The engine gives it a `HandlerContext` (effects.py), which
does what `HandlerApi` says; this module needs no part of the engine, so the
ruleset can merge the built-in handlers with the plugins' own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar, get_args

import msgspec

from unbroken.core import model as m
from unbroken.core.state import GameState


class HandlerApi(Protocol):
    """What a named effect handler may do: read the game, and act through effects."""

    source: str  # the card the Handler effect is printed on
    result: str  # the combat result word when the effect is a table row's

    @property
    def state(self) -> GameState:
        """The game state as it is now: read it, never change it (act through effects)."""
        ...

    @property
    def level(self) -> int:
        """The current level (1-4)."""
        ...

    def tokens(self) -> int:
        """Return the tokens on the source card's condition (0 if it is not in play)."""
        ...

    def set_tokens(self, tokens: int) -> None:
        """Set the tokens on the source card's condition; at 0 the condition leaves play."""
        ...

    def lose(self, amounts: dict[str, int]) -> None:
        """Lose resources now, as the source card (effort that cannot be paid kills).

        On a monster's WOUND table row (`result == "WOUND"`) the SE is the row's wound
        loss, as a printed `Lose` there: it is set pending, the wound_loss Responses are
        offered (Bury the Pain), the WoundLoss Passives apply (Armored), then it is lost,
        after the handler returns; the other resources are lost now. Effects the handler
        schedules with `apply` after this call run before that window: to keep a row's
        printed order, schedule `apply(Lose(...), ...)` in one call instead.
        """
        ...

    def apply(self, *effects: m.Effect) -> None:
        """Schedule effect records (`Gain`, `Lose`, ...) to run next, as if printed on the card.

        Anything but an effect record is refused (TypeError, reported as a
        HandlerError naming the handler and its plugin).
        """
        ...

    def roll(self) -> int:
        """Roll the die (1-6) on the game's dice stream; the roll is an event."""
        ...

    def keywords(self) -> tuple[str, ...]:
        """Return the revealed monster's keywords (ids such as `gauntlet:fast`); () if none."""
        ...


class TookTooLong(Exception):
    """A plugin's code ran past its time limit and was given up on (unbroken.plugins.time_limits).

    `stack` is where it was when given up: (file, line) pairs, outermost first.
    The core keeps no clock: the limit is kept outside it; this names the fault.
    """

    def __init__(self, limit: float = 0, stack: list[tuple[str, int]] | None = None) -> None:
        super().__init__(f"took longer than {limit:g} s")
        self.limit = limit
        self.stack = list(stack or [])


class StateChanged(Exception):
    """A handler changed the game state itself instead of acting through its ctx.

    `stack` is the handler's own line (file, line); the state is put back from the
    events (Game.apply), so the game is as before the decision.
    """

    def __init__(self, fields: list[str], stack: list[tuple[str, int]] | None = None) -> None:
        super().__init__(
            f"changed the game state directly ({', '.join(fields)}); ctx.state is for "
            "reading: act through ctx.apply, ctx.lose, ctx.set_tokens or ctx.roll"
        )
        self.stack = list(stack or [])


#: Every effect record type (what a handler may pass to ctx.apply).
EFFECT_TYPES: tuple[type, ...] = get_args(m.Effect)


def amounts_problem(amounts: Any) -> str:
    """Return what is wrong with a table of resource amounts from a handler ("" if nothing)."""
    if not isinstance(amounts, dict):
        return f"amounts are a dict of resources, like {{'se': 1}}, not {type(amounts).__name__}"
    for key, n in amounts.items():
        if key not in m.RESOURCES:
            return f"unknown resource {key!r}; one of: {', '.join(m.RESOURCES)}"
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return f"{key} = {n!r}: an amount is a whole number, 0 or more"
    return ""


def effect_problem(rules: Any, effect: Any) -> str:
    """Return what is wrong with an effect record a handler gives ctx.apply ("" if nothing):
    not an effect, fields of the wrong type, unknown resources or negative amounts, a
    condition, weapon or handler no pack defines (checked within alternatives too)."""
    if not isinstance(effect, EFFECT_TYPES):
        return (
            f"ctx.apply takes effect records of unbroken.core.model (Gain, Lose, ...), "
            f"not {type(effect).__name__} {effect!r:.60}"
        )
    kind = type(effect).__name__
    try:
        msgspec.convert(msgspec.to_builtins(effect), m.Effect)
    except (msgspec.ValidationError, TypeError) as exc:
        return f"ctx.apply: {kind}: {exc}"
    for name in getattr(effect, "__struct_fields__", ()):  # one of EFFECT_TYPES: a Struct
        value = getattr(effect, name)
        wrong = ""
        if name in m.AMOUNT_FIELDS.get(type(effect), ()):
            wrong = amounts_problem(value)
        elif name == "condition" and value and value not in rules.conditions:
            wrong = f"no condition {value!r} is loaded"
        elif name == "choices":
            wrong = next(
                (f"no weapon {w!r} is loaded" for w in value if w not in rules.weapons), ""
            )
        elif kind == "Handler" and name == "name" and value not in rules.handlers:
            wrong = f"no handler {value!r} is loaded"
        elif isinstance(value, list):
            wrong = next(filter(None, (effect_problem(rules, e) for e in value)), "")
            if wrong:
                return wrong
        if wrong:
            return f"ctx.apply: {kind} `{name}`: {wrong}"
    return ""


def _plugin_line(exc: BaseException) -> str:
    """Return ` (file.py:line)`: the innermost place outside the engine the error was at."""
    where = ""
    places: list[tuple[str, int]] = []
    tb = exc.__traceback__
    while tb is not None:
        places.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno))
        tb = tb.tb_next
    if isinstance(exc, (TookTooLong, StateChanged)):  # where it was, not where it was raised
        places = exc.stack or places
    for file, line in places:  # the innermost frame outside the engine: the plugin's line
        # (A compiled build's frames are named from the package: "unbroken/core/...".)
        path = "/" + file.replace("\\", "/")
        if not any(part in path for part in _ENGINE) or not where:
            where = f" ({path.rsplit('/', 1)[-1]}:{line})"
    return where


#: Where the engine's own frames are (and the time limit's): never a plugin's line.
_ENGINE = ("/unbroken/core/", "/unbroken/plugins/time_limits.py", "/threading.py")


class HandlerError(Exception):
    """An effect handler (a plugin's Python code) raised: the decision cannot be made.

    Game.apply leaves the game as it was before the decision. The message names
    the handler, the card it is printed on, the error and where it was raised.
    """

    #: The handler that failed (`plugin:name`; "" when it was no handler, e.g. a bot).
    handler: str = ""

    @classmethod
    def of(cls, name: str, source: str, exc: BaseException) -> HandlerError:
        """Return the error for handler `name` on card `source` having raised `exc`."""
        where = _plugin_line(exc)
        plugin = f"plugin {name.split(':', 1)[0]!r}: " if ":" in name else ""
        if isinstance(exc, TookTooLong):
            error = cls(
                f"{plugin}effect handler {name!r} on {source!r} {exc}{where}; "
                "it is switched off for the rest of this run"
            )
        else:
            text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            error = cls(f"{plugin}effect handler {name!r} on {source!r} raised {text}{where}")
        error.handler = name
        return error


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
        """Run the effect: `params` read as the fields, then the decorated function."""
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


H = TypeVar("H")


def handler_words(text: str | Callable[[dict[str, Any]], str]) -> Callable[[H], H]:
    """Give a handler its words: a template of its params, or a `describe(params)` function.

    >>> @handler_words("lose {amount} SE and put {tokens} frost on you")
    ... def freezing_grip(ctx: HandlerApi, params: dict[str, Any]) -> None: ...
    >>> freezing_grip.text
    'lose {amount} SE and put {tokens} frost on you'

    Every place a card is read (cards, panels, combat rows, the log) then says
    "lose 1 SE and put 1 frost on you" for `params = { amount = 1, tokens = 1 }`,
    not the handler's name and params. A template naming a param a card does not
    give is a content problem at that card's line. A function may also take
    `level=None`: where a game is in play (the stage's table rows, the options) it
    is given the game's level, to say the figure ("lose 2 SE"); in card lists and
    help it is called without it, to say the rule ("lose 1 SE per 2 levels").
    """

    def mark(handler: H) -> H:
        if callable(text):
            handler.describe = text  # type: ignore[attr-defined]  # read back by getattr
        else:
            handler.text = str(text)  # type: ignore[attr-defined]  # read back by getattr
        return handler

    return mark


def words_problem(handler: Any, params: dict[str, Any]) -> str:
    """Return what stops a handler's words template from reading these params ("" if nothing)."""
    text = getattr(handler, "text", None)
    if not isinstance(text, str):
        return ""
    try:
        text.format(**params)
    except KeyError as exc:
        return f"its words {text!r} need param `{exc.args[0]}`; add it to the card's params"
    except (IndexError, ValueError) as exc:
        return f"its words {text!r} cannot be read ({exc}); name params as {{amount}}"
    return ""


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
