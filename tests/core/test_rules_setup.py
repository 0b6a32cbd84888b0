"""Setup and the game's shape: R-SETUP-1 .. R-SETUP-5, R-FLOW-1, R-FLOW-2."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unbroken.content import base_content_dir
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.legality import DECISIONS
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, assert_illegal, pass_responses
from unbroken.testing import events_of as of

RULES = load_ruleset()
CLASSES = {"sneak", "sage", "hunter", "brawler"}


# --------------------------------------------------------------------------- R-SETUP-1


def test_eight_sheets_two_per_class() -> None:  # R-SETUP-1
    by_class = Counter(c.cls.split(":", 1)[1] for c in RULES.characters.values())
    assert len(RULES.characters) == 8
    assert by_class == {cls: 2 for cls in CLASSES}


def test_sheets_of_a_class_have_the_same_abilities() -> None:  # R-SETUP-1
    sheets: dict[str, list[str]] = {}
    for cid, c in RULES.characters.items():
        sheets.setdefault(c.cls, []).append(cid.split(":", 1)[1])
    for cls, (a, b) in sheets.items():
        ga = Game.new(RULES, character=a, seed=5)
        gb = Game.new(RULES, character=b, seed=5)
        assert ga.state.cls == gb.state.cls == cls
        assert ga.legal_actions() == gb.legal_actions()
        uses = [x for x in ga.legal_actions() if isinstance(x, act.Use)]
        assert all(u.source == cls for u in uses)


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_every_character_and_difficulty_starts(difficulty: str) -> None:  # R-SETUP-1
    for cid in RULES.characters:
        g = Game.new(RULES, character=cid.split(":", 1)[1], difficulty=difficulty, seed=3)
        assert g.state.character == cid
        assert g.state.difficulty == difficulty
        assert g.decision is not None


def test_unknown_character_or_difficulty_is_refused() -> None:  # R-SETUP-1
    with pytest.raises(ValueError, match="character"):
        Game.new(RULES, character="nobody", seed=1)
    with pytest.raises(ValueError, match="difficulty"):
        Game.new(RULES, character="tomu", difficulty="nightmare", seed=1)


def test_seed_is_random_when_not_given_and_recorded() -> None:  # R-SETUP-1
    # The session (the caller) chooses a random seed; the core draws none of its own.
    from unbroken.play.session import GameSession
    from unbroken.plugins import current_plugins

    plugins = current_plugins()
    seeds = {
        GameSession.start(plugins, "tomu", record=False, keep=False).game.state.seed
        for _ in range(5)
    }
    assert len(seeds) > 1
    with pytest.raises(ValueError, match="needs a seed"):
        Game.new(RULES, character="tomu")
    g = Game.new(RULES, character="tomu", seed=1234)
    assert g.state.seed == 1234
    assert of(g.events, ev.GameStarted)[0].seed == 1234


# --------------------------------------------------------------------------- R-SETUP-2


def test_normal_start_state() -> None:  # R-SETUP-2
    g = Game.new(RULES, character="tomu", difficulty="normal", seed=42)
    s = g.state
    assert s.res == {
        "se": 13,
        "me": 0,
        "le": 0,
        "cunning": 0,
        "food": 0,
        "wood": 0,
        "metal": 0,
        "treasure": 0,
        "time": 7,
    }
    assert s.res["time"] == RULES.settings.level_start_time[0]
    assert s.ability_uses == 1
    assert s.weapons == ["base:bare-hands"]
    assert s.skills == [] and s.conditions == []
    assert s.level == 1 and s.monster is None
    assert (s.phase, s.step) == ("travel", "preparation")
    assert g.decision is not None
    assert g.decision.kind == "preparation"


def test_decks_are_seeded_shuffles_of_the_whole_content() -> None:  # R-SETUP-2
    a = Game.new(RULES, character="tomu", seed=42)
    b = Game.new(RULES, character="tomu", seed=42)
    c = Game.new(RULES, character="tomu", seed=43)
    assert a.state.encounter_deck == b.state.encounter_deck
    assert a.state.skill_deck == b.state.skill_deck
    assert sorted(a.state.encounter_deck) == sorted(RULES.encounter_deck())
    assert sorted(a.state.skill_deck) == sorted(RULES.skills)
    assert a.state.encounter_deck != RULES.encounter_deck()  # shuffled, not in content order
    assert (a.state.encounter_deck, a.state.skill_deck) != (
        c.state.encounter_deck,
        c.state.skill_deck,
    )
    shuffled = [e.deck for e in of(a.events, ev.DeckShuffled)]
    assert sorted(shuffled) == ["encounters", "skills"]  # conditions are not a deck


# --------------------------------------------------------------------------- R-SETUP-3

EASY_FACES = {1: "metal", 2: "wood", 3: "food", 4: "cunning", 5: "me", 6: "treasure"}


def test_easy_extra_resource_by_die_face() -> None:  # R-SETUP-3
    seen: set[int] = set()
    for seed in range(300):
        g = Game.new(RULES, character="caellahan", difficulty="easy", seed=seed)
        (roll,) = [e for e in g.events if isinstance(e, ev.DieRolled) and e.stream == "setup"]
        face = roll.value
        want = {k: 0 for k in ("me", "le", "cunning", "food", "wood", "metal", "treasure")}
        want[EASY_FACES[face]] = 1
        got = {k: g.state.res[k] for k in want}
        assert got == want, (seed, face)
        assert g.state.res["se"] == 13
        seen.add(face)
        if len(seen) == 6:
            break
    assert seen == set(EASY_FACES)


def test_easy_draws_two_skills_and_keeps_one() -> None:  # R-SETUP-3
    g = Game.new(RULES, character="caellahan", difficulty="easy", seed=9)
    order = [e.order for e in of(g.events, ev.DeckShuffled) if e.deck == "skills"][0]
    assert g.decision is not None
    assert g.decision.kind == "choose_skill"
    assert g.state.choices == order[:2]
    assert g.legal_actions() == [act.ChooseSkill(order[0]), act.ChooseSkill(order[1])]
    g.apply(act.ChooseSkill(order[1]))
    assert g.state.skills == [order[1]]
    assert g.state.skill_discard == [order[0]]
    assert g.state.skill_deck == order[2:]
    assert g.decision.kind == "preparation"


def _easy_game_offering(skill: str) -> Game:
    for seed in range(500):
        g = Game.new(RULES, character="caellahan", difficulty="easy", seed=seed)
        if skill in g.state.choices:
            return g
    raise AssertionError(f"no seed below 500 offers {skill} at the Easy setup")


def test_quick_study_kept_at_setup_adds_a_use_at_level_1() -> None:  # R-SETUP-3 R-ABILITY-1
    # "1 more ability use at the start of each level": level 1 starts after the setup.
    g = _easy_game_offering("base:quick-study")
    assert g.state.ability_uses == 1
    events = g.apply(act.ChooseSkill("base:quick-study"))
    assert ev.AbilityUsesSet(2) in events
    assert g.state.ability_uses == 2
    assert g.decision is not None
    assert g.decision.kind == "preparation"


def test_other_skill_kept_at_setup_leaves_one_use() -> None:  # R-SETUP-3 R-ABILITY-1
    g = _easy_game_offering("base:quick-study")
    other = next(c for c in g.state.choices if c != "base:quick-study")
    events = g.apply(act.ChooseSkill(other))
    assert not of(events, ev.AbilityUsesSet)
    assert g.state.ability_uses == 1


def test_easy_start_skill_comes_after_the_resource_roll() -> None:  # R-SETUP-3
    g = Game.new(RULES, character="caellahan", difficulty="easy", seed=9)
    kinds = [type(e) for e in g.events]
    assert kinds.index(ev.DieRolled) < kinds.index(ev.SkillsDrawn)


def test_gentle_start_gives_15_se_on_easy_only() -> None:  # R-SETUP-3
    g = Game.new(RULES, character="caellahan", difficulty="easy", seed=9)
    assert g.state.res["se"] == 13
    g = Game.new(
        RULES, character="caellahan", difficulty="easy", seed=9, options={"gentle_start": True}
    )
    assert g.state.res["se"] == 15
    assert g.state.options["gentle_start"] is True
    for diff in ("normal", "hard"):
        with pytest.raises(ValueError, match="Easy"):
            Game.new(
                RULES,
                character="caellahan",
                difficulty=diff,
                seed=9,
                options={"gentle_start": True},
            )


def test_gentle_start_is_off_by_default() -> None:  # R-SETUP-3
    g = Game.new(RULES, character="caellahan", difficulty="easy", seed=9)
    assert g.state.options["gentle_start"] is False


# --------------------------------------------------------------------------- R-SETUP-4


def test_normal_has_nothing_extra() -> None:  # R-SETUP-4
    for seed in range(5):
        g = Game.new(RULES, character="caellahan", difficulty="normal", seed=seed)
        assert not of(g.events, ev.DieRolled)
        assert not of(g.events, ev.SkillsDrawn)
        assert g.state.skills == []
        assert g.state.res["se"] == 13
        assert sum(v for k, v in g.state.res.items() if k not in ("se", "time")) == 0
        assert g.decision is not None
        assert g.decision.kind == "preparation"


def test_normal_battle_player_goes_first() -> None:  # R-SETUP-4
    g = Scenario("caellahan", difficulty="normal").monster("kobold").dice(1).start("battle")
    turns = [e.who for e in of(g.events, ev.TurnStarted)]
    assert turns == ["player"]
    assert g.decision is not None
    assert g.decision.kind == "player_turn"


# --------------------------------------------------------------------------- R-SETUP-5


def test_hard_starts_with_10_se_and_nothing_extra() -> None:  # R-SETUP-5
    g = Game.new(RULES, character="caellahan", difficulty="hard", seed=4)
    assert g.state.res["se"] == 10
    assert g.state.skills == []
    assert not of(g.events, ev.DieRolled)
    assert g.decision is not None
    assert g.decision.kind == "preparation"


@pytest.mark.parametrize("level,monster", [(1, "kobold"), (2, "goblin"), (4, "troll")])
def test_hard_monster_takes_the_first_turn(level: int, monster: str) -> None:  # R-SETUP-5
    sc = Scenario("caellahan", difficulty="hard", level=level).monster(monster).dice(1, 1)
    if level == 4:
        sc = sc.no_time_track()
    g = sc.start("battle")
    pass_responses(g)
    assert of(g.events, ev.BattleStarted) == [ev.BattleStarted(monster_first=True)]
    turns = [e.who for e in of(g.events, ev.TurnStarted)]
    assert turns[:2] == ["monster", "player"]
    assert g.decision is not None
    assert g.decision.kind == "player_turn"
    # ...and in every round: after the player's turn, the next round opens with the monster.
    g.apply(act.Skip())
    pass_responses(g)
    turns = [e.who for e in of(g.events, ev.TurnStarted)]
    assert turns == ["monster", "player", "monster", "player"]
    assert [e.round for e in of(g.events, ev.RoundStarted)] == [1, 2]


def test_hard_from_a_new_game_fights_monster_first() -> None:  # R-SETUP-5
    g = Game.new(RULES, character="caellahan", difficulty="hard", seed=11)
    g.apply(act.Fight())
    assert g.decision is not None
    if g.decision.kind == "trickery":
        g.apply(act.Fight())
    pass_responses(g)
    started = of(g.events, ev.TurnStarted)
    assert started and started[0].who == "monster"


# --------------------------------------------------------------------------- R-FLOW-1


def weak_monster_rules(tmp_path: Path) -> Ruleset:
    """The base content with every monster at 0 armor and 1 health."""
    dst = tmp_path / "content"
    shutil.copytree(base_content_dir(), dst)
    path = dst / "monsters.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^armor = \d+$", "armor = 0", text)
    text = re.sub(r"(?m)^health = \d+$", "health = 1", text)
    path.write_text(text, encoding="utf-8")
    return load_ruleset(dst)


def play_simple(g: Game, max_decisions: int = 400) -> None:
    """Explore once per level (resting), then fight; punch; eat all; keep the first skill."""
    explored = set()
    for _ in range(max_decisions):
        if g.is_over:
            return
        assert g.decision is not None
        d = g.decision.kind
        legal = g.legal_actions()
        if d == "preparation":
            if g.state.level not in explored:
                explored.add(g.state.level)
                g.apply(act.Explore())
            else:
                g.apply(act.Fight() if act.Fight() in legal else act.Explore())
        elif d == "resolve_or_rest":
            g.apply(act.Rest() if act.Rest() in legal else legal[0])
        elif d == "trickery":
            g.apply(act.Fight())
        elif d == "player_turn":
            attacks = [a for a in legal if isinstance(a, act.Attack)]
            g.apply(attacks[-1] if attacks else act.Skip())
        elif d == "response":
            g.apply(act.Pass())
        else:
            g.apply(legal[0])  # hunger: eat the most; choices: the first
    raise AssertionError("the game did not end")


def level_shape(g: Game) -> list[tuple[int, str]]:
    """The (level, phase) runs of a game, in order."""
    level = 1
    shape: list[tuple[int, str]] = []
    for e in g.events:
        if isinstance(e, ev.LevelStarted):
            level = e.level
        elif isinstance(e, ev.StepEntered) and e.phase in ("travel", "combat"):
            if not shape or shape[-1] != (level, e.phase):
                shape.append((level, e.phase))
    return shape


FULL_SHAPE = [(lv, ph) for lv in (1, 2, 3, 4) for ph in ("travel", "combat")]


def test_four_levels_of_travel_then_combat_and_win(tmp_path: Path) -> None:  # R-FLOW-1
    rules = weak_monster_rules(tmp_path)
    won = 0
    for seed in range(30):
        g = Game.new(rules, character="caellahan", difficulty="normal", seed=seed)
        play_simple(g)
        shape = level_shape(g)
        # Every game, won or lost, follows the same shape as far as it got.
        assert shape == FULL_SHAPE[: len(shape)], (seed, shape)
        assert g.outcome is not None
        if not g.outcome.won:
            continue
        won += 1
        assert shape == FULL_SHAPE
        assert g.outcome.level == 4 and g.outcome.step == "hunger"
        assert [e.level for e in of(g.events, ev.LevelStarted)] == [1, 2, 3, 4]
        # The win comes after the level-4 Hunger step, right after eating.
        ate = [i for i, e in enumerate(g.events) if isinstance(e, ev.Ate)]
        over = [i for i, e in enumerate(g.events) if isinstance(e, ev.GameOver)]
        assert len(ate) == 4 and over == [len(g.events) - 1] and ate[-1] < over[0]
        assert len(of(g.events, ev.MonsterDefeated)) == 4
    assert won >= 3


def test_level3_hunger_leads_to_level4_travel() -> None:  # R-FLOW-1
    g = Scenario("caellahan", level=3).resources(food=3).monster("gnoll").start("hunger")
    g.apply(act.Eat(3))
    pass_responses(g)
    assert not g.is_over
    assert g.state.level == 4
    assert g.state.phase == "travel"
    assert g.decision is not None
    assert g.decision.kind == "preparation"


def test_surviving_level4_hunger_wins() -> None:  # R-FLOW-1
    g = (
        Scenario("caellahan", level=4)
        .resources(food=4)
        .no_time_track()
        .monster("troll")
        .start("hunger")
    )
    g.apply(act.Eat(4))
    pass_responses(g)
    assert g.outcome is not None
    assert g.is_over and g.outcome.won
    assert g.outcome.level == 4


def test_starving_after_the_level4_combat_is_no_win() -> None:  # R-FLOW-1
    g = (
        Scenario("caellahan", level=4)
        .resources(se=9, food=0)
        .no_time_track()
        .monster("troll")
        .start("hunger")
    )
    g.apply(act.Eat(0))  # 1+2+3+4 = 10 SE, holding 9
    assert g.outcome is not None
    assert g.is_over and not g.outcome.won
    assert g.outcome.cause == "starvation"


# --------------------------------------------------------------------------- R-FLOW-2


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    character=st.sampled_from(sorted(RULES.characters)),
    difficulty=st.sampled_from(["easy", "normal", "hard"]),
    data=st.data(),
)
def test_every_choice_is_an_explicit_decision_with_its_options(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:  # R-FLOW-2
    g = Game.new(RULES, character=character, difficulty=difficulty, seed=seed)
    for _ in range(300):
        if g.is_over:
            assert g.decision is None and g.legal_actions() == []
            assert isinstance(g.events[-1], ev.GameOver)
            return
        d = g.decision
        assert d is not None and d.kind in DECISIONS and d.prompt == DECISIONS[d.kind].prompt
        legal = g.legal_actions()
        assert legal, d
        assert len(set(map(msgspec.json.encode, legal))) == len(legal)  # no duplicates
        assert g.legal_actions() == legal  # stable
        # The engine waits for exactly this decision after its last batch of events.
        assert isinstance(g.events[-1], ev.Awaiting) and g.events[-1].decision == d.kind
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        out = g.apply(action)
        assert out, action
        assert isinstance(out[-1], (ev.Awaiting, ev.GameOver))


def test_committed_encounter_still_asks_for_the_decision() -> None:  # R-FLOW-2
    # Even with a single legal option, the engine asks rather than choosing.
    g = Scenario("caellahan").commit().encounters("sickly-berries").start("exploration")
    assert g.decision is not None
    assert g.decision.kind == "choose_encounter"
    assert g.legal_actions() == [act.ChooseEncounter("base:sickly-berries")]
    g.apply(act.ChooseEncounter("base:sickly-berries"))
    assert g.decision.kind == "resolve_or_rest"
    assert g.legal_actions() == [act.Resolve()]


def test_hunger_with_no_food_still_asks() -> None:  # R-FLOW-2
    g = Scenario("caellahan").resources(food=0).monster("kobold").start("hunger")
    assert g.decision is not None
    assert g.decision.kind == "hunger"
    assert g.legal_actions() == [act.Eat(0)]


def test_hunger_offers_every_amount_up_to_food_and_requirement() -> None:  # R-FLOW-2
    g = Scenario("caellahan", level=3).resources(food=5).monster("gnoll").start("hunger")
    assert g.legal_actions() == [act.Eat(3), act.Eat(2), act.Eat(1), act.Eat(0)]
    g = Scenario("caellahan", level=3).resources(food=2).monster("gnoll").start("hunger")
    assert g.legal_actions() == [act.Eat(2), act.Eat(1), act.Eat(0)]
    assert_illegal(g, act.Eat(3))


def test_out_of_step_action_is_refused_unchanged() -> None:  # R-FLOW-2, R-DIGI-3
    g = Scenario("caellahan").start("preparation")
    assert_illegal(g, act.Attack("punch"))
    assert_illegal(g, act.Resolve())
    assert_illegal(g, act.Eat(0))
    assert_illegal(g, act.ChooseSkill("base:daring"))
    over = Scenario("caellahan").resources(se=0, food=0).monster("kobold").start("hunger")
    over.apply(act.Eat(0))
    assert over.is_over
    assert_illegal(over, act.Explore())


def test_difficulties_have_printed_names() -> None:  # R-SETUP-1: Easy, Normal, Hard
    rules = RULES
    names = [rules.difficulty_name(d.id) for d in rules.settings.difficulties]
    assert names == ["Easy", "Normal", "Hard"]
    assert rules.difficulty_name("nightmare") == "nightmare"  # a plugin's, not loaded now


def test_quick_study_after_a_use_spent_at_setup_adds_to_what_is_left() -> (
    None
):  # R-SETUP-3 R-ABILITY-1
    # Flexible (Sneak) takes the one use at setup; Quick Study then adds one: 1, not 2.
    for seed in range(500):
        g = Game.new(RULES, character="mae-el", difficulty="easy", seed=seed)
        flexible = act.Use("base:sneak", "flexible")
        assert flexible in g.legal_actions()
        g.apply(flexible)
        if "base:quick-study" in g.state.choices:
            break
    else:
        raise AssertionError("no seed below 500 offers Quick Study after Flexible")
    assert g.state.ability_uses == 0
    g.apply(act.ChooseSkill("base:quick-study"))
    assert g.state.ability_uses == 1
