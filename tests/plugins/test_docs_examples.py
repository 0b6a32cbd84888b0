"""The examples of docs/plugins.md written against unbroken.api, run: testing a handler and a
scoring rule with Scenario, the achievement and the observer (the plugin `frost` of the docs,
registered in-process instead of installed)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from unbroken.api import (
    Achievement,
    DieRolled,
    Event,
    FolderPlugin,
    GameOver,
    GameState,
    HandlerApi,
    Lost,
    MonsterChanged,
    MonsterDefeated,
    MonsterHeal,
    Plugins,
    Ruleset,
    Scenario,
    ScoringRule,
    StepName,
    actions,
    events_of,
    hookimpl,
    load_plugins,
    pass_responses,
    play,
    play_one,
    random_bot,
    schedule,
    write_pack,
)

YETI = """
[[monsters]]
id = "yeti"
name = "Young Yeti"
level = 1
number = 7
armor = 0
health = 3
text = "Small, white, and very cold to the touch."
table = [
  { result = "MISS" },
  { result = "STEAL", effects = [
    { kind = "handler", name = "frost:freezing-grip", params = { se = 1 } },
  ] },
  { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 1 } }] },
  { result = "MISS" },
  { result = "WOUND", effects = [{ kind = "lose", amounts = { se = 2 } }] },
]
"""


def freezing_grip(ctx: HandlerApi, params: dict[str, Any]) -> None:
    """Lose `se` SE per level; on a 5 or 6 the monster heals 1."""
    ctx.lose({"se": int(params.get("se", 1)) * ctx.level})
    if ctx.roll() >= 5:
        ctx.apply(MonsterHeal(amount=1))


def cold_blooded(ruleset: Ruleset, events: list[Event], state: GameState) -> int | None:
    over = next((e for e in reversed(events) if isinstance(e, GameOver)), None)
    return 10 + state.res.get("food", 0) if over is not None and over.won else None


def three_kills(events: list[Event], final_state: GameState, ruleset: Ruleset) -> bool:
    return sum(isinstance(e, MonsterDefeated) for e in events) >= 3


class Frost(FolderPlugin):
    """The docs' `frost`: the Yeti, its handler, a scoring rule, an achievement, an observer."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.rolls = 0

    @hookimpl
    def unbroken_effect_handlers(self) -> dict[str, Any]:
        return {"freezing-grip": freezing_grip}

    @hookimpl
    def unbroken_scoring_rules(self) -> list[ScoringRule]:
        return [ScoringRule("cold-blooded", "Won games: 10 plus the food kept.", cold_blooded)]

    @hookimpl
    def unbroken_achievements(self) -> list[tuple[Achievement, Any]]:
        return [(Achievement("frost:hunter", "Hunter", "Defeat 3 monsters and win."), three_kills)]

    @hookimpl
    def unbroken_game_event(self, event: Event) -> None:
        if isinstance(event, DieRolled):
            self.rolls += 1


@pytest.fixture
def frost(tmp_path: Path) -> tuple[Plugins, Frost]:
    plugin = Frost(write_pack(tmp_path / "frost", {"monsters.toml": YETI}))
    return load_plugins(["base", "frost"], strict=["frost"], extra=[("frost", plugin)]), plugin


def test_the_handler_test_of_the_docs(frost: tuple[Plugins, Frost]) -> None:
    game = (
        Scenario("maxyn-zenma", level=2, ruleset=frost[0].ruleset)
        .resources(se=10)
        .monster("frost:yeti")
        .dice(2, 6)
        .start("battle")
    )
    start = len(game.events)
    play(game, actions.Skip())
    assert game.decision is not None and game.decision.kind == "response"
    pass_responses(game)
    events = game.events[start:]
    assert [e.amounts for e in events_of(events, Lost)] == [{"se": 2}]
    assert [e.source for e in events_of(events, Lost)] == ["frost:yeti"]
    assert [e.value for e in events_of(events, DieRolled)] == [2, 6]
    assert events_of(events, MonsterChanged)[-1].why == "heal"


def test_the_scoring_rule_test_of_the_docs(frost: tuple[Plugins, Frost]) -> None:
    plugins = frost[0]
    won = [GameOver(won=True, level=4, step=StepName.HUNGER)]
    lost = [GameOver(won=False, level=1, step=StepName.BATTLE)]
    state = GameState(res={"food": 3})
    assert plugins.alternative_scores(won, state) == {"frost:cold-blooded": 13}
    assert plugins.alternative_scores(lost, state) == {}


def test_the_achievement_and_observer_of_the_docs(frost: tuple[Plugins, Frost]) -> None:
    plugins, plugin = frost
    assert [a.id for a, _ in plugins.achievements] == ["frost:hunter"]
    ruleset = plugins.ruleset
    for seed, character, difficulty in schedule(ruleset, games=2, seed=1):
        before = plugin.rolls
        game, _, _ = play_one(ruleset, random_bot, seed, character, difficulty, plugins)
        assert plugin.rolls - before == len(events_of(game.events, DieRolled)) > 0


def test_the_api_is_typed() -> None:
    """A plugin's mypy reads unbroken.api's types (docs/plugins.md says so)."""
    assert resources.files("unbroken").joinpath("py.typed").is_file()
