"""The one estimator: a position's options raced on the same futures, and the position's chance.

Everything that puts a chance on a position asks this module — the game's
`%`, `unbroken play`'s `%`, `unbroken analyze` and the replay viewer's chart —
so one position shows one chance everywhere:

- **The futures** of a position are drawn from a stream keyed by what the
  player sees that stays the same while nothing is seen (`futures_key`: the
  ruleset, the unseen cards as sets, the generator's draw counters) and the
  advisor's stream number (`DEFAULT_SEED` unless a command is told otherwise).
  Never from the game's seed: two games that look the same get the same
  futures (no peeking), and two runs give the same figures. Neighbouring
  decisions with nothing seen between them share their futures, so the next
  race takes the rollouts of the option that led to it (`reuse`).
- **The race**: every option still in it plays the same futures, stage by
  stage (`STAGES` futures in all after each). After a stage, an option whose
  paired interval against the leader lies below 0 is clearly behind and
  stops, and from the stage of 32 futures on (`HALVE_FROM`), of more than two
  left only the better half goes on (successive halving: the options it stops
  keep their own, smaller, count of games and are compared with the best on
  the futures both played). A ranking on 16 futures is too noisy to halve on:
  halving from there, the race's best was clearly worse than another option
  on fresh futures at 23 of 150 positions of three options or more, 13 from
  32 on (tools/race_check.py; docs/advisor.md, "The race keeps the best"). The race ends
  when one option is left, when every other option is within SETTLE points
  of the leader either way, or at `most` futures. The stages are fixed, so
  the result is the same in one process or many.
- **The position's chance** is the chance of its best option (the leader at
  the end of the race), weighed again on futures the race never looked at:
  the best option alone plays futures `most`..2·`most`-1. The race picks the
  best, and stops, on what its own futures showed, so the best's figure there
  is too hopeful (the winner's curse: +1.2 points on average at 300 positions,
  +3.6 where the race ended with one option left; tools/calibrate.py measures
  it). A position with one option has no race and no curse: its chance is
  its option's (docs/advisor.md, "What a chance means").
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

import msgspec

from unbroken.advisor import reuse
from unbroken.advisor.chances import Estimate, Figure
from unbroken.advisor.paired import Difference
from unbroken.advisor.rollouts import DEFAULT_SEED, play_round, position
from unbroken.advisor.stopped import regressed
from unbroken.advisor.verdict import ranking
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game

#: Futures per option at most, by default, wherever a chance is shown (one number everywhere).
GAMES = 100
#: Futures played by every option still in the race after each stage (then doubling).
STAGES = (16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192)
#: The race is settled when every other option is within this many points of the leader.
SETTLE = 2.0
#: Successive halving starts after the stage that ends at this many futures or more: at 16
#: a ranking is too noisy to halve on (it dropped the best; docs/advisor.md, "The race keeps
#: the best").
HALVE_FROM = 32

_ENCODE = msgspec.msgpack.Encoder()


def futures_key(game: Game, stream: int = DEFAULT_SEED) -> int:
    """Return the key of the position's futures: from what the player sees, never the seed.

    The key holds what stays the same while nothing is seen — the ruleset, the
    character and difficulty, the unseen cards as sets, the generator's draw counters
    (every die, monster and shuffle draws on one) and the advisor's stream — so any card
    or die seen changes it, and neighbouring decisions with nothing seen between them
    share their futures:
    the rollout of the option taken at one is then, future by future, the reference
    bot's own option at the next (`reuse`; docs/advisor.md, "Speed").
    """
    s = game.state
    seen = (
        game.ruleset.digest,
        s.character,
        s.difficulty,
        sorted(s.encounter_deck),
        sorted(s.skill_deck),
        sorted(s.counters.items()),
    )
    digest = hashlib.blake2b(_ENCODE.encode(seen), digest_size=8).digest()
    return rng.mix(int.from_bytes(digest, "big") ^ (stream & rng.MASK))


def futures(key: int, start: int, count: int) -> list[int]:
    """Return the resample seeds of futures start..start+count-1 of the position's stream."""
    return [rng.draw(key, "advisor", i) for i in range(start, start + count)]


def canonical(actions: Sequence[Action]) -> list[int]:
    """Return the indices of `actions` in a fixed order (by their encoding): the race does
    not depend on the order a front end lists the options in."""
    return sorted(range(len(actions)), key=lambda i: _ENCODE.encode(actions[i]))


def stage_ends(most: int) -> list[int]:
    """Return the futures played in all after each stage, up to `most`."""
    ends = [s for s in STAGES if s < most]
    return [*ends, most] if most > 0 else []


