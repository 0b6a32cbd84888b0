"""How the records file is opened for reading only, and why it cannot be used, in words.

`unbroken scores`, `scores export` and `achievements` only read the records,
so they open the file read-only (an SQLite `mode=ro` URI): they work on a
read-only data dir, a read-only mount or a full disk, where opening it for
writing fails with "attempt to write a readonly database" or "disk I/O error".
The messages here say which file, what is wrong and what to do.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote


def connect_read_only(path: Path, timeout: float) -> sqlite3.Connection:
    """Return a connection to the SQLite file at `path` that can only read it.

    It never creates the file, its folder, or anything in them but what SQLite
    needs to read a WAL file (`-shm`, when the folder can be written).
    """
    uri = f"file:{quote(os.path.abspath(path))}?mode=ro"
    db = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError:
        db.close()
        # A WAL file is read through its `-shm` index, which SQLite cannot make
        # in a read-only folder. With no `-wal` beside it (the records closed
        # cleanly) every game is in the file itself: read it as immutable.
        if _has_log(path):
            raise
    return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=timeout, isolation_level=None)


def _has_log(path: Path) -> bool:
    """Return whether the records' write-ahead log holds anything (`records.sqlite3-wal`)."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except OSError:
        return False


def unreadable(path: Path) -> str | None:
    """Return why this user cannot read the records file at `path`, with the fix; or None."""
    try:
        exists = path.exists()
    except OSError:
        return None
    if exists and not os.access(path, os.R_OK):
        return (
            f"records file {path} cannot be read (no read permission); "
            f"`chmod u+rw {path}` gives it back"
        )
    return None


def folder_read_only(path: Path) -> str:
    """Return the message for records that cannot be written because their folder is read-only."""
    return (
        f"cannot write records file {path}: its folder {path.parent} is read-only; "
        "make it writable, or choose another data dir with --data-dir or UNBROKEN_DATA_DIR"
    )


def disk_full(path: Path, why: str) -> str:
    """Return the message for records that cannot be written for want of space."""
    guess = "" if "full" in why else " (is the disk full?)"  # SQLite may say so itself
    return (
        f"cannot write records file {path}: {why}{guess}; free some space "
        "on it, or choose another data dir with --data-dir or UNBROKEN_DATA_DIR"
    )


def is_disk_full(exc: sqlite3.Error) -> bool:
    """Return whether SQLite failed for want of space (SQLITE_FULL, or an I/O error writing)."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    text = str(exc)
    return code in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR) or (
        "disk is full" in text or "disk I/O error" in text
    )
