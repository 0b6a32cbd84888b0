"""README playtest round 10 (#30): the odds' tags and the verdict are one classification,
and a verdict names each option beside its own interval."""

from __future__ import annotations

from unbroken.advisor.chances import Figure
from unbroken.advisor.choice import Choice
from unbroken.advisor.estimator import Weighing
from unbroken.play.text_odds import table
from unbroken.tui.odds import odds_text


def _four_options() -> Weighing:
    # 1 (k=0) the best, 60 of 100; 2 played all 100 futures and won 30: clearly behind
    # though never stopped; 3 and 4 halved away at 16, 3 having lost 2 of them (its
    # interval holds 0: about equal), 4 none (a tie).
    wins = ((1 << 60) - 1, (1 << 30) - 1, (1 << 14) - 1, (1 << 16) - 1)
    return Weighing(wins, (100, 100, 16, 16), best=0, fresh=(1 << 58) - 1, fresh_games=100)


def test_the_tags_say_behind_of_exactly_the_options_the_verdict_calls_clearly_behind() -> None:
    # Round 10: the verdict called 2 clearly behind while its line read "[48% 34-62]"
    # (no tag), and called 6 and 8 about equal while theirs read "[40% behind]".
    race = _four_options()
    verdict = race.ranking(lambda k: str(k + 1))
    assert verdict == (
        "about equal on the same futures, the intervals holding 0: 1 ahead of 3 by 12 points"
        " (-10 to 32), the same as 4 (-15 to 15); 2 clearly behind, the intervals above 0: by"
        " 30 points (20 to 39)"
    )
    tags = [odds_text(f) for f in race.shown_all]
    assert tags == ["[58% 48-67]", "[28% behind]", "[46% stopped]", "[≤58% stopped]"]
    for k, tag in enumerate(tags):
        assert ("behind" in tag) == race.clearly_worse(k) == race.shown(k).behind, (k, tag)
    # `unbroken play` alike: "clearly behind" only of 2; 3 and 4 stopped early.
    lines = table(["A", "B", "C", "D"], [0, 1, 2, 3], race).splitlines()
    assert lines[2].endswith("B (clearly behind)")
    assert lines[3].endswith("C (stopped early at 16)")
    assert lines[4].endswith("D (stopped early at 16)")
    # Kept in an analysis and read back, a figure stays behind (the viewer's Taken).
    assert Figure.from_json(race.shown(1).as_json()).behind


def test_a_verdict_names_each_option_beside_its_own_interval() -> None:
    # Round 10 (a Gremlin): "9 ahead of 6 by 3 points (-1 to 7); 9, 2, 4 and 8 the same
    # (-15 to 15, -8 to 8 and -15 to 15 points)": four options against three intervals,
    # the best compared with itself.
    forty = (1 << 40) - 1
    wins = (forty, forty, forty, (1 << 37) - 1, forty)
    race = Weighing(wins, (100, 100, 100, 100, 100), best=4, fresh=forty, fresh_games=100)
    said = race.ranking(lambda k: str((2, 4, 8, 6, 9)[k]))
    assert said.startswith("about equal on the same futures: 9 ahead of 6 by 3 points"), said
    assert ", the same as 2 (" in said and said.count("9") == 1, said
    same = said.split("the same as ")[1]
    assert [n.split(" (")[0] for n in same.replace(" and ", ", ").split("), ")] == ["2", "4", "8"]


def test_one_point_is_said_in_the_singular() -> None:
    # Round 10: "9 ahead of 2 by 1 points (-2 to 4)".
    forty = (1 << 40) - 1
    race = Weighing((forty, (1 << 39) - 1), (100, 100), best=0, fresh=forty, fresh_games=100)
    said = race.ranking(lambda k: str(k + 1))
    assert "1 ahead of 2 by 1 point (" in said and "1 points" not in said, said
    assert race.difference(1).points().startswith("-1 point (")


def test_a_costly_verdict_on_an_option_stopped_early_says_on_how_few_futures() -> None:
    # Round 10, decision 94 of the playtester's first game: "Meditation instead: +56
    # points (22 to 78)" for an Explore the race stopped after 16 futures (9 lost where
    # Meditation won, none the other way); the next readings were 36 % and 65 %. The
    # claim stands on its paired interval, and now says what it rests on.
    nine = (1 << 9) - 1
    race = Weighing(((1 << 16) - 1, 0), (100, 16), best=0, fresh=(1 << 67) - 1, fresh_games=100)
    assert race.clearly_worse(1) and race.shown(1).stopped
    choice = Choice(
        94, 4, "preparation", 2, "Explore", "Meditation", "Forage",
        race.chance, race.shown(1), race.difference(1),
    )  # fmt: skip
    assert choice.costly
    # 32a-2: never more points lost than the best's own chance ("+100 points" from 67 %).
    assert choice.verdict().startswith(
        "Meditation instead: at most 67 points, all of Meditation's own chance (67 % on 100"
        " futures of its own); the race's 16 futures went better for Meditation: 16 won only"
        " after it, none only after this (+100 points there, 68 to 100), stopped early"
    ), choice.verdict()
    full = Weighing(((1 << 16) - 1, nine), (16, 16), best=0)
    played = Choice(
        94, 4, "preparation", 2, "Explore", "Meditation", "Forage",
        full.chance, full.shown(1), full.difference(1),
    )  # fmt: skip
    assert "stopped early" not in played.verdict()
