"""#28 round 16: a monster's reward skill, then the level's, were both asked "Keep one
skill": the prompt says whose."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.testing import Scenario
from unbroken.words.prompts import prompt_text


def prompt(game: Game) -> str:
    assert game.decision is not None and game.decision.kind == DecisionKind.CHOOSE_SKILL
    return prompt_text(game.decision.prompt, game.state, game.ruleset)


def keep_first(game: Game) -> None:
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.ChooseSkill)))


def test_the_monster_s_reward_then_the_level_s_say_whose() -> None:
    game = Scenario("tomu", level=3).monster("bugbear-warlord").start("rewards")
    assert prompt(game) == "Keep one skill — the Bugbear Warlord's reward"
    keep_first(game)
    assert prompt(game) == "Keep one skill — level 3's draw"


def test_the_level_s_alone_says_it_too() -> None:
    game = Scenario("tomu", level=2).monster("goblin").start("rewards")
    assert prompt(game) == "Keep one skill — level 2's draw"


def test_an_encounter_s_skill_says_the_card() -> None:
    game = (
        Scenario("tomu")
        .resources(cunning=1)
        .encounters("ruined-library", "metal-scraps")
        .start("exploration")
    )
    game.apply(act.ChooseEncounter("base:ruined-library"))
    game.apply(act.Resolve())
    assert prompt(game) == "Keep one skill — from Ruined Library"
