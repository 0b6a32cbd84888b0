"""The advisor's futures of an Expert game with both expansions, which a player won.

Playtest round 6. The game's last battle is the Wyvern (12 health on Expert's track) with
the Sword, 11 SE, 2 LE and Shovel Parry (Unearthed). The advisor plays each option out by
forking the position (what the player cannot see drawn anew) and letting the reference
bot play on. That bot valued its LE and ME in the last battle as if something came after
it, so it never struck with the Sword's Decisive stroke nor turned a blow with the shovel:
0 of 400 futures won from the fight the player won, and "give up the Sword" (the Spear it
then crafted pays its wounds in SE) read 31 points better than fighting with it.
docs/advisor.md, "A won fight read 0 %".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unbroken.api import Game, Timeline, actions, heuristic_bot, load_ruleset

GAME = Path(__file__).parent / "data" / "hesk-marrow-expert-won.jsonl.gz"


@pytest.fixture
def timeline(monkeypatch: pytest.MonkeyPatch) -> Timeline:
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base,gauntlet,unearthed")
    return Timeline(GAME, load_ruleset())


def before(timeline: Timeline, decision: int) -> Game:
    """Return the game as it stood at `decision` (after the one before it)."""
    return Game(timeline.ruleset, timeline.state_at(decision - 1), [])


def wins(game: Game, action: actions.Action, futures: int) -> int:
    """Return the futures won taking `action`, then the reference bot: the advisor's rollout."""
    won = 0
    for seed in range(futures):
        fork = game.fork(resample=seed)
        fork.apply(action)
        n = 0
        while not fork.is_over:
            fork.apply(heuristic_bot(fork, n))
            n += 1
        won += fork.outcome is not None and fork.outcome.won
    return won


def test_the_fight_the_player_won_is_not_hopeless_for_the_reference_bot(
    timeline: Timeline,
) -> None:
    game = before(timeline, 109)  # the Wyvern rolled 4 (DAZE); the player used Lucky
    lucky = timeline.action_at(109)
    assert lucky == actions.Use("base:lucky", "lucky-reroll")
    assert wins(game, lucky, 32) >= 3  # 0 of 400 of the advisor's futures before; 86 after


def test_fighting_with_the_sword_at_once_wins_some_futures(timeline: Timeline) -> None:
    game = before(timeline, 108)  # Preparation, 11 SE, 22 time; the player fought
    assert timeline.action_at(108) == actions.Fight()
    assert actions.Downgrade() in game.legal_actions()
    assert wins(game, actions.Fight(), 32) >= 3  # 0 of 400 before; 88 after
