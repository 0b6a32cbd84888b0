"""Round 31 (#28, play31a): the words of a payment and of a no-use reason."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail, option_text
from unbroken.words.paying import substitution

RULES = load_ruleset()


def test_a_payment_none_of_the_asked_effort_pays_says_it_pays_it_all() -> None:
    # 31a-10: Brute Force at 0 ME read "Paid as 1 LE: short of ME, LE pays the rest.".
    assert substitution({"me": 1}, {"le": 1}) == "short of ME, LE pays it all"
    assert substitution({"se": 4}, {"me": 2, "le": 2}) == "short of SE, ME, then LE pays it all"
    assert substitution({"se": 4}, {"se": 3, "me": 1}) == "short of SE, ME pays the rest"
    game = Scenario("tomu").resources(se=0, me=0, le=4, cunning=0).start("preparation")
    assert option_detail(act.Plan(), game.state, game.ruleset).endswith(
        "Paid as 4 LE: short of SE, LE pays it all."
    )


def test_inspiration_of_no_use_says_which_effort_pays_what_is_short() -> None:
    # 31a-8: with 1 ME and 2 LE the row read "(no use now)", with 0 ME and 1 LE "(cannot
    # pay)": it never said that LE pays what ME lacks, which is why it is of no use.
    rows = {}
    for me, le in ((1, 2), (0, 2)):
        game = Scenario("caellahan", seed=3).resources(se=10, me=me, le=le).start("preparation")
        rows[me] = {a: option_text(a, why, game.state, game.ruleset) for a, why in game.options()}
    assert rows[1][act.Inspiration()] == (
        "Inspiration: pay 2 ME, gain 1 LE (no use now: needs 2 ME, you have 1, so LE pays the"
        " rest: 1 ME + 1 LE to gain 1 LE)"
    )
    assert rows[0][act.Inspiration()] == (
        "Inspiration: pay 2 ME, gain 1 LE (no use now: needs 2 ME, you have 0, so LE pays it"
        " all: 2 LE to gain 1 LE)"
    )


def test_weak_spot_is_said_in_its_passives_own_words_everywhere() -> None:
    # 31a-9: the option "Keep Weak Spot: Wounding weapon attacks ignore armor." and the
    # Shove row's "(no use now: with Weak Spot your wounding attacks ignore armor)" said it
    # two ways: whether an ability's wounds count was left open. They do not (R-BATTLE-3:
    # the Passive acts on weapon attacks, core.combat); every place says the Passive's words.
    from unbroken.core import model as m
    from unbroken.words.actions import label
    from unbroken.words.no_use import armor_why

    (passive,) = RULES.card_abilities("base:weak-spot")
    assert passive.text == "Wounding weapon attacks ignore armor."
    keep = label(act.ChooseSkill("base:weak-spot"), _hobgoblin().state, RULES)
    assert keep == "Keep Weak Spot: Wounding weapon attacks ignore armor."
    game = _hobgoblin("weak-spot")
    assert armor_why(game.state, RULES) == "with Weak Spot, wounding weapon attacks ignore armor"
    crack = option_text(act.Attack("crack"), "", game.state, RULES)
    assert crack.endswith("(no use now: with Weak Spot, wounding weapon attacks ignore armor)")
    assert isinstance(passive.modifiers[0], m.IgnoreArmor)


def _hobgoblin(*skills: str) -> Game:
    """Caellahan with the Club at the Hobgoblin (armor 2), on his turn."""
    game = (
        Scenario("caellahan", level=4)
        .resources(se=10, me=3)
        .weapon("club")
        .skills(*skills)
        .monster("hobgoblin")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )
    while game.decision is not None and game.decision.kind != "player_turn":
        game.apply(act.Pass())
    return game
