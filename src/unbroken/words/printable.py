"""Text from a file or a plugin made safe to show in a terminal or the full-screen game.

A recording, a records file, a content pack or a plugin's metadata can hold
any characters. Shown raw, an escape sequence can retitle the window, clear
the screen or move the cursor, and a bidi override can make text read other
than it is. `printable` writes each such character as a visible escape
(`\\x1b`, `\\u202e`), so what is shown is what the file holds, and nothing
it holds acts on the terminal. Every view of outside text goes through it.
"""

from __future__ import annotations

import re
from typing import Any

#: Characters shown as escapes: C0 controls, DEL, C1 controls, the line and
#: paragraph separators, and the bidi embeddings, overrides, isolates and marks.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]"
)
#: The same, but a line feed, a tab, and a carriage return ending a line (CSV's
#: "\r\n") are left as they are: for text shown as lines.
_UNSAFE_IN_LINES = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]"
    "|\r(?!\n)"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, lines: bool = False) -> str:
    """Return `text` with every control, escape and bidi character written as a visible escape.

    With `lines`, line feeds, tabs and the "\r" of a "\r\n" stay (text shown
    over several lines).
    Text without such characters is returned unchanged.
    """
    return (_UNSAFE_IN_LINES if lines else _UNSAFE).sub(_escape, text)


def is_printable(text: str) -> bool:
    """Return whether `text` shows as it is (printable would leave it unchanged)."""
    return _UNSAFE.search(text) is None


def printable_strings(value: Any) -> Any:
    """Return `value` (JSON-like: dicts, lists, strings, numbers) with every string printable.

    Dictionary keys too. Used on what a recording holds before the viewer shows it.
    """
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [printable_strings(v) for v in value]
    if isinstance(value, dict):
        return {printable(str(k)): printable_strings(v) for k, v in value.items()}
    return value
