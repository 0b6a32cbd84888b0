"""Playtest round 26 (#28), 26a-21: with Weak Spot (wounding weapon attacks ignore armor,
R-BATTLE-3) breaking armor changes no wound, so Snare says it is of no use."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.actions import option_text
from unbroken.words.no_use_why import option_no_use

RULES = load_ruleset()
SNARE = act.Use("base:hunter", "snare")


def _wyvern(*skills: str) -> Game:
    """Huckdorf (a Hunter: Snare) at the Wyvern (armor 2) with `skills`, asked first."""
    return (
        Scenario("huckdorf", level=4)
        .resources(se=10, cunning=2, food=4)  # fed: no Hunger warning (round 28)
        .weapon("knife")
        .skills(*skills)
        .monster("wyvern")
        .dice(1, 1, 1, 1, 1, 1)
        .start("battle")
    )


def test_snare_is_of_no_use_where_weak_spot_ignores_armor() -> None:
    game = _wyvern("weak-spot")
    assert game.state.monster is not None and game.state.monster.armor == 2
    assert SNARE in game.legal_actions()
    why = option_no_use(SNARE, game.state, RULES)
    assert why == "with Weak Spot, wounding weapon attacks ignore armor", why
    text = option_text(SNARE, "", game.state, RULES)
    assert text.endswith("(no use now: with Weak Spot, wounding weapon attacks ignore armor)")


def test_snare_is_of_use_without_weak_spot() -> None:
    game = _wyvern()
    assert option_no_use(SNARE, game.state, RULES) is None
    assert "no use now" not in option_text(SNARE, "", game.state, RULES)


def test_the_core_passes_snare_for_you_with_weak_spot() -> None:  # R-DIGI-4
    # Every option marked "no use now" is one the core proves pointless: with the armor
    # kept, every play open after a Snare stays open, so passing is never worse.
    from unbroken.core.pointless import ARMOR_NO_USE
    from unbroken.play.session import GameSession

    game = _wyvern("weak-spot")
    assert game.pointless() == (act.Pass(), ARMOR_NO_USE)
    session = GameSession(game)
    session.auto_pass = True
    lines: list[str] = []
    session.take_for_player(lambda line, events: lines.append(line))
    assert lines[0] == (
        "Taken for you: Pass (Snare [Hunter] not used: with Weak Spot, wounding weapon attacks "
        "ignore armor)."  # said once (#28 round 27)
    ), lines
    assert _wyvern().pointless() is None  # without Weak Spot the armor stops wounds


def test_analyze_weighs_no_pass_of_a_snare_with_weak_spot() -> None:
    # 26a-21: `unbroken analyze` called this Pass the game's biggest misstep ("Snare
    # [Hunter] instead: +23 points"): a decision the engine proves is not weighed.
    from unbroken.advisor.analysis import _proved

    assert _proved(_wyvern("weak-spot"), act.Pass())
    assert not _proved(_wyvern(), act.Pass())