class RaceEnd(StrEnum):
    """Why a race ended."""

    ALONE = "alone"  # every other option clearly behind
    SETTLED = "settled"  # every other option within SETTLE points of the leader
    BUDGET = "budget"  # `most` futures played


@dataclass(frozen=True)
class Weighing:
    """A position's options weighed: each option's wins (bit i: future i won) and games."""

    wins: tuple[int, ...]
    games: tuple[int, ...]
    best: int
    #: Why the race ended.
    ended: RaceEnd = RaceEnd.BUDGET
    #: The best option's wins and games on the futures after the race's (the chance's).
    fresh: int = 0
    fresh_games: int = 0
    #: The chance is still being weighed: `fresh` holds the first of its futures, those of
    #: the option ahead so far (a prefix of the chance's sample while it stays ahead).
    partial: bool = False

    def estimate(self, k: int) -> Estimate:
        """Return option k's chance on the race's futures (what the race saw)."""
        return Estimate(self.wins[k].bit_count(), self.games[k])

    @property
    def estimates(self) -> list[Estimate]:
        return [self.estimate(k) for k in range(len(self.wins))]

    def shown(self, k: int) -> Figure:
        """Return the figure shown beside option k: the position's chance (`chance`, the best
        on futures of its own) for the best, and that less what option k lost against the
        best on the futures both played for any other (`chances.Figure`): one number per
        option, none above the best, the gaps the verdict's paired differences. The race's
        own figures (`estimate`) are not shown: the best's is too hopeful (the winner's
        curse) and an option stopped early could read above the best on its few futures."""
        chance = self.chance
        if not chance.games:  # the chance's first futures still to come: nothing to say
            return Figure(0.0, 0.0, 1.0, 0)
        if k == self.best or not self.wins:
            return Figure.of(chance)
        d = self.difference(k)
        low, high = d.interval
        stopped = self.games[k] < self.games[self.best]
        figure = Figure.against(chance, d.mean, low, high, self.games[k], stopped)
        # A race that ended early ended where the best's first futures went well, as a
        # stopped option's did: its loss there says as much about the best's luck (#28 round
        # 25: a skill draw "took 0 %" beside Rest's 31 %, Rest 15 of 32 there, the draw 20 %).
        early = self.ended is not RaceEnd.BUDGET and round(100 * d.mean) < 0
        if not (stopped or early) or figure.at_most:
            return figure
        if not stopped:  # the race's end, not the option's: said where its columns differ
            figure = replace(figure, early=True)
        return regressed(figure, chance, d, self.wins[k], self.wins[self.best])

    @property
    def shown_all(self) -> list[Figure]:
        return [self.shown(k) for k in range(len(self.wins))]

    def games_shown(self) -> str:
        """Return how many games the figures shown rest on, "16" or, where they differ,
        "16-100": the best's, the chance's futures; another's, those it shared with the
        best (`shown`); "" before any figure. A header says it (31a-2: "Odds (16 games
        each, race ended early)" above "1. [42% 33-52]", the chance weighed on 100 futures
        of its own; then "up to 32", "up to 100": the race's games, not the figures')."""
        games = sorted({f.games for f in self.shown_all if f.games})
        if not games:
            return ""
        return f"{games[0]}" if len(games) == 1 else f"{games[0]}-{games[-1]}"

    @property
    def weighed(self) -> bool:
        """True once the position's chance is weighed on futures of its own (or needs none)."""
        return (bool(self.fresh_games) and not self.partial) or len(self.wins) < 2

    @property
    def chance(self) -> Estimate:
        """The position's chance: its best option's, on the futures the race did not look
        at (its option's own with one option). While it is weighed (`partial`), the first
        of those futures played by the option ahead so far, none at first: never the
        race's own figure of the option ahead, which the race picked for being high (a
        running `%` read 51 % (41-61), then 38 % (29-48) when the chance was weighed)."""
        if self.fresh_games or self.partial:
            return Estimate(self.fresh.bit_count(), self.fresh_games)
        return self.estimate(self.best)

    def difference(self, k: int, against: int | None = None) -> Difference:
        """Return option k against the best (or `against`) on the futures both played."""
        other = self.best if against is None else against
        shared = min(self.games[k], self.games[other])
        return Difference.of(self.wins[k], self.wins[other], shared)

    def clearly_worse(self, k: int) -> bool:
        """True when option k is clearly worse than the best (its paired interval below 0)."""
        return k != self.best and self.difference(k).worse

    def about_equal(self) -> list[int]:
        """Return the options not clearly worse than the best, the best first."""
        rest = [k for k in range(len(self.wins)) if k != self.best and not self.clearly_worse(k)]
        return [self.best, *rest] if self.wins else []

    def ranking(
        self,
        name: Callable[[int], str],
        no_use: Sequence[int] = (),
        ends: Sequence[str] = (),
        passing: int | None = None,
    ) -> str:
        """Return the verdict in words, with the paired differences it rests on
        (`verdict.ranking`; `ends`: what each option ends for certain; `passing`: the
        option that does nothing, whose figure an option of no use now reads as its bound)."""
        return ranking(self, name, no_use, ends, passing)

    def lead(self, k: int) -> Difference:
        """Return the best against option k on the futures both played (the verdict's)."""
        return self.difference(self.best, against=k)

    @property
    def clear(self) -> bool:
        """True when the best is clearly better than every other option."""
        return all(self.clearly_worse(k) for k in range(len(self.wins)) if k != self.best)


