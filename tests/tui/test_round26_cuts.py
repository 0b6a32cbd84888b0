"""Round 26's playtests: an option cut to one row is cut between words, never inside one
(26a-12: "a. Craft the Sword: pay 2 meta… (cannot pay)", "8. Forage [Hunter] (pay 2 time,
1 ability u…")."""

from __future__ import annotations

from unbroken.tui.option_rows import cut_defeats, cut_kept, cut_words, fit_options


def test_a_dimmed_craft_cut_keeps_whole_words() -> None:
    line = "a. Craft the Sword: pay 2 metal + 2 time (cannot pay)"
    shown = cut_kept(line, 44)
    assert shown.endswith(" (cannot pay)")
    assert "meta…" not in shown
    body = shown.removesuffix(" (cannot pay)").removesuffix("…")
    assert line.startswith(body)
    assert line[len(body)] == " "  # ends at a word's end


def test_a_usable_option_cut_keeps_whole_words_and_no_bare_amount() -> None:
    lines = [
        "8. Forage [Hunter] (pay 2 time, 1 ability use): gain 2 food",
        "9. Rest: gain 1 time",
    ]
    shown = fit_options(lines, 44, 2)
    # Its bracket never left open (#28 round 26's leftover); since round 28 (28b-7's
    # leftover) it gives way to what the ability does: "(pay 2 time, …)" said nothing of it.
    assert shown[0] == "8. Forage [Hunter] (…): gain 2 food"
    shown = fit_options(["8. Forage [Hunter] (pay 2 time, 1 ability use)", lines[1]], 44, 2)
    assert shown[0] == "8. Forage [Hunter] (pay 2 time, …)"  # closed after whole parts


def test_cut_words_falls_back_to_letters_when_one_word_fills_the_row() -> None:
    assert cut_words("Supercalifragilistic words", 10) == "Supercali…"
    assert cut_words("short", 10) == "short"
    # An amount whose unit is cut goes with it; one before a separator stays.
    assert cut_words("Craft the Sword: pay 2 metal + 2 time", 27) == "Craft the Sword: pay…"
    assert cut_words("Attack with Stab: wound 2 - pay 2 SE", 29) == "Attack with Stab: wound 2…"


def test_a_finishing_blow_cut_keeps_defeats_it() -> None:
    # 26b-7, 14 options at 80x24: "3. Attack with Stab: wound 2 - pay 2 SE — d…".
    stab = "3. Attack with Stab: wound 2 - pay 2 SE — defeats it: 1 metal; Scavenger +1 wood"
    for width in (44, 52, 60):
        shown = cut_defeats(stab, width)
        assert len(shown) <= width and "defeats it" in shown, shown
    assert cut_defeats(stab, 44) == "3. Attack with Stab: wound 2… — defeats it"
    rows = fit_options([stab, "4. Rest"], 44, 2)
    # Round 28: an attack's row keeps its cost too ("Attack with " goes first).
    assert rows[0] == "3. Stab: wound 2 - pay 2 SE — defeats it…"
