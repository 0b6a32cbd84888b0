"""Round 28's playtest (#28): the stage's die line cut at a clause ended in a bare ";"
during the Paralyzed checks (28a-11)."""

from __future__ import annotations

from unbroken.tui.sheet_head import head_cut


def test_the_die_line_cut_after_a_clause_ends_with_an_ellipsis_not_a_bare_semicolon() -> None:
    # 28a-11: "die ⚄ 5 (monster's combat roll);" on the pages' head, the rest on a page.
    line = "die ⚄ 5 (monster's combat roll); then ⚀ 1 (Paralyzed check)"
    for width in range(len("die ⚄ 5 (monster's combat roll);"), len(line.partition(" (P")[0])):
        head, rest = head_cut(line, width)
        assert (head, rest) == ("die ⚄ 5 (monster's combat roll)…", "then ⚀ 1 (Paralyzed check)")
    assert head_cut("die ⚄ 5, re-roll ⚅ 6: keep which?", 20) == (
        "die ⚄ 5…",
        "re-roll ⚅ 6: keep which?",
    )
    # A colon too (round 30: 30b-15, "die ⚅ 6, re-roll ⚁ 2:" where no row said the rest).
    assert head_cut("die ⚄ 5, re-roll ⚅ 6: keep which?", 22)[0] == "die ⚄ 5, re-roll ⚅ 6…"
