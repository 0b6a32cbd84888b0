"""The seeded generator: SplitMix64 with named substreams, specified here.

Every random draw of a game comes from this module, never from `random`, so a
game is the same on every Python version and platform (R-DIGI-1).

Specification (all arithmetic modulo 2**64):

* ``mix(z)``: ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``;
  ``z = (z ^ z >> 27) * 0x94D049BB133111EB``; return ``z ^ z >> 31``.
* A named stream's key is ``mix(seed ^ fnv1a64(name))`` (FNV-1a over the
  UTF-8 bytes of the name).
* The n-th draw (n = 1, 2, ...) of a stream is ``mix(key + n * 0x9E3779B97F4A7C15)``,
  i.e. SplitMix64 started at the stream's key. A stream's state is therefore
  just its draw counter, kept inside the GameState.
* A number below ``bound`` is ``(draw * bound) >> 64`` (one draw, no rejection;
  the bias is below 2**-60). A die is ``1 + below(6)``; a die of n sides
  (a level with more than six monsters) is ``1 + below(n)``.
* A shuffle of n items is Fisher-Yates from the end: for i = n-1 down to 1,
  swap item i with item ``below(i + 1)``: n - 1 draws.

Streams are independent: an extra draw on ``dice`` never shifts ``encounters``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

#: The named substreams of the base game.
STREAMS = ("setup", "monster", "dice", "encounters", "skills")

T = TypeVar("T")


def mix(z: int) -> int:
    """Return SplitMix64's output function applied to a 64-bit state."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def fnv1a64(text: str) -> int:
    """Return the 64-bit FNV-1a hash of a string's UTF-8 bytes."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & MASK
    return h


#: fnv1a64 of each stream name (a pure function of the name: memoised, as the names
#: are few while seeds are many: every fork with resampling brings a new one).
_name_hash = lru_cache(maxsize=1024)(fnv1a64)


@lru_cache(maxsize=1024)
def stream_key(seed: int, stream: str) -> int:
    """Return the starting state of a named stream for a seed (memoised: a pure function)."""
    return mix((seed & MASK) ^ _name_hash(stream))


def draw(seed: int, stream: str, n: int) -> int:
    """Return the n-th (1-based) 64-bit draw of a stream."""
    return mix((stream_key(seed, stream) + n * GOLDEN) & MASK)


def below(value: int, bound: int) -> int:
    """Return a number in [0, bound) from one 64-bit draw."""
    return (value * bound) >> 64


def die(seed: int, stream: str, counter: int, sides: int = 6) -> int:
    """Return the die result (1..sides) of the draw after `counter` on a stream."""
    return 1 + below(draw(seed, stream, counter + 1), sides)


def shuffled(seed: int, stream: str, counter: int, items: Sequence[T]) -> list[T]:
    """Return `items` shuffled with the draws after `counter` (len(items) - 1 draws)."""
    out = list(items)
    z0 = (stream_key(seed, stream) + counter * GOLDEN) & MASK
    for i in range(len(out) - 1, 0, -1):
        # below(draw(seed, stream, n), i + 1) for n = counter + 1, ..., written out:
        # a fork's resampling shuffles every unseen card, so this loop is hot.
        z0 = (z0 + GOLDEN) & MASK
        z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return out


def shuffle_draws(count: int) -> int:
    """Return how many draws a shuffle of `count` items takes."""
    return max(count - 1, 0)
