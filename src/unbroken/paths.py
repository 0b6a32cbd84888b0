"""Where the game keeps the player's files: replays, records and config.

The user data dir comes from platformdirs; `UNBROKEN_DATA_DIR` (or the
`--data-dir` option) moves it, so tests and simulations use a temporary one.
`UNBROKEN_CONFIG_DIR` does the same for the config dir.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "unbroken"


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
        path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Return the user data dir (created if missing); `UNBROKEN_DATA_DIR` moves it."""
    return _user_dir("UNBROKEN_DATA_DIR", "data")


def config_dir() -> Path:
    """Return the user config dir (created if missing); `UNBROKEN_CONFIG_DIR` moves it."""
    return _user_dir("UNBROKEN_CONFIG_DIR", "config")


def cache_dir() -> Path:
    """Return the user cache dir (`UNBROKEN_CACHE_DIR` moves it); not created here."""
    return _user_dir("UNBROKEN_CACHE_DIR", "cache", create=False)


def replays_dir() -> Path:
    """Return the folder of recorded games inside the data dir (created if missing)."""
    path = data_dir() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path
