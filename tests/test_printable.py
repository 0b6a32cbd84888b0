"""Text from a file or a plugin reaches the terminal printable (issue #17, case 3).

A crafted recording that sets the window title and clears the screen when
`unbroken replays` printed its character raw now shows those bytes as escapes.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from unbroken.cli.command import main
from unbroken.home.paths import replays_dir
from unbroken.plugins import load_ruleset
from unbroken.records import add_game, open_records
from unbroken.words.printable import is_printable, printable, printable_strings

#: Sets the window title to "pwned", then clears the screen; then a right-to-left override.
TITLE_AND_CLEAR = "\x1b]0;pwned\x07\x1b[2J"
SHOWN = "\\x1b]0;pwned\\x07\\x1b[2J"
GOLDEN = sorted((Path(__file__).parents[1] / "replays").glob("*_won.jsonl"))[0]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def crafted(target: Path, **header: object) -> Path:
    """Copy a golden recording with header fields changed."""
    first, rest = GOLDEN.read_bytes().split(b"\n", 1)
    fields = json.loads(first)
    fields.update(header)
    target.write_bytes(json.dumps(fields).encode() + b"\n" + rest)
    return target


def test_printable_writes_controls_escapes_and_bidi_as_visible_escapes() -> None:
    assert printable(TITLE_AND_CLEAR) == SHOWN
    assert printable("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    assert printable("a\x9bb\x7f\u2066") == "a\\x9bb\\x7f\\u2066"
    assert printable("two\nlines\tand\r\n") == "two\\x0alines\\x09and\\x0d\\x0a"
    assert printable("two\nlines\tand\r\n", lines=True) == "two\nlines\tand\r\n"
    assert printable("over\rwrite", lines=True) == "over\\x0dwrite"
    assert printable("Maxyn Zenma — Éowyn [x] ✓") == "Maxyn Zenma — Éowyn [x] ✓"
    assert is_printable("Tomu") and not is_printable("\x1b[2J")
    assert printable_strings({"a\x1b": ["\x07", 1, None]}) == {"a\\x1b": ["\\x07", 1, None]}


def test_replays_lists_a_crafted_character_and_difficulty_as_escapes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = replays_dir()
    crafted(
        folder / "2026-01-01T0000_tomu_easy_seed1_won.jsonl",
        character=TITLE_AND_CLEAR,
        difficulty="\u202eeasy",
    )
    status, out, err = run(["replays"], capsys)
    assert status == 0 and err == ""
    assert "\x1b" not in out and "\u202e" not in out
    shown_difficulty = "\\u202eeasy"
    score = json.loads(GOLDEN.read_bytes().rstrip(b"\n").rsplit(b"\n", 1)[1])["score"]
    # The character column is as wide as its longest name up to 20, a longer one cut with
    # "…" (round 18), the escapes counted as shown.
    assert len(SHOWN) > 20
    character = SHOWN[:19] + "…"
    assert out.splitlines()[1] == (
        f"2026-01-01T0000  -            {character} {shown_difficulty:<10} won     {score:>8}"
    )


def test_a_crafted_file_name_is_printed_as_escapes_by_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "game\x1b[2J.jsonl"
    bad.write_bytes(b"not json\n")
    status, out, _ = run(["verify", str(bad)], capsys)
    assert status == 1
    assert out == (
        f"FAIL  {tmp_path}/game\\x1b[2J.jsonl:1: missing header: line 1 is not a recording "
        "header (is this a replay file?)\n"
    )


def test_scores_shows_a_crafted_records_file_printable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from unbroken import sim
    from unbroken.core.game import Game

    rules = load_ruleset()
    game = Game.new(rules, character="maxyn-zenma", difficulty="normal", seed=1)
    sim.play(game, sim.greedy_bot)
    with open_records() as records:
        add_game(records, game, rules)
        path = records.path
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET character = ?, cause = ?", (TITLE_AND_CLEAR, "\x1b[31mred"))
    db.commit()
    db.close()
    status, out, _ = run(["scores"], capsys)
    assert status == 0
    assert "\x1b" not in out
    assert f"{SHOWN:<16}" in out and "\\x1b[31mred" in out


def test_the_tui_replay_list_shows_a_crafted_character_as_escapes() -> None:
    from textual.widgets import DataTable

    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.replays import ReplayListScreen

    crafted(replays_dir() / "2026-01-01T0000_tomu_easy_seed1_won.jsonl", character=TITLE_AND_CLEAR)

    async def go() -> None:
        app = UnbrokenApp(load_ruleset(), animate=False, seed=1)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(ReplayListScreen())
            await pilot.pause()
            table = app.screen.query_one("#replays", DataTable)
            for _ in range(100):  # the list loads in a worker: wait for it, not a fixed time
                if table.row_count:
                    break
                await asyncio.sleep(0.05)
            row = table.get_row_at(0)
            assert str(row[1]) == SHOWN

    asyncio.run(go())
