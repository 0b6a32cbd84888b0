"""Round 19's playtest (issue 28): what a README-only player found the words say wrong."""

from __future__ import annotations

import re

from unbroken.core import actions as act
from unbroken.core.legality import DECISIONS
from unbroken.testing import Scenario
from unbroken.words.actions import shared_note
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
