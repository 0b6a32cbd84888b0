"""The advisor's futures against the real deal (#30 calibration): what a rollout draws anew
(the next encounter card, the next skill card, the level's monster, the combat die) must
follow the distribution the real game deals from, or every chance is off.

The real process is the game itself: new games of many seeds, dealt as the rules deal
(R-SETUP-4 shuffles, R-MONSTER-1's die). The sampler is the advisor's: a position as
`rollouts.position` keeps it, forked with the position's own futures
(`estimator.futures`). Both are held to the rules' distribution — every unseen copy
equally likely to come next, a monster as likely as the faces of the die that name it,
a fair die — by a chi-square test at the 0.1 % level on fixed seeds (deterministic: the
same counts every run). A sampler that peeks (the fork keeps the real order) fails it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping

from unbroken.advisor.estimator import futures, futures_key
from unbroken.advisor.rollouts import position
from unbroken.core import actions as act
from unbroken.core import events as ev
from unbroken.core.game import Game
from unbroken.core.state import DecisionKind
from unbroken.plugins import load_ruleset
from unbroken.sim import heuristic_bot

RULES = load_ruleset()
#: Deals compared on each side.
DEALS = 600
#: The chi-square test's z for the 0.1 % level (one-sided).
Z_999 = 3.0902


def chi_square(counts: Counter[Hashable], expected: Mapping[Hashable, float]) -> float:
    """Return Pearson's statistic of the counts against the expected shares."""
    total = sum(counts.values())
    assert set(counts) <= set(expected), f"dealt what cannot come: {set(counts) - set(expected)}"
    return sum((counts[k] - total * p) ** 2 / (total * p) for k, p in expected.items() if p > 0)


def fits(counts: Counter[Hashable], expected: Mapping[Hashable, float]) -> bool:
    """True when the counts fit the expected shares at the 0.1 % level (Wilson-Hilferty's
    approximation of the chi-square quantile)."""
    df = sum(1 for p in expected.values() if p > 0) - 1
    h = 2 / (9 * df)
    return chi_square(counts, expected) < df * (1 - h + Z_999 * math.sqrt(h)) ** 3


def shares(cards: list[str]) -> dict[Hashable, float]:
    """Return each card's chance of coming next when every copy is equally likely."""
    return {card: n / len(cards) for card, n in Counter(cards).items()}


def monster_shares(level: int) -> dict[Hashable, float]:
    """Return each monster's chance at `level` by R-MONSTER-1: the faces that name it."""
    by_number = RULES.monsters_of_level(level)
    numbers = sorted(by_number)
    faces = max(6, len(numbers))
    out: Counter[Hashable] = Counter()
    for value in range(1, faces + 1):
        if len(numbers) > 6:
            monster = by_number[numbers[value - 1]]
        else:
            monster = by_number.get(value) or by_number[numbers[(value - 1) % len(numbers)]]
        out[monster.id] += 1
    return {k: n / faces for k, n in out.items()}


DIE: dict[Hashable, float] = {value: 1 / 6 for value in range(1, 7)}


def first(events: list[ev.Event], kind: type) -> ev.Event | None:
    return next((e for e in events if isinstance(e, kind)), None)


def deal(game: Game) -> tuple[str, str, str, int]:
    """Return what the game deals next: the card an Explore reveals first, the next skill
    card, the monster a Fight reveals and its first combat die (the bot playing between)."""
    assert game.state.decision == DecisionKind.PREPARATION and game.state.monster is None
    explore = game.fork()
    revealed = first(explore.apply(act.Explore()), ev.EncountersRevealed)
    assert isinstance(revealed, ev.EncountersRevealed)
    fight = game.fork()
    shown = first(fight.apply(act.Fight()), ev.MonsterRevealed)
    assert isinstance(shown, ev.MonsterRevealed)
    n = 0
    while not fight.is_over:
        rolled = [e for e in fight.apply(heuristic_bot(fight, n)) if isinstance(e, ev.DieRolled)]
        combat = [e.value for e in rolled if e.purpose == "combat"]
        if combat:
            return revealed.cards[0], game.state.skill_deck[0], shown.monster, combat[0]
        n += 1
    raise AssertionError("the battle ended without a combat roll")


