"""Playtest round 28 (#28), 28a-2: Just a Scratch [Brawler] ("when a WOUND result would
cost you 2 or more effort, lose 1 less", minimum 1) cannot change the Basilisk's WOUND of
2 SE once Armored's Plates (1 less, minimum 1) make it 1: it was offered, the Pass said
"Just a Scratch [Brawler] can lower it next" and the log "could respond, but no ability
use is left". A Response to a WOUND's loss is offered only where it can change the loss
as it will be (the core's `responses.lowers_loss`); without Armored it still is."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.events import Narrator

RULES = load_ruleset()
SCRATCH = act.Use("base:brawler", "just-a-scratch")


def _basilisk(armored: bool, uses: int = 2) -> Game:
    """Caellahan (a Brawler) at the Basilisk, its die on the WOUND of 2 SE (row 1)."""
    scene = (
        Scenario("caellahan", level=4)
        .resources(se=10, me=3)
        .ability_uses(uses)
        .weapon("club")
        .monster("basilisk")
        .dice(*[1] * 40)
    )
    return (scene.condition("armored") if armored else scene).start("battle")


def _windows(game: Game) -> list[tuple[str, list[str]]]:
    """Skip and pass through two monster turns; return each Response window met with its
    options' lines."""
    met = []
    for _ in range(12):
        if game.decision is None:
            break
        legal = game.legal_actions()
        if game.decision.kind == "response":
            lines = [option_text(a, "", game.state, RULES) for a in legal]
            met.append((game.state.trigger, lines))
        game.apply(act.Skip() if act.Skip() in legal else act.Pass())
    return met


def test_just_a_scratch_is_not_offered_where_armored_leaves_the_same_loss() -> None:
    met = _windows(_basilisk(armored=True))
    assert met, met
    for trigger, lines in met:
        assert trigger != "wound_loss", lines  # no Just a Scratch window
        for line in lines:
            assert "Just a Scratch" not in line, line
    assert "Pass (use nothing more) — Basilisk's WOUND: lose 1 SE" in met[0][1]


def test_just_a_scratch_is_offered_where_it_lowers_the_loss() -> None:
    met = _windows(_basilisk(armored=False))
    assert met[0][1][-1].endswith("lose 2 SE; Just a Scratch [Brawler] can lower it next")
    assert any(trigger == "wound_loss" for trigger, _ in met), met


def test_the_log_says_no_could_respond_where_it_would_change_nothing() -> None:
    for armored, said in ((True, False), (False, True)):
        game = _basilisk(armored, uses=0)
        _windows(game)
        narrator = Narrator(game.ruleset)
        lines = [x for e in game.events if "could respond" in (x := narrator.describe(e) or "")]
        assert any("Just a Scratch" in x for x in lines) is said, (armored, lines)
