"""Round 32 (#28, 32a-5): `unbroken analyze` said of a killing blow ("Spike Thrower —
defeats it") "about equal to Skip your turn": the chance counts winning only, and the
reference bot won after either in (nearly) every future. A blow that ends the battle and a
move that does not are not "about equal" to a player: the verdict says which ends the
battle, then what the futures show ("cannot tell them apart: both win ~N %" where no future
was won after one only; "too close to tell" with its interval otherwise)."""

from __future__ import annotations

from games import winning
from unbroken.advisor.analysis import Analysis, _choice, _Position
from unbroken.advisor.changes import what_it_ends
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import Weighing
from unbroken.core import actions as act
from unbroken.core.game import Game

EVERY = (1 << 16) - 1


def _killing_blow() -> Game:
    """Caellahan's level-4 battle (the Troll misses every time) at the turn where an attack
    defeats it, Skip your turn beside it."""
    game = winning()
    while not any(what_it_ends(game, a) for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Attack)))
        while not any(isinstance(a, act.Attack) for a in game.legal_actions()):
            game.apply(act.Pass())
    return game


def _choice_of(
    game: Game, taken: act.Action, best: act.Action, wins: dict[act.Action, int]
) -> Choice:
    legal = game.legal_actions()
    masks = tuple(wins.get(a, EVERY) for a in legal)
    race = Weighing(masks, (16,) * len(legal), best=legal.index(best), fresh=EVERY)
    p = _Position(40, 4, game.state.decision, game, legal, legal.index(taken), 0)
    return _choice(p, race)


def _blow(game: Game) -> act.Action:
    return next(a for a in game.legal_actions() if what_it_ends(game, a))


def test_a_killing_blow_is_never_about_equal_to_skip() -> None:
    game = _killing_blow()
    blow = _blow(game)
    assert what_it_ends(game, blow) == "ends the battle"
    assert what_it_ends(game, act.Skip()) == ""
    choice = _choice_of(game, blow, act.Skip(), {})
    assert "defeats it" in choice.taken
    verdict = choice.verdict()
    assert "about equal" not in verdict, verdict
    assert verdict.startswith("this ends the battle; Skip your turn does not"), verdict
    assert "the futures cannot tell them apart: both win ~100 % on the same 16 futures" in verdict
    # Kept with the analysis and read back the same.
    kept = Analysis.from_json(Analysis(16, 20, 40, "won", [choice]).as_json()).choices[0]
    assert (kept.ends, kept.best_ends) == ("ends the battle", "")
    assert kept.verdict() == verdict


def test_skip_beside_a_best_killing_blow_says_the_blow_would_end_it() -> None:
    game = _killing_blow()
    blow = _blow(game)
    # Skip lost 3 futures the blow won, and won 1 it lost: the interval holds 0.
    choice = _choice_of(game, act.Skip(), blow, {act.Skip(): EVERY & ~0b1110, blow: EVERY & ~1})
    verdict = choice.verdict()
    assert "about equal" not in verdict, verdict
    name = choice.best.split(":")[0]
    assert verdict.startswith(f"{name} would end the battle; this does not"), verdict
    assert "too close to tell (" in verdict and "cannot tell them apart" not in verdict


def test_two_moves_that_both_go_on_keep_their_words() -> None:
    game = _killing_blow()
    choice = _choice_of(game, act.Focus(), act.Skip(), {})
    assert "about equal to Skip your turn" in choice.verdict()
