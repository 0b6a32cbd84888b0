"""The forecast (issue #28): what an option does for certain equals what Game.apply then does.

The property test plays 40 games a run; `python tools/forecast_check.py --games 2000`
holds it over thousands (and with the expansions installed, their cards too)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import A_GAME, play_randomly

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.attacking import attack_choices
from unbroken.core.forecast import CHANCE, FAILED, Forecast
from unbroken.core.game import Game
from unbroken.core.resolver import Resolver
from unbroken.testing import Scenario, check_forecasts, play
from unbroken.words.actions import option_detail, option_text
from unbroken.words.events import Narrator
from unbroken.words.forecast import attack_effect


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_GAME)
def test_the_forecast_never_disagrees_with_what_happens(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:
    game = Game.new(Scenario().rules, character, difficulty, seed)
    play_randomly(game, data, before=check_forecasts)


def attack(game: Game, attack_id: str) -> Forecast:
    return game.query().forecast(act.Attack(attack_id))


def basilisk_without_armor() -> Game:
    """The Basilisk's armor broken, the player's turn with the Sword (decisive stroke 5)."""
    game = (
        Scenario("maxyn-zenma", level=4)
        .resources(se=20, me=3, le=3, metal=2)
        .weapon("knife", "sword")
        .monster("basilisk")
        .dice(4, 6, 4, 6, 4)
        .start("battle")
    )
    play(game, act.PayInstead(), act.Attack("beat-aside"), act.Pass(), act.PayInstead())
    assert game.state.monster is not None and game.state.monster.armor == 0
    return game


def test_the_basilisks_stone_scales_cap_the_wounds_and_are_named() -> None:
    # Stone Scales: no more than 4 wounds in a round (a wound_cap Passive).
    game = basilisk_without_armor()
    f = attack(game, "decisive-stroke")
    assert (f.power, f.wounds) == (5, 4)
    assert f.wounds_prevented
    assert [r.rule for r in f.rules if r.passive == "cap"] == ["Stone Scales"]
    assert attack_effect(f, "wound", game.ruleset) == "4 of 5 wounds (Stone Scales)"
    narrator = Narrator(game.ruleset)
    for event in game.events:
        narrator.describe(event)
    taken = game.apply(act.Attack("decisive-stroke"))
    assert list(f.events) == taken[: len(f.events)]
    # The log names the rule too.
    lines = [narrator.describe(e) for e in taken]
    assert "The monster takes 4 wounds of 5 (Stone Scales): health 8/12." in lines


def test_the_crazed_survivors_fight_says_it_takes_the_weapon() -> None:
    # Grab the Weapon (battle_start): a Basic weapon is downgraded before the first roll.
    game = (
        Scenario("maxyn-zenma", level=2)
        .weapon("knife")
        .monster("crazed-survivor")
        .dice(1)
        .start("trickery")
    )
    f = game.query().forecast(act.Fight())
    assert f.stops == CHANCE  # the Survivor's attack roll comes next
    assert f.weapon == "base:bare-hands"
    assert ("base:crazed-survivor", "Grab the Weapon") in [(r.card, r.rule) for r in f.rules]


def test_paying_an_option_is_forecast_as_paid_after_substitution() -> None:
    # R-RES-4: a cost in ME can be paid with SE when no ME is left.
    game = Scenario(level=1).resources(se=13, me=0, le=0).start("preparation")
    f = game.query().forecast(act.Focus())
    taken = game.fork().apply(act.Focus())
    spent = [e.amounts for e in taken if isinstance(e, ev.Spent)]
    assert [f.paid] == spent
    assert f.gained == {"me": 1}


def test_a_failing_handler_stops_the_forecast_where_it_fails() -> None:
    # The handler raises only when it runs: the forecast says what came before, no error.
    from test_handler_errors import at_the_pool, chill, with_handler

    game = at_the_pool(with_handler(chill))  # Resolve runs the "tide" plugin's handler
    f = game.query().forecast(act.Resolve())
    assert f.stops == FAILED
    assert f.gained == {"food": 1}  # the card's gain comes before its handler


def test_a_queued_monster_rule_is_named_after_the_state_is_copied() -> None:
    # Grab the Weapon waits in the state's queue behind a Response window (Daring):
    # the forecast of passing names it by its ability, though its effects are copies.
    game = (
        Scenario("kirilla-el-kaer", level=2)
        .resources(se=12)
        .weapon("knife")
        .skills("daring")
        .monster("crazed-survivor")
        .dice(3)
        .start("battle")
    )
    assert game.decision is not None and game.decision.kind == "response"
    f = game.query().forecast(act.Pass())
    assert ("base:crazed-survivor", "Grab the Weapon") in [(r.card, r.rule) for r in f.rules]
    assert f.weapon == "base:bare-hands"


def test_fighting_into_certain_starvation_is_warned_of_before() -> None:
    # R-HUNGER-3: 0 food and 3 SE at level 3, 3 food due (1 + 2 + 3 = 6 SE eating none).
    # The Orc's rewards give no food: the fight ends in starvation whatever happens in
    # it (but for food or SE gained another way); the Minotaur's give 2 food: no warning.
    for monster, warned in (("orc", True), ("minotaur", False)):
        game = Scenario("tomu", level=3).resources(se=3, food=0).monster(monster).start()
        ahead = game.query().hunger_ahead()
        assert ahead.starves is warned
        fight = option_text(act.Fight(), "", game.state, game.ruleset)
        assert ("you starve at the Hunger step" in fight) is warned, fight


def test_an_option_that_runs_the_time_out_says_the_monster_ambushes() -> None:
    # R-TRAVEL-1/9: Scout at level 1 costs 1 time; with 1 left the monster ambushes at once.
    game = Scenario("tomu").resources(se=10, cunning=2, time=1).start()
    scout = option_text(act.Scout(), "", game.state, game.ruleset)
    assert "time runs out: the monster ambushes you" in scout


def test_an_attack_into_a_raised_guard_is_forecast_to_do_nothing() -> None:
    # The Giant Spider rolls DEFEND (5): its guard swallows the next attack (#28 round 2).
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=20)
        .weapon("knife")
        .monster("giant-spider")
        .dice(*[5] * 20)
        .start("battle")
    )
    play(game, act.Skip(), act.Pass())
    assert game.state.monster is not None and game.state.monster.defend
    f = attack(game, "pry")
    assert f.guarded and f.effective_power == 0
    assert option_text(act.Attack("pry"), "", game.state, game.ruleset).startswith(
        "Attack with Pry: break 0 armor (guard up)"
    )
    assert "guard is up" in option_detail(act.Attack("pry"), game.state, game.ruleset)
    assert check_forecasts(game) == len(game.legal_actions())


def test_a_break_refused_under_a_raised_guard_says_what_lowers_it() -> None:
    # R-BATTLE-3/4: no armor left, so Crack cannot be made; the guard is spent by any
    # weapon attack, and the reason says so (#28 round 4: the player paid for Bash
    # without knowing a cheaper way, or that there was one).
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=20)
        .weapon("club")
        .monster("giant-spider")
        .dice(*[5] * 20)
        .start("battle")
    )
    play(game, act.Attack("crack"))
    while game.decision is not None and game.decision.kind == "response":
        play(game, act.Pass())
    mo = game.state.monster
    assert mo is not None and mo.armor == 0 and mo.defend
    why = dict(attack_choices(Resolver(game.ruleset, game.state)))[act.Attack("crack")]
    assert why == "no armor to break; another weapon attack lowers the guard"
