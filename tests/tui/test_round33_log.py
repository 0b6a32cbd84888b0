"""#28 playtest round 33: the log panel's top row, the tail of a line begun above it, marked
"…", keeps its words whole (33a-2: "…used) — every result it could lead to is …" /
"better than this one." read "is … better", its "no" cut for the mark's cell; 33b-2:
"…weaker than your Spear, yet you would fig…" / "with it: …")."""

from __future__ import annotations

from pilot import game_screen_of, sync

from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.app import UnbrokenApp
from unbroken.tui.newest_log import TAIL, NewestLog

RULES = load_ruleset()
#: Lines the testers saw cut at the log's top, and lines whose wrap points move when the
#: mark's cell is added (rows filled to their last column).
LONG = [
    "Taken for you: Pass (Dodge [Sneak] not used) — every result it could lead to is no "
    "better than this one.",
    "Taken for you: keep the Club: the Club is weaker than your Spear, yet you would fight "
    "with it: your Spear goes under it; not the Knife, which is gone.",
    "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq "
    "rrrr ssss tttt uuuu vvvv wwww xxxx yyyy zzzz",
    "ab cd ef gh ij kl mn op qr st uv wx yz ab cd ef gh ij kl mn op qr st uv wx yz ab cd "
    "ef gh ij kl mn op qr st uv wx yz ab cd ef gh ij kl mn op qr st uv wx yz.",
]


def no_hints() -> None:
    from unbroken.home.settings import Settings, save_settings

    assert save_settings(Settings(hints=False)) == ""  # the log's rows, no hint's


def panel_rows(log: NewestLog) -> list[str]:
    """Return the log panel's rows as drawn."""
    height = log.scrollable_content_region.height
    return [log.render_line(y).text.rstrip() for y in range(height)]


@sync
async def test_the_marked_top_row_keeps_its_words_whole() -> None:
    no_hints()
    for size in ((80, 24), (100, 30)):
        game = Scenario("tomu").resources(se=10, time=9).start()
        app = UnbrokenApp(RULES, animate=False, game=game, record=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = game_screen_of(app)
            log = screen.query_one("#log", NewestLog)
            marked = kept_all = 0
            for line in LONG:
                screen.write(line)
                words = line.split()
                start = log.starts[-1]
                end = len(log.lines)  # the line's rows: start up to end
                # the line's top rows go above the panel one by one
                for _ in range(log.scrollable_content_region.height + end - start):
                    await pilot.pause()
                    top, rows = round(log.scroll_offset.y), panel_rows(log)
                    if start < top < end:
                        ours = rows[: end - top]  # the line's rows on the panel
                        assert ours[0].startswith(TAIL), ours  # a tail begun above
                        drawn = " ".join(ours)[len(TAIL) :].split()
                        assert not any(row.endswith("…") for row in ours), ours
                        # a whole-word suffix of the line, up to its last word
                        assert drawn == words[len(words) - len(drawn) :], (line, ours)
                        # every word of its rows under the top one kept (at most the top
                        # row's first words go above, with the mark)
                        under = [log.lines[row].text.split() for row in range(top, end)]
                        assert len(drawn) >= sum(map(len, under[1:])), (ours, under)
                        marked += 1
                        kept_all += len(drawn) == sum(map(len, under))
                    screen.write("The Ogre roars.")
            assert marked >= 6, (size, marked)
            assert kept_all, size  # re-wrapped with the mark counted, every word kept
