"""Round 36 (play36a, #28): the game's `%` at the Basilisk read "1 and 2 share the lead …
(1 is of no use now: ahead by chance)" beside "1. [at most Skip's 28%] Chop… (no use now)"
and "2. [33% 24-43] Hack": the verdict named its leaders off the race's figures, the lines
showed others. The verdict now reads them off the lines' own figures (`readings.leaders`,
the figures `tui.odds.row_texts` draws): a property over the odds of random positions
checks that the options it says lead are exactly the lines that lead, as read off the
lines' text. And a race that ended early reads "[30% early]" (v52's note), as analyze's
"the race ended early"."""

from __future__ import annotations

import random
import re

from unbroken.advisor.chances import Figure
from unbroken.advisor.estimator import Race, Weighing, weigh
from unbroken.advisor.readings import leaders
from unbroken.advisor.verdict import LOST, LOST_FOR_SURE
from unbroken.bots.heuristic import heuristic_bot
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.plugins import load_ruleset
from unbroken.tui.odds import odds_text, row_texts, running_leader, verdict_text
from unbroken.tui.option_rows import OPTION_KEYS

PLAIN = re.compile(r"\[(\d+)% \d+-\d+\]")
SAME = re.compile(r"\[same futures as (\w)\]")
OWN = re.compile(r"\[(\d+)% no use\]")
NAMED = re.compile(r"^(.+?) (?:leads|share the lead|is clearly best)(?:;|$)")


def _mask(n: int) -> int:
    return (1 << n) - 1


def _leading_lines(texts: list[str], keys: list[str]) -> set[str]:
    """The keys of the lines that lead, as a reader reads them: the lines reading a plain
    figure ("[33% 24-43]") at the top, and those "[same futures as 2]" of one of them."""
    plain = {keys[k]: int(m[1]) for k, t in enumerate(texts) if (m := PLAIN.fullmatch(t))}
    if not plain:
        return set()
    top = max(plain.values())
    lead = {key for key, n in plain.items() if n == top}
    twins = {keys[k]: m[1] for k, t in enumerate(texts) if (m := SAME.fullmatch(t))}
    return lead | {key for key, head in twins.items() if head in lead}


def _named(verdict: str) -> set[str]:
    """The options the verdict says lead ("2 leads", "1 and 3 share the lead", "4 is
    clearly best"); none for the verdicts that name no lead."""
    found = NAMED.match(verdict)
    if not found:
        return set()
    return set(re.split(r", | and ", found[1]))


def test_the_basilisk_screen_names_the_line_that_leads() -> None:
    # play36a's shape: Chop (no use now) the race's best, Hack the same futures but one,
    # Skip five behind on 100 futures (not clearly): the chance 33 of 100 of Chop's own.
    chop = _mask(33)
    hack = _mask(32) | 1 << 40
    skip = _mask(28)
    race = Weighing((chop, hack, skip), (100, 100, 100), best=0, fresh=_mask(33), fresh_games=100)
    keys = ["1", "2", "3"]
    texts = row_texts(race, keys, no_use=[0], passing=2, name="Skip")
    assert texts[0] == "[at most Skip's 28%]" and PLAIN.fullmatch(texts[1]), texts
    assert texts[1].startswith("[33% ")  # what the player read beside Chop's bound
    said = verdict_text(race, [0, 1, 2], no_use=[0], passing=2)
    # Round 36 read "1 and 2 share the lead; 3 about equal (1 is of no use now: ahead by chance)".
    assert said == "2 leads; 3 about equal; 1 of no use now", said
    assert _named(said) == _leading_lines(texts, keys) == {"2"}
    # With no Skip beside it, Chop's line reads its own figure: "[33% no use]", not ahead.
    texts = row_texts(race, keys, no_use=[0])
    assert texts[0] == "[33% no use]"
    assert verdict_text(race, [0, 1, 2], no_use=[0]).endswith("; 1 of no use now")


def test_the_running_header_never_puts_ahead_a_line_of_no_use() -> None:
    chop, hack, skip = _mask(33), _mask(32) | 1 << 40, _mask(28)
    race = Weighing((chop, hack, skip), (100, 100, 100), best=0, fresh=_mask(33), fresh_games=100)
    assert running_leader(race, [0, 1, 2]) == "1"  # as before, of use
    assert running_leader(race, [0, 1, 2], no_use=[0]) == "2"  # the line that leads
    assert running_leader(race, [4, 6, 7], no_use=[0]) == "7"  # by its key
    alone = Weighing((_mask(60), _mask(20)), (100, 100), best=0, fresh=_mask(60), fresh_games=100)
    assert running_leader(alone, [0, 1], no_use=[0]) == ""  # no line leads: none said


def test_ahead_by_chance_only_where_its_line_reads_above() -> None:
    # Chop reads its own 40 % ("[40% no use]", no Skip), Hack 4 behind, about equal.
    chop = _mask(40)
    hack = _mask(33) | _mask(3) << 60
    race = Weighing((chop, hack), (100, 100), best=0, fresh=_mask(40), fresh_games=100)
    texts = row_texts(race, ["1", "2"], no_use=[0])
    assert texts[0] == "[40% no use]" and texts[1].startswith("[36% "), texts
    said = verdict_text(race, [0, 1], no_use=[0])
    assert said == "2 leads; 1 of no use now, ahead by chance", said


