"""Round 10's words (#28): what an option's line says when the README playtester met it."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.testing import Scenario
from unbroken.words.actions import option_text


def test_a_loss_the_player_cannot_pay_is_said_as_death_not_as_lose_nothing() -> None:
    # #28 round 10: at the Lich's WOUND with 1 SE and 1 ME, Pass read "Lich's WOUND: lose
    # nothing — ⚠ you die (Lich's WOUND)": the loss was never paid, the game ended.
    game = (
        Scenario("tomu", level=2)
        .resources(se=1, me=0, cunning=2)
        .monster("goblin")
        .dice(6)
        .start("battle")
    )
    while game.decision is not None and not (
        game.decision.kind == "response" and game.state.trigger == "wound_loss"
    ):
        legal = game.legal_actions()
        game.apply(act.Skip() if act.Skip() in legal else act.Pass())
    assert game.decision is not None and game.state.pending_loss == 2
    f = game.query().forecast(act.Pass())
    text = option_text(act.Pass(), "", game.state, game.ruleset, f)
    assert "lose nothing" not in text
    assert text.endswith(" — ⚠ you die (Goblin's WOUND)")
    # The engine agrees: the game ends lost to the WOUND.
    events = game.apply(act.Pass())
    assert any(isinstance(e, ev.GameOver) and not e.won for e in events)
