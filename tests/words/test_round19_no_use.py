"""Round 19's playtest, "could a Response help?" (issue 28): what a README-only player
found the options' "(no use now: …)" say wrong, and what they left out."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_text


def _texts(game: Game) -> dict[act.Action, str]:
    return {a: option_text(a, why, game.state, game.ruleset) for a, why in game.options()}


def test_a_break_attack_with_no_armor_that_cannot_be_paid_says_both() -> None:
    # Round 19: "Pry (no armor to break)" at 0 SE hid that it could not be paid either.
    poor = Scenario("tomu").resources(se=0, me=0, le=1).weapon("knife").monster("hyena")
    game = poor.start("battle")
    why = dict(game.options())[act.Attack("pry")]
    assert why.startswith("no armor to break") and "cannot pay" in why
    text = _texts(game)[act.Attack("pry")]
    assert "no armor to break" in text and "cannot pay 2 SE" in text
    # Where it could be paid, only the armor is said.
    rich = Scenario("tomu").resources(se=3).weapon("knife").monster("hyena").start("battle")
    assert dict(rich.options())[act.Attack("pry")] == "no armor to break"


def _second_breath(**res: int) -> str:
    game = Scenario("tomu", level=2).resources(**res).encounters("second-breath").start()
    game.apply(act.Explore())
    keep = act.ChooseEncounter("base:second-breath")
    return option_text(keep, "", game.state, game.ruleset)


def test_a_substitution_that_gains_more_than_it_pays_is_of_use() -> None:
    # Round 19: Second Breath (1 ME -> 5 SE) paid as 1 LE with no ME gains 5 SE for 1 LE:
    # a trade, not "no use now" (compared by amounts, not only by the efforts' kinds).
    text = _second_breath(se=2, me=0, le=3)
    assert "no use now" not in text and "paid as 1 LE" in text
    # At 19 SE the cap keeps 1 SE of the 5: 1 LE for 1 SE is no use, and it says what it keeps.
    text = _second_breath(se=19, me=0, le=3)
    assert "no use now" in text and "to gain 1 SE, the cap takes the rest" in text
    # At the cap it gains nothing; said once.
    text = _second_breath(se=20, me=0, le=3)
    assert text.count("no use now") == 1 and "gain nothing" in text
