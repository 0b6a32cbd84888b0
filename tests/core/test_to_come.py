"""What can still come this level (R-LEVEL-1, R-ABILITY-1): `core.to_come`, the one answer
`Game.obvious` and the words' "none left for Dodge" ask. Checked against what the engine
then does: at every decision of random games, a trigger said not to come opens no window
later in the level, and no action is asked for once no turn is said to come."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import A_GAME, play_randomly

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core import model as m
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.core.to_come import can_still_fire, turns_to_come
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_detail

RULES = load_ruleset()
#: The decisions that ask for an action (a turn of the battle, the Travel Phase's).
_ACTING = (DecisionKind.PREPARATION, DecisionKind.PLAYER_TURN)


def flexible_window(level: int) -> Game:
    """A Sneak with one ability use who has beaten a level's monster (its health 1, the
    Knife's Stab): at the Rewards step, Flexible offered before the skills are drawn."""
    monster = min(mo.id for mo in RULES.monsters_of_level(level).values())
    game = (
        Scenario("maxyn-zenma", level=level)
        .resources(se=15)
        .ability_uses(1)
        .monster(monster)
        .dice(*[1] * 20)
        .start("rewards")
    )
    assert game.state.trigger == "before_skill_gain", game.decision
    return game


def test_after_the_battle_only_the_level_s_end_and_its_skills_can_come() -> None:
    # R-REWARD-1, R-LEVEL-1: at the Rewards step's before_skill_gain window.
    game = flexible_window(2)
    s = game.state
    assert can_still_fire(RULES, s, "before_skill_gain")  # its window is open
    assert can_still_fire(RULES, s, "level_end")
    for gone in ("after_monster_roll", "wound_loss", "battle_start", "monster_defeated"):
        assert not can_still_fire(RULES, s, gone), gone
    assert not turns_to_come(s)


def test_flexible_s_last_use_names_no_dodge_after_the_battle() -> None:  # R-ABILITY-1
    # The detail line said "Your last ability use this level: none left for Dodge." at the
    # Rewards step, where no monster roll comes again this level.
    game = flexible_window(2)
    flexible = act.Use("base:sneak", "flexible")
    assert flexible in game.legal_actions()
    said = option_detail(flexible, game.state, game.ruleset)
    assert "none left for" not in said, said


def check_later(game: Game, said: list[tuple[int, int, dict[str, bool], bool]]) -> None:
    """Note what the module says at this decision; once over, check it against the events."""
    s = game.state
    if not game.is_over:
        answers = {t: can_still_fire(game.ruleset, s, t) for t in m.TRIGGERS}
        said.append((len(game.events), s.level, answers, turns_to_come(s)))
        return
    level, at_level = 1, []
    for e in game.events:
        if isinstance(e, ev.LevelStarted):
            level = e.level
        at_level.append(level)
    for i, e in enumerate(game.events):
        opened = e.trigger if isinstance(e, ev.TriggerOpened) else ""
        asked = isinstance(e, ev.Awaiting) and e.decision in _ACTING
        if not opened and not asked:
            continue
        for start, lvl, answers, turns in said:
            if start <= i and lvl == at_level[i]:
                assert not opened or answers[opened], (opened, start, i)
                assert not asked or turns, (e, start, i)


@settings(max_examples=80, deadline=None)
@given(**A_GAME)
def test_what_is_said_not_to_come_never_comes(
    seed: int, character: str, difficulty: str, data: st.DataObject
) -> None:  # R-LEVEL-1, R-ABILITY-1
    said: list[tuple[int, int, dict[str, bool], bool]] = []
    play_randomly(
        Game.new(RULES, character, difficulty, seed), data, lambda g: check_later(g, said)
    )
