"""Round 29's playtest (#28): the Display marks every change at every width, the cap's
words and the marks apart from the words."""

from __future__ import annotations

import re

import msgspec
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.text import Text

from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.state import GameState
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.display_chips import Chip
from unbroken.tui.widgets import display_text

RULES = load_ruleset()
CAPS = RULES.settings.caps
#: The Display's text width in an 80-column table (its border and padding left out).
AT_80 = 32
#: How a material is named on the Display: whole, short at 80 columns, cut for the marks.
NAMES = {"cunning": "cunning|cun\\.?", "treasure": "treasure|treas\\."}
LEVELS = {n: Scenario("tomu", level=n).resources(time=9).start().state for n in (1, 2, 3, 4)}


def shown(state: GameState, last: list[ev.Event], width: int = AT_80) -> list[str]:
    return display_text(state, RULES, last, state.level, width).plain.splitlines()


def unmarked(lines: list[str], change: dict[str, int]) -> list[str]:
    """Return the resources whose change has no ▲/▼ beside its figure."""
    missing = []
    for k, diff in change.items():
        arrow = "▲" if diff > 0 else "▼"
        if k in m.EFFORT:
            row = next(line for line in lines if line.startswith(m.RESOURCE_NAMES[k] + " "))
            ok = arrow in row
        else:
            name = NAMES.get(k, k)
            figure = rf"(?:^|  )(?:{name}) \d+(?:/\d+)?(?: max)? ?{arrow}"
            ok = any(re.search(figure, line) for line in lines)
        if not ok:
            missing.append(k)
    return missing


def test_five_figures_changed_at_once_are_all_marked_at_80_columns() -> None:
    # Round 29 (29b-1): Shady Peddler, 1 wood + 1 metal -> 1 cunning + 1 food + 1 treasure,
    # at 80x24: "cun 4/7  food 1/7 (eat 3) −3 SE" / "wood 2/7  metal 0/7  treas. 2/7", no
    # mark at all. (29a-1: Disrupting the Feast, 1 cunning -> 2 food, the same.)
    state = msgspec.structs.replace(
        LEVELS[3], res={"se": 10, "cunning": 4, "food": 1, "wood": 2, "treasure": 2, "time": 25}
    )
    last: list[ev.Event] = [
        ev.Spent({"wood": 1, "metal": 1}, "Shady Peddler"),
        ev.Gained({"cunning": 1, "food": 1, "treasure": 1}, {}, "Shady Peddler"),
    ]
    lines = shown(state, last)
    assert all(len(line) <= AT_80 for line in lines), lines
    change = {"cunning": 1, "food": 1, "wood": -1, "metal": -1, "treasure": 1}
    assert unmarked(lines, change) == [], lines
    assert "(eat 3) −3 SE" in "\n".join(lines)  # the food eaten and its cost stay
    state = msgspec.structs.replace(LEVELS[3], res={"se": 10, "cunning": 2, "food": 2, "time": 25})
    last = [ev.Spent({"cunning": 1}, "Feast"), ev.Gained({"food": 2}, {}, "Feast")]
    lines = shown(state, last)
    assert unmarked(lines, {"cunning": -1, "food": 2}) == [], lines


