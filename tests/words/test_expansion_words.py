"""What an expansion adds, in words (#28 playtest): a level with seven monsters rolls a
seven-sided die and says so, and the danger track's gift to the monster is said where
the monster's numbers are (the log, the monster card)."""

from __future__ import annotations

from pathlib import Path

from packs import GRITTY
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, write_pack
from unbroken.tui.dice import roll_text
from unbroken.words.events import Narrator, roll_purpose
from unbroken.words.monster import monster_numbers

MONSTER = """
[[monsters]]
id = "brute"
name = "Brute"
level = 1
number = 7
armor = 0
health = 4
text = "Big."
table = [
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
  { result = "MISS" }, { result = "MISS" }, { result = "MISS" },
]
"""


def rules_with_pack(tmp_path: Path) -> Ruleset:
    files = {"monsters.toml": MONSTER, "difficulties.toml": GRITTY}
    plugin = FolderPlugin(write_pack(tmp_path / "x", files))
    return load_plugins(["base", "x"], extra=[("x", plugin)]).ruleset


def revealed(rules: Ruleset, seed: int) -> tuple[Game, list[str]]:
    """Start a Gritty game, Fight at once (the monster is revealed); return it and its log."""
    game = Game.new(rules, "tomu", "x:gritty", seed)
    game.apply(act.Fight())
    narrator = Narrator(rules)
    return game, [line for e in game.events if (line := narrator.describe(e))]


def test_the_danger_track_is_said_in_one_sentence_with_what_it_gives(tmp_path: Path) -> None:
    # R-MONSTER-1: level 1 lands on space 2 (the green space 1 is skipped): +1 armor.
    rules = rules_with_pack(tmp_path)
    game, log = revealed(rules, 3)
    line = next(x for x in log if x.startswith("The monster is revealed"))
    # What skipping means is said with it (#28 round 11).
    assert line.endswith(
        "Danger track: space 2 gives it +1 armor; 1 space skipped on the way "
        "(passed over: it gives nothing)."
    ), line


def test_the_monster_card_says_the_danger_tracks_armor_and_health(tmp_path: Path) -> None:
    # R-MONSTER-1: the armor on the card is the sheet's plus the danger track's.
    rules = rules_with_pack(tmp_path)
    game, _ = revealed(rules, 3)
    mo = game.state.monster
    assert mo is not None
    sheet = rules.monsters[mo.id]
    numbers = monster_numbers(game.state, rules)
    # The printed number said first (#28 round 22: "armor 2 (+1 danger track)" read as 3).
    said = f"armor {sheet.armor + 1} (printed {sheet.armor}, +1 danger track)"
    assert numbers == f"{said}, health {sheet.health}", numbers
    mo.armor = 0  # after two breaks: 0 of the 2 in play
    broken = f"armor 0/{sheet.armor + 1} (printed {sheet.armor}, +1 danger track)"
    assert monster_numbers(game.state, rules).startswith(broken)


def test_the_monster_die_of_a_level_with_seven_monsters_says_it_has_seven_sides(
    tmp_path: Path,
) -> None:
    # R-MONSTER-1: seven monsters at level 1, one side each.
    rules = rules_with_pack(tmp_path)
    assert len(rules.monsters_of_level(1)) == 7
    game, log = revealed(rules, 3)
    roll = next(e for e in game.events if isinstance(e, ev.DieRolled) and e.purpose == "monster")
    # The log says what the roll picked; what a 7 would bring read as the result (#28
    # round 18): the die's kind only, then the monster revealed next.
    mo = game.state.monster
    assert mo is not None
    picked = rules.card_name(mo.id)
    said = f"(which monster, a roll of 1 to 7, one per monster): the {picked}."
    assert f"The die shows {roll.value} {said}" in log
    assert "a 7 is the" not in log
    assert roll_purpose("monster", rules) == "which monster"  # a six-sided die says nothing


def test_the_stage_draws_a_seven_sided_die_without_a_six_sided_face(tmp_path: Path) -> None:
    # R-MONSTER-1: the stage's die (unbroken.tui.dice) shows a 7-sided die's roll as a
    # number with its sides, never as a d6 face (the playtest read "⚂ 3" as a d6).
    rules = rules_with_pack(tmp_path)
    game, _ = revealed(rules, 3)
    roll = next(e for e in game.events if isinstance(e, ev.DieRolled) and e.purpose == "monster")
    shown = roll_text(roll, rules, level=1)
    assert (
        shown
        == f"[{roll.value}] (which monster, a roll of 1 to 7, one per monster; a 7 is the Brute)"
    ), shown
    assert roll_text(roll, rules, level=2).startswith("⚀⚁⚂⚃⚄⚅"[roll.value - 1])


def test_a_danger_track_says_how_its_marker_advances(tmp_path: Path) -> None:
    # The danger track (a difficulty's `danger`, core.combat.danger_space): one space a
    # level as the monster is revealed, past the skipped colour, never past the last; the
    # card (and so help's search, which reads it) says so (#28 playtest round 3).
    from unbroken.words.cards import describe_card

    rules = rules_with_pack(tmp_path)
    lines = " ".join(line.strip() for line in describe_card(rules, "x:gritty"))
    assert (
        "The marker starts off the track and moves one space each level as the monster is "
        "revealed (past every green space), never past the last space: level 1 on space 2, "
        "level 2 on space 3, level 3 on space 3, level 4 on space 3."
    ) in lines, lines


def test_the_revealed_monster_says_its_printed_numbers_beside_the_tracks(
    tmp_path: Path,
) -> None:
    # #28 round 14: "Troglodyte (armor 1, health 4). Danger track: space 4 gives it +1
    # health" did not say the 4 already held the +1; the printed number is said beside it.
    rules = rules_with_pack(tmp_path)
    shown = ev.MonsterRevealed("x:brute", 0, 5, danger=1)
    line = Narrator(rules).describe(shown) or ""
    assert line.startswith(
        "The monster is revealed: Brute (armor 0, health 5; printed health 4)."
    ), line
    assert line.endswith("Danger track: space 1 gives it +1 health."), line
