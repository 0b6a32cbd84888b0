"""Where things are written in a TOML text: the line of every table, key and array element."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from unbroken.content.files import Unreadable, read_toml
from unbroken.content.tables import KINDS, qualify

#: A place in a TOML document: table keys and array indices from the top.
Place = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR = re.compile(r"[^,\]}\n#]*")


class _TomlLines:
    """Walk a TOML text and note the line of every table, key and array element.

    tomllib gives no positions. The text has already parsed, so this walk only
    needs to follow the structure: `[table]` and `[[array.of.tables]]` headers
    (counting the elements of each array of tables), dotted and quoted keys,
    and values (strings of every kind, arrays and inline tables, over several
    lines too).
    """

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.line = 1
        self.lines: dict[Place, int] = {}
        self.elements: dict[Place, int] = {}  # an array of tables -> its elements so far

    def walk(self) -> dict[Place, int]:
        table: Place = ()
        try:
            while True:
                self.skip(newlines=True)
                if self.i >= len(self.s):
                    break
                line = self.line
                if self.s.startswith("[[", self.i):
                    self.advance(2)
                    keys = self.key()
                    self.advance(2)
                    array = self.resolve(keys[:-1]) + (keys[-1],)
                    index = self.elements.get(array, 0)
                    self.elements[array] = index + 1
                    table = (*array, index)
                elif self.s.startswith("[", self.i):
                    self.advance(1)
                    table = self.resolve(self.key())
                    self.advance(1)
                else:
                    table_key = (*table, *self.key())
                    self.skip()
                    self.advance(1)  # =
                    self.note(table_key, line)
                    self.value(table_key)
                    continue
                self.note(table, line)
        except (ValueError, IndexError):  # not TOML after all: keep what was found
            pass
        return self.lines

    def note(self, place: Place, line: int) -> None:
        """Note `line` for `place` and for the tables it makes (`a.b.c = 1` makes a, a.b)."""
        for end in range(1, len(place) + 1):
            self.lines.setdefault(place[:end], line)

    def advance(self, n: int) -> None:
        self.line += self.s.count("\n", self.i, self.i + n)
        self.i += n

    def skip(self, newlines: bool = False) -> None:
        """Skip blanks and comments (and line ends, when `newlines`)."""
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.advance(1)
            elif c == "#":
                end = self.s.find("\n", self.i)
                self.i = len(self.s) if end < 0 else end
            else:
                break

    def resolve(self, keys: list[str]) -> Place:
        """Return the place a header names: through the last element of arrays of tables."""
        place: Place = ()
        for key in keys:
            place = (*place, key)
            if place in self.elements:
                place = (*place, self.elements[place] - 1)
        return place

    def key(self) -> list[str]:
        """Read a (dotted, maybe quoted) key and return its parts."""
        parts: list[str] = []
        while True:
            self.skip()
            start = self.i
            if self.s[self.i] in "\"'":
                self.string()
                raw = self.s[start : self.i]
                parts.append(tomllib.loads(f"k = {raw}")["k"])
            else:
                match = _BARE_KEY.match(self.s, self.i)
                if match is None:
                    raise ValueError(f"no key at line {self.line}")
                parts.append(match.group())
                self.i = match.end()
            self.skip()
            if self.s[self.i] != ".":
                return parts
            self.advance(1)

    def string(self) -> None:
        """Step over a string of any of TOML's four kinds."""
        quote = self.s[self.i]
        if self.s.startswith(quote * 3, self.i):
            end = self.i + 3
            while True:
                end = self.s.index(quote * 3, end)
                if quote == "'" or not _escaped(self.s, end):
                    break
                end += 1
            while self.s.startswith(quote, end + 3):  # up to two quotes may end the text
                end += 1
            self.advance(end + 3 - self.i)
            return
        end = self.i + 1
        while True:
            end = self.s.index(quote, end)
            if quote == "'" or not _escaped(self.s, end):
                break
            end += 1
        self.advance(end + 1 - self.i)

    def value(self, place: Place) -> None:
        """Step over one value, noting the lines of the elements and keys inside it."""
        self.skip()
        c = self.s[self.i]
        if c in "\"'":
            self.string()
        elif c == "[":
            self.advance(1)
            index = 0
            while True:
                self.skip(newlines=True)
                if self.s[self.i] == "]":
                    self.advance(1)
                    return
                self.lines.setdefault((*place, index), self.line)
                self.value((*place, index))
                index += 1
                self.skip(newlines=True)
                if self.s[self.i] == ",":
                    self.advance(1)
        elif c == "{":
            self.advance(1)
            while True:
                self.skip(newlines=True)
                if self.s[self.i] == "}":
                    self.advance(1)
                    return
                line = self.line
                inner = (*place, *self.key())
                self.skip()
                self.advance(1)  # =
                self.note(inner, line)
                self.value(inner)
                self.skip(newlines=True)
                if self.s[self.i] == ",":
                    self.advance(1)
        else:
            match = _SCALAR.match(self.s, self.i)
            assert match is not None  # the pattern matches the empty string
            if match.end() == self.i:
                raise ValueError(f"no value at line {self.line}")
            self.i = match.end()


