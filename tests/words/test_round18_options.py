"""Round 18's playtest, the option words (issue 28): what a README-only player found the
options say wrong or not at all."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_plugins
from unbroken.testing import FolderPlugin, Scenario, pass_responses, play
from unbroken.words.actions import option_detail, option_text, shared_note

GAUNTLET = (
    Path(__file__).resolve().parents[2] / "plugins/unbroken-gauntlet/src/unbroken_gauntlet/content"
)


@pytest.fixture(scope="module")
def gauntlet(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The base game and the Gauntlet's keywords and monsters."""
    folder = tmp_path_factory.mktemp("gauntlet")
    for name in ("keywords.toml", "monsters.toml"):
        shutil.copy(GAUNTLET / name, folder / name)
    return load_plugins(["base", "gauntlet"], extra=[("gauntlet", FolderPlugin(folder))]).ruleset


def _texts(game: Game) -> list[str]:
    return [option_text(a, why, game.state, game.ruleset) for a, why in game.options()]


def _bare_beetle(rules: Ruleset) -> Game:
    """The Iron Beetle's armor pried off with the Knife; the player's turn again."""
    game = (
        Scenario("maxyn-zenma", level=2, ruleset=rules)
        .resources(se=20, me=3)
        .weapon("knife")
        .monster("gauntlet:iron-beetle")
        .dice(1, 1, 1)
        .start("battle")
    )
    play(game, act.Attack("pry"))
    pass_responses(game)
    assert game.state.monster is not None and game.state.monster.armor == 0
    return game


def test_an_attack_that_wounds_0_is_marked_no_use(gauntlet: Ruleset) -> None:
    # Round 18: Armored (−1 to power 3 or less) takes the Quick cut's 1: it only pays.
    game = _bare_beetle(gauntlet)
    texts = _texts(game)
    quick = "Attack with Quick cut: wound 0 (Armored (Gauntlet) −1) - pay 1 SE"
    assert f"{quick} (no use now: it wounds 0)" in texts
    # The Stab still wounds 1: of use.
    assert "Attack with Stab: wound 1 (Armored (Gauntlet) −1) - pay 2 SE" in texts
    detail = option_detail(act.Attack("quick-cut"), game.state, game.ruleset)
    assert detail.startswith("No use now: it wounds 0. Armored (Gauntlet) −1: ")


def test_the_detail_line_names_a_keyword_as_the_options_do(gauntlet: Ruleset) -> None:
    # Round 18: the detail said "Armored (Iron Beetle) −1", the options "Armored (Gauntlet)".
    game = _bare_beetle(gauntlet)
    detail = option_detail(act.Attack("stab"), game.state, game.ruleset)
    assert detail.startswith("Armored (Gauntlet) −1: Wounding attacks of power 3 or less")
    assert "Iron Beetle" not in detail


def _to_my_turn(game: Game) -> None:
    """Pay the Basilisk's metal for Paralyzed, pass every window, to the player's turn."""
    while game.decision is not None and game.decision.kind != "player_turn":
        legal = game.legal_actions()
        if act.PayInstead() in legal:
            game.apply(act.PayInstead())
        else:
            game.apply(act.Pass() if act.Pass() in legal else legal[0])


def test_a_wound_cap_is_said_past_a_response_window() -> None:
    # Round 18: "Attack with Cleave: wound 6 - pay 2 ME" while the Basilisk could take 4
    # this round. The forecast passes Caellahan's window after the attack is chosen and
    # lost the attack's power there, so the cap (which took 2) was named by no rule.
    game = (
        Scenario("caellahan", level=4)
        .resources(se=20, me=6, le=2, metal=10)
        .weapon("axe")
        .monster("basilisk")
        .dice(*[2] * 30)
        .start("battle")
    )
    _to_my_turn(game)
    play(game, act.Attack("chop"))
    _to_my_turn(game)
    f = game.query().forecast(act.Attack("cleave"))
    assert f.passes and (f.power, f.wounds) == (6, 4)
    assert [a.rule for a in f.rules if a.passive == "cap"] == ["Stone Scales"]
    assert "Attack with Cleave: 4 of 6 wounds (Stone Scales) - pay 2 ME" in _texts(game)


