"""The msgspec JSON encoders and decoders shared by replays and exports.

Files the game writes (replays, exports) are read back with these decoders.
They are not `forbid_unknown_fields`: a newer version may append fields, and
an older reader skips them (msgspec schema evolution). Nothing is ever
unpickled or evaluated.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from unbroken.core.actions import Action
from unbroken.core.events import Event
from unbroken.core.state import GameState

#: One encoder for every file the game writes: compact JSON, fields in declared order.
encoder = msgspec.json.Encoder()

action_decoder: msgspec.json.Decoder[Action] = msgspec.json.Decoder(Action)
events_decoder: msgspec.json.Decoder[list[Event]] = msgspec.json.Decoder(list[Event])


def encode(value: Any) -> bytes:
    """Return `value` as compact JSON bytes."""
    return encoder.encode(value)


def state_digest(state: GameState) -> str:
    """Return the sha256 hex digest of the game state's JSON encoding."""
    return hashlib.sha256(encoder.encode(state)).hexdigest()


def to_builtins(value: Any) -> Any:
    """Return `value` as plain dicts, lists and scalars (for exports and messages)."""
    return msgspec.to_builtins(value)
