"""Where the game keeps the player's files: replays, records and config.

The user data dir comes from platformdirs; `UNBROKEN_DATA_DIR` (or the
`--data-dir` option) moves it, so tests and simulations use a temporary one.
`UNBROKEN_CONFIG_DIR` does the same for the config dir.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "unbroken"


def data_dir() -> Path:
    """Return the user data dir (created if missing)."""
    override = os.environ.get("UNBROKEN_DATA_DIR")
    if override:
        path = Path(override).expanduser()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Return the user config dir (created if missing)."""
    override = os.environ.get("UNBROKEN_CONFIG_DIR")
    if override:
        path = Path(override).expanduser()
    else:
        import platformdirs

        path = Path(platformdirs.user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Return the user cache dir (`UNBROKEN_CACHE_DIR` moves it); not created here."""
    override = os.environ.get("UNBROKEN_CACHE_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def replays_dir() -> Path:
    """Return the folder of recorded games inside the data dir (created if missing)."""
    path = data_dir() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path
