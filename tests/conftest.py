"""Test-wide isolation: no test touches the real user data or config dirs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Play the base game only, whatever plugins are installed, from collection on.

    Test modules build rulesets at import time, before any fixture runs.
    """
    os.environ["UNBROKEN_PLUGINS"] = "base"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Point the user dirs at fresh temporary folders; play the base game only."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("UNBROKEN_CONFIG_DIR", str(root / "config"))
    monkeypatch.setenv("UNBROKEN_CACHE_DIR", str(root / "cache"))
    # The base game only, whatever plugins are installed (plugin tests override it).
    monkeypatch.setenv("UNBROKEN_PLUGINS", "base")
    yield root
