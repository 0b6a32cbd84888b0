"""#28 playtest round 24: the words of the odds and of `unbroken analyze`."""

from __future__ import annotations

from dataclasses import replace

from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import Weighing
from unbroken.advisor.paired import Difference
from unbroken.advisor.unseen import monsters_unseen, unseen_words
from unbroken.cli.analyze import short_option, text_report
from unbroken.core import actions as act
from unbroken.core.game import Game
from unbroken.core.state import StepName
from unbroken.play.text_odds import table
from unbroken.plugins import load_ruleset

RULES = load_ruleset()

# Round 16's race (Mae'el, Normal, decision 88): Explore, Fight (the best), Focus, Plan,
# Downgrade; Explore, Plan and Downgrade stopped after 16 futures on which Fight won 12.
EXPLORE = 0b1010000001000100
FIGHT = 0b11111000001110111110000110101000011010010000111110111101111100
FOCUS = 0b11001001010110000010000110000010101010010000111010011010001100
PLAN = 0b1010010000000100
DOWNGRADE = 0b1000000000000000


def _race() -> Weighing:
    # Fight and a copy of it (6) about equal; the rest clearly behind, Focus (3) on all 64.
    wins = (EXPLORE, FIGHT, FOCUS, PLAN, DOWNGRADE, FIGHT)
    games = (16, 64, 64, 16, 16, 64)
    return Weighing(wins, games, best=1, fresh=(1 << 46) - 1, fresh_games=100)


def test_clearly_behind_by_says_why_the_lines_gap_differs() -> None:
    """24a-9: "3 and 8 clearly behind (by 31 and 44 points)" beside "[31% behind]" and
    "[22% behind]" at 54 %: the points are on the futures the race stopped them at, their
    lines take the best's luck there out; the verdict says so of those whose gap differs."""
    race = _race()
    chance = round(100 * race.chance.rate)
    gaps = [chance - round(100 * race.shown(k).rate) for k in range(6)]
    points = [round(100 * race.lead(k).mean) for k in range(6)]
    assert (gaps[0], points[0]) == (31, 50) and gaps[2] == points[2] == 17
    assert race.ranking(lambda k: str(k + 1)) == (
        "about equal on the same futures, the intervals holding 0: 2 the same as 6 (-4 to 4"
        " points); 1, 3, 4 and 5 clearly behind, the intervals above 0: by 50 points (17 to"
        " 72), 17 (3 to 30), 50 (17 to 72) and 69 (34 to 88); each line is its option's own"
        " chance, so its gap can differ from these points"
    )
    # Where the lines' gaps are the paired ones (none stopped), nothing is added.
    even = Weighing((0b0000, 0b1111, 0b1111), (4, 4, 4), best=1, fresh=0b1111, fresh_games=4)
    assert even.ranking(lambda k: str(k + 1)).endswith(
        "1 clearly behind, the intervals above 0: by 100 points (7 to 100)"
    )


def _choice(
    n: int, taken: str, best: str, lost: Difference, figure: Figure, **kw: object
) -> Choice:
    return Choice(n, 4, "t", 3, taken, best, best, Estimate(41, 100), figure, lost, **kw)  # type: ignore[arg-type]


HEART_SHOT = "Attack with Heart shot: wound 5, ignores armor, pay 2 SE — defeats it: 1 treasure"


def test_analyze_marks_an_uncertain_loss_and_keeps_defeats_it() -> None:
    """24a-14: "Lost 19" without the "!" the header gives more than 10 points (only the
    summary said uncertain); 24b-7: a killing Heart shot cut before "— defeats it"."""
    uncertain = _choice(
        109, "Explore", "Rest", Difference(0, 5, 32),
        replace(Figure.of(Estimate(22, 100)), stopped=True, games=32),
    )  # fmt: skip
    assert uncertain.clearly_worse and uncertain.uncertain and not uncertain.costly
    assert uncertain.loss > 10
    kill = _choice(
        42, HEART_SHOT, "Skip your turn", Difference(4, 10, 100), Figure.of(Estimate(37, 100))
    )
    assert not kill.clearly_worse
    analysis = Analysis(100, 20, 120, "won", [uncertain, kill])
    for width, wrap in ((80, True), (140, True), (None, False)):
        out = text_report(analysis, "a game", width, wrap=wrap)
        [row] = [x for x in out.splitlines() if x.startswith("  109")]
        assert row.startswith("  109   4  41 % (32-51)   22 % (15-31)     16? "), row
        [row] = [x for x in out.splitlines() if x.startswith("   42")]
        assert "— defeats it" in row and "1 treasure" not in row or width is None, row
        assert "? clearly worse only at the look where the race stopped it" in " ".join(out.split())
    # Cut after a whole word (round 26: "reveal t… 42 %").
    assert short_option(HEART_SHOT, 30) == "Attack with… — defeats it"


def test_analyze_marks_a_chance_that_is_the_bots_own_play() -> None:
    """24b-8: "0 %" then "34 %" with nothing random between, the reason in small print: the
    Chance is marked and the verdict says first what the figure is."""
    timber = Choice(
        4, 1, "t", 2, "Resolve Fallen Timber", "Resolve Fallen Timber", "Rest",
        Estimate(0, 100), Figure.of(Estimate(34, 100)), Difference(0, 0, 100),
        led_to=Estimate(34, 100),
    )  # fmt: skip
    assert timber.reads_low
    assert timber.verdict().startswith(
        "the best option; the jump from 0 % is the reference bot's, not this option's"
    )
    out = text_report(Analysis(100, 20, 120, "won", [timber]), "a game", 80, wrap=True)
    [row] = [x for x in out.splitlines() if x.startswith("    4")]
    assert row.startswith("    4   1   0 % (0-4)*    34 % (25-44)      -  Resolve Fallen"), row
    assert "* beside Chance" in " ".join(out.split())


def test_the_chance_says_it_averages_over_an_unrevealed_monster() -> None:
    """24b-6: "Fight the monster now [58% 48-67]" at Preparation, 2 % once the Basilisk was
    drawn: nothing said the 58 % averages over the monsters it may be."""
    game = Game.new(RULES, "tomu", "normal", 9)
    assert game.state.step == StepName.PREPARATION  # the monster not revealed yet
    assert monsters_unseen(game) == 6
    said = unseen_words(game)
    assert said == "monster unknown: averaged over the 6 it may be"
    weighing = Weighing((0b1111, 0b0111), (4, 4), best=0, fresh=0b1111, fresh_games=4)
    printed = table(["Explore", "Fight the monster now"], [0, 1], weighing, (), "", said)
    assert "(monster unknown: averaged over the 6 it may be)." in " ".join(printed.split())
    # Once revealed (Scout), it is the monster it is: nothing to say.
    game.apply(next(a for a in game.legal_actions() if isinstance(a, act.Scout)))
    assert game.state.monster is not None and unseen_words(game) == ""
    assert "monster" not in table(["Explore", "Fight"], [0, 1], weighing)
