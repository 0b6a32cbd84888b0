"""#28 playtest round 37 (37b-2): once Paralyzed took every turn left, a round begun after
the last turn it took (the monster strikes first: its roll comes before the player's
check) was said "Round 12." alone when another kind of event ended it (a Response asked
on its WOUND, the game's end), its roll and its row lost: from the game screen's log, the
death screen's lines, the viewer's and `unbroken play`'s. Each event's line is said, or
the rounds' one line says it (words.lost_rounds)."""

from __future__ import annotations

import io
import random
import re

import pytest

# The order of a round's lines (37a-10): its count of a condition after its "Round N."
from test_round37_round_order import TICK, assert_rounds_in_order

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.play.text import TextGame
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, mixed_walk
from unbroken.words.events import Narrator
from unbroken.words.lost_rounds import ROUND_EVENTS
from unbroken.words.retold import retold

RULES = load_ruleset()


def paralysed(cunning: int = 1, dice: tuple[int, ...] = (6, 3, 1, 2, 1)) -> Game:
    """Paralyzed at 6 tokens on Hard (the monster strikes first), the Basilisk's gaze makes
    it 8: each round the Basilisk rolls, then the check takes the turn. With 1 cunning each
    WOUND asks for Warding Sign (the Sage's Response); passed, the third WOUND kills."""
    return (
        Scenario("tomu", level=4, seed=3, difficulty="hard")
        .resources(se=4, cunning=cunning)
        .weapon("knife")
        .condition("paralyzed", tokens=6)
        .monster("basilisk")
        .dice(*dice, *[6] * 20)
        .start("battle")
    )


def lines_of(narrator: Narrator, events: list[ev.Event]) -> list[str]:
    """Return the lines a screen writes for a key's events (then asks `said`)."""
    said = [*(narrator.describe(e) for e in events), narrator.said()]
    return [part for line in said if line for part in line.split("\n")]


ROUND_2 = [
    "Round 2.",
    "The die shows 1 (monster's combat roll).",
    "The monster's action (1): WOUND.",
]
ROUND_3 = [
    "Round 3.",
    "The die shows 1 (monster's combat roll).",
    "The monster's action (1): WOUND.",
]
DEATH = "You die of your wounds from the Basilisk, at level 4 (Battle step)."


def test_a_round_a_response_ends_is_said_with_its_roll() -> None:
    game = paralysed()
    narrator = Narrator(RULES)
    first = lines_of(narrator, game.events)
    assert first[-3:] == [
        "Round 1.",
        "The die shows 6 (monster's combat roll).",
        "The monster's action (6): WOUND.",
    ]
    second = lines_of(narrator, game.apply(act.Pass()))
    assert second == [
        "You lose 2 SE [Basilisk].",
        "Paralyzed: 9 tokens.",
        "The die shows 3 (Paralyzed check).",
        "You lose this turn.",
        *ROUND_2,
    ]


def test_a_game_ending_on_a_roll_says_the_roll_before_the_death() -> None:
    game = paralysed()
    narrator = Narrator(RULES)
    lines_of(narrator, game.events)
    lines_of(narrator, game.apply(act.Pass()))
    third = lines_of(narrator, game.apply(act.Pass()))
    assert third[-4:] == ["You lose this turn.", *ROUND_3]
    assert lines_of(narrator, game.apply(act.Pass())) == [DEATH]
    assert game.is_over


def test_the_viewer_tells_the_roll_of_the_last_round() -> None:
    game = paralysed()
    before = list(game.events)
    events = game.apply(act.Pass())
    assert retold(RULES, before, events)[-3:] == ROUND_2


def test_unbroken_play_prints_the_roll_of_the_last_round() -> None:
    game = paralysed()
    text = TextGame.resumed(RULES, game, None)
    game.apply(act.Pass())
    out = io.StringIO()
    text.narrate_new(out)
    printed = [line.strip() for line in out.getvalue().splitlines()]
    assert printed[-3:] == ROUND_2


