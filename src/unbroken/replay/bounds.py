"""The limits a recording is read within: what a hostile or broken file cannot make the reader do.

A recording is untrusted input (a file from anyone, or one a crash damaged).
Reading one never opens anything but a regular file, never holds more than
MAX_TEXT bytes of its text, and never hands the JSON decoder a line longer
than MAX_LINE or nested deeper than MAX_DEPTH. A whole game is some 55-75 KB
of text in about 170 lines of at most 6 KB, nested 9 deep: the limits are
far above any real game and far below what would cost a player time or memory.
Each breach is a `Breach` naming the line; `unbroken.replay` words it as a
ReplayError with the file. docs/replay-format.md, "Limits", lists them.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from unbroken.home import reading
from unbroken.home.reading import Breach as Breach
from unbroken.home.reading import size_text

#: The most text (uncompressed) a recording may hold: 16 MiB.
MAX_TEXT = 16 * 1024 * 1024
#: The longest line: 1 MiB.
MAX_LINE = 1024 * 1024
#: The most lines.
MAX_LINES = 100_000
#: The deepest nesting of JSON arrays and objects in a line.
MAX_DEPTH = 64

#: gzip container for zlib (wbits 16 + 15: a gzip header and trailer, 32 KB window).
GZIP_WBITS = 31
GZIP_MAGIC = b"\x1f\x8b"
#: Compressed bytes inflated at a time when the data is damaged, to name the line.
INFLATE_CHUNK = 1024


# --------------------------------------------------------------------------- opening


def read_regular_file(path: Path, most: int = MAX_TEXT, what: str = "a recording") -> bytes:
    """Return the bytes of the regular file at `path` (a recording, by default: at most
    MAX_TEXT); raise Breach for anything else (`unbroken.home.reading`)."""
    return reading.read_regular_file(path, most, what)


# --------------------------------------------------------------------------- inflating


def inflate(data: bytes, most: int = MAX_TEXT) -> bytes:
    """Return the JSON Lines text of a recording's bytes, gzip-compressed or plain.

    Inflating stops as soon as the text would pass `most` bytes (a Breach),
    so a small compressed bomb costs no more than that. A compressed stream
    that stops short (a game in progress, or a process killed mid-write) gives
    the text written so far. Damaged compressed data, or bytes after the end
    of it, is a Breach naming the line it damages.
    """
    if not data.startswith(GZIP_MAGIC):
        return data
    out = bytearray()
    rest = data
    while rest:
        inflater = zlib.decompressobj(GZIP_WBITS)
        try:
            out += inflater.decompress(rest, most - len(out) + 1)
            ended = inflater.eof
            if not ended and inflater.unconsumed_tail:
                _too_much(out, most)
            rest = inflater.unused_data
        except zlib.error:
            ended, rest = _inflate_in_chunks(rest, out, most)
        if len(out) > most:
            _too_much(out, most)
        if not ended:
            break  # cut off: everything written so far is in `out`
        if rest and not rest.startswith(GZIP_MAGIC):
            line = out.count(b"\n") + 1
            raise Breach(line, "unexpected bytes after the end of the compressed data")
    return bytes(out)


def _too_much(out: bytearray, most: int) -> None:
    line = out.count(b"\n", 0, most) + 1  # the line the limit falls in
    raise Breach(
        line,
        f"the recording inflates to more than {size_text(most)} (the limit; a whole game "
        "is under 100 KB): not read further",
    )


def _inflate_in_chunks(data: bytes, out: bytearray, most: int) -> tuple[bool, bytes]:
    """Inflate one gzip stream a chunk at a time into `out`, naming the line damage is in.

    Return whether the stream ended, and the bytes after it.
    """
    inflater = zlib.decompressobj(GZIP_WBITS)
    start = 0
    while start < len(data) and not inflater.eof:
        try:
            out += inflater.decompress(data[start : start + INFLATE_CHUNK], most - len(out) + 1)
        except zlib.error as exc:
            line = out.count(b"\n") + 1
            why = str(exc).rpartition(": ")[2]  # zlib's "Error -3 while ...: why"
            raise Breach(line, f"the compressed data is damaged ({why})") from None
        if len(out) > most or inflater.unconsumed_tail:
            _too_much(out, most)
        start += INFLATE_CHUNK
    return inflater.eof, inflater.unused_data + data[start:]


# --------------------------------------------------------------------------- lines

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_SAME_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_OPENING = bytes(set(range(256)) - set(b"[{\n"))


def check_lines(lines: list[bytes]) -> None:
    """Raise Breach for the first line (numbered from 1) outside the limits.

    Too many lines, a line longer than MAX_LINE, or JSON nested deeper than
    MAX_DEPTH (which would exhaust the decoder's recursion).
    """
    if len(lines) > MAX_LINES:
        raise Breach(
            MAX_LINES + 1,
            f"more than {MAX_LINES:,} lines (the limit; a whole game has about 200)",
        )
    # Most files are well within both limits: three passes in C over the whole text say
    # so (the brackets that open, line by line); only a file that may not be is walked
    # line by line below, to name its first line outside them.
    if max(map(len, lines), default=0) <= MAX_LINE:
        opened = b"\n".join(lines).translate(None, _NOT_OPENING).split(b"\n")
        if max(map(len, opened)) <= MAX_DEPTH:
            return
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise Breach(number, f"the line is longer than {size_text(MAX_LINE)} (the limit)")
        # Depth is at most the number of brackets opened: count first, scan only when needed.
        if line.count(b"[") + line.count(b"{") > MAX_DEPTH and nesting(line) > MAX_DEPTH:
            raise Breach(number, f"JSON nested more than {MAX_DEPTH} levels deep (the limit)")


def nesting(line: bytes, most: int = MAX_DEPTH) -> int:
    """Return how deep the arrays and objects of a JSON line nest (brackets in strings aside).

    Counting stops past `most`: any depth above it is as bad.
    """
    brackets = _STRING.sub(b"", line).translate(_SAME_BRACKETS, _NOT_BRACKETS)
    depth = 0
    while brackets and depth <= most:
        inner = brackets.replace(b"[]", b"")
        if inner == brackets:  # unbalanced: count what stays open
            return depth + max(brackets.count(b"["), 1)
        brackets, depth = inner, depth + 1
    return depth
