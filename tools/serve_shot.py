"""Screenshot `unbroken serve`'s page mid-battle in headless Chromium (#28: look at it).

    python tools/serve_shot.py OUT.png [--size 1280x900] [--plugins base,...]

Starts `unbroken serve` on a free port of 127.0.0.1 with throwaway data and config
dirs, opens the page in headless Chromium at exactly that size (Debian's chromium and
chromium-driver, as the browser tests use; selenium is in the `test` extras), starts a
new game, takes the first option of every decision until the Battle step is on screen,
saves the page as OUT.png and stops the server. Prints the terminal's text too (what
the page drew), to check the shot against. Exit 1 when no battle came.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The browser tests' server and page helpers (tests/web/serving.py), shared.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from serving import Served, screen, wait_for  # noqa: E402


def browser(width: int, height: int) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    binary = shutil.which("chromium")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver")
    driver = webdriver.Chrome(
        options=options, service=Service(driver_path) if driver_path else None
    )
    # The page itself WIDTHxHEIGHT: headless Chromium's --window-size counts its own frame.
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    return driver


def keys(driver: Any, *pressed: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("window.unbrokenTerminal.focus()")
    for key in pressed:
        ActionChains(driver).send_keys(key).perform()
        time.sleep(0.3)


def to_battle(driver: Any, most: int = 80) -> str:
    """Start a game (a random seed: the page's keys cannot reach the seed field) and take
    the first option until the Battle step shows."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    wait_for(driver, "New game")
    keys(driver, Keys.ENTER)
    wait_for(driver, "Difficulty")
    driver.execute_script("window.unbrokenTerminal.focus()")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
    shown = wait_for(driver, "Level 1")
    for _ in range(most):
        if "▶Battle" in shown:
            time.sleep(1.5)  # the die roll and the frame after it
            return str(screen(driver))
        keys(driver, "1")
        deadline = time.monotonic() + 10
        while str(screen(driver)) == shown and time.monotonic() < deadline:
            time.sleep(0.1)
        shown = str(screen(driver))
    raise SystemExit(f"serve_shot: no battle in {most} decisions; the page shows:\n{shown}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="where to write the PNG")
    parser.add_argument("--size", default="1280x900", help="the window, WIDTHxHEIGHT")
    parser.add_argument("--plugins", default="", help="UNBROKEN_PLUGINS for the game")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    with tempfile.TemporaryDirectory(prefix="unbroken-shot-") as home:
        # Throwaway data and config: the server's process inherits them.
        os.environ.update(UNBROKEN_DATA_DIR=f"{home}/data", UNBROKEN_CONFIG_DIR=f"{home}/config")
        os.environ.update(UNBROKEN_CACHE_DIR=f"{home}/cache", UNBROKEN_NO_ANIMATION="1")
        if args.plugins:
            os.environ["UNBROKEN_PLUGINS"] = args.plugins
        server = Served()
        driver = browser(int(width), int(height))
        try:
            driver.get(server.url)
            shown = to_battle(driver)
            driver.save_screenshot(str(args.out))
        except AssertionError as exc:  # wait_for: the page never showed what was awaited
            raise SystemExit(f"serve_shot: {exc}") from None
        finally:
            driver.quit()
            server.stop()
    print(shown)
    print(f"serve_shot: {args.out} ({args.size})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
