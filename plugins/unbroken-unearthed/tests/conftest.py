"""Unearthed tests: temporary user dirs, and the base game plus Unearthed only."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _base_and_unearthed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Isolate the user dirs and name the plugins (so a broken Unearthed is an error)."""
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNBROKEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base,unearthed")
