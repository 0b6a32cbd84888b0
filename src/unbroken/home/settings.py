"""The player's settings, kept between games in `settings.toml` in the config dir.

    theme = "nord"              # the Textual theme picked in the command palette
    roll_animation = true       # the die rolls on screen before it lands
    auto_take = true            # a decision with exactly one answer is taken for you
    auto_pass = true            # a question whose answer cannot matter is answered for you
    hints = true                # first-game hints at the first step of each kind
    hints_seen = "preparation"  # the kinds of hint already shown (each once)
    character = "base:helena"   # the New game screen starts on the last choices
    difficulty = "hard"
    serve_max_games = 8         # `unbroken serve`: games (browser tabs) at once
    serve_idle_minutes = 30     # `unbroken serve`: a game without a key this long ends (saved)

A file that cannot be read (bad TOML, a wrong type) never stops the game: the
defaults are used, the player is told, and the damaged file is kept beside
as `settings.toml.bad` instead of being lost at the next save.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from unbroken.home.paths import config_dir

FILE_NAME = "settings.toml"


@dataclass
class Settings:
    """What the player chose, with the defaults a new player gets."""

    theme: str = ""  # "" is Textual's default theme
    roll_animation: bool = True
    auto_take: bool = True
    auto_pass: bool = True  # R-DIGI-4
    hints: bool = True
    #: The steps whose first-game hint the player has seen ("preparation,battle"): each
    #: kind is shown once, not again in another game, after Continue or a take-back.
    hints_seen: str = ""
    #: The plugins the New game screen has listed to the player ("base,gauntlet"; "" until
    #: it first has): one not among them is marked "(new)" there once, when it is listed.
    expansions_seen: str = ""
    character: str = ""
    difficulty: str = ""
    serve_max_games: int = 8
    serve_idle_minutes: int = 30


def settings_path() -> Path:
    """Return where the settings are kept (`UNBROKEN_CONFIG_DIR` moves it)."""

    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Return the saved settings (the defaults when there are none) and notices for the
    player: a damaged file is moved aside to `.bad` and named, never a crash."""
    try:
        path = path or settings_path()
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), [f"Settings not read ({_why(exc)}): using the defaults."]
    try:
        data = tomllib.loads(text)
        settings = _from(data)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:
        kept = path.with_name(path.name + ".bad")
        try:
            os.replace(path, kept)
        except OSError:
            where = f"{path} (it could not be moved aside)"
        else:
            where = f"{path}; it is kept as {kept}"
        return Settings(), [
            f"The settings file is damaged ({_first(exc)}): using the defaults. "
            f"The damaged file was {where}."
        ]
    return settings, []


def last_choices() -> tuple[str, str]:
    """Return the character and difficulty of the player's last new game, as the New game
    screen keeps them ("" for one never chosen; a damaged settings file gives ("", ""))."""
    settings, _ = load_settings()
    return settings.character, settings.difficulty


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings; return "" or, when they cannot be written, why in one line."""
    lines = [f"{name} = {_toml(value)}" for name, value in asdict(settings).items()]
    try:
        path = path or settings_path()
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
        os.replace(temporary, path)  # never a half-written file
    except OSError as exc:
        return f"Settings not saved ({_why(exc)})."
    return ""


def _from(data: dict[str, object]) -> Settings:
    """Return Settings from parsed TOML; ValueError names a value of the wrong type.
    Unknown keys (from a newer version) are ignored."""
    known = {f.name: f for f in fields(Settings)}
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in known:
            continue
        want = type(getattr(Settings(), key))
        if type(value) is not want:
            kind = {bool: "true or false", int: "a whole number"}.get(want, "text")
            raise ValueError(f"{key} must be {kind}")
        if want is int and not 1 <= int(str(value)) <= 10_000:
            raise ValueError(f"{key} must be from 1 to 10000")
        values[key] = value
    return Settings(**values)  # type: ignore[arg-type]  # each value's type checked above


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML basic string


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    return str(exc)


def _first(exc: BaseException) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]
