"""#28 playtest round 29: the Hand's crafts wrapped onto a row starting with "+" ("Spear ←
1 wood + 1 metal" then "+ 2 time" at 80x24), and cards' words split an amount from its
word ("spend 1" then "cunning"). Over many bot games' Hands, at the Hand's widths at 80x24
and 120x40, every amount of the cards' words said: no row starts with "+", none ends with
a number whose word is on the next row."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pilot import played, sync
from textual.geometry import Size

from unbroken.core.game import Game
from unbroken.core.state import GameState
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.tui.hand import ALL_WORDS, HandText, attack_lines

RULES = load_ruleset()

#: A row's last word a number (its word, if any, on the next row).
ENDS_IN_NUMBER = re.compile(r"(^|\s)\d+$")


class SizedHand(HandText):
    """The Hand's text at a width, outside an app (`HandText.hand` as drawn)."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    @property
    def size(self) -> Size:
        return Size(self.width, 10)


async def hand_widths() -> list[int]:
    """Return the Hand's text width at 80x24 and at 120x40, as laid out."""
    widths = []
    for size in ((80, 24), (120, 40)):
        game = Scenario("tomu").weapon("knife").start("preparation")
        async with played(game, size=size) as (_, screen):
            widths.append(screen.query_one(HandText).size.width)
    return widths


def states(count: int) -> Iterator[GameState]:
    """Yield each decision's state of `count` bot games, a character each in turn."""
    characters = sorted(RULES.characters)
    for i in range(count):
        game = Game.new(RULES, characters[i % len(characters)], "hard", 7_000 + i)
        for at in mixed_walk(game, 7_000 + i):
            yield at.state


def split_rows(rows: list[str]) -> list[str]:
    """Return the rows starting with "+" and those ending in a number whose word wraps."""
    bad = [row for row in rows if row.strip().startswith("+")]
    for row, after in zip(rows, rows[1:], strict=False):
        if ENDS_IN_NUMBER.search(row) and after.strip()[:1].isalpha():
            bad.append(f"{row} / {after}")
    return bad


@sync
async def test_the_hands_rows_never_start_with_a_plus_nor_split_an_amount() -> None:
    widths = await hand_widths()
    assert widths[0] < widths[1], widths  # the panel as narrow as 80x24 makes it
    hands = [SizedHand(width) for width in widths]
    bad: dict[str, int] = {}
    seen = 0
    for state in states(14):
        attacks = attack_lines(state, RULES, {})
        for hand in hands:
            for words in range(ALL_WORDS + 1):
                rows = hand.hand(state, RULES, attacks, words).plain.splitlines()
                seen += 1
                bad.update(dict.fromkeys(split_rows(rows), hand.width))
    assert seen > 1_000
    assert not bad, bad


def test_a_craft_wraps_after_its_plus() -> None:
    # The Knife's Spear at 80x24: "Spear ← 1 wood + 1 metal" then "+ 2 time".
    state = Scenario("tomu").weapon("knife").start("preparation").state
    rows = SizedHand(32).hand(state, RULES, attack_lines(state, RULES, {}), 0).plain
    assert "Spear ← 1 wood +\n          1 metal + 2 time" in rows, rows
