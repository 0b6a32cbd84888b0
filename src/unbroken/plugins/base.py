"""The base game as the first built-in plugin, registered through the same hooks."""

from __future__ import annotations

from pathlib import Path

from unbroken import hookimpl
from unbroken.content import base_content_dir


@hookimpl
def unbroken_content_packs() -> list[Path]:
    """Return the base pack folder (content/base, or unbroken/data/base in a wheel)."""
    return [base_content_dir()]
