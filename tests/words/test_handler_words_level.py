"""A handler's words may take the game's level (`handler_words`: `describe(params,
level=None)`): where a game is in play its figure is said, in card lists the rule (#28
round 16: the Ghoul's grave chill row read "lose 1 SE per 2 levels" mid-battle)."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec
import pytest

from unbroken.core import model as m
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.sheet_rows import row_texts
from unbroken.words.effects import HANDLER_WORDS, effect_text, handler_text
from unbroken.words.rows import printed_row


def chill_words(params: dict[str, Any], level: int | None = None) -> str:
    if level:
        return f"lose {max(1, params['se'] * level // 2)} SE"
    return f"lose {params['se']} SE per 2 levels"


@pytest.fixture(autouse=True)
def _words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(HANDLER_WORDS, "tide:chill", chill_words)
    monkeypatch.setitem(HANDLER_WORDS, "tide:plain", "lose {se} SE now".format_map)


CHILL = m.Handler(name="tide:chill", params={"se": 1})
PLAIN = m.Handler(name="tide:plain", params={"se": 3})


def test_a_game_in_play_says_the_figure_at_its_level() -> None:
    assert effect_text(CHILL, level=4) == "lose 2 SE"
    assert handler_text(CHILL, 1) == "lose 1 SE"  # at least 1
    row = m.Row(result="WOUND", effects=[CHILL, m.MonsterHeal(amount=1)])
    assert printed_row(row, 4) == "lose 2 SE; the monster heals 1"


def test_card_lists_say_the_rule() -> None:
    assert effect_text(CHILL) == "lose 1 SE per 2 levels"
    assert printed_row(m.Row(result="WOUND", effects=[CHILL])) == "lose 1 SE per 2 levels"


def test_words_that_take_no_level_are_said_as_ever() -> None:
    assert effect_text(PLAIN, level=4) == effect_text(PLAIN) == "lose 3 SE now"


def test_the_stage_says_the_monster_in_plays_rows_at_the_games_level() -> None:
    # The stage's table (tui.sheet_rows) gives the words the game's level: level 4 here.
    base = load_ruleset()
    row = m.Row(result="WOUND", effects=[CHILL])
    hyena = msgspec.structs.replace(base.monsters["base:hyena"], table=[row] * 6)
    rules = dataclasses.replace(
        base,
        monsters={**base.monsters, "base:hyena": hyena},
        handlers={**base.handlers, "tide:chill": lambda ctx, params: None},
    )
    game = Scenario("caellahan", ruleset=rules, level=4).monster("hyena").start("battle")
    assert row_texts(game.state, rules, hyena) == ["lose 2 SE"] * 6  # 1 x 4 // 2
    other = rules.monsters["base:kobold"]  # a card not in play: as printed
    assert row_texts(game.state, rules, other)[0] == "no effect"
