"""Round 18's playtest (#28) at 80x24: Records' words, New game's PgDn, replays' names."""

from __future__ import annotations

from rich.text import Text

from unbroken.tui.records_table import shown


def test_records_at_80_columns_wrap_between_words_and_fit() -> None:
    # Round 18: after a won game the table showed "won (Ne" over "mesis)", beside the
    # plugins' scores wrapped one word a line: textwrap broke the long word.
    won = {"outcome": "won", "rank": "Nemesis", "cause": "-"}
    cells = {"finished": "11-27 23:40", "character": "Kirilla el Kae", "difficulty": "Normal"}
    said = "Gauntlet scorepad 550, Five for a win 1"
    row = {**{k: Text(v) for k, v in {**cells, **won}.items()}, "level": 4, "score": 550}
    rows = [{**row, "cls": Text("Sage"), "alternative_scores": Text(said)}] * 2
    for width in (80, 90):
        kind, columns, table = shown(rows, width)
        assert kind == "narrow", kind
        whole = {"won", "(Nemesis)", "Normal", "Kirilla", "el", "Kae", *said.split()}
        for cell in table[0]:
            for word in str(cell).split():
                assert word in whole or word.isdigit() or "-" in word or ":" in word, (width, word)
        wide = [
            max(len(title), *(len(line) for r in table for line in str(r[k]).split("\n")))
            for k, (title, _) in enumerate(columns)
        ]
        assert sum(wide) + 2 * len(wide) + 4 <= width, (width, wide)
        outcome = [title for title, _ in columns].index("Outcome")
        assert str(table[0][outcome]).split("\n") == ["won", "(Nemesis)"] or (
            str(table[0][outcome]) == "won (Nemesis)"
        )
