"""#28 round 34 (34b-6): whether a card kept at an Exploration is of use only to rest on
it is the core's (`Query.rests_only`, core/kept_query.py), not the words': over walked
games, at every Exploration, the core says a card is kept only to rest on it exactly where
the words give it a "no use now" reason (`option_no_use`) and the player can rest."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()


def test_rests_only_where_the_words_say_no_use_and_rest_is_allowed() -> None:
    seen = idle = 0
    for who in sorted(RULES.characters):
        for seed in range(3):
            for now in mixed_walk(Game.new(RULES, who, "normal", 3_400 + seed), 3_400 + seed):
                query = now.query()
                for action, why in now.options():
                    if why or not isinstance(action, act.ChooseEncounter):
                        continue
                    f = query.forecast(action)
                    said = option_no_use(action, now.state, RULES, f)
                    card = RULES.encounters[action.card]
                    expected = bool(said) and not now.state.committed
                    expected = expected and query.can_pay(card.spend)
                    assert query.rests_only(action, f) == expected, (action, said)
                    seen += 1
                    idle += expected
    assert seen > 100 and idle > 0, (seen, idle)


def test_the_caps_leave_crumbs_of_a_hoard_only_a_rest() -> None:
    crumbs = act.ChooseEncounter("base:dragon-hoard-crumbs")
    for treasure, rests in ((7, True), (5, False)):
        hoard = Scenario("tomu").resources(me=2, treasure=treasure)
        game = hoard.encounters("dragon-hoard-crumbs").start("exploration")
        assert game.query().rests_only(crumbs) is rests, treasure
        assert game.query().kept_idle(crumbs) is rests, treasure


def test_a_rest_is_of_use_where_resting_gains_exactly_what_the_rest_records() -> None:
    # 36a-4: a card kept only to rest on is of use where its Rest gains something; over
    # walked games the answer agrees with what taking the Rest then records.
    seen = gains = 0
    for who in sorted(RULES.characters):
        for seed in range(3):
            for now in mixed_walk(Game.new(RULES, who, "normal", 3_400 + seed), 3_400 + seed):
                query = now.query()
                for action, why in now.options():
                    if why or not query.rests_only(action):
                        continue
                    assert isinstance(action, act.ChooseEncounter)
                    got = query.rest(action.card).amounts
                    assert query.rest_of_use(action) == any(got.values()), (action, got)
                    seen += 1
                    gains += query.rest_of_use(action)
    assert seen > 0 and gains > 0, (seen, gains)


def test_sacred_pool_s_rest_is_of_use_below_the_cap_only() -> None:
    pool = act.ChooseEncounter("base:sacred-pool")
    for se, of_use in ((10, True), (20, False)):
        game = Scenario("tomu").resources(se=se).encounters("sacred-pool").start("exploration")
        assert game.query().rests_only(pool), se
        assert game.query().rest_of_use(pool) == of_use, se