def real_deals() -> list[tuple[str, str, str, int]]:
    """Return the first deal of new games of DEALS seeds (nothing seen yet)."""
    return [deal(Game.new(RULES, "tomu", "normal", seed)) for seed in range(DEALS)]


def later_position() -> Game:
    """Return a level 2 position of a played game: cards seen and discarded, skills kept,
    the level's monster not yet revealed."""
    game = Game.new(RULES, "tomu", "normal", 3)
    for n in range(17):
        game.apply(heuristic_bot(game, n))
    s = game.state
    assert s.level == 2 and s.monster is None and len(s.encounter_discard) >= 4
    return game


def sampled_deals(game: Game) -> list[tuple[str, str, str, int]]:
    """Return the deals of the position's first DEALS futures, as rollouts fork them."""
    seen = position(game)
    return [deal(seen.fork(seed)) for seed in futures(futures_key(seen), 0, DEALS)]


def check(deals: list[tuple[str, str, str, int]], game: Game) -> list[str]:
    """Return what does not fit the rules' distribution at `game`'s position."""
    cards, skills, monsters, dice = (Counter(column) for column in zip(*deals, strict=True))
    level = game.state.level
    wrong = []
    for name, counts, expected in (
        ("next encounter card", cards, shares(game.state.encounter_deck)),
        ("next skill card", skills, shares(game.state.skill_deck)),
        (f"level {level} monster", monsters, monster_shares(level)),
        ("first combat die", dice, DIE),
    ):
        if not fits(counts, expected):
            wrong.append(f"{name}: chi-square {chi_square(counts, expected):.1f}")
    return wrong


def test_the_real_deal_follows_the_rules_distribution() -> None:
    """R-SETUP-4, R-MONSTER-1: over 600 seeds every copy comes first as often, and so on."""
    assert check(real_deals(), Game.new(RULES, "tomu", "normal", 0)) == []


def test_the_futures_deal_as_the_real_game_does() -> None:
    """At a position with cards seen, the futures deal every unseen copy, monster and die
    as the real game would: the same distribution (R-SETUP-4, R-MONSTER-1)."""
    game = later_position()
    assert check(sampled_deals(game), game) == []
    # The test can fail: a sampler that kept the real order always deals the same card.
    peeking = [deal(game.fork()) for _ in range(DEALS)]
    assert any(w.startswith("next encounter card") for w in check(peeking, game))


def test_the_futures_of_one_position_differ_only_in_what_is_hidden() -> None:
    """What the player has seen is the same in every future: the discard, the kept
    skills, the resources; only the unseen cards' order and the dice change."""
    game = later_position()
    seen = position(game)
    for seed in futures(futures_key(seen), 0, 20):
        fork = seen.fork(seed)
        assert fork.state.encounter_discard == game.state.encounter_discard
        assert sorted(fork.state.encounter_deck) == sorted(game.state.encounter_deck)
        assert sorted(fork.state.skill_deck) == sorted(game.state.skill_deck)
        assert fork.state.skills == game.state.skills and fork.state.res == game.state.res


def test_a_deck_run_out_is_reshuffled_from_its_discard_alike() -> None:
    """R-TRAVEL-5: an Explore with the encounter deck empty shuffles the discard first; the
    futures and the real game (other seeds, the same position) deal its cards alike."""
    game = later_position()
    s = game.state
    s.encounter_discard = [*s.encounter_discard, *s.encounter_deck]
    s.encounter_deck = []
    expected = shares(s.encounter_discard)

    def next_card(fork: Game) -> str:
        revealed = first(fork.apply(act.Explore()), ev.EncountersRevealed)
        assert isinstance(revealed, ev.EncountersRevealed)
        return revealed.cards[0]

    real: Counter[Hashable] = Counter()
    for seed in range(DEALS):
        other = game.fork()
        other.state.seed = seed
        real[next_card(other)] += 1
    seen = position(game)
    sampled: Counter[Hashable] = Counter(
        next_card(seen.fork(seed)) for seed in futures(futures_key(seen), 0, DEALS)
    )
    assert fits(real, expected) and fits(sampled, expected)
    assert not fits(Counter(next_card(game.fork()) for _ in range(DEALS)), expected)
