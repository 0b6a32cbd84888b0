"""#28 round 23: Tough as Nails ("when a WOUND result would cost you 3 or more effort")
was offered at the Vampire's "WOUND lose 2 SE (Armored −1)": the player could not tell
whether 3 was printed. Armored's Plates act after the Responses (R-EFFECT-3), so the
threshold counts the printed 3: the row and the Response's option say which is which."""

from __future__ import annotations

from games import at_the_vampires_wound as vampires_wound
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.rows import row_effect

RULES = load_ruleset()
SHRUG = act.Use("base:tough-as-nails", "tough-as-nails-shrug")


def at_the_vampires_wound(armored: bool) -> Game:
    """Tomu (Tough as Nails) in the wound_loss window of the Vampire's WOUND (3 SE)."""
    return vampires_wound(
        Scenario("tomu", level=4).resources(se=12).skills("tough-as-nails"), armored, SHRUG
    )


def test_the_response_says_it_counts_the_loss_before_armored() -> None:
    game = at_the_vampires_wound(armored=True)
    line = option_text(SHRUG, "", game.state, RULES)
    assert line.startswith(
        "Tough as Nails (once per battle; counts the 3 SE before Armored −1, needs 3 or more): "
    ), line
    assert line.endswith("Vampire's WOUND: lose 1 SE"), line


def test_without_a_passive_the_numbers_said_are_the_ones_counted() -> None:
    game = at_the_vampires_wound(armored=False)
    line = option_text(SHRUG, "", game.state, RULES)
    assert "counts the" not in line, line


def test_the_row_says_its_printed_loss_before_the_passive() -> None:
    game = at_the_vampires_wound(armored=True)
    monster = game.state.monster
    assert monster is not None
    row = RULES.monsters[monster.id].table[1]
    said = row_effect(row, game.query().table_row(2), RULES)
    assert said == "lose 2 SE (Armored −1, printed 3)", said
