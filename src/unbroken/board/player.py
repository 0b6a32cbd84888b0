"""The local player: a name and a secret key per board, made at first use, kept in the config dir.

`board.toml` in the config dir holds the name, the board server last used and
one key per board address (a key is never sent to another board); it is
written readable by its owner only (0600). The server keeps only a hash of
the key, so nobody else can send games under the name. There is no e-mail and
no password: losing the file loses the name.

A file of before keys per board (one `key` for every board) is read as that
key belonging to the board it names in `server`; it is kept as `old_key` and
sent to another board only when the player asks (`unbroken submit --old-key`).
"""

from __future__ import annotations

import os
import re
import secrets
import tomllib
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from unbroken.home.paths import config_dir

#: The file in the config dir.
FILE = "board.toml"
#: A player name: what the server takes (unbroken.board.app.NAME).
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")


class PlayerError(Exception):
    """The player file cannot be read or written, or a name is not one: why, in one line."""


def board_address(url: str) -> str:
    """Return the board address a key is kept under: scheme and host lower-case, no final /."""
    parts = urllib.parse.urlsplit(url.strip())
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


@dataclass
class Player:
    """The player's name, board server ("" when none is set) and key for each board."""

    name: str
    server: str = ""
    #: The secret key for each board address (`board_address`).
    keys: dict[str, str] = field(default_factory=dict)
    #: The one key of a file from before keys per board ("" when none).
    old_key: str = ""

    def key_for(self, board: str) -> str:
        """Return the key for `board`, making a new one (256 random bits) the first time."""
        return self.keys.setdefault(board_address(board), secrets.token_urlsafe(32))

    def has_key(self, board: str) -> bool:
        """Return whether a key for `board` is made already."""
        return board_address(board) in self.keys


def player_path() -> Path:
    """Return where the player file is (the config dir is created when missing)."""

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
    name, server = data.get("name"), data.get("server", "")
    keys, old = data.get("keys", {}), data.get("old_key", data.get("key", ""))
    texts = isinstance(server, str) and isinstance(old, str) and isinstance(keys, dict)
    if not isinstance(name, str) or not texts or not all(isinstance(v, str) for v in keys.values()):
        raise PlayerError(f'{path}: needs name = "..." and a [keys] table of text')
    player = Player(name, server, {board_address(k): v for k, v in keys.items()}, old)
    if "key" in data and server and not player.has_key(server):
        player.keys[board_address(server)] = old  # the one board the old key was kept for
    return player


def save_player(player: Player, path: Path | None = None) -> Path:
    """Write the player file (owner-only); return its path. Raises PlayerError."""
    path = player_path() if path is None else path
    lines = [f"name = {_toml_string(player.name)}\n", f"server = {_toml_string(player.server)}\n"]
    if player.old_key:
        lines.append(f"old_key = {_toml_string(player.old_key)}\n")
    lines.append("\n[keys]\n")
    lines += [f"{_toml_string(b)} = {_toml_string(k)}\n" for b, k in sorted(player.keys.items())]
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(
                "# Your name and secret keys on Unbroken boards, one key per board. Keep\n"
                "# them secret: whoever has a board's key can send games there as you.\n"
                + "".join(lines)
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
    """Return a player of that name with no key yet (one is made per board at first use)."""
    return Player(check_name(name), server)


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