class Race:
    """The race of a position's options (in canonical order) over fixed stages of futures.

    A driver asks `stage()` for the futures to play next and who plays them, gives each
    option's results with `record`, and calls `close_stage()` once the stage is played.
    """

    def __init__(
        self, options: int, most: int = GAMES, settle: float = SETTLE, halve_from: int = HALVE_FROM
    ) -> None:
        self.options = options
        self.halve_from = halve_from
        self.most = most
        self.ends = stage_ends(most)
        self.settle = settle
        self.live = list(range(options))
        self.wins = [0] * options
        self.games = [0] * options
        #: The race is decided (its best known); `done` once the chance is weighed too.
        self.decided = options == 0 or not self.ends
        self.done = self.decided
        self.ended = RaceEnd.BUDGET
        self.best = 0
        #: Each option's wins and games on the chance's futures (`most` on): the best's
        #: weigh the chance; the option ahead may play them while the race runs (`ahead`).
        self.fresh_wins = [0] * options
        self.fresh_count = [0] * options

    @property
    def fresh(self) -> int:
        return self.fresh_wins[self.best] if self.options else 0

    @property
    def fresh_games(self) -> int:
        return self.fresh_count[self.best] if self.options else 0

    @property
    def played(self) -> int:
        """Futures played by the options still in the race."""
        return self.games[self.live[0]] if self.live else 0

    def cut_short(self) -> str:
        """Return why the race ended before `most` futures, in words ("" when it did not):
        a header's "up to 64 games each" beside the usual 100 read as unexplained (#28
        round 22)."""
        if not self.decided or self.options < 2 or self.played >= self.most:
            return ""
        if self.ended == RaceEnd.ALONE and self._all_behind():
            why = "every other option clearly behind"
        elif self.ended == RaceEnd.ALONE:
            # Halved away, some are not clearly behind: the verdict calls them about equal
            # (#28 round 24: this header above "about equal" for 1, 4, 6 and 8).
            why = "one option left, the others stopped behind it, not all clearly"
        else:
            why = f"the options left within {self.settle:g} points of each other"
        return f"not {self.most}: the race ended there, {why}"

    def _all_behind(self) -> bool:
        """True when every other option is clearly behind the best on the futures both
        played (the verdict's test, `Weighing.clearly_worse`)."""
        best = self.best
        return all(
            Difference.of(self.wins[k], self.wins[best], min(self.games[k], self.games[best])).worse
            for k in range(self.options)
            if k != best
        )

    def stage(self) -> tuple[int, int, list[int]]:
        """Return the next stage: its first future, its futures, and the options playing
        (once decided: the best alone on the `most` futures after the race's that it has
        not played yet)."""
        if self.decided:
            return self.most + self.fresh_games, self.most - self.fresh_games, [self.best]
        start = self.played
        end = next(e for e in self.ends if e > start)
        return start, end - start, list(self.live)

    def ahead(self) -> tuple[int, int, int] | None:
        """Return the chance's futures the option ahead may play beside the next stage, so a
        running `%` shows the chance on them (`Weighing.partial`): (option, first future,
        futures), up to as many as the race has played; None when there are none to play.
        The final figures are the same with or without (each future's result is fixed)."""
        if self.decided or self.options < 2 or not self.played:
            return None
        lead = self.leader()
        have = self.fresh_count[lead]
        if have >= self.played:
            return None
        return lead, self.most + have, self.played - have

    def record(self, option: int, start: int, count: int, wins: int) -> None:
        """Add `option`'s results on futures start..start+count-1 (they must follow on; from
        `most` on, the chance's futures)."""
        if start >= self.most:
            assert start == self.most + self.fresh_count[option], "recorded in order"
            self.fresh_wins[option] |= wins << self.fresh_count[option]
            self.fresh_count[option] += count
            return
        assert not self.decided and self.games[option] == start, "recorded in order"
        self.wins[option] |= wins << start
        self.games[option] = start + count

    def leader(self) -> int:
        """Return the option ahead among those still in the race (ties: the first)."""
        return max(self.live, key=lambda k: (self.wins[k].bit_count(), -k))

    def close_stage(self) -> None:
        """Drop the options clearly behind the leader; end the race if it is decided (then
        the best weighs the chance alone, unless it is the only option)."""
        if self.decided:
            self.done = self.fresh_games >= self.most
            return
        self._judge()
        if self.done:
            self.decided, self.best = True, self.leader()
            self.done = self.options < 2 or self.fresh_games >= self.most

    def _judge(self) -> None:
        lead = self.leader()
        played = self.played
        behind = {
            k
            for k in self.live
            if k != lead and Difference.of(self.wins[k], self.wins[lead], played).worse
        }
        self.live = [k for k in self.live if k not in behind]
        # Successive halving, from `halve_from` futures on: the better half goes on (two at least).
        if len(self.live) > 2 and played >= self.halve_from:
            ranked = sorted(self.live, key=lambda k: (-self.wins[k].bit_count(), k))
            kept = set(ranked[: max(2, (len(ranked) + 1) // 2)])
            self.live = [k for k in self.live if k in kept]
        if played >= self.ends[-1]:
            self.done, self.ended = True, RaceEnd.BUDGET
        elif len(self.live) == 1 and self.options > 1:
            self.done, self.ended = True, RaceEnd.ALONE
        elif len(self.live) > 1 and all(
            Difference.of(self.wins[k], self.wins[lead], played).within(self.settle)
            for k in self.live
            if k != lead
        ):
            self.done, self.ended = True, RaceEnd.SETTLED

    def results(self) -> list[tuple[int, int]]:
        """Return each option's (wins, known) masks over the position's futures, to keep
        for the next race (`reuse.Reuse.remember`): the best's include the chance's."""
        fresh = (self.fresh, self.fresh_games) if self.decided else (0, 0)
        return [
            reuse.results(
                self.wins[k], self.games[k], *(fresh if k == self.best else (0, 0)), self.most
            )
            for k in range(self.options)
        ]

    def weighing(self, order: Sequence[int]) -> Weighing:
        """Return the result in the caller's order (`order[i]`: the caller's index of
        canonical option i)."""
        back = [0] * self.options
        for i, caller in enumerate(order):
            back[caller] = i
        lead = self.best if self.decided else self.leader() if self.live else 0
        # Until the chance is weighed, the first of its futures played by the option ahead
        # (a prefix of the chance's sample while it stays ahead), never the race's figure.
        partial = not self.done and self.options > 1
        fresh = self.fresh_wins[lead] if self.options else 0
        fresh_games = self.fresh_count[lead] if self.options else 0
        if self.options < 2:
            fresh, fresh_games = 0, 0
        return Weighing(
            tuple(self.wins[back[c]] for c in range(self.options)),
            tuple(self.games[back[c]] for c in range(self.options)),
            order[lead] if self.options else 0,
            self.ended,
            fresh,
            fresh_games,
            partial,
        )


def weigh(
    game: Game,
    actions: Sequence[Action] | None = None,
    most: int = GAMES,
    stream: int = DEFAULT_SEED,
    settle: float = SETTLE,
    reused: reuse.Reuse | None = None,
    watch: Callable[[Weighing], None] | None = None,
) -> Weighing:
    """Race the actions (default: every legal one) at the position, in this process.

    With `reused`, the results the race before kept for the option that led here are
    taken instead of played (the same bits: `reuse`), and this race's are kept. With
    `watch`, the option ahead also plays the chance's futures beside each stage, as the
    game's `%` does (`Race.ahead`), and `watch` is given the weighing as it runs after each
    stage (the final figures are the same)."""
    chosen = list(game.legal_actions() if actions is None else actions)
    order = canonical(chosen)
    seen = position(game)
    key = futures_key(seen, stream)
    race = Race(len(chosen), most, settle)
    canon = [chosen[k] for k in order]
    given = None if reused is None or race.done else reused.recall(key, seen, canon)
    while not race.done:
        start, count, live = race.stage()
        early = race.ahead() if watch is not None else None
        if early is not None:
            option, first, size = early
            (wins,) = play_round(seen, [canon[option]], futures(key, first, size))
            race.record(option, first, size, wins)
        taken = given is not None and given[0] in live and given[1].covers(start, count)
        play = [k for k in live if not (taken and given is not None and k == given[0])]
        results = play_round(seen, [canon[k] for k in play], futures(key, start, count))
        for k, wins in zip(play, results, strict=True):
            race.record(k, start, count, wins)
        if taken and given is not None and reused is not None:
            race.record(given[0], start, count, given[1].part(start, count))
            reused.saved += count
        race.close_stage()
        if watch is not None:
            watch(race.weighing(order))
    if reused is not None:
        reused.remember(key, seen, canon, race.results())
    return race.weighing(order)
