"""Round 22's playtest (issue 28): a Blessed that has given its use, Frightened's rounds,
a weapon on offer weaker than the one in hand."""

from __future__ import annotations

from pathlib import Path

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.actions import label
from unbroken.words.cards import condition_in_play
from unbroken.words.events import Narrator

RULES = load_ruleset()


def test_healing_herbs_does_not_warn_of_removing_a_blessed_that_has_given_its_use() -> None:
    # R-ABILITY-1 R-COND-1: "(time 2; it would remove Blessed, which helps you)" in level 4,
    # the extra use already given: removing it then costs nothing.
    for active, warned in ((True, False), (False, True)):
        game = (
            Scenario("huckdorf", level=4)
            .resources(food=2)
            .encounters("healing-herbs")
            .condition("blessed", active=active)
            .start("exploration")
        )
        offer = act.ChooseEncounter("base:healing-herbs")
        text = label(offer, game.state, RULES)
        assert text.startswith("Healing Herbs: ")
        assert ("it would remove Blessed, which helps you" in text) is warned
        game.apply(offer)
        text = label(act.Resolve(), game.state, RULES)
        assert ("it would remove Blessed, which helps you" in text) is warned


def test_the_hand_says_blessed_has_given_its_use() -> None:
    # "Blessed: 1 more ability use at the start of the level." all through level 4.
    game = (
        Scenario("huckdorf", level=4)
        .condition("blessed")
        .condition("amnesia", active=False)
        .start("preparation")
    )
    blessed, amnesia = game.state.conditions
    assert condition_in_play(blessed, RULES) == (
        "Blessed (given)",
        "1 more ability use at the start of the level.",
    )
    assert condition_in_play(amnesia, RULES)[0] == "Amnesia (next level)"


def _log(game: Game, narrator: Narrator, start: int) -> list[str]:
    lines = [narrator.describe(e) for e in game.events[start:]]
    return [part for line in lines if line for part in line.split("\n") if "Frightened" in part]


def test_frightened_counts_its_rounds_after_this_one_when_gained_and_when_extended() -> None:
    # R-COND-1 R-BATTLE-6: a second ROAR extends Frightened by 2 rounds. The log said
    # "Frightened: 4 rounds left." then "Frightened: 3 rounds left." back to back (the
    # round under way ends with a tick), and the first ROAR's round ended without one.
    # Round 29 (#28): a round's end said "3 rounds left" while the Hand, in the next round,
    # said "2 rounds after this one": the round's end names the round about to start.
    game = Scenario("tomu", level=2).monster("bear").dice(4, 3, 1, 1, 1).start("battle")
    narrator = Narrator(RULES)
    for e in game.events:
        narrator.describe(e)
    said: list[list[str]] = []
    for _ in range(5):
        start = len(game.events)
        game.apply(act.Skip())
        said.append(_log(game, narrator, start))
    assert said == [
        ["You gain Frightened now for 2 rounds after this one."],  # round 1: ROAR
        [
            "Frightened: now for 3 rounds after this one.",
            "Frightened: round 3 and 2 rounds after it.",  # round 2 ends
        ],
        ["Frightened: round 4 and 1 round after it."],
        ["Frightened: ends with round 5."],
        ["Frightened leaves play."],  # round 5: the 3 rounds after round 2 are over
    ]


def test_the_log_counts_a_conditions_rounds_as_the_hand_does_at_each_round() -> None:
    # The Hand in each round says the rounds after it; the round's end before it said the
    # same count, from the round about to start (#28 round 29).
    game = Scenario("tomu", level=2).monster("bear").dice(4, 3, 1, 1, 1).start("battle")
    narrator = Narrator(RULES)
    for e in game.events:
        narrator.describe(e)
    checked = 0
    for _ in range(4):
        start = len(game.events)
        game.apply(act.Skip())
        said = _log(game, narrator, start)
        frightened = [c for c in game.state.conditions if c.id == "base:frightened"]
        if not frightened or not said[-1].startswith("Frightened: "):
            continue  # round 1: gained in it, no tick
        round_now = game.state.round
        # "Frightened (2 rounds after this one)", "Frightened (ends with this round)"
        hand = condition_in_play(frightened[0], RULES, round_now)[0]
        if "after this one" in hand:
            after = hand.split("(")[1].split(" after")[0]
            assert said[-1] == f"Frightened: round {round_now} and {after} after it.", (said, hand)
        else:
            assert said[-1] == f"Frightened: ends with round {round_now}.", (said, hand)
        checked += 1
    assert checked == 3


def test_weapons_on_offer_weaker_than_the_one_in_hand_say_so() -> None:
    # "Sexton's Cache: … take a weapon: Sling (you fight with it, your Longbow kept under
    # it)": paying for a weaker weapon on top was not said. The base game's Weapon Rack
    # over an Axe (crafted from a Club; the Knife is Basic) is the same case.
    for top, said in (
        (
            "axe",
            "take a weapon or none: Club or Knife (the Club and the Knife are both weaker than"
            " your Axe, yet you would fight with the one taken: your Axe goes under it)",
        ),
        (
            "maul",
            "take a weapon or none: Club or Knife (the Club and the Knife are both weaker than"
            " your Maul, yet you would fight with the one taken: your Maul goes under it)",
        ),
        (
            "knife",
            "take a weapon or none: Club (you fight with it, your Knife kept under it; not"
            " the Knife: you have it)",
        ),
    ):
        game = Scenario("huckdorf").weapon(top).encounters("weapon-rack").start("exploration")
        text = label(act.ChooseEncounter("base:weapon-rack"), game.state, RULES)
        assert said in text, text


def test_sextons_cache_says_its_sling_is_weaker_than_a_longbow() -> None:
    # R-WEAPON-1/2: the Longbow is crafted from the Sling; a Sling taken is fought with.
    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"unearthed": "unbroken_unearthed"}) as rules:
        game = (
            Scenario("huckdorf", ruleset=rules)
            .resources(cunning=1)
            .weapon("unearthed:longbow")
            .encounters("unearthed:sexton-cache")
            .start("exploration")
        )
        text = label(act.ChooseEncounter("unearthed:sexton-cache"), game.state, rules)
    assert (
        "take a weapon or none: Sling (the Sling is weaker than your Longbow, yet you would fight"
        in text
    ), text
