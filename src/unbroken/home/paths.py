"""Where the game keeps the player's files: replays, records and config.

The user data dir comes from platformdirs; `UNBROKEN_DATA_DIR` (or the
`--data-dir` option) moves it, so tests and simulations use a temporary one.
`UNBROKEN_CONFIG_DIR` does the same for the config dir.

A dir that cannot be made (a file in its place, no permission) raises
`UserDirError`, one line naming the dir and what is wrong.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "unbroken"


class UserDirError(OSError):
    """A user dir that is a file or cannot be created; the message names it and why.

    It is an OSError, so code that already copes with a failing disk copes with it.
    """


def _where(variable: str, override: bool) -> str:
    if not override:
        return ""
    also = " or --data-dir" if variable == "UNBROKEN_DATA_DIR" else ""
    return f" (set by {variable}{also})"


def make_dir(path: Path, what: str, where: str = "") -> Path:
    """Create the folder `path` if missing and return it, or raise UserDirError.

    `what` names it in the message ("data dir"), `where` says where it was set.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        for existing in (path, *path.parents):
            if existing.exists() or existing.is_symlink():
                if not existing.is_dir():
                    if existing == path:
                        why = f"{what} {path} is a file, not a folder"
                    else:
                        why = f"cannot create {what} {path}: {existing} is a file, not a folder"
                    raise UserDirError(why + where) from None
                break
        raise UserDirError(f"cannot create {what} {path}: {exc.strerror or exc}{where}") from None
    return path


def _user_dir(variable: str, kind: str, create: bool = True) -> Path:
    """Return the dir the environment `variable` names, or platformdirs' `kind` dir."""
    override = os.environ.get(variable)
    if override:
        path = Path(override).expanduser()
    else:
        import platformdirs

        finder = getattr(platformdirs, f"user_{kind}_dir")
        path = Path(finder(APP, appauthor=False))
    if create:
        make_dir(path, f"{kind} dir", _where(variable, bool(override)))
    return path


def data_dir(create: bool = True) -> Path:
    """Return the user data dir (created if missing); `UNBROKEN_DATA_DIR` moves it."""
    return _user_dir("UNBROKEN_DATA_DIR", "data", create)


def config_dir() -> Path:
    """Return the user config dir (created if missing); `UNBROKEN_CONFIG_DIR` moves it."""
    return _user_dir("UNBROKEN_CONFIG_DIR", "config")


def cache_dir() -> Path:
    """Return the user cache dir (`UNBROKEN_CACHE_DIR` moves it); not created here."""
    return _user_dir("UNBROKEN_CACHE_DIR", "cache", create=False)


def replays_dir(create: bool = True) -> Path:
    """Return the folder of recorded games inside the data dir (created if missing)."""
    if not create:
        return data_dir(create=False) / "replays"
    return make_dir(data_dir() / "replays", "replays folder")
