"""The monster die read one way (R-MONSTER-1): the core reveals the monster a roll picks
by `Ruleset.rolled_monster` on a `Ruleset.monster_die`-sided die, and the words name the
same one (words.dice.picked_monster had its own copy of the rule, #28 round 19)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.ruleset import Ruleset
from unbroken.plugins import load_ruleset
from unbroken.testing import Scenario, expansions_from_source
from unbroken.words.dice import die_sides, extra_faces, picked_monster

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


@pytest.fixture(scope="module", params=["base", "expansions"])
def rules(request: pytest.FixtureRequest) -> Iterator[Ruleset]:
    if request.param == "base":
        yield load_ruleset()
        return
    packages = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}
    with expansions_from_source(PLUGINS, packages) as everything:
        yield everything


def revealed(rules: Ruleset, level: int, value: int) -> str:
    """Return the monster the game reveals when the monster die shows `value`."""
    game = Scenario("tomu", level=level, ruleset=rules).start()
    game.dice = lambda stream, purpose: value if purpose == "monster" else 6  # 7+ too
    events = game.apply(act.Fight())
    assert any(isinstance(e, ev.DieRolled) and e.value == value for e in events)
    return next(e.monster for e in events if isinstance(e, ev.MonsterRevealed))


def test_every_face_reveals_the_monster_the_ruleset_and_the_words_name(rules: Ruleset) -> None:
    for level in range(1, 5):
        sides = rules.monster_die(level)
        assert sides == die_sides("monster", rules, level)
        for value in range(1, sides + 1):
            picked = rules.rolled_monster(level, value)
            assert picked is not None
            assert revealed(rules, level, value) == picked.id
            assert picked_monster(rules, level, value) == f"the {rules.card_name(picked.id)}"
        assert rules.rolled_monster(level, 0) is None
        if sides > 6:
            assert rules.rolled_monster(level, sides + 1) is None
            assert extra_faces(rules, level).startswith(
                f"; a 7 is {picked_monster(rules, level, 7)}"
            )
