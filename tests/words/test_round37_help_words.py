"""Round 37's help items (#28, README-only testers): help's Key terms said "The die — an
ordinary six-sided die. In this game every roll is a whole number from 1 to 6" while, with
both expansions on, the log said "The die shows 2 (which monster, a roll of 1 to 7, one per
monster)" and the stage "die [6] of 7: Barrow Hound" (37b-4); and help's screen said of the
▲▼ marks only "the log says each", where the "Taken for you" line now adds a mark up by
cause (w53's note on 36a-7)."""

from __future__ import annotations

import re
from pathlib import Path

from unbroken.core import actions as act
from unbroken.testing import Scenario, expansions_from_source
from unbroken.tui.dice import die_face
from unbroken.tui.help import rules_sections
from unbroken.tui.help_pages import THE_SCREEN
from unbroken.words.dice import many_sides
from unbroken.words.mark_causes import change_causes

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
README = Path(__file__).resolve().parents[2] / "README.md"
BOTH = {"gauntlet": "unbroken_gauntlet", "unearthed": "unbroken_unearthed"}


def _rules_text() -> str:
    return " ".join("\n".join(body for _, body in rules_sections()).split())


def _monster_die_sides() -> int:
    """The most sides a level's monster die has with both expansions on, as the engine
    rolls it (R-MONSTER-1)."""
    with expansions_from_source(PLUGINS, BOTH) as rules:
        return max(rules.monster_die(level) for level in range(1, 5))


def test_key_terms_die_says_the_monsters_roll_as_the_engine_rolls_it() -> None:
    # 37b-4: Key terms said every roll is 1 to 6; with the expansions the monster's is 1 to 7.
    sides = _monster_die_sides()
    assert sides > 6, sides
    text = _rules_text()
    term = text[text.index("**The die**") : text.index("## 1.")]
    assert "every roll is a whole number from 1 to 6" not in term, term
    assert "1 to the number of monsters" in term, term
    # The log's words and the stage's, as the code says them for that die.
    assert many_sides(sides).removesuffix(", one per monster") in term, term
    assert f"die {die_face(6, sides)} of {sides}" in term, term


def test_every_rules_statement_of_the_die_allows_the_monsters_roll() -> None:
    # 37b-4: each statement about the die (R-MONSTER-1, R-DIGI-1) says the monster's roll
    # goes past 6 with an expansion, and the stage's die as it shows it.
    sides = _monster_die_sides()
    text = _rules_text()
    monster = text[text.index("Revealing the monster.") : text.index("The monster tracker.")]
    assert f"{many_sides(sides)})" in monster, monster
    assert f"die {die_face(3, sides)} of {sides}" in monster, monster
    assert "names the faces past 6" not in monster  # every face of it is a number
    digi = text[text.index("Determinism.") : text.index("Events.")]
    assert "1 to the number of the level's monsters" in digi, digi


def _hyena_causes() -> str:
    """What the "Taken for you" line adds up for round 36's Hyena (36a-7): Bribing the
    Whelps kept with no treasure, the Rest taken for you, the Hyena's ambush and first
    strike on Hard."""
    game = (
        Scenario("tomu", seed=3, difficulty="hard")
        .resources(se=10, time=1)
        .encounters("bribing-the-whelps", "metal-scraps", "a-safe-place")
        .monster("hyena")
        .dice(*[3] * 20)
        .start("exploration")
    )
    since = len(game.events)
    game.apply(act.ChooseEncounter("base:bribing-the-whelps"))
    while len(game.legal_actions()) == 1:  # the answers taken for the player
        game.apply(game.legal_actions()[0])
    return change_causes(game.events[since:], game.ruleset)


def test_help_and_readme_say_the_taken_for_you_line_adds_a_mark_up_by_cause() -> None:
    causes = _hyena_causes()
    assert re.fullmatch(r"SE ▼−\d+: .+\.", causes), causes
    for name, text in (("help", THE_SCREEN), ("README", README.read_text())):
        said = " ".join(text.split())
        assert causes in said, (name, causes)
        at = said.index(causes)
        assert '"Taken for you' in said[at - 250 : at], (name, said[at - 250 : at])
        assert "by cause" in said[at - 250 : at], name
