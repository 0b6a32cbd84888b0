"""Playtest round 28 (#28), 28a-2: Just a Scratch [Brawler] ("when a WOUND result would
cost you 2 or more effort, lose 1 less", minimum 1) cannot change the Basilisk's WOUND of
2 SE once Armored's Plates (1 less, minimum 1) make it 1, yet the Pass said "Just a Scratch
[Brawler] can lower it next" (so did analyze, from the same words) and the log "could
respond, but no ability use is left". The core still offers it (a rules change would move
the recordings): the words say what it changes (`words.no_use.loss_kept`)."""

from __future__ import annotations

from games import at_the_vampires_wound as vampires_wound
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.events import Narrator
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()
SCRATCH = act.Use("base:brawler", "just-a-scratch")
SHRUG = act.Use("base:tough-as-nails", "tough-as-nails-shrug")


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


def _windows(game: Game) -> list[tuple[str, list[str], dict[act.Action, str | None]]]:
    """Skip and pass through two monster turns; return each Response window met with its
    options' lines and their no-use reasons."""
    met = []
    for _ in range(12):
        if game.decision is None:
            break
        legal = game.legal_actions()
        if game.decision.kind == "response":
            lines = [option_text(a, "", game.state, RULES) for a in legal]
            why = {a: option_no_use(a, game.state, RULES) for a in legal}
            met.append((game.state.trigger, lines, why))
        game.apply(act.Skip() if act.Skip() in legal else act.Pass())
    return met


def test_the_pass_does_not_name_a_response_armored_leaves_nothing_to() -> None:
    met = _windows(_basilisk(armored=True))
    passes = [line for _, lines, _ in met for line in lines if line.startswith("Pass")]
    assert passes, met
    for line in passes:
        assert "can lower it next" not in line, line
    assert "Pass (use nothing more) — Basilisk's WOUND: lose 1 SE" in passes


def test_the_response_offered_is_of_no_use_and_says_why() -> None:
    met = [
        (lines, why) for trigger, lines, why in _windows(_basilisk(True)) if trigger == "wound_loss"
    ]
    assert met  # the core still offers it: the rules are unchanged
    lines, why = met[0]
    assert why[SCRATCH] == "Armored already makes it 1 SE", why
    line = next(x for x in lines if x.startswith("Just a Scratch"))
    assert "(no use now: Armored already makes it 1 SE)" in line, line


def test_without_armored_it_still_lowers_the_loss() -> None:
    met = _windows(_basilisk(armored=False))
    assert met[0][1][-1].endswith("lose 2 SE; Just a Scratch [Brawler] can lower it next")
    windows = [why for trigger, _, why in met if trigger == "wound_loss"]
    assert windows and windows[0][SCRATCH] is None, windows


def test_the_log_says_no_could_respond_where_it_would_change_nothing() -> None:
    for armored, said in ((True, False), (False, True)):
        game = _basilisk(armored, uses=0)
        _windows(game)
        narrator = Narrator(game.ruleset)
        lines = [x for e in game.events if "could respond" in (x := narrator.describe(e) or "")]
        assert any("Just a Scratch" in x for x in lines) is said, (armored, lines)


def test_tough_as_nails_on_3_se_with_armored_stays_of_use() -> None:
    """Round 23: on the Vampire's 3 SE it leaves 1 SE where Armored alone leaves 2."""
    scene = Scenario("tomu", level=4).resources(se=12).skills("tough-as-nails")
    game = vampires_wound(scene, True, SHRUG)
    assert option_no_use(SHRUG, game.state, RULES) is None
    assert "no use now" not in option_text(SHRUG, "", game.state, RULES)