def test_focus_paid_with_le_is_no_use_as_inspiration_is() -> None:
    # Round 18: short of SE with no ME, Focus takes 2 SE + 2 LE to gain 1 ME: it was
    # marked only "paid as", while Inspiration in the same spot was "no use now".
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=2, me=0, le=4)
        .weapon("knife")
        .monster("goblin")
        .dice(*[2] * 30)
        .start("battle")
    )
    texts = _texts(game)
    focus = next(t for t in texts if t.startswith("Focus"))
    assert (
        "(no use now: needs 4 SE, you have 2, so LE pays the rest: 2 SE + 2 LE to gain 1 ME"
        in focus
    )
    inspiration = next(t for t in texts if t.startswith("Inspiration"))
    assert (
        "(no use now: needs 2 ME, you have 0, so LE pays it all: 2 LE to gain 1 LE" in inspiration
    )
    # Plan gains cunning, not effort: paid with LE it is still of use.
    plan = next(t for t in texts if t.startswith("Plan"))
    assert "(paid as 2 SE + 2 LE: short of SE" in plan


def test_focus_paid_as_printed_is_of_use_with_le_held() -> None:
    # The LE held is not what makes it no use: only LE the payment takes.
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=6, me=0, le=4)
        .weapon("knife")
        .monster("goblin")
        .dice(*[2] * 30)
        .start("battle")
    )
    focus = next(t for t in _texts(game) if t.startswith("Focus"))
    assert "no use" not in focus and "paid as" not in focus


def test_the_encounters_ambush_is_said_once_not_on_each_skill() -> None:
    # Round 18: after keeping Trial and Error with the time short, "Keep Ambusher…" and
    # "Keep Brute Force…" each ended "— ⚠ time runs out: the monster ambushes you": the
    # encounter's, whichever skill is kept. Said once, under the prompt.
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10, time=3)
        .monster("kobold")
        .encounters("trial-and-error", "hard-lesson")
        .start()
    )
    for action in (act.Explore(), act.ChooseEncounter("base:trial-and-error"), act.Resolve()):
        game.apply(action)
    game.apply(act.Pass())  # Flexible's window before the skill is gained
    assert game.decision is not None and game.decision.kind == "choose_skill"
    offered = game.options()
    shared = shared_note(offered, game.state, game.ruleset)
    assert shared.startswith("⚠ time runs out: the monster ambushes you")
    lines = [option_text(a, why, game.state, game.ruleset, None, shared) for a, why in offered]
    assert lines and all(line.startswith("Keep ") and "⚠" not in line for line in lines)
    # Without the prompt's note (`unbroken play`), each line still warns.
    assert all("⚠ time runs out" in line for line in _texts(game))


def test_both_results_to_keep_say_their_row_alike() -> None:
    # Round 18: "Keep which result?" gave the 6 a "— Basilisk's WOUND: lose 2 SE…" suffix
    # the 1 lacked. Each says its row in its bracket, as the forecast has it, and no more.
    game = (
        Scenario("caellahan", level=4)
        .resources(se=20, metal=5)
        .weapon("knife")
        .skills("lucky")
        .monster("basilisk")
        .dice(1, 6, *[2] * 20)
        .start("battle")
    )
    _to_my_turn(game)
    game.apply(act.Skip())
    game.apply(act.Use("base:lucky", "lucky-reroll"))
    assert game.decision is not None and game.decision.kind == "pick_roll"
    assert _texts(game) == [
        "Keep the 1: WOUND (lose 2 SE)",
        "Keep the 6: WOUND (lose 2 SE, Paralyzed 3 tokens)",
    ]
