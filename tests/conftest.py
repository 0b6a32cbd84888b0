"""Test-wide isolation: no test touches the real user data or config dirs."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from unbroken.core.ruleset import Ruleset

#: This repository's expansions (plugins/*/src), by plugin name: their import names.
PLUGINS = Path(__file__).resolve().parents[1] / "plugins"
EXPANSIONS = {"unearthed": "unbroken_unearthed", "gauntlet": "unbroken_gauntlet"}


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
    # No terminal size from outside: pytest-xdist's workers run with COLUMNS=80 LINES=24 set,
    # which the commands take as the width asked for even when redirected (scores, analyze);
    # a test of that width sets its own.
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    yield root


@pytest.fixture(autouse=True)
def _keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests press keys as fast as Pilot sends them: the game screens of every app a test
    makes take the test pace (tui/pace.py's AT_ONCE: no beat after decisions taken for the
    player, no double tap, the first question the one the test set up). A test of those
    times passes its own (`UnbrokenApp(..., key_pace=...)`, tests/tui/pilot.py's `paced`)."""
    from unbroken.tui.app import UnbrokenApp
    from unbroken.tui.pace import AT_ONCE

    monkeypatch.setattr(UnbrokenApp, "key_pace", AT_ONCE)


@pytest.fixture(scope="module")
def everything() -> Iterator[Ruleset]:
    """The base game with both expansions, imported from plugins/*/src (not installed):
    one fixture for every module that plays all the content there is."""
    from unbroken.testing import expansions_from_source  # lazy: the tests that need it

    with expansions_from_source(PLUGINS, EXPANSIONS) as rules:
        yield rules


@pytest.fixture(scope="module")
def unearthed() -> Iterator[Ruleset]:
    """The base game with Unearthed, imported from plugins/*/src (not installed)."""
    from unbroken.testing import expansions_from_source  # lazy: the tests that need it

    with expansions_from_source(PLUGINS, {"unearthed": EXPANSIONS["unearthed"]}) as rules:
        yield rules


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (Debian's chromium and chromium-driver, installed by .ci/run)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1000,640")
    binary = shutil.which("chromium")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver")
    # chromedriver's port held until it quits: Selenium's own is found free, then bound
    # later, when another pytest-xdist worker may have taken it.
    from unbroken.board.testing import HeldPort  # lazy: the tests that need it

    with HeldPort() as held:
        service = Service(driver_path, port=held.port) if driver_path else Service(port=held.port)
        driver = webdriver.Chrome(options=options, service=service)
        try:
            yield driver
        finally:
            driver.quit()