@settings(max_examples=300, deadline=None)
@given(
    level=st.integers(1, 4),
    held=st.fixed_dictionaries({k: st.integers(0, CAPS[k]) for k in m.RESOURCES[:-1]}),
    change=st.dictionaries(st.sampled_from(m.RESOURCES[:-1]), st.integers(-12, 12)),
    capped=st.dictionaries(st.sampled_from(m.RESOURCES[:-1]), st.integers(1, 9)),
    width=st.integers(AT_80, 80),
)
# Round 32: what hypothesis found, every mark lost at 70 columns ("cunning 7/7  food 0/7
# (eat 1) −1 SE  wood 0/7  metal 7/7  treasure 7/7"; food 0 after +1 is not a state the
# game reaches, 6 -> 7 at the caps is), then the same with food 1 -> 0 (reachable).
@example(
    level=1,
    held={**dict.fromkeys(m.RESOURCES[:-1], 0), "cunning": 7, "metal": 7, "treasure": 7},
    change={"cunning": 1, "food": 1, "metal": 1, "treasure": 1},
    capped={},
    width=70,
)
@example(
    level=1,
    held={**dict.fromkeys(m.RESOURCES[:-1], 0), "cunning": 7, "metal": 7, "treasure": 7},
    change={"cunning": 1, "food": -1, "metal": 1, "treasure": 1},
    capped={},
    width=70,
)
def test_every_change_is_marked_at_every_width(
    level: int,
    held: dict[str, int],
    change: dict[str, int],
    capped: dict[str, int],
    width: int,
) -> None:
    # Whatever changes at once, every change keeps its arrow beside its figure; the rows
    # keep to the Display's width.
    state = msgspec.structs.replace(LEVELS[level], res={**held, "time": 9})
    change = {k: n for k, n in change.items() if n}
    last: list[ev.Event] = [
        ev.Gained({k: n for k, n in change.items() if n > 0}, capped, "a card"),
        ev.Spent({k: -n for k, n in change.items() if n < 0}, "a card"),
    ]
    lines = shown(state, last, width)
    assert unmarked(lines, change) == [], lines
    assert all(len(line) <= width for line in lines), lines


def test_figures_gained_to_their_caps_are_marked_at_80_columns() -> None:
    # Round 32: wood, metal and treasure each 6 -> 7 at once, at 80x24: "wood 7/7  metal
    # 7/7  treas. 7/7" and no mark (with the arrows against them it is 33 columns, one more
    # than the Display's 32). The caps go before the marks: "wood 7▲".
    held = {"cunning": 7, "wood": 7, "metal": 7, "treasure": 7, "time": 9}
    state = msgspec.structs.replace(LEVELS[1], res=held)
    change = {"cunning": 1, "wood": 1, "metal": 1, "treasure": 1}
    lines = shown(state, [ev.Gained(change, {}, "a card")])
    assert all(len(line) <= AT_80 for line in lines), lines
    assert unmarked(lines, change) == [], lines
    assert "wood 7▲  metal 7▲  treas. 7▲" in lines, lines
    assert "cun 7/7▲+1  food 0 (eat 1) −1 SE" in lines, lines  # room there: the cap kept


def test_what_the_cap_took_is_said_in_words_and_marks_stand_apart_from_words() -> None:
    # Round 29 (29a-2, 29b-14): "SE small ██████ 20/20 ▲+1 cap-1" (an ASCII hyphen, a sign
    # README did not explain) and "treas. 7 max▲+1" ("max" run into the mark).
    state = msgspec.structs.replace(LEVELS[4], res={"se": 20, "treasure": 7, "time": 9})
    rest: list[ev.Event] = [ev.Gained({}, {"se": 1}, "Rest")]
    for width in (AT_80, 60):
        se = shown(state, rest, width)[0]
        assert se.endswith("20/20 cap took 1"), se
    both: list[ev.Event] = [ev.Gained({"se": 1, "treasure": 1}, {"se": 1}, "a card")]
    assert shown(state, both, 60)[0].endswith("20/20 ▲+1 cap took 1")
    lines = shown(state, both)
    assert lines[0].endswith("20/20 ▲+1"), lines  # short of room: the change keeps its number
    text = "\n".join(lines)
    assert "cap-" not in text and "max▲" not in text, text
    assert "treas. 7/7 ▲+1" in text, text  # at 80 columns the cap is the shorter
    treasure = Chip(Text("treasure 7/7"), marks=Text(" ▲+1"), abbreviated=Text("treas. 7 max"))
    assert treasure.drawn(True, cut=True, tight=True).plain == "treas. 7 max ▲+1"
    metal = Chip(Text("metal 2/7"), marks=Text(" ▼−1"), abbreviated=Text("metal 2"))
    assert metal.drawn(True, cut=True, tight=True).plain == "metal 2▼−1"
