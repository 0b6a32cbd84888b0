"""30a-19: a Rest taken for the player whose time ran the track out was logged with the
option's warning, "Taken for you: Rest: gain 3 SE (time 3) — ⚠ time runs out: the monster
ambushes you.", read after the ambush had taken its food: told as what happened."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.play.taken import taken_said
from unbroken.testing import Scenario, play
from unbroken.words.forecast import AMBUSHED


def hovel_kept_unpaid(time: int) -> Game:
    """The Abandoned Hovel (1 SE, time 1) kept with no effort: Rest alone is left."""
    game = (
        Scenario("tomu", seed=3)
        .resources(se=0, me=0, le=0, time=time)
        .encounters("abandoned-hovel", "metal-scraps")
        .start("exploration")
    )
    play(game, act.ChooseEncounter("base:abandoned-hovel"))
    assert [a for a, why in game.options() if not why] == [act.Rest()]
    return game


def test_a_rest_taken_for_you_that_ran_the_time_out_says_the_ambush_came() -> None:
    game = hovel_kept_unpaid(time=1)
    line = taken_said(game, act.Rest(), "")
    assert line == f"Taken for you: Rest: gain 1 SE (time 1) — {AMBUSHED}.", line
    assert "⚠" not in line
    before = len(game.events)
    game.apply(act.Rest())  # it came: the monster's ambush, then the battle
    assert any(isinstance(e, ev.BattleStarted) for e in game.events[before:])
    # With time to spare, no ambush is said.
    line = taken_said(hovel_kept_unpaid(time=3), act.Rest(), "")
    assert line == "Taken for you: Rest: gain 1 SE (time 1).", line
