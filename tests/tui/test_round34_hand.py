"""#28 playtest round 34 (34b-7): Frightened, gained for 2 rounds by the Bear's ROAR,
stayed in the Hand on the Rewards and Hunger screens as "Frightened (ends with this
round)". The engine keeps it in play to the Combat Phase's end (R-COND-1: discarded then,
or after its rounds; R-LEVEL-1), so the Hand lists it as the state has it: no battle
round comes to count it down, and it leaves play as the level ends (and the Hand then)."""

from __future__ import annotations

from pilot import played, settle, sync

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import StepName
from unbroken.home.settings import Settings, save_settings
from unbroken.testing import Scenario
from unbroken.tui.hand import HandText
from unbroken.words.cards import condition_in_play
from unbroken.words.rounds_left import BATTLE_OVER, battle_over

FRIGHTENED = "base:frightened"


def roared_and_won() -> Game:
    """Tomu with a Sword: the Bear ROARs (Frightened for 2 rounds); its armor broken and
    a Decisive Stroke win the battle with a round of Frightened left: the Rewards step."""
    scene = Scenario("tomu", level=2).resources(se=30, me=5, le=5, food=2).weapon("sword")
    game = scene.monster("bear").dice(4, *[1] * 12).start("battle")
    game.apply(act.Skip())  # the Bear rolls 4: ROAR
    for attack in ("beat-aside", "decisive-stroke"):
        while game.decision is not None and game.decision.kind == "response":
            game.apply(act.Pass())
        game.apply(act.Attack(attack))
    assert game.state.step == StepName.REWARDS, game.state.step
    return game


def taken_through(game: Game, step: StepName) -> None:
    """Take the first legal option until the game leaves `step`."""
    while game.state.step == step:
        game.apply(game.legal_actions()[0])


def frightened(game: Game) -> list[str]:
    s = game.state
    return [
        " ".join(condition_in_play(c, game.ruleset, s.round, battle_over(s)))
        for c in s.conditions
        if c.id == FRIGHTENED
    ]


def test_after_the_battle_frightened_is_said_as_the_engine_has_it() -> None:
    game = roared_and_won()
    held = next(c for c in game.state.conditions if c.id == FRIGHTENED)
    assert held.active and held.rounds == 1  # in play to the Combat Phase's end
    said = frightened(game)
    assert said and BATTLE_OVER in said[0] and "this round" not in said[0], said


def test_frightened_leaves_the_hand_as_the_level_ends() -> None:
    game = roared_and_won()
    taken_through(game, StepName.REWARDS)  # keep a skill, a weapon: the first offered
    assert game.state.step == StepName.HUNGER
    assert BATTLE_OVER in frightened(game)[0]
    taken_through(game, StepName.HUNGER)
    assert game.state.level == 3 and not frightened(game)


@sync
async def test_the_hand_on_the_rewards_screen() -> None:
    assert save_settings(Settings(hints=False)) == ""
    async with played(roared_and_won()) as (pilot, screen):
        await settle(pilot)
        hand = str(screen.query_one(HandText).render())
        flat = " ".join(hand.split())
        assert f"Frightened ({BATTLE_OVER})" in flat, hand
        assert "ends with this round" not in flat, hand
