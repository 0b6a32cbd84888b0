"""Round 31's odds words (play31b, #28): a hopeless battle's options all read 0 % and none
leads (31b-5), and two options about equal are "both about equal", never a lead beside
"all" (31b-6), alike in `%`, `unbroken play` and `unbroken analyze` (`verdict.lost`)."""

from __future__ import annotations

from unbroken.advisor.analysis import Analysis
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import Weighing, weigh
from unbroken.advisor.paired import Difference
from unbroken.advisor.verdict import LOST
from unbroken.core import actions as act
from unbroken.testing import Scenario
from unbroken.tui.chart_words import head_words
from unbroken.tui.odds import odds_text, verdict_text


def _mask(n: int) -> int:
    return (1 << n) - 1


def _percent(text: str) -> int:
    """The figure a line reads, as a number ("[≤38% stopped]": 38)."""
    return int(text[1:].lstrip("≤<").split("%", 1)[0])


def test_a_hopeless_battle_reads_0_everywhere_and_no_option_leads() -> None:
    # 31b-5: "chance here 0%; 6 and 8 share the lead; 1, 4, 5 and 7 stopped early" beside
    # "1. [<1% stopped] Attack with Beat aside" and "8. [0% 0-5] Skip your turn". A seeded
    # battle no option wins: a level-4 Troll, a knife, 2 SE.
    game = (
        Scenario("tomu", level=4, seed=3)
        .resources(se=2, food=0)
        .no_time_track()
        .weapon("knife")
        .monster("troll")
        .start("battle")
    )
    legal = list(game.legal_actions())
    assert any(isinstance(a, act.Attack) for a in legal) and act.Skip() in legal
    race = weigh(game, legal, 100)
    assert race.chance.games and not race.chance.wins
    lines = [odds_text(f) for f in race.shown_all]
    assert any(f.stopped for f in race.shown_all)  # the race left some early, as in play31b
    best = _percent(lines[race.best])
    # No line reads above the best's, nor in another notation ("<1%" beside "0%").
    assert all(_percent(line) <= best for line in lines), lines
    assert not any("<1%" in line for line in lines), lines
    said = verdict_text(race, list(range(len(legal))))
    assert said.startswith(LOST) and "lead" not in said and "0%" in said
    assert race.ranking(lambda k: str(k + 1)) == said  # `unbroken play`'s long verdict


def test_the_players_hopeless_screen_says_no_lead() -> None:
    # The play31b screen's shape: 8 options, 1, 4, 5 and 7 halved away at 16 futures winning
    # none, the rest none of 100; the chance none of 100 of its own.
    games = (16, 100, 100, 16, 16, 100, 16, 100)
    race = Weighing((0,) * 8, games, best=7, fresh=0, fresh_games=100)
    lines = [odds_text(f) for f in race.shown_all]
    assert lines[0] == "[0% stopped]" and lines[7].startswith("[0% ")
    assert verdict_text(race, list(range(8))).startswith(LOST)
    # Above 0 the words are as before: a lead where one option's line is ahead.
    race = Weighing((_mask(3),) * 8, games, best=7, fresh=_mask(3), fresh_games=100)
    assert "lead" in verdict_text(race, list(range(8)))


def test_two_options_are_both_about_equal_or_one_clearly_best() -> None:
    # 31b-6: "2 leads; all about equal" with two options (Exploration with 2 cards).
    ahead = Weighing((_mask(70), _mask(67)), (100, 100), best=0, fresh=_mask(70), fresh_games=100)
    assert verdict_text(ahead, [0, 1]) == "both about equal"
    other = Weighing((_mask(60), _mask(64)), (100, 100), best=1, fresh=_mask(64), fresh_games=100)
    assert verdict_text(other, [0, 1]) == "both about equal"
    same = Weighing((_mask(70), _mask(70)), (100, 100), best=1, fresh=_mask(70), fresh_games=100)
    assert verdict_text(same, [0, 1]) == "1 and 2 share the lead"
    clear = Weighing((_mask(80), _mask(30)), (100, 100), best=0, fresh=_mask(80), fresh_games=100)
    assert verdict_text(clear, [0, 1]) == "1 is clearly best"
    # Every form of two: never "all" (there is no rest to be all of) beside a lead.
    for race in (ahead, other, same, clear):
        said = verdict_text(race, [0, 1])
        assert "all" not in said and not ("lead" in said and "equal" in said and "both" in said)


def test_analyze_says_a_hopeless_decision_the_same_way() -> None:
    # `unbroken analyze` (and the replay viewer): Skip taken, an attack the best, every
    # option 0 %: not "the best option" nor "about equal to" the attack, the `%` words.
    none = Difference(0, 0, 100)
    skip = Figure(0.0, 0.0, 0.04, 100)
    choice = Choice(
        9, 4, "player_turn", 3, "Skip your turn", "Attack with Pry", "Attack with Pry",
        Estimate(0, 100), skip, none,
    )  # fmt: skip
    assert choice.verdict().startswith(LOST)
    best = Choice(
        9, 4, "player_turn", 3, "Attack with Pry", "Attack with Pry", "Attack with Pry",
        Estimate(0, 100), Figure.of(Estimate(0, 100)), none,
    )  # fmt: skip
    assert best.verdict().startswith(LOST)
    # The replay viewer's line: the verdict as a sentence, not "You took every option …".
    said = head_words(Analysis(100, 20, 124, "lost", [best]), 9)
    assert said.endswith(
        "Every option about 0%: no option stands out (up to 4%: a lucky roll can still lift it)."
    )
    assert "You took" not in said
    # With a chance, the words are as before.
    assert "best option" in Choice(
        9, 4, "player_turn", 3, "Attack with Pry", "Attack with Pry", "Attack with Pry",
        Estimate(40, 100), Figure.of(Estimate(40, 100)), none,
    ).verdict()  # fmt: skip
