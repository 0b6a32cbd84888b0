"""Round 28's playtests (#28): the table's rows as they act now. The Abomination's "DAZE
the monster rolls again (you have Poisoned)" beside the card's "Gain Poisoned" said no why
(28a-13); "lose exactly 1 ME + 1 LE and gain nothing (lose 3 SE if unable)" beside 0 ME
left the player to work out which (28b-9)."""

from __future__ import annotations

from test_round16_pages import everything

from unbroken.play.text_display import display
from unbroken.testing import Scenario
from unbroken.tui.sheet_rows import row_texts


def test_a_row_that_rolls_again_says_the_condition_is_held_already() -> None:
    scene = Scenario("tomu", level=3).condition("poisoned", True, 2, 0)
    game = scene.monster("abomination").start("battle")
    card = game.ruleset.monsters["base:abomination"]
    assert row_texts(game.state, game.ruleset, card)[4] == (
        "the monster rolls again (you have Poisoned already)"
    )


def test_a_lose_exactly_row_says_what_it_takes_from_the_resources_held() -> None:
    with everything() as rules:
        said: dict[tuple[str, int, int], str] = {}
        for mid, row in (("unearthed:barrow-hound", 4), ("unearthed:lich", 5)):
            for me, le in ((0, 3), (2, 3), (1, 0)):
                scene = Scenario("tomu", level=4, ruleset=rules).resources(se=10, me=me, le=le)
                game = scene.monster(mid).start("battle")
                card = rules.monsters[game.state.monster.id]  # type: ignore[union-attr]
                said[mid, me, le] = row_texts(game.state, rules, card)[row - 1]
    assert said == {
        ("unearthed:barrow-hound", 0, 3): "lose 2 SE (you have no ME)",
        ("unearthed:barrow-hound", 2, 3): "lose 1 ME",
        ("unearthed:barrow-hound", 1, 0): "lose 1 ME",
        ("unearthed:lich", 0, 3): "lose 3 SE (you have no ME)",
        ("unearthed:lich", 2, 3): "lose 1 ME + 1 LE",
        ("unearthed:lich", 1, 0): "lose 3 SE (you have no LE)",
    }


def test_the_plain_text_game_says_a_lose_exactly_row_as_the_stage_does() -> None:
    # 28b-9: the plain-text game still printed "lose exactly 1 ME + 1 LE and gain nothing
    # (lose 3 SE if unable)" where the stage said "lose 3 SE (you have no ME)".
    with everything() as rules:
        scene = Scenario("tomu", level=4, ruleset=rules).resources(se=10, me=0, le=3)
        game = scene.monster("unearthed:lich").start("battle")
        shown = " ".join(display(game.state, rules).split())
    assert "5 GAZE: lose 3 SE (you have no ME)" in shown, shown
    assert "if unable" not in shown, shown
