"""Round 20's playtest (issue 28): what a README-only player found the words say wrong."""

from __future__ import annotations

import re
from collections.abc import Iterator

from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.query import Query
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.tui.details import detail
from unbroken.words.actions import option_text, shared_note
from unbroken.words.prompts import prompt_line, prompt_text

#: The reason an option's line gives for being of no use ("(no use now: X; …)" or "…)").
RUN_ON = re.compile(r"[\w)] (Whatever|The new roll)")

#: The reason an option's line gives for being of no use.
NO_USE = re.compile(r"\(no use now: ([^;)]*)")


def bot_games(count: int, seed: int = 2_000) -> Iterator[Game]:
    """Yield each bot game's game at every decision, over `count` games of every
    character (a mix of the heuristic, the greedy and random choices)."""
    rules = load_ruleset()
    characters = sorted(rules.characters)
    for i in range(count):
        game = Game.new(rules, characters[i % len(characters)], "hard", seed + i)
        yield from mixed_walk(game, seed + i)


def test_the_detail_of_a_focus_of_no_use_says_why() -> None:
    # Round 20 (Helena, Hard, level 3, SE 2, ME 2): the line "Focus: pay 4 SE, gain 1 ME
    # (no use now:…" was cut, and the detail said only "Paid as 2 SE + 2 ME: …".
    game = (
        Scenario("maxyn-zenma", level=1)
        .resources(se=2, me=2, le=0)
        .weapon("knife")
        .monster("goblin")
        .dice(*[2] * 30)
        .start("battle")
    )
    focus = next(
        a
        for a, why in game.options()
        if option_text(a, why, game.state, game.ruleset)[:5] == "Focus"
    )
    said = detail(focus, game)
    assert "needs 4 SE, you have 2, so ME pays the rest: 2 SE + 2 ME to gain 1 ME" in said, said
    assert "R-RES-4" not in said  # no rule id a player does not know (round 24)


def test_every_option_of_no_use_has_its_reason_on_the_detail_line() -> None:
    # Over bot games: whatever an option's line calls no use, the detail says why whole.
    seen = 0
    for game in bot_games(10):
        for action, why in game.options():
            if why:
                continue
            line = option_text(action, why, game.state, game.ruleset)
            found = NO_USE.search(line)
            if found is None:
                continue
            seen += 1
            said = detail(action, game)
            assert found[1] in said, (line, said)
    assert seen > 3, seen


def test_every_bot_game_prompt_ends_its_sentence_before_the_shared_note() -> None:
    # Round 20: "Keep one skill — from Old Veteran Whatever you choose: ⚠ …", the fault of
    # round 19's Exploration on another question: every prompt as the game words it
    # (`prompt_text`: whose skill, which roll), with the note every option shares.
    warning = "⚠ time runs out: the monster ambushes you"
    kinds = set()
    for game in bot_games(6, seed=2_100):
        decision = game.decision
        assert decision is not None
        kinds.add(decision.kind)
        shared = shared_note(game.options(), game.state, game.ruleset) or warning
        head, note = prompt_line(prompt_text(decision.prompt, game.state, game.ruleset), shared)
        said = f"{head} {note}"
        assert head[-1] in ".?!…" and note.endswith((".", "?", "!", "…")), (decision.kind, said)
        assert not RUN_ON.search(said), (decision.kind, said)
    assert DecisionKind.CHOOSE_SKILL in kinds and len(kinds) >= 8, kinds


def test_the_last_hunger_options_say_why_eating_less_scores_more() -> None:
    # Round 20: "Eat 4 food — score 50" under "Eat 0 food — score 62", with no why. Each
    # that keeps food and pays hunger for it says the food kept scores, the SE does not.
    game = Scenario("tomu", level=4).resources(se=20, food=4, me=2).monster("ogre").start("hunger")
    said = {
        a.food: option_text(a, "", game.state, game.ruleset)
        for a in game.legal_actions()
        if isinstance(a, act.Eat)
    }
    assert "food kept" not in said[4], said[4]  # all eaten: nothing kept
    for food in range(4):
        loss = Query(game.ruleset, game.state).hunger(food).loss
        assert f"{4 - food} food kept" in said[food], said[food]
        assert f"hunger takes {loss} SE, which would score nothing" in said[food], said[food]
