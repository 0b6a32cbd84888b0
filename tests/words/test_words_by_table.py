"""The words are tables: every event, action, effect and modifier type has its words."""

from __future__ import annotations

from typing import Union, get_args

import msgspec
import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.words.actions import LABELS
from unbroken.words.effects import EFFECT_WORDS, HANDLER_WORDS, MODIFIER_WORDS, handler_text
from unbroken.words.events import EVENT_WORDS
from unbroken.words.table import check_complete, words_for


@pytest.mark.parametrize(
    ("table", "union"),
    [
        (EVENT_WORDS, ev.Event),
        (LABELS, act.Action),
        (EFFECT_WORDS, m.Effect),
        (MODIFIER_WORDS, m.Modifier),
    ],
    ids=["events", "actions", "effects", "modifiers"],
)
def test_every_type_of_the_core_has_its_words(table: dict[type, object], union: object) -> None:
    assert set(get_args(union)) <= set(table)


class Shout(act.ActionBase, frozen=True, tag="test:shout"):
    """An action type no words module knows."""


def test_a_type_without_words_fails_naming_it() -> None:
    union = Union[act.Explore, Shout]  # noqa: UP007 (a union value, as the core writes it)
    with pytest.raises(AssertionError, match="action types without words: Shout"):
        check_complete(LABELS, union, "action types")


def test_a_type_given_words_twice_is_refused() -> None:
    table: dict[type, object] = {}
    words_for(table, Shout)(lambda *_: "shout")
    with pytest.raises(AssertionError, match="Shout has words twice"):
        words_for(table, Shout)(lambda *_: "SHOUT")


def test_the_built_in_handler_has_its_words_in_the_handlers_table() -> None:
    # The same table a plugin's effect types fill as the plugins load (docs/plugins.md).
    assert "lose_per_token" in HANDLER_WORDS
    effect = msgspec.convert(
        {"kind": "handler", "name": "lose_per_token", "params": {"resource": "me"}}, m.Effect
    )
    assert handler_text(effect) == "lose 1 ME per token, then remove a token"


def test_a_handler_without_words_reads_its_resources_as_the_game_names_them() -> None:
    # #28 round 2: "Grave chill (heal 1, se 1)" on a monster's row.
    effect = msgspec.convert(
        {"kind": "handler", "name": "burrow:grave-chill", "params": {"se": 1, "heal": 1}},
        m.Effect,
    )
    assert handler_text(effect) == "grave chill (heal 1, 1 SE)"


def test_content_check_warns_of_a_handler_without_words() -> None:
    from unbroken.cli.content import _wordless
    from unbroken.core.handlers import handler_words

    def bare(ctx: object, params: dict[str, object]) -> None: ...

    @handler_words("lose {se} SE")
    def said(ctx: object, params: dict[str, object]) -> None: ...

    warned = _wordless({"burrow:bare": bare, "burrow:said": said})
    assert len(warned) == 1 and "handler 'burrow:bare' has no words" in warned[0]