def _escaped(text: str, at: int) -> bool:
    """Return whether the character at `at` follows an odd run of backslashes."""
    run = 0
    while at - run - 1 >= 0 and text[at - run - 1] == "\\":
        run += 1
    return run % 2 == 1


def toml_lines(text: str) -> dict[Place, int]:
    """Return the 1-based line of every table, key and array element in a TOML text.

    `("monsters", 0, "table", 4, "effects", 0, "amount")` is the line of that
    key in the first `[[monsters]]` table.
    """
    return _TomlLines(text).walk()


def line_of(lines: dict[Place, int], place: Place) -> int:
    """Return the line of `place`, or of the nearest enclosing place that has one."""
    while place:
        if place in lines:
            return lines[place]
        place = place[:-1]
    return 1


class CardLines:
    """Where a pack's cards are written: each card's file and the line of every key in it.

    Built on toml_lines, for problems found after loading (a duplicate id across
    packs, a reference no pack defines) to be told at their file:line.
    """

    def __init__(self, folders: Iterable[Path], pack: str) -> None:
        self.folders = list(folders)
        self.pack = pack
        # card id ("" for the settings) -> (file, place of its table, lines of the file, raw table)
        self._cards: dict[str, tuple[str, Place, dict[Place, int], Any]] = {}
        for folder in self.folders:
            for path in sorted(folder.rglob("*.toml")) if folder.is_dir() else []:
                try:
                    text, data = read_toml(path)
                except Unreadable:
                    continue  # read_pack reports it
                lines = toml_lines(text)
                if isinstance(data.get("settings"), dict):
                    self._cards.setdefault("", (str(path), ("settings",), lines, data["settings"]))
                for key in KINDS:
                    table = data.get(key)
                    for index, raw in enumerate(table if isinstance(table, list) else []):
                        local = raw.get("id") if isinstance(raw, dict) else None
                        if isinstance(local, str) and local:
                            card = qualify(pack, local)  # written "hyena" or "base:hyena"
                            self._cards.setdefault(card, (str(path), (key, index), lines, raw))

    def where(self, card: str, names: str = "") -> tuple[str, int] | None:
        """Return (file, line) where `card` ("": the settings) names `names`, else of its id.

        None when the card is not one of this pack's.
        """
        found = self._cards.get(card)
        if found is None:
            return None
        path, at, lines, raw = found
        place = self._place_naming(raw, names) if names else None
        return path, line_of(lines, (*at, *(("id",) if place is None else place)))

    def _place_naming(self, value: Any, ident: str) -> Place | None:
        """Return the place of the first value inside `value` that names `ident`, local or not."""
        if isinstance(value, str):
            return () if ident in (value, qualify(self.pack, value)) else None
        if isinstance(value, dict):
            items: Iterable[tuple[str | int, Any]] = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            return None
        for key, item in items:
            if key in ("id", "text"):  # a card's or ability's own id, and prose
                continue
            found = self._place_naming(item, ident)
            if found is not None:
                return (key, *found)
        return None