def test_no_line_leads_where_every_other_is_clearly_behind() -> None:
    race = Weighing((_mask(60), _mask(20)), (100, 100), best=0, fresh=_mask(60), fresh_games=100)
    texts = row_texts(race, ["1", "2"], no_use=[0], passing=1, name="Skip")
    assert texts == ["[at most Skip's 20%]", "[20% behind]"], texts
    said = verdict_text(race, [0, 1], no_use=[0], passing=1)
    assert said == "no line leads: 1 is of no use now", said
    assert "ahead" not in said


def test_a_race_ended_early_says_so_on_its_line() -> None:
    # v52's note: "[30% 21-41]" for an option whose race ended early, as any other line.
    early = Figure(0.3, 0.21, 0.41, 100, early=True)
    assert odds_text(early) == "[30% early]"
    assert odds_text(Figure(0.3, 0.21, 0.41, 100)) == "[30% 21-41]"
    # Behind, or stopped, says that first, as before.
    assert odds_text(Figure(0.3, 0.21, 0.41, 100, behind=True, early=True)) == "[30% behind]"


def _random_race(rnd: random.Random) -> Weighing:
    """A race of 2-9 options over futures drawn at random: each option's chance, some the
    same option twice (twins), its results following a common draw (the futures) more or
    less, played through the estimator's own stages (stops, halving, early ends)."""
    n = rnd.randint(2, 9)
    chances = [rnd.choice([0.0, 0.02, 0.3, 0.5, 0.7, 1.0, rnd.random()]) for _ in range(n)]
    for k in range(1, n):
        if rnd.random() < 0.2:
            chances[k] = chances[rnd.randrange(k)]
    follow = rnd.random()
    most = rnd.choice([16, 32, 64, 100])
    common = [rnd.random() for _ in range(2 * most)]
    own = [[rnd.random() for _ in range(2 * most)] for _ in range(n)]

    def result(k: int, i: int) -> int:
        u = common[i] if rnd.random() < follow else own[k][i]
        return int(u < chances[k])

    race = Race(n, most)
    while not race.done:
        start, count, live = race.stage()
        for k in live:
            wins = sum(result(k, start + j) << j for j in range(count))
            race.record(k, start, count, wins)
        race.close_stage()
    return race.weighing(list(range(n)))


def _check(race: Weighing, rnd: random.Random, seen: dict[str, int], passing: int | None) -> None:
    """Mark some options of `race` "no use now" at random (the best among them at times),
    draw its lines and verdict as `%` does, and check the options the verdict says lead
    are the lines that lead, as read off their text."""
    n = len(race.wins)
    legal = list(range(n))
    keys = [OPTION_KEYS[k] for k in legal]
    no_use = [k for k in legal if k != passing and rnd.random() < 0.25]
    if rnd.random() < 0.3 and n > 2:
        no_use = sorted({*no_use, race.best} - {passing})
    blows = rnd.random() < 0.2
    ends = [rnd.choice(["", "", "ends the battle"]) for _ in legal] if blows else []
    texts = row_texts(race, keys, no_use, passing, "Skip")
    said = verdict_text(race, legal, no_use, ends, passing)
    lines = _leading_lines(texts, keys)
    named = _named(said)
    context = (texts, said)
    assert {keys[k] for k in leaders(race, no_use)} == lines, context
    if named:
        seen["lead"] += 1
        assert named == lines, context  # the verdict's leaders are the lines that lead
    else:  # only the verdicts that name no lead
        assert (
            said.startswith((LOST, LOST_FOR_SURE, "both about equal", "no line leads"))
            or "end the battle" in said
            or "ends the battle" in said
        ), context
    if said.startswith("no line leads"):
        seen["no line leads"] += 1
        assert not lines, context
    if race.best in no_use:
        seen["no use best"] += 1
        assert keys[race.best] not in named, context
    if "ahead by chance" in said:
        # Only of an option whose line reads its own figure above every leading line.
        said_of = re.search(r"(\w) of no use now, ahead by chance", said)
        assert said_of, context
        own_line = OWN.fullmatch(texts[keys.index(said_of[1])])
        own = int(own_line[1]) if own_line else -1
        top = max(int(m[1]) for t in texts if (m := PLAIN.fullmatch(t)))
        assert own > top, context


def test_the_verdicts_leaders_are_the_lines_that_lead() -> None:
    rnd = random.Random(36)
    seen = {"lead": 0, "no use best": 0, "no line leads": 0}
    for _ in range(1000):
        race = _random_race(rnd)
        _check(race, rnd, seen, rnd.choice([None, rnd.randrange(len(race.wins))]))
    # The property met every kind of verdict it is about.
    assert all(seen.values()), seen


def test_so_are_those_of_positions_of_a_game() -> None:
    # The same over real positions: a bot-played game's decisions with a choice, each
    # weighed by the one estimator on 16 futures (Skip or Pass the option that does nothing).
    rnd = random.Random(28)
    seen = {"lead": 0, "no use best": 0, "no line leads": 0}
    game = Game.new(load_ruleset(), "tomu", "normal", 2)
    weighed, n = 0, 0
    while game.decision is not None and weighed < 8:
        legal = list(game.legal_actions())
        if len(legal) > 1 and n % 4 == 0:
            race = weigh(game, legal, 16)
            nothing = [k for k, a in enumerate(legal) if isinstance(a, act.Pass | act.Skip)]
            _check(race, rnd, seen, nothing[0] if nothing else None)
            weighed += 1
        game.apply(heuristic_bot(game, n, legal))
        n += 1
    assert weighed == 8 and seen["lead"], seen
