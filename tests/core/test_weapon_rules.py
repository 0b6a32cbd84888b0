"""#28 round 37 (37a-11): an option that changes the weapon while the monster is known
says what that changes about the monster's rules that key on the weapon (the core's
`weapon_rules`, read off the option's forecast); held here to what `Game.apply` then does
with scripted dice: Grab the Weapon ("If you hold a Basic weapon at the start of the Battle
step…") acts at the battle's start exactly when it says, and the Crazed Survivor's trick
(a weapon downgrade) is offered exactly when it says (R-WEAPON-1, R-WEAPON-4, R-COMBAT-2)."""

from __future__ import annotations

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.core.weapon_rules import BATTLE_START, TRICKERY, can_downgrade, weapon_rules
from unbroken.testing import Scenario

#: The stacks held before the option (above Bare Hands, the current last).
STACKS = [(), ("knife",), ("club",), ("knife", "spear"), ("club", "axe")]


def survivor_ahead(*stack: str) -> Game:
    """Tomu (Sage), Hard, level 2, the Crazed Survivor revealed, enough to craft anything;
    every die a 1 (the Survivor's roll: MISS, or WOUND with Grab the Weapon's +1)."""
    return (
        Scenario("tomu", difficulty="hard", level=2)
        .resources(se=20, metal=9, wood=9, cunning=5)
        .weapon(*stack)
        .monster("crazed-survivor")
        .dice(*[1] * 40)
        .start("preparation")
    )


def fought(game: Game, action: act.Action) -> tuple[bool, bool]:
    """Take `action` on a fork, then fight (declining the trick when offered): return
    whether the trick was offered and whether Grab the Weapon acted at the battle's start
    (its +1 on the Survivor's first roll, set before that die is rolled)."""
    fork = game.fork()
    fork.apply(action)
    taken = fork.apply(act.Fight())
    offered = fork.decision is not None and fork.decision.kind == DecisionKind.TRICKERY
    if offered:
        taken += fork.apply(act.Fight())
    start = next(i for i, e in enumerate(taken) if isinstance(e, ev.BattleStarted))
    first = next(i for i, e in enumerate(taken) if i > start and isinstance(e, ev.DieRolled))
    grabbed = any(isinstance(e, ev.RollBonusSet) and e.bonus == 1 for e in taken[start:first])
    return offered, grabbed


@pytest.mark.parametrize("stack", STACKS)
def test_what_a_change_of_weapon_is_said_to_change_is_what_the_battle_does(
    stack: tuple[str, ...],
) -> None:
    game = survivor_ahead(*stack)
    changing = [a for a in game.legal_actions() if isinstance(a, (act.Craft, act.Downgrade))]
    assert changing
    for action in changing:
        f = game.query().forecast(action)
        rules = weapon_rules(game.ruleset, game.state, f)
        offered, grabbed = fought(game, action)
        grab = [r for r in rules if r.kind == BATTLE_START]
        # Said whenever it acted before or acts after: "still acts", "now acts", "no longer".
        assert [r.now for r in grab] == ([grabbed] if grabbed or grab else []), (action, rules)
        assert all(r.name == "Grab the Weapon" for r in grab)
        trick = [r for r in rules if r.kind == TRICKERY]
        if trick:  # said only when it changes
            assert trick[0].now is offered and trick[0].was is not offered, (action, rules)
        else:
            assert offered is can_downgrade(game.state), (action, rules)


def test_the_downgrade_to_bare_hands_says_grab_still_acts_and_the_trick_is_lost() -> None:
    game = survivor_ahead("knife")
    f = game.query().forecast(act.Downgrade())
    rules = weapon_rules(game.ruleset, game.state, f)
    assert [(r.kind, r.was, r.now, r.weapon) for r in rules] == [
        (BATTLE_START, True, True, "base:bare-hands"),
        (TRICKERY, True, False, "base:bare-hands"),
    ]
    assert fought(game, act.Downgrade()) == (False, True)


def test_nothing_is_said_while_the_monster_is_not_known() -> None:
    game = Scenario("tomu", level=2).weapon("knife").start("preparation")
    assert game.state.monster is None
    f = game.query().forecast(act.Downgrade())
    assert weapon_rules(game.ruleset, game.state, f) == ()


def test_nothing_is_said_once_the_battle_has_started() -> None:
    # At the battle's start, Grab the Weapon queued behind a Response window (Daring): the
    # Pass's forecast names it acting (the knife downgraded); no change of weapon is said.
    game = (
        Scenario("kirilla-el-kaer", level=2)
        .resources(se=12)
        .weapon("knife")
        .skills("daring")
        .monster("crazed-survivor")
        .dice(3)
        .start("battle")
    )
    f = game.query().forecast(act.Pass())
    assert f.weapon == "base:bare-hands"
    assert weapon_rules(game.ruleset, game.state, f) == ()
