"""Work reused between neighbouring decisions: a pure saving, never a different number.

When nothing is seen between two decisions (no die, no card, no shuffle, no
monster), the two positions have the same futures (`estimator.futures_key` holds
only what stays the same while nothing is seen) and the reference bot numbers
its decisions by the game's count. So the rollout of the option taken at the
first, on future i, passes through the second position forked on future i and
plays the reference bot there: it IS, bit for bit, the rollout of the bot's own
option at the second on future i. The second race takes those results for the
futures the first played and plays only the rest.

Nothing here is told which option was taken: after a race, each option's
results are kept under the position it leads to (`landing`: the option applied
to the position as the player sees it, then every decision with one answer),
and a race finds them by its own position. A position equal to an option's
landing, with the same futures key, is that option's next decision reached
with nothing seen on the way. Whether the bot's option there is the one the
rollouts played is checked on every future taken (the bot's only draw, among
equally good rolls, reads the fork's seed).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from unbroken.bots.heuristic import SEEDED, heuristic_bot
from unbroken.core import rng
from unbroken.core.actions import Action
from unbroken.core.game import Game

_ENCODE = msgspec.msgpack.Encoder()
#: Forced answers followed from an option to its landing at most (a longer walk: none).
_WALK = 200


def place(game: Game) -> bytes:
    """Return the digest of a position as the advisor sees it (`rollouts.position`)."""
    return hashlib.blake2b(_ENCODE.encode(game.state), digest_size=16).digest()


def landing(seen: Game, action: Action) -> bytes | None:
    """Return the position `action` leads to from `seen` through decisions with one
    answer, when nothing is drawn on the way (else None: no reuse from it)."""
    fork = seen.fork()
    counters = dict(seen.state.counters)
    try:
        fork.apply(action)
        for _ in range(_WALK):
            if fork.is_over or fork.state.counters != counters:
                return None
            legal = fork.legal_actions()
            if len(legal) > 1:
                return place(fork)
            fork.apply(legal[0])
    except Exception:  # noqa: BLE001 - a plugin's failure shows in the rollouts, not here
        return None
    return None


@dataclass(frozen=True)
class Known:
    """An option's results kept for the next race: bit i of `wins`, future i won, for
    every future whose bit is set in `known`."""

    wins: int
    known: int

    def covers(self, start: int, count: int) -> bool:
        """True when every future start..start+count-1 is known."""
        mask = ((1 << count) - 1) << start
        return self.known & mask == mask

    def part(self, start: int, count: int) -> int:
        """Return the wins on futures start..start+count-1 (bit 0: future start)."""
        return (self.wins >> start) & ((1 << count) - 1)


class Reuse:
    """The results of the last races' options, kept by the position each leads to.

    `keep` positions' options are kept (the oldest dropped first; None: all, for one
    analysis). `saved` counts the rollouts taken from it instead of played.
    """

    def __init__(self, keep: int | None = 2) -> None:
        self.keep = keep
        self._kept: OrderedDict[bytes, tuple[int, Known]] = OrderedDict()
        self.saved = 0

    def remember(
        self,
        key: int,
        seen: Game,
        actions: Sequence[Action],
        results: Sequence[tuple[int, int]],
    ) -> None:
        """Keep each action's results (`results[i]`: its wins and the futures known, as
        masks over the position's futures) under the position it leads to."""
        for action, (wins, known) in zip(actions, results, strict=True):
            if not known:
                continue
            there = landing(seen, action)
            if there is not None and there not in self._kept:
                self._kept[there] = (key, Known(wins, known))
        if self.keep is not None:
            while len(self._kept) > self.keep * max(1, len(actions)):
                self._kept.popitem(last=False)

    def recall(self, key: int, seen: Game, actions: Sequence[Action]) -> tuple[int, Known] | None:
        """Return the index in `actions` of the reference bot's option at `seen` and its
        results kept from the race before, when that race's option led here with nothing
        seen (the same futures key, whose future i is `estimator.futures(key, i, 1)`)."""
        found = self._kept.get(place(seen))
        if found is None or found[0] != key:
            return None
        known = found[1]
        n = seen.state.decisions
        bot = heuristic_bot(seen, n)
        if bot not in actions:
            return None
        mask = known.known
        if seen.state.decision in SEEDED:  # the bot's choice may differ future by future
            mask, i, bits = 0, 0, known.known
            while bits:
                if bits & 1 and heuristic_bot(seen.fork(rng.draw(key, "advisor", i)), n) == bot:
                    mask |= 1 << i
                bits >>= 1
                i += 1
        return (actions.index(bot), Known(known.wins & mask, mask)) if mask else None


def results(
    wins: int, games: int, fresh: int = 0, fresh_games: int = 0, most: int = 0
) -> tuple[int, int]:
    """Return an option's (wins, known) masks over the position's futures: its race
    futures 0..games-1 and, for the best, the chance's futures most..most+fresh_games-1."""
    known = (1 << games) - 1 | (((1 << fresh_games) - 1) << most)
    return wins | (fresh << most), known
