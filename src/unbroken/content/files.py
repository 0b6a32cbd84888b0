"""Reading a content file within limits: UTF-8 text of a regular file, nested at most MAX_DEPTH.

A content pack can come from anyone (a plugin, a folder given to `unbroken
content check`). Before its TOML is parsed, the file must be a regular file
of at most MAX_BYTES, UTF-8 text, and its arrays and inline tables nested at
most MAX_DEPTH deep: tomllib recurses once per level and raised RecursionError
at about 1,000. What is parsed is checked again (dotted keys nest without
brackets). Each breach is an `Unreadable` with the line, which the content
reader reports as a problem naming the file and the line.
docs/content.md, "Limits", lists them. `read_toml` reads and parses one file so.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from unbroken.home.paths import cache_dir
from unbroken.home.reading import Breach, read_regular_file
from unbroken.words.printable import is_printable, printable

#: The largest content file: 4 MiB (the whole base game is under 100 KB).
MAX_BYTES = 4 * 1024 * 1024
#: The deepest nesting of tables and arrays (the base game's is 10).
MAX_DEPTH = 64


class Unreadable(Exception):
    """A content file that cannot be read or parsed safely: the line (0: the file) and why."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(message)


def read_text(path: Path) -> str:
    """Return the text of the content file at `path`; raise Unreadable saying why not."""
    try:
        data = read_regular_file(path, MAX_BYTES, what="a content file")
    except Breach as exc:
        raise Unreadable(0, exc.message) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise Unreadable(
            line,
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} at column {column}); "
            "save the file as UTF-8",
        ) from None
    if text.count("[") + text.count("{") > MAX_DEPTH:  # a bound on the depth: scan only then
        line = too_deep_line(text)
        if line:
            raise Unreadable(line, nested_message())
    return text


def nested_message() -> str:
    """Return the problem of a content file nested past the limit."""
    return f"tables and arrays nested more than {MAX_DEPTH} levels deep (the limit)"


def too_deep_line(text: str) -> int:
    """Return the first line where arrays and inline tables nest past MAX_DEPTH, or 0.

    Brackets in strings and comments do not count; a `[table]` header opens
    and closes on its line.
    """
    depth = 0
    quote = ""
    for number, line in enumerate(text.split("\n"), 1):
        i = 0
        while i < len(line):
            c = line[i]
            if quote:
                if c == "\\" and quote == '"':
                    i += 1
                elif c == quote:
                    quote = ""
            elif c in "\"'":
                quote = c
            elif c == "#":
                break
            elif c in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return number
            elif c in "]}":
                depth = max(depth - 1, 0)
            i += 1
        if quote and not line.endswith("\\"):
            quote = ""  # a one-line string ends with its line (multi-line ones are rare here)
    return 0


def deep_line(text: str) -> int:
    """Return the line where the content nests past MAX_DEPTH: brackets first, then dotted keys."""
    return too_deep_line(text) or _dotted_line(text)


def check_depth(data: dict[str, Any], text: str) -> None:
    """Raise Unreadable when parsed content nests past MAX_DEPTH (dotted keys, say)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise Unreadable(deep_line(text), nested_message())
        children = value.values() if isinstance(value, dict) else value
        stack.extend((v, depth + 1) for v in children if isinstance(v, (dict, list)))


def _dotted_line(text: str) -> int:
    """Return the line of the longest dotted key (what nests without brackets), or 0."""
    best, where = 0, 0
    for number, line in enumerate(text.split("\n"), 1):
        key = line.split("=", 1)[0]
        if key.count(".") > best:
            best, where = key.count("."), number
    return where


def unprintable_strings(
    value: Any, place: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Yield the place of every string (or key) in parsed content that would not show as
    it is: a control character, escape sequence or bidi override (line feeds and tabs
    are text). Such text could act on the terminal that shows a card."""
    if isinstance(value, str):
        if not is_printable(value.replace("\n", " ").replace("\t", " ")):
            yield place, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from unprintable_strings(key, (*place, key))
            yield from unprintable_strings(item, (*place, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from unprintable_strings(item, (*place, index))


def unprintable_message(place: tuple[str | int, ...], text: str) -> str:
    """Return the problem of content text that would not show as it is."""
    key = next((str(p) for p in reversed(place) if isinstance(p, str)), "a key")
    shown = printable(text)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return (
        f"`{key}` holds a control character, escape sequence or bidi override "
        f'("{shown}"); content text must show as it is written'
    )


#: The parse cache's own version: a change to what is cached or how makes new keys.
CACHE_FORMAT = 2


def _cache_key(text: str) -> str:
    """Return the cache key of a TOML text: the text, the parser (this Python's tomllib)
    and the cache's format, so a cached parse is never one another parser made."""
    import hashlib
    import sys

    parser = f"unbroken-toml-cache {CACHE_FORMAT}; tomllib {sys.version_info[:2]}\n"
    return hashlib.sha256((parser + text).encode("utf-8")).hexdigest()


def _json_exact(value: Any) -> bool:
    """Return whether `value` comes back from JSON exactly as it is: strings, whole
    numbers, finite floats, booleans, lists and tables of them. A TOML date, time or
    `inf`/`nan` does not, so a parse holding one is not cached (it would validate
    differently the second time)."""
    if isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_json_exact(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_exact(v) for k, v in value.items())
    return False


def parse_toml(text: str) -> dict[str, Any]:
    """Return a TOML document as a dict, from a cache of earlier parses when possible.

    Parsing the base pack's TOML is most of the game's start-up time; a parse is
    kept (as msgspec JSON, keyed by the text, the parser and the cache format) in
    the user cache dir (`UNBROKEN_CACHE_DIR`). Only a parse that JSON gives back
    exactly is kept, so a cached parse always equals a fresh one. A missing or
    unwritable cache only costs the parse.
    """

    key = _cache_key(text)
    try:
        cached = cache_dir() / "toml" / f"{key}.json"
        return dict(msgspec.json.decode(cached.read_bytes()))
    except (OSError, msgspec.DecodeError, ValueError):
        pass
    data = tomllib.loads(text)
    if not _json_exact(data):
        return data
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(msgspec.json.encode(data))
        os.replace(tmp, cached)
    except (OSError, TypeError, UnboundLocalError):
        pass
    return data


def read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """Return a content file's text and its parse; raise Unreadable naming the line.

    The file is read within the limits of this module (a regular
    file, UTF-8, nested at most 64 deep), so no content file raises anything else.
    """
    text = read_text(path)
    try:
        data = parse_toml(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise Unreadable(int(m.group(1)) if m else 0, f"not valid TOML: {exc}") from None
    except RecursionError:  # nesting the checks before parsing could not see
        raise Unreadable(deep_line(text), nested_message()) from None
    check_depth(data, text)
    return text, data
