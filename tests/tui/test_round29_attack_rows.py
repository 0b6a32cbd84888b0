"""Round 29's playtest (#28, 29a-5): attack rows dropped "Attack with", what the attack
does and "— defeats it" unevenly ("2. Quick cut: wound 1… - pay 1 SE" under "3. Attack
with Stab: wound 2… - pay 2 SE"), and a killing blow's row lost "wound 5" and "— defeats
it" ("3. Decisive stroke… - pay 2 SE + 1 LE…"). What gives way, in order: the notes, the
wound's reason in brackets, "Attack with " (on every attack row alike), the cost said
short, the attack's name cut; never "wound N" nor "— defeats it" (but "wound N" for a
warning's words where nothing else fits, round 34's 34a-3)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import mixed_walk
from unbroken.tui.attack_cuts import DEFEATS, DEFEATS_SHORT, cut_attack, is_attack
from unbroken.tui.option_lines import cut_first, option_lines
from unbroken.tui.option_rows import briefest, fit_options
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()
WOUND = re.compile(r": (wound \d+)")


def battle_lists(
    count: int, seed: int = 2_900
) -> Iterator[tuple[list[str], list[list[str]], list[bool], list[bool]]]:
    """Yield each battle turn's options over `count` bot games of every character: their
    lines and shorter ways as drawn, which cannot be taken now and which are cut first."""
    characters = sorted(RULES.characters)
    for i in range(count):
        game = Game.new(RULES, characters[i % len(characters)], "normal", seed + i)
        for now in mixed_walk(game, seed + i):
            offered = now.options()
            if not any(isinstance(a, act.Attack) for a, _ in offered):
                continue
            query = now.query()
            forecasts = {a: query.forecast(a) for a, why in offered if not why}
            lines, briefer = option_lines(now, offered, forecasts)
            no_use = [
                None if why else option_no_use(a, now.state, now.ruleset, forecasts.get(a))
                for a, why in offered
            ]
            yield lines, briefer, [bool(why) for _, why in offered], cut_first(offered, no_use)


def test_attack_rows_keep_their_wound_and_defeats_it_and_say_attack_with_alike() -> None:
    killing = 0
    for lines, briefer, off, wordy in battle_lists(40):
        for width in range(40, 81, 4):
            used = [briefest(line, ways, width) for line, ways in zip(lines, briefer, strict=True)]
            shown = fit_options(used, width, len(lines), off, wordy)  # each to one row
            attacks = [row for line, row in zip(lines, shown, strict=True) if is_attack(line)]
            assert len({"Attack with" in row for row in attacks}) <= 1, (width, shown)
            for line, row, dimmed in zip(lines, shown, off, strict=True):
                if dimmed or DEFEATS not in line or not is_attack(line):
                    continue
                killing += 1
                wound = WOUND.search(line)
                # A warning ends the row after them, said short (31b-3), in words, never
                # by its mark alone (round 34, 34a-3: "— defeats — ⚠" said nothing).
                said, *warned = " ".join(row.split()).split(" — ⚠")
                assert bool(warned) == (" — ⚠ " in line), (width, row)
                assert not warned or warned[-1].strip(), (width, row)
                # Said short ("— defeats") where its name would be cut below 8 letters
                # otherwise (round 32, 32a-11).
                ends = (DEFEATS.strip(), f"{DEFEATS.strip()}…", DEFEATS_SHORT.strip())
                assert said.endswith(ends) or f"{DEFEATS}:" in said, (width, row)
                # "wound N" gives way only to a warning's words where nothing else fits
                # ("2. Punch: 2 SE — defeats — ⚠ starve"; "— defeats" says what it does).
                if wound is not None and f": {wound[1]}" not in said:
                    assert warned and len(row) + len(wound[1]) + 3 > width, (width, row)
    assert killing > 100, killing


def test_the_killing_blow_of_the_report_keeps_wound_5_and_defeats_it() -> None:
    """29a-5's Minotaur: "3. Decisive stroke… - pay 2 SE + 1 LE…" at 44 columns."""
    line = (
        "3. Attack with Decisive stroke: wound 5 (Armored −1) - pay 2 SE + 1 LE — defeats it:"
        " 2 cunning + 1 metal; Second Wind +3 SE"
    )
    # Its notes go, then its wound's reason, then "Attack with ", its cost said short, and
    # last its name is cut: "wound 5" and "— defeats it" stay.
    assert cut_attack(line, 80) == (
        "3. Attack with Decisive stroke: wound 5… - pay 2 SE + 1 LE — defeats it…"
    )
    assert cut_attack(line, 60) == "3. Decisive stroke: wound 5… - pay 2 SE + 1 LE — defeats it…"
    assert cut_attack(line, 52) == "3. Decisive str…: wound 5… - 2 SE+1 LE — defeats it…"
    # Round 32 (32a-11): "3. Deci…" named nothing; the name keeps 8 letters, the marks of
    # what was left out and "it" of "— defeats it" going first (test_round32_attack_names).
    assert cut_attack(line, 44) == "3. Decisive…: wound 5… - 2 SE+1 LE — defeats"


def test_the_gremlins_rows_say_attack_with_on_all_or_none() -> None:
    """29a-5's Gremlin: "2. Quick cut: wound 1… - pay 1 SE" under "3. Attack with Stab:
    wound 2… - pay 2 SE"."""
    lines = [
        "1. Attack with Pry: break 1 armor - pay 2 SE (no use now: it has no armor)",
        "2. Attack with Quick cut: wound 1 (Weakened −1; wound 2 if Lucky used) - pay 1 SE",
        "3. Attack with Stab: wound 2 (Weakened −1) - pay 2 SE",
    ]
    shown = fit_options(lines, 44, 3, [False, False, False], [True, False, False])
    assert shown == [
        "1. Pry: break… (no use now: it has no armor)",
        "2. Quick cut: wound 1 (Weakened…) - pay 1 SE",
        "3. Stab: wound 2 (Weakened −1) - pay 2 SE",
    ], shown
    # With room for every row's "Attack with ", every row says it.
    shown = fit_options(lines, 60, 3, [False, False, False], [True, False, False])
    assert all(row.startswith(f"{n}. Attack with ") for n, row in enumerate(shown, 1)), shown
