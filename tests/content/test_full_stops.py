"""No doubled full stop where a card's text is quoted in a sentence (#28 round 11: the
replay viewer's chart read "… with its best option: … gain 1 food.."), over every card
text of the base game and both expansions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from unbroken.advisor import Difference, Estimate
from unbroken.advisor.analysis import Analysis, Choice
from unbroken.advisor.chances import Figure
from unbroken.core import actions as act
from unbroken.core.ruleset import Ruleset
from unbroken.core.state import GameState
from unbroken.tui.chart_words import head_words
from unbroken.words.actions import label, taken_back
from unbroken.words.taken import taken_for_you


def texts(value: Any) -> Iterator[str]:
    """Yield every `text` a card's records hold (abilities', rows', the card's own)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "text" and isinstance(item, str) and item:
                yield item
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def card_texts(rules: Ruleset) -> list[str]:
    """Return every card text of the rules in play, each once."""
    kinds = ("encounters", "skills", "classes", "conditions", "monsters", "keywords", "weapons")
    found = {
        text
        for kind in kinds
        for card in getattr(rules, kind).values()
        for text in texts(msgspec.to_builtins(card))
    }
    return sorted(found)


def sentences(option: str) -> list[str]:
    """Return the sentences that quote an option's line: the chart's words in the replay
    viewer, before a decision and at one weighed as about equal to the best."""
    e = Estimate
    weighed = Choice(
        2, 1, "travel", 3, "Rest", option, "bot", e(40, 100), Figure.of(e(38, 100)),
        Difference(1, 2, 100),
    )  # fmt: skip
    analysis = Analysis(100, 20, 10, "lost", [weighed])
    return [head_words(analysis, 0), head_words(analysis, 1), head_words(analysis, 2)]


def doubled(line: str) -> bool:
    """Return whether `line` has a full stop doubled (an ellipsis "..." is no doubling)."""
    return ".." in line.replace("...", "")


def test_every_card_text_ends_one_sentence_with_one_full_stop(everything: Ruleset) -> None:
    found = card_texts(everything)
    assert len(found) > 150 and any(t.endswith(".") for t in found)
    bad = [
        line
        for text in found
        if not doubled(text)
        for line in sentences(f"Keep Card: {text}")
        if doubled(line)
    ]
    assert not bad, bad[:3]


def test_taken_back_and_taken_for_you_say_a_card_s_text_with_one_full_stop(
    everything: Ruleset,
) -> None:
    state = GameState()
    actions: list[act.Action] = [act.ChooseSkill(s) for s in everything.skills]
    actions += [act.ChooseCondition(c) for c in everything.conditions]
    ended = [a for a in actions if label(a, state, everything).endswith(".")]
    assert ended  # a skill's text ends its option's line
    for action in actions:
        for line in (
            taken_back(action, state, everything),
            taken_for_you(action, "", state, everything),
        ):
            assert line.endswith(".") and not doubled(line), line
