"""Reading a file from anyone: a regular file only, never more than a limit.

A recording or a content pack may come from anyone: reading one never opens
anything but a regular file (a FIFO, socket or device is refused without
waiting on it) and never holds more bytes than the caller's limit. Each
refusal is a `Breach` saying why (and the line, when a reader of the text
finds one).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class Breach(Exception):
    """A file is outside a limit or cannot be read: the line (or None) and why."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(message)


def size_text(count: int) -> str:
    """Return a byte count as a limit is said: "16 MiB", "300 bytes"."""
    return f"{count // (1024 * 1024)} MiB" if count >= 1024 * 1024 else f"{count} bytes"


#: What a file that is not a regular file is, by its mode.
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def read_regular_file(path: Path, most: int, what: str) -> bytes:
    """Return the bytes of the regular file at `path`; raise Breach for anything else.

    A FIFO, socket or device is refused without reading (opening a FIFO does
    not wait for a writer), a symbolic link loop is named as one, and a file
    larger than `most` bytes is refused before it is read. `what` names what
    the file should be, for the message.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise Breach(None, _open_failed(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise Breach(None, f"not {what}: this is {kind}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1024 * 1024)
            if not chunk:
                break
            size += len(chunk)
            if size > most:
                raise Breach(None, f"the file is larger than {size_text(most)} (the limit)")
            chunks.append(chunk)
    except OSError as exc:
        raise Breach(None, f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _open_failed(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "cannot read the file: a loop of symbolic links"
    return f"cannot read the file ({exc.strerror or exc})"
