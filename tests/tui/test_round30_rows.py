"""Round 30's playtest (#28): what a cut option row keeps. A dimmed row's reason gives way
last (30a-1, 30b-2: "3. Attack with Cleave…", "2. Fight the monster now…"), no row is cut
while the list leaves rows free under it (30a-1), "— defeats it" stays on an item's ability
(30a-2), no bracket is cut inside (30a-3: "(b…", "(it takes you…"), and the longest row
gives way first (30a-10)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from pilot import settle

from unbroken.core.game import Game
from unbroken.home.settings import Settings, save_settings, settings_path
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.attack_cuts import DEFEATS_SHORT
from unbroken.tui.decisions import DecisionPanel
from unbroken.tui.game import GameScreen
from unbroken.tui.option_rows import DEFEATS, fit_options
from unbroken.tui.row_keeps import brief_reason, last_group, top_parts

RULES = load_ruleset()
#: The options' columns at 80x24.
WIDTH = 45


def test_a_dimmed_row_keeps_its_reason_its_name_cut_first() -> None:
    # An attack's "Attack with " goes first, from every attack row alike (29a-5).
    lines = [
        "3. Attack with Heavy blow (break its armor first)",
        "2. Fight the monster now (not now: committed to the next encounter)",
        "a. Craft the Maul: pay 2 wood + 1 metal + 2 time (needs 2 time, 1 left; short of wood)",
    ]
    shown = fit_options(lines, WIDTH, 3, [True] * 3)
    assert shown == [
        "3. Heavy blow (break its armor first)",
        "2. Fight the monster now (not now: committed)",  # 33a-7: not a label
        "a. Craft the Maul… (short of wood)",  # the Maul kept whole (31b-13)
    ], shown


def test_no_row_is_cut_while_the_list_leaves_rows_free() -> None:
    # 30a-1: cut in order, the dimmed rows and Focus, one row over; the last cut whole again.
    lines = [
        "1. Attack with Punch: wound 1 - pay 2 SE",
        "2. Focus: pay 4 SE, gain 1 ME (it takes your turn)",
        "3. Aimed Shot [Hunter] (pay 2 SE, 1 ability use; it takes your turn): inflict 2"
        " wounds that ignore armor",
        "4. Craft the Knife: pay 1 metal + 1 time (cannot pay)",
    ]
    shown = fit_options(lines, WIDTH, 6, [False, False, False, True], [False, False, True, False])
    assert sum(row.count("\n") + 1 for row in shown) == 6, shown
    # With no row left for it whole, a dimmed row takes two with its reason said briefly.
    dimmed = (
        "4. Inspiration: pay 2 ME, gain 1 LE (cannot pay 2 ME: you have 1 LE, which pays only 1 ME)"
    )
    shown = fit_options([lines[0], dimmed], WIDTH, 3, [False, True])
    # Its bracket kept on one row (36a-6: "(cannot" / "pay)").
    assert shown[1] == "4. Inspiration: pay 2 ME, gain 1 LE\n   (cannot pay)", shown


def test_an_items_ability_keeps_defeats_it() -> None:
    lines = [
        "7. Grim Determination (pay 3 SE): inflict 1 wound that ignores armor; take another turn",
        "8. Spike Thrower (Iron Spike) (pay 1 metal; it takes your turn): inflict 2 wounds that"
        " ignore armor — defeats it",
    ]
    shown = fit_options(lines, WIDTH, 2, None, [True, True])
    assert shown[1] == "8. Spike Thrower (Iron Spike)… — defeats it", shown
    shown = fit_options(lines, 60, 2, None, [True, True])
    assert shown[1] == "8. Spike Thrower (Iron Spike) (…): inflict… — defeats it", shown


def test_no_bracket_is_cut_inside() -> None:
    lines = [
        "7. Downgrade: give up the Knife for good (back to your Bare Hands)",
        "4. Focus: pay 4 SE, gain 1 ME (it takes your turn)",
        "6. Plan: pay 4 SE, gain 1 cunning (paid as 3 SE + 1 ME: short of SE)",
    ]
    shown = fit_options(lines, 44, 3)
    assert shown == [
        "7. Downgrade: give up the Knife for good…",
        # Its turn's note kept, said short (36a-5), not dropped whole.
        "4. Focus: pay 4 SE, gain 1 ME (takes turn)",
        "6. Plan: pay 4 SE, gain 1 cunning…",
    ], shown


def test_the_longest_of_rows_as_tall_gives_way_first() -> None:
    lines = [
        "1. Eat 4 food — score 86 (rank: Nemesis)",
        "2. Eat 3 food — score 89 (rank: Nemesis; 1 food kept scores 3)",
        "3. Eat 2 food — score 92 (rank: Nemesis; 2 food kept score 6; hunger takes 3 SE)",
    ]
    shown = fit_options(lines, 60, 4)
    assert "…" not in shown[1] and shown[2] == "3. Eat 2 food — score 92 (rank: Nemesis; …)", shown


def reasons(line: str) -> list[str]:
    """Return the ways a dimmed row may say why it cannot be taken: its reasons whole or
    briefly, all or the one it cannot do without ("cannot pay" of "no armor to break;
    cannot pay 2 SE: …")."""
    parts = top_parts(line[last_group(line) + 1 : -1])
    said = [part for part in parts if not part.startswith("pay ")] or parts[-1:]
    ways = [said, [brief_reason(part) for part in said]]
    return ["; ".join(way) for way in ways] + [*said, *ways[1]]


def faults(screen: GameScreen) -> list[str]:
    """Return what the options as shown break: a dimmed row without its reason, a cut row
    while the list leaves a row free, a bracket cut inside."""
    panel = screen.query_one(DecisionPanel)
    lines, off = panel.offered_now()
    shown = panel.row_shown_all()
    used = sum(row.count("\n") + 1 for row in shown)
    cut = [i for i in range(len(shown)) if panel.is_cut(i)]
    found = []
    if cut and used < min(panel.room, panel.size.height):
        found.append(f"cut over free rows: {shown}")
    for i in cut:
        row = " ".join(shown[i].split())
        if (
            off[i]
            and lines[i].endswith(")")
            and not any(row.endswith(f"({why})") for why in reasons(lines[i]))
        ):
            found.append(f"no reason: {lines[i]!r} -> {row!r}")
        last = shown[i].rpartition("\n")[2]
        if last.count("(") > last.count(")"):  # one opened and never closed
            found.append(f"cut in a bracket: {row!r}")
        # "— defeats" said short where an attack's name would keep fewer than 8 letters
        # (round 32, 32a-11).
        if DEFEATS in lines[i] and DEFEATS_SHORT not in row:
            found.append(f"no defeats: {row!r}")
    return found


async def walk(game: Game, seed: int) -> tuple[int, list[str]]:
    """Play `game` at 80x24 through the screen, the heuristic bot and random choices mixed;
    return the decisions seen and the faults found."""
    app = UnbrokenApp(RULES, animate=False, game=game, record=False)
    pick, seen, found = random.Random(seed), 0, list[str]()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for n in range(300):
            screen = app.screen
            if not isinstance(screen, GameScreen) or screen.game.decision is None:
                break
            found += faults(screen)
            seen += 1
            now = screen.game
            action = (
                heuristic_bot(now, n) if pick.random() < 0.6 else pick.choice(now.legal_actions())
            )
            screen.take(next(i for i, (a, _) in enumerate(screen.offered) if a == action))
            await settle(pilot)
    return seen, found


def test_cut_rows_over_many_decisions_at_80x24(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Its own config and data dirs (hints off: a player past their first game), whatever
    # the test-wide fixture or the environment says: the settings it saves are its own.
    monkeypatch.setenv("UNBROKEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(tmp_path / "data"))
    assert settings_path().is_relative_to(tmp_path), settings_path()
    assert save_settings(Settings(hints=False), settings_path()) == ""
    asyncio.run(cut_rows_over_many_decisions())


async def cut_rows_over_many_decisions() -> None:
    """Walk four games (`walk`) and check the options as shown at every decision."""
    seen, found = 0, list[str]()
    for who, seed in [
        ("kirilla-el-kaer", 1836273135108149384),
        ("maxyn-zenma", 1388035387796060990),
        ("caellahan", 6650507511452220427),
        ("huckdorf", 3),
    ]:
        n, said = await walk(Game.new(RULES, who, "normal", seed=seed), seed)
        seen, found = seen + n, found + said
    assert seen > 100, seen
    assert found == [], "\n".join(dict.fromkeys(found))
