"""The achievements sheet's columns (#28 playtest round 8): one per difficulty of the
ruleset, a plugin's too, then any other difficulty something was earned on."""

from __future__ import annotations

from unbroken.records import SheetRow, sheet_columns

BASE = [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]


def test_a_plugins_difficulty_has_its_column_after_the_base_ones() -> None:
    sheet = [SheetRow("base:payday", "Payday", "", False, {"gauntlet:expert": 4})]
    expert = ("gauntlet:expert", "Expert")
    assert sheet_columns([*BASE, expert], sheet) == [*BASE, expert]


def test_a_difficulty_no_longer_loaded_keeps_a_column_named_by_its_id() -> None:
    # An Expert win recorded before the Gauntlet was turned off is still shown.
    sheet = [
        SheetRow("base:payday", "Payday", "", False, {"gauntlet:expert": 4, "normal": 2}),
        SheetRow("base:ascetic", "Ascetic", "", False, {}),
    ]
    assert sheet_columns(BASE, sheet) == [*BASE, ("gauntlet:expert", "gauntlet:expert")]
