"""Round 5's words (#28): what an option's line and detail say."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator


def wound_window(character: str, se: int = 10, me: int = 3) -> Game:
    """The Goblin's 6 (WOUND: lose 2 SE) with the wound_loss window open."""
    game = (
        Scenario(character, level=2)
        .resources(se=se, me=me, cunning=2)
        .monster("goblin")
        .dice(6)
        .start("battle")
    )
    while game.decision is not None and not (
        game.decision.kind == "response" and game.state.trigger == "wound_loss"
    ):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else act.Pass())
    return game


def test_warding_sign_says_the_rolled_row_as_the_other_options_do() -> None:
    # #28 round 5: Warding Sign (lose 2 less, may drop to 0) had no "Goblin's WOUND: …"
    # where Just a Scratch and Pass have one: its loss comes to nothing.
    game = wound_window("tomu")
    ward = act.Use("base:sage", "warding-sign")
    assert ward in game.legal_actions() and game.state.pending_loss == 2
    f = game.query().forecast(ward)
    assert option_text(ward, "", game.state, game.ruleset, f).endswith(
        " — Goblin's WOUND: lose nothing"
    )
    assert option_detail(ward, game.state, game.ruleset, f) == "Goblin's WOUND: lose nothing."
    passed = game.query().forecast(act.Pass())
    assert option_text(act.Pass(), "", game.state, game.ruleset, passed).endswith(
        " — Goblin's WOUND: lose 2 SE"
    )
    # The engine agrees: nothing is lost.
    se = game.state.res["se"]
    game.apply(ward)
    assert game.state.res["se"] == se


def test_a_response_just_used_is_not_said_to_have_failed() -> None:
    # R-ABILITY-1, #28 round 7: right after "You use Warding Sign [Sage]" the log said it
    # "could respond, but no ability use is left", as if the use had failed; it is said
    # at the next WOUND only, as "could respond again".
    game = (
        Scenario("tomu", level=2)
        .resources(se=10, me=3, cunning=2)
        .ability_uses(1)
        .monster("goblin")
        .dice(6, 6, 6)
        .start("battle")
    )
    while game.decision is not None and game.state.trigger != "wound_loss":
        game.apply(act.Skip())
    game.apply(act.Use("base:sage", "warding-sign"))
    game.apply(act.Skip())  # round 2: the Goblin's 6 again
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    used = log.index("You use Warding Sign [Sage] (one ability use): you pay 1 cunning.")
    assert "could respond" not in log[used + 1], log
    said = [x for x in log if "could respond" in x]
    assert said == [
        "Warding Sign [Sage] could respond again, but no ability use is left this level."
    ], log


def test_a_failed_dangerous_idea_says_what_it_did_not_give() -> None:
    # #28 round 7: the success says "You gain 1 time"; a 1 at level 1 said only "The die
    # shows 1 (Sage check)." Dangerous Idea gains 1 time only above the level.
    for roll, words in ((1, ": no time gained (needs more than 1)."), (2, ".")):
        game = Scenario("tomu").resources(cunning=1).dice(roll).start()
        game.apply(act.Use("base:sage", "dangerous-idea"))
        narrator = Narrator(game.ruleset)
        log = [line for e in game.events if (line := narrator.describe(e))]
        assert f"The die shows {roll} (Sage check){words}" in log, log
