"""Round 24's playtests (#28): a weapon card with nothing to take names its weapon; a card
of no use now says what resting on it gives; a ROAR that grows the monster is said as the
log says it; Expert's description says "skipped" once."""

from __future__ import annotations

from pathlib import Path

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.actions import label
from unbroken.words.cards import difficulty_text
from unbroken.words.forecast_events import event_words

RULES = load_ruleset()
PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


def test_sextons_cache_with_the_sling_in_hand_names_the_sling() -> None:
    # 24b-2: "2 SE + 1 cunning -> no weapon to take (time 3) (cannot pay: rest, gain 3 SE)"
    # beside "Under the bell-rope, a sling …" read as a broken card.
    with expansions_from_source(PLUGINS, {"unearthed": "unbroken_unearthed"}) as rules:
        for cunning, after in (
            (0, " (time 3) (cannot pay: rest, gain 3 SE)"),
            (1, " (time 3; no use now: you have the Sling: rest, gain 3 SE)"),
        ):
            game = (
                Scenario("huckdorf", ruleset=rules)
                .resources(se=5, cunning=cunning)
                .weapon("unearthed:sling")
                .encounters("unearthed:sexton-cache")
                .start("exploration")
            )
            text = label(act.ChooseEncounter("unearthed:sexton-cache"), game.state, rules)
            said = "Sexton's Cache: 2 SE + 1 cunning -> the Sling: nothing to take" + after
            assert text == said, text


def test_a_card_of_no_use_now_says_what_resting_on_it_gives() -> None:
    # 24a-13: "Sacred Pool: … (time 4; no use now: no condition in play)" beside a card one
    # cannot pay, "(cannot pay: rest, gain 2 SE)".
    game = Scenario("tomu").resources(se=5).encounters("sacred-pool").start("exploration")
    text = label(act.ChooseEncounter("base:sacred-pool"), game.state, RULES)
    assert text.endswith("(time 4; no use now: no condition in play: rest, gain 4 SE)")


def test_a_growth_on_a_pass_preview_is_said_as_the_log_says_it() -> None:
    # The Pass option's preview of a ROAR read "the monster grows to 0 armor, 3 health".
    grown = ev.MonsterChanged(
        armor=0, max_armor=0, health=3, max_health=4, defend=False, wounds_this_round=0, why="gain"
    )
    assert event_words(grown, RULES, "") == "the monster grows: health 3/4"
    armored = ev.MonsterChanged(
        armor=1, max_armor=2, health=3, max_health=4, defend=False, wounds_this_round=0, why="gain"
    )
    assert event_words(armored, RULES, "") == "the monster grows: armor 1/2, health 3/4"


def test_experts_description_says_skipped_once() -> None:
    # 24b-18: "(green spaces skipped). Skipped: the marker passes over every green space
    # (spaces 1, 3, 5 and 7 of the track's 8)".
    with expansions_from_source(PLUGINS, {"gauntlet": "unbroken_gauntlet"}) as rules:
        expert = next(d for d in rules.difficulties.values() if d.name == "Expert")
        text = difficulty_text(expert)
    assert text.count("skipped") + text.count("Skipped") == 0, text
    assert text.count("the marker passes over them") == 1, text
