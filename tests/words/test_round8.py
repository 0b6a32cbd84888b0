"""Round 8's words (#28): what a README-only playtester could not work out from the game."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.cards import difficulty_text
from unbroken.words.endings import how_lost
from unbroken.words.events import Narrator


def test_a_weapon_offer_names_the_weapon_in_hand_after_a_craft() -> None:
    # Round 8: with the Sword in hand (crafted from the Knife), the Weapon Rack read
    # "take a weapon: Club (you have the Knife)". The Knife is under the Sword (R-WEAPON-1)
    # and so not offered (R-REWARD-2); the offer names the Sword.
    def scenario(start: str) -> Game:
        return (
            Scenario("tomu")
            .resources(se=10, time=10, metal=2)
            .weapon("knife")
            .encounters("weapon-rack", "catch-a-breath")
            .start(start)
        )

    rack = act.ChooseEncounter("base:weapon-rack")
    game = scenario("exploration")
    assert option_text(rack, "", game.state, game.ruleset) == (
        "Weapon Rack: 1 SE -> take a weapon or none: Club"
        " (you fight with it, your Knife kept under it;"
        " not the Knife: you have it) (time 2)"
    )
    game = scenario("preparation")
    game.apply(act.Craft("base:sword"))
    game.apply(act.Explore())
    assert game.state.weapons[-1] == "base:sword"
    assert rack in game.legal_actions()
    assert option_text(rack, "", game.state, game.ruleset) == (
        "Weapon Rack: 1 SE -> take a weapon or none: Club (the Club is weaker than your Sword,"
        " yet you would fight with it: your Sword goes under it; not the Knife: you have it,"
        " under your Sword) (time 2)"  # round 16's words, round 22's "weaker", round 24's "yet"
    )


def test_the_death_sentence_says_why_a_larger_effort_did_not_pay() -> None:
    # Round 8: "The Wight's WOUND (roll 4: 2 SE) asked for more effort than you had: 0 SE,
    # 0 ME, 1 LE." The player had read that a larger effort pays when the smaller is
    # lacking: it pays one for one (R-RES-4), and the sentence says so.
    scene = Scenario("tomu", level=3).resources(se=0, me=0, le=1).monster("orc").dice(2)
    game = scene.start("battle")
    game.apply(act.Skip())
    assert how_lost(game.events, game.state, game.ruleset) == (
        "The Orc's WOUND (roll 2: 2 SE) asked for more effort than you had: 0 SE, 0 ME, "
        "1 LE; 1 LE pays for 1 SE only: 1 SE short."
    )
    scene = Scenario("tomu", level=3).resources(se=1, me=0, le=0).monster("orc").dice(2)
    game = scene.start("battle")
    game.apply(act.Skip())
    assert how_lost(game.events, game.state, game.ruleset).endswith("0 LE; 1 SE short.")


def test_a_rows_fallback_is_said_as_the_fallback_in_the_log() -> None:
    # Round 8: DAZE ("lose 1 ME, gain 2 SE; lose 2 SE if unable") taken with no ME was
    # logged as "You lose 2 SE", as if the row asked that (R-RES-6).
    def lines(me: int) -> list[str]:
        scene = Scenario("tomu").resources(se=5, me=me).monster("shrieking-fungus").dice(4)
        game = scene.start("battle")
        game.apply(act.Skip())
        teller = Narrator(game.ruleset)
        said = (teller.describe(e) for e in game.events)
        return [line for line in said if line and line.startswith("You lose")]

    assert lines(me=0) == [
        "You lose 2 SE [Shrieking Fungus] (unable to lose 1 ME: lose 2 SE instead)."
    ]
    assert lines(me=1) == ["You lose 1 ME [Shrieking Fungus]."]


def test_a_danger_track_is_said_level_by_level_where_the_difficulty_is_chosen() -> None:
    # Round 8: the New game screen read Expert's "(green spaces skipped)", which only help
    # explained. After the text it says what the track gives each level's monster
    # (a track as the Gauntlet's Expert has: the marker skips the green spaces).
    green, amber, red = "green", "amber", "red"
    expert = m.Difficulty(
        id="gauntlet:expert",
        name="Expert",
        text="A danger track (green spaces skipped).",
        skip=[green],
        danger=[
            m.DangerSpace(green, health=1),
            m.DangerSpace(amber, text="a quiet stretch"),
            m.DangerSpace(green, health=1),
            m.DangerSpace(amber, health=1),
            m.DangerSpace(green, health=1),
            m.DangerSpace(red, armor=1),
            m.DangerSpace(green, health=2),
            m.DangerSpace(red, health=2),
        ],
    )
    assert difficulty_text(expert) == (
        # Round 11: what "skipped" means, in one clause.
        # Round 17: which spaces are green, with no board in sight; round 24: said once;
        # 29b-8: that they give nothing first ("the marker passes over every green space:
        # spaces 1, 3, 5 and 7" read as the spaces that give something).
        "A danger track (the green spaces, 1, 3, 5 and 7 of the track's 8, give nothing: "
        "the marker passes over them). That is, the monster gains "
        "nothing on level 1, +1 health on level 2, +1 armor on level 3 and +2 health on level 4."
    )
    plain = m.Difficulty(id="normal", name="Normal", text="The standard game.")
    assert difficulty_text(plain) == "The standard game."
