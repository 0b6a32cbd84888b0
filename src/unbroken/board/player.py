"""The local player: a name and a secret key, made at first use and kept in the config dir.

`board.toml` in the config dir holds the name, the key and the board server
last used; it is written readable by its owner only (0600). The server keeps
only a hash of the key, so nobody else can send games under the name. There
is no e-mail and no password: losing the file loses the name.
"""

from __future__ import annotations

import os
import re
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path

#: The file in the config dir.
FILE = "board.toml"
#: A player name: what the server takes (unbroken.board.app.NAME).
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")


class PlayerError(Exception):
    """The player file cannot be read or written, or a name is not one: why, in one line."""


@dataclass
class Player:
    """The player's name, secret key and board server ("" when none is set)."""

    name: str
    key: str
    server: str = ""


def player_path() -> Path:
    """Return where the player file is (the config dir is created when missing)."""
    from unbroken.paths import config_dir

    return config_dir() / FILE


def load_player(path: Path | None = None) -> Player | None:
    """Return the player in the file, or None when there is none; raise PlayerError."""
    path = player_path() if path is None else path
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise PlayerError(f"{path}: cannot be read ({exc})") from None
    name, key, server = data.get("name"), data.get("key"), data.get("server", "")
    if not isinstance(name, str) or not isinstance(key, str) or not isinstance(server, str):
        raise PlayerError(f'{path}: needs name = "..." and key = "..." (text)')
    return Player(name, key, server)


def save_player(player: Player, path: Path | None = None) -> Path:
    """Write the player file (owner-only); return its path. Raises PlayerError."""
    path = player_path() if path is None else path
    text = "".join(
        f"{field} = {_toml_string(value)}\n"
        for field, value in (("name", player.name), ("key", player.key), ("server", player.server))
    )
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(
                "# Your name and secret key on Unbroken boards. Keep the key secret:\n"
                "# whoever has it can send games under your name.\n" + text
            )
    except OSError as exc:
        raise PlayerError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    return path


def check_name(name: str) -> str:
    """Return `name` when a board takes it, else raise PlayerError saying what a name is."""
    if not NAME.fullmatch(name):
        raise PlayerError(
            f"{name!r} is not a player name: 1-32 letters, digits, '_', '-' or '.', "
            "starting with a letter or digit"
        )
    return name


def new_player(name: str, server: str = "") -> Player:
    """Return a player with a new secret key (256 random bits)."""
    return Player(check_name(name), secrets.token_urlsafe(32), server)


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
