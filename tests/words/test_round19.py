"""Round 19's playtest (issue 28): what a README-only player found the words say wrong."""

from __future__ import annotations

import dataclasses
import re

from games import aimed_shot_for_the_kill
from unbroken.core import actions as act
from unbroken.core.legality import DECISIONS
from unbroken.core.query import Query
from unbroken.testing import Scenario
from unbroken.tui.details import detail
from unbroken.words.actions import option_detail, option_text, shared_note
from unbroken.words.events import Narrator
from unbroken.words.prompts import prompt_line, prompt_text

#: Two sentences run together: a word, a space, the next sentence ("card Whatever").
RUN_ON = re.compile(r"[\w)] (Whatever|The new roll)")


def test_every_prompt_ends_its_sentence_before_the_shared_note() -> None:
    # Round 19: "Exploration: keep one encounter card Whatever you choose: ⚠ …".
    for kind, rules in DECISIONS.items():
        head, note = prompt_line(rules.prompt, "⚠ time runs out: the monster ambushes you")
        said = f"{head} {note}"
        assert head[-1] in ".?!…" and note.endswith("."), (kind, said)
        assert not RUN_ON.search(said), (kind, said)
        assert prompt_line(rules.prompt, "") == (rules.prompt, "")  # a heading alone


def test_the_exploration_prompt_and_its_warning_are_two_sentences() -> None:
    game = Scenario("maxyn-zenma", level=1).resources(se=10, time=1).monster("kobold").start()
    game.apply(act.Explore())
    assert game.decision is not None and game.decision.kind == "choose_encounter"
    shared = shared_note(game.options(), game.state, game.ruleset)
    assert shared.startswith("⚠"), shared
    head, note = prompt_line(prompt_text(game.decision.prompt, game.state, game.ruleset), shared)
    assert not RUN_ON.search(f"{head} {note}"), (head, note)


def test_a_response_missed_at_a_skill_draw_is_said_as_warding_sign_s() -> None:
    # Round 19: with no ability use left, the Sneak's Flexible (before_skill_gain) let the
    # skills be drawn without a word, where Warding Sign's missed window "could respond".
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10)
        .ability_uses(0)
        .monster("kobold")
        .encounters("trial-and-error", "hard-lesson")
        .start()
    )
    for action in (act.Explore(), act.ChooseEncounter("base:trial-and-error"), act.Resolve()):
        game.apply(action)
    assert game.decision is not None and game.decision.kind == "choose_skill"
    narrator = Narrator(game.ruleset)
    log = [line for e in game.events if (line := narrator.describe(e))]
    said = [x for x in log if "could respond" in x]
    assert (
        len(said) == 1 and "Flexible [Sneak] could respond, but no ability use is left" in (said[0])
    ), log
    # With a use left its window opens instead, and nothing is said.
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=10)
        .monster("kobold")
        .encounters("trial-and-error", "hard-lesson")
        .start()
    )
    for action in (act.Explore(), act.ChooseEncounter("base:trial-and-error"), act.Resolve()):
        game.apply(action)
    assert game.decision is not None and game.decision.kind == "response"
    narrator = Narrator(game.ruleset)
    assert not any("could respond" in (narrator.describe(e) or "") for e in game.events)


AIMED = act.Use("base:hunter", "aimed-shot")


def test_an_abilitys_kill_is_said_on_the_detail_line() -> None:
    # Round 19: a killing ability's row, cut at 80 columns, lost its "— defeats it" and the
    # line under the list said only the reward; a weapon's row says it.
    game = aimed_shot_for_the_kill()
    said = option_detail(AIMED, game.state, game.ruleset)
    assert said.startswith("It defeats the Giant Spider. "), said
    # Not on an ability that does not kill.
    assert "defeats" not in option_detail(act.Skip(), game.state, game.ruleset)


def test_an_abilitys_kill_is_told_as_the_core_forecasts_it() -> None:
    # The core's forecast says whether the monster is defeated (R-BATTLE-7); the words say
    # what it says, and do not weigh the wounds against the health themselves (round 21:
    # they copied the defeat rule).
    game = aimed_shot_for_the_kill()
    f = Query(game.ruleset, game.state).forecast(AIMED)
    assert f.defeated
    assert " — defeats it" in option_text(AIMED, "", game.state, game.ruleset, f)
    assert option_detail(AIMED, game.state, game.ruleset, f).startswith("It defeats the")
    # A forecast that does not defeat it (as a rule of the core's may decide) is not a kill,
    # whatever its wounds.
    spared = dataclasses.replace(f, defeated=False)
    assert "defeats" not in option_text(AIMED, "", game.state, game.ruleset, spared)
    assert not option_detail(AIMED, game.state, game.ruleset, spared).startswith("It defeats")


def test_downgrades_detail_says_it_takes_the_turn_as_its_row_does() -> None:
    # Round 19: "Downgrade: give up the Knife for good (back to your Bare Hands; it takes
    # your turn)" on the row; the detail line dropped "it takes your turn".
    game = aimed_shot_for_the_kill()
    row = option_text(act.Downgrade(), "", game.state, game.ruleset)
    assert "it takes your turn" in row, row
    assert "it takes your turn" in option_detail(act.Downgrade(), game.state, game.ruleset)
    assert "it takes your turn" in detail(act.Downgrade(), game)
