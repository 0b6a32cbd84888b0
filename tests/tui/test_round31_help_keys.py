"""#28 playtest round 31 (31b): help's search opens a section at the start of the
sentence holding the match (31b-15a), the inspector's `c` has one name, said in help's
Keys as a key (31b-14), and `i`'s time track entry says what R-RES-7 says (31b-2)."""

from __future__ import annotations

from pilot import sync
from playing import help_found
from test_round27_help import shown
from textual.binding import Binding

from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.help_pages import KEYS
from unbroken.tui.help_text import sentence_top
from unbroken.tui.inspector import InspectorScreen
from unbroken.tui.option_rows import cut_kept
from unbroken.tui.rule_terms import BY_ID, term_sections

SENTENCE_ENDS = (".", "!", "?", ".)", '."')


@sync
async def test_a_match_opens_at_the_start_of_its_sentence() -> None:
    # 31b-15a: "/starve" opened "The screen" at "it. food 0 (eat 3) −6 SE…", the tail of
    # the sentence before the one holding the match.
    assert save_settings(Settings()) == ""  # the default layout (another test may set hints off)
    async with help_found(*"starve") as (_, screen):
        section = screen.query_one("#help-section")
        lines = shown(screen)
        assert any("starve" in line for line in lines), lines
        every = [line.text for line in section.lines(section.content_size.width)]
        # The sentence's first line is in view, on top unless the view is at the section's
        # end (a taller pane cannot scroll the section further).
        pane = screen.query_one("#help-text")
        at_end = round(pane.scroll_y) >= round(pane.max_scroll_y)
        starts = [
            i
            for i, line in enumerate(lines)
            if (top := every.index(line)) == 0
            or not every[top - 1].strip()
            or every[top - 1].rstrip().endswith(SENTENCE_ENDS)
        ]
        assert starts and (starts[0] == 0 or at_end), lines[:3]  # the end clamps
        first = lines.index(next(line for line in lines if "starve" in line))
        assert [i for i in starts if i <= first], lines[:3]


def test_the_sentence_top_is_the_nearest_sentence_start_in_reach() -> None:
    assert sentence_top(["A first. Then a", "second.", "Third is here"], 2) == 2
    assert sentence_top(["Done.", "a", "b", "match"], 3) == 1
    assert sentence_top(["Done.", "a", "b", "match"], 3, room=2) == 2  # beyond the view
    assert sentence_top(["- an item", "goes on", "match"], 2) == 0


def test_c_has_one_name_and_help_says_it_as_a_key() -> None:
    keys = [b for b in InspectorScreen.BINDINGS if isinstance(b, Binding) and b.key == "c"]
    names = {b.description for b in keys}
    assert len(names) == 1, names
    rows = [line for line in KEYS.splitlines() if line.startswith("| c |")]
    assert len(rows) == 1, rows
    assert names.pop() in rows[0]
    assert "(`c`)" not in KEYS and "(c)" not in KEYS


def test_the_time_track_entry_says_level_4_keeps_it_until_the_fight() -> None:
    # 31b-2: `i` said "Level 4 has no time track", while level 4's Travel Phase showed
    # "time 30 left" and spent it; R-RES-7: the track goes at the Ambush/Trickery step.
    game = Scenario("tomu", level=4).start("preparation")
    assert game.state.time_track and game.state.res["time"] > 0
    said = " ".join(BY_ID["rule:time-track"].lines)
    assert "Level 4 has no time track" not in said
    assert "Ambush or Trickery step" in said
    section = dict(term_sections())["Time track (rule)"]
    assert "Ambush or Trickery step" in section


def test_a_craft_row_keeps_what_it_crafts_before_all_its_reasons() -> None:
    # 31b-13: "0. Craft the… (needs 2 time; short of metal)": nothing of "Sword" left.
    line = "0. Craft the Sword: pay 2 metal + 2 time (needs 2 time, 1 left; short of metal)"
    for width in range(36, 46):  # 45: the options at 80x24
        row = cut_kept(line, width)
        assert len(row) <= width, (width, row)
        assert row.startswith("0. Craft the Sword"), (width, row)
        assert row.endswith(("(short of metal)", "(needs 2 time; short of metal)")), row
