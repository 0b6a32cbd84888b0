"""Gauntlet, installed: keywords, the Expert danger track, the scorepad and its handler."""

from __future__ import annotations

import json

import msgspec
import pytest
from unbroken_gauntlet import (
    CLASS_FACTOR,
    DIFFICULTY_FACTOR,
    against,
    scorepad,
    unbroken_scoring_rules,
)

from unbroken.api import (
    AttackPower,
    CombatResult,
    Gain,
    Game,
    GameOver,
    GameState,
    MonsterRevealed,
    Result,
    Scenario,
    actions,
    alternative_scores,
    danger_space,
    describe_card,
    load_ruleset,
    run_command,
    run_games,
)


def test_it_is_found_through_its_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(["plugins", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    gauntlet = rows["gauntlet"]
    assert gauntlet["enabled"] and gauntlet["problem"] == ""
    assert gauntlet["adds"] == {"monsters": 4, "skills": 2, "difficulties": 1, "keywords": 3}
    assert gauntlet["handlers"] == ["gauntlet:against"]
    assert gauntlet["scoring_rules"] == ["gauntlet:scorepad"]
    assert gauntlet["records_panels"] == ["gauntlet:campaign"]


def test_its_monsters_join_each_level_as_the_seventh_with_keywords() -> None:
    rules = load_ruleset()
    sevenths = [rules.monsters_of_level(level)[7] for level in range(1, 5)]
    assert [m.id for m in sevenths] == [
        "gauntlet:gutter-wolf",
        "gauntlet:iron-beetle",
        "gauntlet:grave-warden",
        "gauntlet:storm-drake",
    ]
    assert rules.monsters["gauntlet:storm-drake"].keywords == ["gauntlet:fast", "gauntlet:armored"]
    assert set(rules.keywords) == {"gauntlet:fast", "gauntlet:armored", "gauntlet:relentless"}


def test_expert_is_a_difficulty_with_a_track_that_skips_green() -> None:
    rules = load_ruleset()
    expert = rules.difficulties["gauntlet:expert"]
    assert expert in rules.settings.difficulties and expert.skip == ["green"]
    landed = [expert.danger[danger_space(expert, level)[0]] for level in range(1, 5)]
    assert all(space.colour != "green" for space in landed)
    # Level by level the monster gains at least as much as on the level before.
    gains = [space.armor + space.health for space in landed]
    assert gains == sorted(gains) and gains[-1] > gains[0]


def test_expert_games_reveal_hardened_monsters_and_run_to_the_end() -> None:
    rules = load_ruleset()
    reveals: list[MonsterRevealed] = []

    def note(game: Game, result: Result) -> None:
        reveals.extend(e for e in game.events if isinstance(e, MonsterRevealed))

    summary = run_games(rules, games=40, seed=3, difficulties=["gauntlet:expert"], on_finished=note)
    assert summary.games == 40
    assert reveals and all(e.danger > 0 for e in reveals)
    for e in reveals:
        sheet = rules.monsters[e.monster]
        assert (e.armor, e.health) >= (sheet.armor, sheet.health)


def test_the_fast_keyword_makes_the_monster_attack_as_battle_starts() -> None:
    game = Scenario("tomu", ruleset=load_ruleset()).monster("gauntlet:gutter-wolf").start("battle")
    rolls = [e for e in game.events if isinstance(e, CombatResult)]
    assert rolls, "a Fast monster attacks before the player's first turn"


class FakeContext:
    """What `against` uses of a handler context: keywords() and apply()."""

    def __init__(self, keywords: tuple[str, ...]) -> None:
        self._keywords = keywords
        self.applied: list[object] = []

    def keywords(self) -> tuple[str, ...]:
        return self._keywords

    def apply(self, *effects: object) -> None:
        self.applied.extend(effects)


def test_against_acts_only_on_a_monster_with_the_keyword() -> None:
    armored = FakeContext(("gauntlet:armored",))
    against(armored, {"keyword": "armored", "power": 2})
    assert armored.applied == [AttackPower(amount=2)]
    fast = FakeContext(("gauntlet:fast",))
    against(fast, {"keyword": "armored", "power": 2})
    assert fast.applied == []
    against(fast, {"keyword": "fast", "gain": 2})
    assert fast.applied == [Gain(amounts={"se": 2})]


def test_the_scorepad_multiplies_a_win_by_the_character_and_difficulty_boxes() -> None:
    rules = load_ruleset()
    state = GameState(difficulty="gauntlet:expert")
    started = Game.new(rules, "niola", "expert", seed=1).events[0]
    won = [started, GameOver(won=True, level=4, step="hunger", score=12)]
    assert CLASS_FACTOR["base:brawler"] == 4 and DIFFICULTY_FACTOR["gauntlet:expert"] == 5
    assert scorepad(rules, won, state) == 12 * 4 * 5
    assert alternative_scores(rules, won, state) == {"gauntlet:scorepad": 240}
    [rule] = unbroken_scoring_rules()
    assert rule.display == "Gauntlet scorepad"  # what the end screen and Records show
    lost = [started, GameOver(won=False, level=2, step="battle")]
    assert alternative_scores(rules, lost, state) == {}
    sneak = Game.new(rules, "mae-el", "easy", seed=1).events[0]
    assert scorepad(rules, [sneak, won[1]], state) == 12 * 5 * 2
    # Another plugin's class (Unearthed's Gravedigger) ticks the x3 box.
    digger = msgspec.structs.replace(started, cls="unearthed:gravedigger", difficulty="hard")
    assert scorepad(rules, [digger, won[1]], state) == 12 * 3 * 4


def test_the_scorepad_without_a_game_started_reads_the_final_state_or_says_why_not() -> None:
    # #28 round 11: events without a GameStarted (a log cut short) raised StopIteration.
    rules = load_ruleset()
    won = [GameOver(won=True, level=4, step="hunger", score=12)]
    state = GameState(cls="base:sneak", difficulty="easy")
    assert scorepad(rules, won, state) == 12 * 5 * 2
    with pytest.raises(ValueError, match="no GameStarted and its final state names none"):
        scorepad(rules, won, GameState())
    # The end screen and Records: the rule is left out with a one-line warning, not a crash.
    with pytest.warns(UserWarning, match="scoring rule 'gauntlet:scorepad' raised ValueError"):
        assert alternative_scores(rules, won, GameState()) == {}


def test_the_scorepad_is_said_as_its_product_on_the_end_screen() -> None:
    from unbroken_gauntlet import scorepad_words

    rules = load_ruleset()
    [rule] = unbroken_scoring_rules()
    assert rule.explain is scorepad_words
    started = Game.new(rules, "niola", "expert", seed=1).events[0]
    won = [started, GameOver(won=True, level=4, step="hunger", score=12)]
    said = scorepad_words(rules, won, GameState())
    assert said == "score 12 × Brawler 4 × Expert 5"
    assert scorepad(rules, won, GameState()) == 12 * 4 * 5


def test_cards_and_the_log_say_the_keywords_and_the_track(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_command(["cards", "--id", "storm-drake"]) == 0
    out = capsys.readouterr().out
    assert (
        "Fast: It is on you before you are ready" in out and "Armored (Gauntlet): Plates" in out
    )  # one name per card (#28 item 6)
    assert run_command(["cards", "--id", "expert"]) == 0
    out = capsys.readouterr().out
    assert "Danger track (skips green spaces):" in out
    # #28 round 26: the green spaces, which no level lands on, were listed with gains;
    # Expert's 13 SE, 3 more than Hard's, was not explained.
    assert "1  green: passed over (gives nothing)" in out
    assert "green: the monster gains" not in out
    assert "4  amber: the monster gains +1 health" in out
    said = " ".join(out.split())
    # 29b-8: "It starts with…", after sentences about the monster, read as the monster's.
    assert "Expert starts with 3 SE more than Hard, as its danger track makes each" in said


def at_attack_chosen(
    monster: str, health: int | None = None, weapon: str = "base:bare-hands"
) -> Game:
    """A level-2 battle with Plate Splitter where the weapon's last wounding attack has just
    been chosen and its Response is offered; `health`: the monster's health set first."""
    game = (
        Scenario("tomu", level=2, ruleset=load_ruleset())
        .resources(se=10, me=3)
        .skills("gauntlet:plate-splitter")
        .weapon(weapon)
        .monster(monster)
        .start("battle")
    )
    if health is not None:
        assert game.state.monster is not None
        game.state.monster.health = health
    while game.decision is not None and not (
        game.decision.kind == "response" and game.state.trigger == "after_attack_chosen"
    ):
        legal = game.legal_actions()
        attacks = [a for a in legal if isinstance(a, actions.Attack)]
        game.apply(attacks[-1] if attacks else legal[0])
    assert actions.Pass() in game.legal_actions()
    return game


def test_plate_splitter_against_a_monster_not_armored_is_passed() -> None:  # R-DIGI-4
    # #28 round 5: offered against the (not Armored) Mound Crawler, it did nothing.
    game = at_attack_chosen("base:bear")
    assert any(isinstance(a, actions.Use) for a in game.legal_actions())
    assert game.pointless() == (actions.Pass(), "it would do nothing here")


def test_plate_splitter_against_an_armored_monster_is_asked() -> None:
    assert at_attack_chosen("gauntlet:iron-beetle").pointless() is None


def test_plate_splitter_when_the_attack_already_defeats_is_passed() -> None:  # R-DIGI-4
    # Like Power Through: the attack falls on a monster at 1 health whatever.
    game = at_attack_chosen("gauntlet:iron-beetle", health=1, weapon="base:sword")
    assert game.state.attack == "base:sword/cut"  # 2 power, 1 after Armored
    assert game.pointless() == (actions.Pass(), "the attack already defeats the monster")


def test_against_has_words_of_its_own() -> None:
    # #28 round 5: the card read "against (keyword armored, power 2)".
    rules = load_ruleset()
    plate = describe_card(rules, "gauntlet:plate-splitter")
    guard = describe_card(rules, "gauntlet:quick-guard")
    assert any("+2 power against an Armored monster" in line for line in plate), plate
    assert any("gain 2 SE against a Fast monster" in line for line in guard), guard
    assert not any("keyword" in line for line in plate + guard)


def test_the_query_says_plate_splitter_does_nothing_where_it_does_nothing() -> None:
    # With auto_pass off the option is shown, marked "(no use now: it would do nothing here)".
    from unbroken.api import Query

    useless, useful = at_attack_chosen("base:bear"), at_attack_chosen("gauntlet:iron-beetle")
    for game, nothing in ((useless, True), (useful, False)):
        use = next(a for a in game.legal_actions() if isinstance(a, actions.Use))
        assert Query(game.ruleset, game.state).does_nothing(use) is nothing
