"""#28 round 23: the replay summary's rest counts never read as the time resource."""

from __future__ import annotations

from recorded_games import GameMaker

from unbroken.core.ruleset import Ruleset
from unbroken.words.story import story
from unbroken.words.vocabulary import times


def test_counts_of_rests_say_once_and_twice_never_1_time(
    lost_game: GameMaker, rules: Ruleset
) -> None:
    text = story(lost_game(seed=1).events, rules)  # rests per level: 1, 2, 1
    assert "Travel: " in text
    assert "rested once" in text and "rested twice" in text
    assert " 1 time" not in text and "2 times" not in text


def test_times_counts_in_words() -> None:
    assert [times(n) for n in (1, 2, 3, 10)] == ["once", "twice", "3 times", "10 times"]
