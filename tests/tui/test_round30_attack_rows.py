"""Round 30's playtest (#28, 30b-3): attack rows cut to their bare names lost their cost.
Built as played at 80x24, a Brawler's weapons of three attacks against the Bear and the
Shaman (its Hex of Heaviness adds to each cost), with effort to spare, short of SE (paid
with higher effort) and short of all: every attack row drawn says "wound N" (or what it
breaks) and its cost, as paid ("3 SE as 1 SE+2 ME", not "3 SE" at 1 SE), a row that
cannot be paid too ("3. Heavy blow: wound 3 - pay 1 ME (cannot pay)", not "3. Attack
with Heavy blow: wou… (cannot pay)")."""

from __future__ import annotations

import re

from pilot import played, sync
from test_round16_pages import everything
from test_screen_leftovers import rows_of

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.home.settings import Settings, save_settings
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.attack_cuts import split_attack
from unbroken.tui.option_rows import DecisionList
from unbroken.tui.pace import PLAYERS
from unbroken.tui.widgets import OPTION_KEYS

#: What an attack does first: "wound 3", "break 1 armor".
DOES = re.compile(r"^(wound \d+|break \d+ armor)")
#: How a cost is paid where it is not as asked ("paid as 1 SE + 2 ME").
PAID_AS = re.compile(r"paid as ([^:;()]+)")
#: Each resource set: effort to spare, short of SE, short of all.
EFFORTS = [{"se": 15, "me": 3, "le": 3}, {"se": 1, "me": 2, "le": 3}, {"se": 1, "me": 0, "le": 0}]


def scenes(base: Ruleset, rules: Ruleset) -> list[tuple[str, Game]]:
    """Return each scene's name and game: Caellahan (a Brawler) at the battle's first turn,
    against the Bear in the base game and the Shaman with both expansions."""
    found = []
    for monster, level, ruleset, weapons in (
        ("bear", 2, base, ("club", "axe", "sword")),
        ("shaman", 4, rules, ("club", "axe", "unearthed:longbow")),
    ):
        for weapon in weapons:
            for effort in EFFORTS:
                for armor in (None, 0):  # as it comes, and its armor broken
                    scene = Scenario("caellahan", level=level, ruleset=ruleset)
                    scene = scene.resources(**effort).weapon(weapon).monster(monster)
                    game = scene.dice(*[3] * 30).start("battle")
                    assert game.state.monster is not None
                    if armor is not None:
                        game.state.monster.armor = armor
                    name = f"{monster} {weapon} {effort} armor {game.state.monster.armor}"
                    found.append((name, game))
    return found


def drawn_options(rows: list[str]) -> dict[str, str]:
    """Return the options as drawn, by key: each one's rows joined."""
    options: dict[str, str] = {}
    key = ""
    for row in rows:
        start = re.match(r"^(\S)\. ", row)
        if start is not None and start[1] in OPTION_KEYS:
            key = start[1]
            options[key] = row
        elif key and row:
            options[key] += f" {row}"
    return options


def brief(cost: str) -> str:
    """Return a cost as rows say it short or whole alike: "1 SE+2 ME"."""
    return cost.strip().replace(" + ", "+")


@sync
async def test_every_attack_row_drawn_says_its_wound_and_its_cost_as_paid() -> None:
    assert save_settings(Settings(hints=False)) == ""
    checked = paid_as = dimmed = 0
    with everything() as rules:
        for name, game in scenes(load_ruleset(), rules):
            # At the player's pace: a new question's cue over the options, as played.
            async with played(game, PLAYERS, game.ruleset) as (_, screen):
                decisions = screen.query_one(DecisionList)
                lines, off = decisions.offered_now()
                shown = drawn_options(rows_of(screen, decisions))
                assert len(shown) == len(lines), (name, shown)
                for (action, _), line, dimmed_row in zip(screen.offered, lines, off, strict=True):
                    parts = split_attack(line)
                    if not isinstance(action, act.Attack) or parts is None:
                        continue  # no cost to say ("(break its armor first)")
                    row = " ".join(shown[line[0]].split())
                    _, _, attack, does, cost, _ = parts
                    first = DOES.match(does)
                    assert first is None or f": {first[1]}" in row, (name, line, row)
                    how = PAID_AS.search(cost)
                    said = how[1] if how else cost.removeprefix("pay ").split(" (", 1)[0]
                    assert brief(said) in brief(row), (name, line, row)
                    checked += 1
                    paid_as += how is not None
                    dimmed += dimmed_row
    assert checked > 50 and paid_as > 10 and dimmed > 10, (checked, paid_as, dimmed)
