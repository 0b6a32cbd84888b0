"""Test-wide isolation: no test touches the real user data or config dirs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Point UNBROKEN_DATA_DIR and UNBROKEN_CONFIG_DIR at fresh temporary folders."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("UNBROKEN_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("UNBROKEN_CONFIG_DIR", str(root / "config"))
    yield root
