"""Playtest round 26 (#28): what the options and the log say, against what then happens."""

from __future__ import annotations

from pathlib import Path

from unbroken.core import actions as act
from unbroken.core.cannot_help import MISSED
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, expansions_from_source, play
from unbroken.words.actions import option_detail, option_text
from unbroken.words.taken import taken_for_you

RULES = load_ruleset()
HERBS = act.ChooseEncounter("base:healing-herbs")


def _herbs(committed: bool) -> Scenario:
    sc = Scenario("tomu", level=2).resources(se=5, food=1).encounters("healing-herbs")
    return sc.commit() if committed else sc


def test_a_card_kept_to_rest_on_warns_of_no_hunger() -> None:
    # 26a-11, 26b-11: "(…; no use now: no condition in play: rest, gain 2 SE) —
    # food 0 of 2 after: hunger −3 SE": resting on it spends no food.
    game = _herbs(committed=False).start("exploration")
    text = option_text(HERBS, "", game.state, RULES)
    assert text.endswith("(time 2; no use now: no condition in play: rest, gain 2 SE)")
    play(game, HERBS)  # kept: resolving it still spends the food, and says so
    text = option_text(act.Resolve(), "", game.state, RULES)
    assert text.endswith("— food 0 of 2 after: hunger −3 SE"), text


def test_a_committed_card_of_no_use_says_it_is_paid_for_nothing() -> None:
    # 26a-11: committed (no Rest, R-TRAVEL-7), the line said "rest instead"; the food is
    # spent, so the hunger it leaves is said.
    game = _herbs(committed=True).start("exploration")
    paid = "no use now: no condition in play; committed: 1 food paid for nothing)"
    text = option_text(HERBS, "", game.state, RULES)
    assert "rest instead" not in text and f"{paid} — food 0 of 2 after: hunger −3 SE" in text
    play(game, HERBS)
    assert game.legal_actions() == [act.Resolve()]
    assert paid in option_text(act.Resolve(), "", game.state, RULES)


def test_a_pass_taken_for_you_says_its_reason_once() -> None:
    # 26a-6: "Taken for you: Pass (I've Seen Worse [Brawler] not used: the monster missed)
    # — the monster missed: a new roll can only do as well or worse."
    game = Scenario("caellahan", level=2).resources(se=10).monster("goblin").dice(1).start("battle")
    while not (game.decision and game.state.trigger == "after_monster_roll"):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    assert game.pointless() == (act.Pass(), MISSED)
    line = taken_for_you(act.Pass(), MISSED, game.state, RULES, game.legal_actions())
    assert line == f"Taken for you: Pass (I've Seen Worse [Brawler] not used) — {MISSED}."


def test_a_dimmed_option_names_all_that_is_short() -> None:
    # 26a-5: "Craft the Axe: pay 1 wood + 1 metal + 2 time (needs 2 time, 1 left)" with wood
    # 0 and metal 0; "Attack with Decisive stroke (break its armor first)" with 0 LE.
    sc = Scenario("tomu", level=2).resources(se=5, wood=0, metal=0, time=1)
    game = sc.weapon("knife", "club").start()
    why = dict(game.options())[act.Craft("base:axe")]
    assert why == "needs 2 time, 1 left; short of wood and metal"
    sc = Scenario("tomu", level=2).resources(se=5, le=0).weapon("knife", "sword")
    game = sc.monster("troglodyte").dice(4, 4, 4, 4).start("battle")
    while game.state.decision != "player_turn":
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    options = dict(game.options())
    stroke = act.Attack("decisive-stroke")
    text = option_text(stroke, options[stroke], game.state, RULES)
    assert text == "Attack with Decisive stroke (break its armor first; cannot pay)"
    assert options[act.Attack("cut")] == "break its armor first"  # 2 SE held: payable


def test_a_condition_for_the_next_level_names_that_level() -> None:
    # 26b-4: "Knucklebones: 1 treasure -> gain Bone Ward for the next level" in level 3's
    # travel read as this level's fight; Sinking Ground's Grave Dirt the same.
    plugins = Path(__file__).resolve().parents[2] / "plugins"
    with expansions_from_source(plugins, {"unearthed": "unbroken_unearthed"}) as rules:
        said = {}
        for level in (3, 4):
            sc = Scenario("tomu", level=level, ruleset=rules).resources(se=5, treasure=2)
            sc = sc.encounters("unearthed:knucklebones", "unearthed:sinking-ground")
            game = sc.start("exploration")
            said[level] = [option_text(a, "", game.state, rules) for a in game.legal_actions()]
    assert said[3] == [
        "Knucklebones: 1 treasure -> gain Bone Ward for level 4 (time 1)",
        "Sinking Ground: commit to the next encounter -> 1 wood; gain Grave Dirt for level 4"
        " (time 2)",
    ]
    # In the last level there is none: said so, as before.
    assert said[4][0].endswith(
        "for the next level (time 1) (no next level: Bone Ward does nothing)"
    )


def test_every_killing_option_s_detail_says_what_its_line_says_the_kill_gives() -> None:
    # 26a-19: the Cut line said "— defeats it: 2 treasure; Second Wind +3 SE", the Spike
    # Thrower's detail line "It defeats the Ogre. Ogre: gain 2 treasure." only.
    sc = Scenario("caellahan", level=2).resources(se=10, metal=2).weapon("knife", "sword")
    sc = sc.skills("spike-thrower", "second-wind").monster("hyena").dice(6, 6, 6, 6)
    game = sc.start("battle")
    while game.state.decision != "player_turn":
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else legal[-1])
    assert game.state.monster is not None
    game.state.monster.health = 2  # Cut's 2 and the Iron Spike's 2 both kill
    for kill in (act.Attack("cut"), act.Use("base:spike-thrower", "spike-thrower-iron")):
        line = option_text(kill, "", game.state, RULES)
        assert line.endswith("— defeats it: 2 food; Second Wind +3 SE"), line
        said = option_detail(kill, game.state, RULES)
        assert said.startswith("It defeats the Hyena; Second Wind +3 SE. Hyena: gain 2 food"), said
