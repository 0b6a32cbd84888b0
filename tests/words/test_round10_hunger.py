"""README playtest round 10 (#28): what the words left the player to work out."""

from __future__ import annotations

from unbroken.testing import Scenario
from unbroken.tui.help import rules_sections
from unbroken.words.endings import how_lost


def test_starvation_says_me_pays_for_one_se_only() -> None:
    # R-HUNGER-3 and R-RES-4: 2 food missing cost 3 SE; 1 SE and 1 ME pay 2 of them. The
    # death screen said "you had 1 SE, 1 ME, 0 LE" and left the player to wonder why the
    # ME did not pay 2.
    game = Scenario("tomu", level=2).resources(se=1, me=1, food=0).start("hunger")
    (eat_none,) = game.legal_actions()
    game.apply(eat_none)
    assert how_lost(game.events, game.state, game.ruleset) == (
        "2 food were due at the Hunger step of level 2 and you ate 0: the 2 missing cost "
        "3 SE, and you had 1 SE, 1 ME, 0 LE; 1 ME pays for 1 SE only: 1 SE short."
    )


def test_help_s_hunger_rule_says_substitution_is_one_for_one() -> None:
    # R-HUNGER-3 in help (docs/rules.md): "Substitution applies" did not say 1 ME pays
    # for 1 SE only.
    text = " ".join("\n".join(body for _, body in rules_sections()).split())
    at = text.index("For every food you needed but did not eat")  # R-HUNGER-3, no id shown
    hunger = text[at : at + 600]
    assert "1 ME or 1 LE pays for 1 SE only" in hunger, hunger


def test_one_food_due_is_said_in_the_singular() -> None:
    # Round 34 (34a-9): "1 food were due at the Hunger step".
    game = Scenario("tomu", level=1).resources(se=0, me=0, le=0, food=0).start("hunger")
    (eat_none,) = game.legal_actions()
    game.apply(eat_none)
    said = how_lost(game.events, game.state, game.ruleset)
    assert said.startswith("1 food was due at the Hunger step of level 1 and you ate 0"), said
