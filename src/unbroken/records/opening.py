"""Opening the records: where they live, for writing or read-only."""

from __future__ import annotations

import os
from pathlib import Path

from unbroken.home import paths
from unbroken.records.store import FILENAME, Records, RecordsError, _OlderRecords


def records_path(create: bool = True) -> Path:
    """Return where the records file lives in the user data dir (made if missing, if `create`)."""

    return paths.data_dir(create) / FILENAME


def open_records(path: Path | None = None) -> Records:
    """Return the records store (created and migrated if needed), or raise RecordsError."""
    try:
        target = records_path() if path is None else path
    except OSError as exc:  # paths.UserDirError: the message names the dir and what is wrong
        raise RecordsError(exc.strerror or str(exc)) from None
    return Records(target)


def open_existing_records() -> Records | None:
    """Return the records store, or None when there is no records file; raise RecordsError.

    For the commands that only read them (`unbroken scores`, `achievements`):
    the file is opened read-only (`records.access`), so they work on a
    read-only data dir or a full disk, and without a file nothing is created,
    neither the file nor the data dir. A data
    dir that cannot be one (a file in its place or on its way) is refused as
    when a game is recorded.
    """

    path = records_path(create=False)
    try:
        path.stat()
    except (FileNotFoundError, NotADirectoryError):  # no records
        nearest = next((p for p in path.parents if os.path.exists(p)), None)
        if nearest is not None and not os.path.isdir(nearest):
            try:
                paths.data_dir()  # it cannot be made: this raises the UserDirError saying why
            except OSError as exc:
                raise RecordsError(exc.strerror or str(exc)) from None
        return None
    except OSError:
        pass  # there, but not for this user: opening it names the problem
    try:
        return Records(path, read_only=True)
    except _OlderRecords:  # from an older game: brought up to date once, as a game would
        return Records(path)


def finish_times() -> dict[str, str]:
    """Return when each recorded game the records keep finished ("2026-11-27T14:56:52+00:00"),
    by its replay's file name; {} when there are no records or they cannot be read (a
    listing of replays shows without them)."""
    try:
        records = open_existing_records()
        if records is None:
            return {}
        with records:
            rows = records.games()
    except RecordsError:
        return {}
    return {Path(row.replay).name: row.finished for row in rows if row.replay}
