"""37's words (#28, round 37): "Keep which result?" said one way whatever rolled, the
Crazed Survivor's Grab the Weapon's roll as the Gnoll's (37a-5: "Keep the 6 — Crazed
Survivor's THREATEN: …" beside "Keep the 4: WOUND (lose 2 SE)"); a skill that cannot be
paid keeps what it does, then "(cannot pay)", as Focus (37b-5: "0. Trapper (pay 1 wood + 1
time; cannot pay)"); a decision taken for the player says the ambush that came with it
once (w53's note: "— Hyena's ambush: lose 2 SE — time ran out … You lose 2 SE [Hyena's
ambush].")."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.play.taken import taken_said
from unbroken.testing import Scenario, play
from unbroken.words.actions import option_text
from unbroken.words.forecast import AMBUSHED


def test_a_roll_kept_outside_the_monsters_turn_is_said_as_on_it() -> None:
    game = (
        Scenario("maxyn-zenma", level=2)
        .resources(se=13)
        .weapon("club")  # a Basic weapon: Grab the Weapon, the Survivor attacks at +1
        .skills("lucky")
        .monster("crazed-survivor")
        .dice(5, 3)
        .start("battle")
    )
    game.apply(act.Use("base:lucky", "lucky-reroll"))
    lines = [option_text(a, "", game.state, game.ruleset) for a in game.legal_actions()]
    assert lines == [
        "Keep the 3 → 4: WARN (lose 1 SE + 1 time)",
        "Keep the 5 → 6: THREATEN (gain Weakened for the next level)",
    ], lines


def test_a_skill_that_cannot_be_paid_keeps_what_it_does() -> None:
    game = Scenario("huckdorf", level=1).resources(se=13).skills("trapper").start("preparation")
    lines = [option_text(a, why, game.state, game.ruleset) for a, why in game.options()]
    trapper = next(line for line in lines if line.startswith("Trapper"))
    assert trapper == "Trapper (pay 1 wood + 1 time): gain 2 food (cannot pay)", lines
    focus = next(line for line in lines if line.startswith("Inspiration"))
    assert focus == "Inspiration: pay 2 ME, gain 1 LE (cannot pay)", lines  # the same order


def test_a_rest_taken_as_the_ambush_came_says_the_ambush_once() -> None:
    game = (
        Scenario("tomu", seed=3)
        .resources(se=0, me=0, le=0, time=1, food=1)
        .monster("hyena")
        .encounters("abandoned-hovel", "metal-scraps")
        .start("exploration")
    )
    play(game, act.ChooseEncounter("base:abandoned-hovel"))
    line = taken_said(game, act.Rest(), "")
    assert "ambush:" not in line, line  # the ambush's own lines say what it took
    assert line == (
        f"Taken for you: Rest: gain 1 SE (time 1) — food 0 of 1 after: hunger −1 SE — {AMBUSHED}."
    ), line
