"""Grave chill (the Ghoul's and the Lich's WOUND rows): its loss is the row's wound loss,
so the Gravedigger's Bury the Pain is offered against it as against a printed Lose
(R-BATTLE-6: the row is carried out; R-EFFECT-2: the wound_loss Response is offered;
R-EFFECT-3: its reduction applies before the loss is taken)."""

from __future__ import annotations

import random

import pytest
from unbroken_unearthed import grave_chill

from unbroken.api import Game, Scenario, actions, load_ruleset

BURY = actions.Use("unearthed:gravedigger", "bury-the-pain")


def at_grave_chill(monster: str, roll: int, level: int) -> Game:
    """Orla Vane (Gravedigger) on Hard, the monster striking first with `roll`."""
    return (
        Scenario("unearthed:orla-vane", "hard", level=level)
        .resources(se=12)
        .monster(monster)
        .no_time_track()
        .dice(roll, 1, 1, 1, 1, 1)
        .start("battle")
    )


@pytest.mark.parametrize(
    ("monster", "roll", "level", "loss", "heal"),
    [
        ("unearthed:ghoul", 3, 4, 2, 1),  # se 1 per 2 levels at level 4: 2
        ("unearthed:ghoul", 6, 2, 2, 1),  # se 2 per 2 levels at level 2: 2
        ("unearthed:lich", 3, 4, 2, 2),  # se 1 per 2 levels at level 4: 2, heals 2
    ],
)
def test_bury_the_pain_is_offered_against_grave_chill_and_lowers_its_loss(
    monster: str, roll: int, level: int, loss: int, heal: int
) -> None:  # R-BATTLE-6, R-EFFECT-2, R-EFFECT-3
    game = at_grave_chill(monster, roll, level)
    row = game.ruleset.monsters[monster].table[roll - 1]
    assert row.result == "WOUND" and row.effects[0].name == "unearthed:grave-chill"
    assert game.decision is not None and game.decision.trigger == "wound_loss"
    assert game.state.pending_loss == loss
    assert BURY in game.legal_actions()
    se = game.state.res["se"]
    hurt = game.state.monster.health
    game.apply(BURY)
    assert game.state.res["se"] == se - (loss - 1)  # Bury the Pain: 1 less
    # The monster heals after the loss, in the row's printed order (at most to its max).
    assert game.state.monster.health == min(hurt + heal, game.state.monster.max_health)


def test_passing_bury_the_pain_takes_grave_chills_whole_loss() -> None:  # R-EFFECT-2
    game = at_grave_chill("unearthed:ghoul", 3, 4)
    game.apply(actions.Pass())
    assert game.state.res["se"] == 12 - 2


def test_grave_chill_at_one_se_asks_nothing_of_bury_the_pain() -> None:
    # Bury the Pain needs a loss of 2 or more (min_loss): at level 1 grave chill takes 1.
    game = at_grave_chill("unearthed:ghoul", 3, 1)
    assert BURY not in game.legal_actions()


def chilled(game: Game) -> bool:
    """Return whether the game waits in the wound_loss window of a grave chill row."""
    s = game.state
    if game.decision is None or game.decision.trigger != "wound_loss" or s.monster is None:
        return False
    row = game.ruleset.monsters[s.monster.id].table[min(max(s.roll, 1), 6) - 1]
    return any(getattr(e, "name", "") == "unearthed:grave-chill" for e in row.effects)


def test_random_battles_against_grave_chill_end_legally() -> None:  # R-EFFECT-2, R-END-1
    # Random play from the Battle step against the Ghoul and the Lich (seeded dice): at
    # every decision something is legal, each grave chill waits in the wound_loss window
    # with its loss pending (offering Bury the Pain from 2 SE), and every game leaves the
    # battle (the monster defeated) or ends, won or lost.
    windows = offered = 0
    for seed in range(60):
        rnd = random.Random(seed)
        level = rnd.choice([2, 3, 4])
        monster = rnd.choice(["unearthed:ghoul", "unearthed:lich"])
        game = (
            Scenario("unearthed:orla-vane", rnd.choice(["normal", "hard"]), level, seed)
            .resources(se=rnd.randint(3, 14), me=rnd.randint(0, 3), le=rnd.randint(0, 2))
            .monster(monster)
            .no_time_track()
            .start("battle")
        )
        for _ in range(500):
            if game.is_over or game.state.monster is None or game.state.level != level:
                break
            legal = game.legal_actions()
            assert legal, f"seed {seed}: nothing legal at {game.decision}"
            if chilled(game):
                windows += 1
                assert game.state.pending_loss >= 1
                offered += BURY in legal
                assert (BURY in legal) == (
                    game.state.pending_loss >= 2 and game.state.ability_uses > 0
                ), f"seed {seed}"
            game.apply(rnd.choice(legal))
        else:
            raise AssertionError(f"seed {seed}: the battle never ended")
        assert game.is_over or game.state.monster is None or game.state.level != level
    assert windows >= 10 and offered >= 5, (windows, offered)


def test_grave_chill_says_its_figure_at_the_level_and_card_lists_its_rule() -> None:
    # #28 round 16: the Ghoul's rows read "lose 1 SE per 2 levels (at least 1), and the
    # monster heals 1" mid-battle, where a printed row says a figure. The game gives the
    # words its level where one is in play (the stage's rows, the text game's).
    from unbroken.api import describe_card

    words = grave_chill.describe  # type: ignore[attr-defined]  # set by handler_words
    assert words({"se": 1, "heal": 1}, level=4) == "lose 2 SE, the monster heals 1"
    assert words({"se": 2, "heal": 1}, level=4) == "lose 4 SE, the monster heals 1"
    assert words({"se": 1, "heal": 2}, level=1) == "lose 1 SE, the monster heals 2"
    said = describe_card(load_ruleset(), "unearthed:ghoul")
    assert "    3  WOUND: Lose 1 SE per 2 levels (at least 1), and the monster heals 1." in said
