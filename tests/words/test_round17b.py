"""Round 17's playtest, second part (#28): one level of parentheses on a row a skill
ignores; one wording for DEFEND ("your next weapon attack")."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.query import Query
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.tui.details import detail, rows_of
from unbroken.words.actions import option_text
from unbroken.words.forecast import chance_words
from unbroken.words.forecast_events import event_words
from unbroken.words.keeping import rest_gain
from unbroken.words.rows import row_effect

RULES = load_ruleset()


def test_a_row_wrecker_ignores_names_it_with_one_level_of_parentheses() -> None:
    game = (
        Scenario("tomu", level=1)
        .no_time_track()
        .monster("giant-spider")
        .skills("wrecker")
        .dice(*[6] * 20)
        .start("battle")
    )
    assert game.state.monster is not None
    rows = RULES.monsters[game.state.monster.id].table
    roll = next(i for i, r in enumerate(rows, 1) if r.result == "DEFEND")
    said = row_effect(rows[roll - 1], Query(RULES, game.state).table_row(roll), RULES)
    assert said == "ignored by Wrecker (No Guard Holds)", said
    assert "((" not in said and "))" not in said


def test_defend_says_your_next_weapon_attack_as_the_table_and_help_do() -> None:
    changed = ev.MonsterChanged(
        armor=0, max_armor=0, health=3, max_health=3, defend=True, wounds_this_round=0, why="defend"
    )
    said = event_words(changed, RULES, "")
    assert said == "it ignores your next weapon attack", said


def test_the_die_chance_decides_next_is_named_by_its_card() -> None:
    assert chance_words("check:base:paralyzed", RULES) == "then the Paralyzed check is rolled"
    assert chance_words("combat", RULES) == "then the monster rolls"


def test_a_rest_at_the_cap_is_said_one_way_with_the_same_figures() -> None:
    # Round 17: "(cannot pay: rest, gain 1 SE (1 lost to the cap 20))" on the option, but
    # "Rest: gain 2 SE (time 2; 1 SE lost to the cap 20)" taken for the player.
    game = Scenario("caellahan").resources(se=19).encounters("warm-embers").start("exploration")
    cap = RULES.settings.caps["se"]
    assert rest_gain("base:warm-embers", game.state, RULES) == (
        f"gain 1 SE; 1 SE lost to the cap {cap}"
    )
    game.apply(act.ChooseEncounter("base:warm-embers"))
    rest = option_text(act.Rest(), "", game.state, RULES)
    assert rest == f"Rest: gain 1 SE (time 2; 1 SE lost to the cap {cap})", rest


def test_an_ability_of_no_use_says_why_whole_in_the_detail_line() -> None:
    # Round 17: Delve's detail line cut "(no use now: you are committed to 1…"; the last
    # ability use's sentence after it took the rows.
    game = Scenario("maxyn-zenma").commit().start("preparation")
    peek = next(
        a for a in game.legal_actions() if isinstance(a, act.Use) and a.ability == "take-a-peek"
    )
    said = detail(peek, game)
    assert said.endswith("(no use now: you are committed to 1 card)"), said
    assert rows_of(said, 76) <= 2, said


def test_a_pass_says_a_later_window_s_response_can_lower_its_loss() -> None:
    # Round 17: the first window's Pass said "Wight's WOUND: lose 3 SE"; only after passing
    # was Bury the Pain offered. Niola (Brawler) at the Vampire's WOUND: I've Seen Worse now,
    # Just a Scratch at the window after it (the core's Forecast.passed).
    game = (
        Scenario("niola", level=4)
        .no_time_track()
        .resources(se=15)
        .monster("vampire")
        .dice(*[6] * 3, *[5] * 20)
        .start("battle")
    )
    while game.state.trigger != "after_monster_roll":
        legal = game.legal_actions()
        attacks = [a for a in legal if isinstance(a, act.Attack)]
        game.apply(attacks[0] if attacks else act.Pass() if act.Pass() in legal else legal[0])
    said = option_text(act.Pass(), "", game.state, RULES)
    assert said.endswith("lose 3 SE; Just a Scratch [Brawler] can lower it next"), said
