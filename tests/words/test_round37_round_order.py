"""#28 playtest round 37 (37a-10): a round's end counts a condition down, naming the round
about to start ("Frightened: round 9 and 2 rounds after it."), and that line came before
"Round 9.": the death screen read "You skip your turn." "Frightened: round 9 …" "Round 9.".
Each round's lines now come after its "Round N." in every log: the game screen's, the
viewer's, `unbroken play`'s (the death screen's: tests/tui/test_round37_round_order_screen.py)."""

from __future__ import annotations

import io
import random
import re

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.play.text import TextGame
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario
from unbroken.words.events import Narrator
from unbroken.words.retold import retold

RULES = load_ruleset()

#: A line naming the round it speaks of: a round's end counting a condition down.
TICK = re.compile(r"\bround (\d+) and \d+ rounds? after it\.|\bends with round (\d+)\.")
#: A round's own line, or the rounds' one line of the rounds a condition takes whole.
ROUND = re.compile(r"^Round (\d+)\.$|^Rounds? (\d+)(?: to (\d+))?: ")


def frightened(se: int = 1, dice: tuple[int, ...] = (4, 1, 6)) -> Game:
    """On Hard the Bear strikes first: its ROAR (4) frightens Tomu for 2 rounds after
    round 1, its WOUND (1 +1) takes 1 SE in round 2, and round 3's WOUND (6) kills."""
    return (
        Scenario("tomu", level=2, difficulty="hard")
        .resources(se=se)
        .monster("bear")
        .dice(*dice, *[6] * 30)
        .start("battle")
    )


def lines_of(narrator: Narrator, events: list[ev.Event]) -> list[str]:
    """Return the lines a screen writes for a key's events (then asks `said`)."""
    said = [*(narrator.describe(e) for e in events), narrator.said()]
    return [part for line in said if line for part in line.split("\n")]


ROUND_3 = ["You skip your turn.", "Round 3.", "Frightened: ends with round 3."]


def test_the_game_screen_says_a_round_s_count_after_its_round() -> None:
    game = frightened()
    narrator = Narrator(RULES)
    lines_of(narrator, game.events)
    lines_of(narrator, game.apply(act.Skip()))
    third = lines_of(narrator, game.apply(act.Skip()))
    assert third[:3] == ROUND_3, third
    assert game.is_over


def test_the_viewer_says_a_round_s_count_after_its_round() -> None:
    game = frightened()
    game.apply(act.Skip())
    before = list(game.events)
    events = game.apply(act.Skip())
    assert retold(RULES, before, events)[:3] == ROUND_3


def test_unbroken_play_prints_a_round_s_count_after_its_round() -> None:
    game = frightened()
    game.apply(act.Skip())
    text = TextGame.resumed(RULES, game, None)
    game.apply(act.Skip())
    out = io.StringIO()
    text.narrate_new(out)
    printed = [line.strip() for line in out.getvalue().splitlines()]
    assert printed[:3] == ROUND_3, printed


def assert_rounds_in_order(log: list[str]) -> None:
    """Each line naming a round it speaks of comes after that round's line (or just before
    the rounds' one line that says that round taken whole)."""
    last = 0  # the round of the last round line
    for i, line in enumerate(log):
        said = ROUND.match(line)
        if said:
            last = int(said[1] or said[2])
        tick = TICK.search(line)
        if tick:
            n = int(tick[1] or tick[2])
            after = next((ROUND.match(x) for x in log[i + 1 :] if ROUND.match(x)), None)
            folded = after is not None and after[2] is not None and int(after[2]) == n
            assert last == n or folded, (line, log[max(0, i - 8) : i + 2])


@pytest.mark.parametrize("seed", range(40))
def test_every_round_s_count_follows_its_round_in_random_battles(seed: int) -> None:
    # The Bear's ROARs frighten and extend; its rolls, the player's choices at random.
    choose = random.Random(seed)
    dice = tuple(choose.choice((4, 4, 1, 2, 3, 5, 6)) for _ in range(30))
    game = frightened(se=choose.randint(3, 12), dice=dice)
    narrator = Narrator(RULES)
    log = lines_of(narrator, game.events)
    while not game.is_over and len(log) < 3000:
        log += lines_of(narrator, game.apply(choose.choice(game.legal_actions())))
    assert any(TICK.search(line) for line in log) or game.is_over
    assert_rounds_in_order(log)