class Counting(Narrator):
    """A narrator that notes each event it follows (`track`) and each it says alone."""

    def __init__(self) -> None:
        super().__init__(RULES)
        self.tracked: list[ev.Event] = []
        self.alone: list[ev.Event] = []
        self.lines: list[str] = []

    def track(self, e: ev.Event) -> None:
        self.tracked.append(e)
        super().track(e)

    def describe_one(self, e: ev.Event) -> str | None:
        self.alone.append(e)
        line = super().describe_one(e)
        self.lines.extend(line.split("\n") if line else [])
        return line


def told_whole(game: Game, choose: random.Random) -> tuple[Counting, list[str]]:
    """Play `game` to its end choosing at random; return its narrator and its log."""
    narrator = Counting()
    log = lines_of(narrator, game.events)
    while not game.is_over:
        log += lines_of(narrator, game.apply(choose.choice(game.legal_actions())))
    return narrator, log


def said_row(e: ev.CombatResult) -> str:
    """Return the line of a monster's roll applied (one ignored or re-rolled starts with
    "6: THREATEN - ")."""
    return f"The monster's action ({e.roll}): {e.result}"


def told_at(log: list[str], at: int, e: ev.RoundStarted | ev.CombatResult) -> int:
    """Return the index of the first line of `log` from `at` on that says `e`: its own
    line, or a rounds' line that names it ("Rounds 9 to 10: … the monster's rolls: 2 GAZE")."""
    for i in range(at, len(log)):
        line = log[i]
        if isinstance(e, ev.RoundStarted):
            said = re.match(r"Rounds? (\d+)(?: to (\d+))?: ", line)
            if line == f"Round {e.round}." or (
                said and int(said[1]) <= e.round <= int(said[2] or said[1])
            ):
                return i
        elif line.startswith((f"{e.roll}: {e.result} - ", said_row(e))) or (
            " takes each of your turns " in line and f" {e.roll} {e.result}" in line
        ):
            return i
    raise AssertionError((e, log[at:]))


def assert_every_event_told(game: Game, narrator: Counting, log: list[str]) -> None:
    at = 0  # each round and each monster's roll is in the log, in order
    for e in game.events:
        if isinstance(e, ev.RoundStarted | ev.CombatResult):
            at = told_at(log, at, e)
    """Every event is followed once, in order; each is said alone (its line in the log, in
    order) or in a rounds' line that names its round and its monster's roll."""
    assert narrator.tracked == game.events
    folded = [e for e in game.events if not any(e is a for a in narrator.alone)]
    assert all(isinstance(e, ROUND_EVENTS) for e in folded)
    rounds = [line for line in log if " takes each of your turns " in line]
    for e in folded:
        if isinstance(e, ev.CombatResult):
            assert any(f"{e.roll} {e.result}" in line for line in rounds), (e, rounds)
    # Each line said alone is in the log, in order (a round's end counting a condition down
    # is said after the round it names: 37a-10, `assert_rounds_in_order`).
    it = iter(line for line in log if not TICK.search(line))
    alone = [line for line in narrator.lines if not TICK.search(line)]
    assert all(any(line == logged for logged in it) for line in alone), log
    ticks = [line for line in log if TICK.search(line)]
    assert ticks == [line for line in narrator.lines if TICK.search(line)], ticks
    assert_rounds_in_order(log)


@pytest.mark.parametrize("seed", range(40))
def test_every_event_of_a_locked_battle_is_told(seed: int) -> None:
    choose = random.Random(seed)
    dice = tuple(choose.randint(1, 6) for _ in range(12))
    game = paralysed(cunning=choose.randint(0, 3), dice=dice)
    narrator, log = told_whole(game, choose)
    assert_every_event_told(game, narrator, log)


@pytest.mark.parametrize("seed", range(30))
def test_every_event_of_a_bot_game_is_told(seed: int) -> None:
    characters = sorted(RULES.characters)
    difficulty = ("normal", "hard")[seed % 2]
    game = Game.new(RULES, characters[seed % len(characters)], difficulty, seed=37_000 + seed)
    narrator, log, seen = Counting(), [], 0
    for now in mixed_walk(game, seed):  # the heuristic, the greedy and random choices
        log += lines_of(narrator, now.events[seen:])
        seen = len(now.events)
    log += lines_of(narrator, game.events[seen:])
    assert_every_event_told(game, narrator, log)
