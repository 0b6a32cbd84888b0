"""Gauntlet tests: temporary user dirs, and the base game plus Gauntlet only."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _base_and_gauntlet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Isolate the user dirs and name the plugins (so a broken Gauntlet is an error)."""
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNBROKEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNBROKEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base,gauntlet")
