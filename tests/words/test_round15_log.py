"""Round 15's playtest (#28): the log's order at a level's start."""

from __future__ import annotations

from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.words.retold import retold


def test_the_level_s_heading_comes_before_the_conditions_it_makes_active() -> None:
    # Round 15: "Conditions: now active Amnesia, Armored." came before "=== Level 4 ===":
    # the engine advances the conditions as the level ends (R-COND-1), then starts the
    # next; those made active are said under its heading, those discarded before it.
    scene = Scenario("tomu", level=3).resources(se=10, food=3).monster("goblin")
    scene = scene.condition("frightened").condition("armored", active=False)
    game = scene.start("hunger")
    seen = len(game.events)
    game.apply(act.Eat(food=3))
    said = retold(game.ruleset, game.events[:seen], game.events[seen:])  # a line each
    assert said.index("Conditions: discarded Frightened.") < said.index("=== Level 4 ===")
    assert said[said.index("=== Level 4 ===") + 1] == "Conditions: now active Armored."


def test_the_text_game_prints_the_heading_and_the_conditions_on_lines_of_their_own() -> None:
    # r15t's note: `unbroken play` wrapped the heading's two lines into one ("=== Level 4 ===
    # Conditions: now active Armored.").
    import io

    from unbroken.play.text import TextGame

    scene = Scenario("tomu", level=3).resources(se=10, food=3).monster("goblin")
    game = scene.condition("armored", active=False).start("hunger")
    text = TextGame.resumed(game.ruleset, game, None)
    out = io.StringIO()
    text.loop(io.StringIO("1\n"), out)  # eat: the level ends, level 4 starts
    lines = [line.strip() for line in out.getvalue().splitlines()]
    at = lines.index("=== Level 4 ===")
    assert lines[at + 1] == "Conditions: now active Armored.", lines[at - 2 : at + 3]
