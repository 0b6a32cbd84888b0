"""The board's pages in a real headless Chromium (Selenium): the day's board, past days, a
player's page, an all-time board and a watched game, on a desktop and on a phone, and escaping.

Set UNBROKEN_BOARD_SHOTS=DIR to keep the screenshots (they go to a temporary folder else).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from board_server import Server, serve
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from unbroken.board.analyses import analyse_entry
from unbroken.board.app import BoardConfig
from unbroken.board.checking import check_upload
from unbroken.board.store import Store
from unbroken.core.ruleset import Ruleset

#: Desktop and phone (an iPhone 12-14's CSS size).
SIZES = {"desktop": (1280, 900, False), "phone": (390, 844, True)}

#: Every visible element holding text: its font size and whether it passes the viewport.
LAYOUT = """
const out = [];
for (const el of document.querySelectorAll('body *')) {
  const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  if (!text) continue;
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  if (style.display === 'none' || style.visibility === 'hidden' || !box.width) continue;
  const size = parseFloat(style.fontSize);
  if (size < 12 || box.right > innerWidth + 0.5 || box.left < -0.5)
    out.push([el.tagName, el.textContent.trim().slice(0, 40), size, box.left, box.right]);
}
return [out, document.documentElement.scrollWidth, innerWidth];
"""


@pytest.fixture
def sqlite_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db")))


@pytest.fixture
def filled_board(
    tmp_path: Path, dailies: list[bytes], base_rules: Ruleset
) -> Iterator[tuple[Server, str]]:
    """A board with today's dailies of four players, and two of them on yesterday too."""
    where = str(tmp_path / "board.db")
    yesterday = (datetime.now(UTC) - timedelta(days=1)).date().isoformat()
    store = Store(where)
    now = datetime.now(UTC)
    for i, data in enumerate(dailies[4:6]):  # yesterday's, put in as the board kept them
        checked = replace(check_upload(data, base_rules, now), daily=yesterday, digest=f"y{i}")
        store.add(f"player{i}", "k" * 43, checked, f"{yesterday}T20:0{i}:00+00:00")
    for server in serve(BoardConfig(where)):
        for i, data in enumerate(dailies[:4]):
            assert server.submit(data, f"player{i}", key="k" * 43).status == 201
        first = store.day(now.date().isoformat()).rows[0].id  # the one the tests watch
        analyse_entry(store, base_rules, first, games=2)  # as a worker would, quickly
        yield server, yesterday
    store.close()


def size(browser: webdriver.Chrome, name: str) -> None:
    width, height, mobile = SIZES[name]
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )


def shot(browser: webdriver.Chrome, tmp_path: Path, name: str) -> None:
    folder = Path(os.environ.get("UNBROKEN_BOARD_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(folder / f"{name}.png"))


def readable(browser: webdriver.Chrome, width: int) -> None:
    found: Any = browser.execute_script(LAYOUT)
    bad, scrolled, inner = found
    assert inner == width  # the viewport tag: a phone lays the page out at its own width
    assert bad == [], bad  # no text under 12 px or past the right edge
    assert scrolled <= width  # nothing to scroll sideways


def test_the_days_board_ranks_entries_and_links_their_games(
    browser: webdriver.Chrome, filled_board: tuple[Server, str]
) -> None:
    server, _ = filled_board
    browser.get(server.url + "/")
    assert "Daily challenge of" in browser.find_element(By.TAG_NAME, "h1").text
    assert "level reached" in browser.find_element(By.CSS_SELECTOR, "p.rule").text
    challenge = browser.find_element(By.CSS_SELECTOR, "p.challenge").text
    assert "base:" not in challenge  # the character by its name, not its id
    rows = browser.find_elements(By.CSS_SELECTOR, "table.board tbody tr")
    assert len(rows) == 4
    ranks = [int(r.find_element(By.CSS_SELECTOR, "td.rank").text) for r in rows]
    scores = [int(r.find_element(By.CSS_SELECTOR, "td.score").text) for r in rows]
    assert ranks == [1, 2, 3, 4] and scores == sorted(scores, reverse=True)
    links = [r.find_element(By.CSS_SELECTOR, "a.recording").get_attribute("href") for r in rows]
    assert all(link and link.endswith(".jsonl.gz") for link in links)
    row = next(r for r in rows if r.find_element(By.CSS_SELECTOR, "a.player").text == "player0")
    rank = row.find_element(By.CSS_SELECTOR, "td.rank").text
    row.find_element(By.CSS_SELECTOR, "a.player").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Player player0"
    assert "Streak: 2 days" in browser.find_element(By.CSS_SELECTOR, "p.streak").text
    today_rank = browser.find_element(By.CSS_SELECTOR, "#dailies + table td.rank").text
    assert today_rank == rank  # the rank on player pages (issue #31)


def test_sorting_by_a_column_keeps_the_ranks(
    browser: webdriver.Chrome, filled_board: tuple[Server, str]
) -> None:
    server, _ = filled_board
    browser.get(server.url + "/")
    browser.find_element(By.LINK_TEXT, "Player").click()
    assert browser.current_url.endswith("?sort=player")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.board tbody tr")
    players = [r.find_element(By.CSS_SELECTOR, "a.player").text for r in rows]
    assert players == sorted(players)
    ranks = sorted(int(r.find_element(By.CSS_SELECTOR, "td.rank").text) for r in rows)
    assert ranks == [1, 2, 3, 4]


def test_past_days_are_reached_by_previous_next_and_the_archive(
    browser: webdriver.Chrome, filled_board: tuple[Server, str]
) -> None:
    server, yesterday = filled_board
    browser.get(server.url + "/")
    assert browser.find_elements(By.CSS_SELECTOR, "nav.days a[rel=next]") == []  # no tomorrow
    browser.find_element(By.CSS_SELECTOR, "nav.days a[rel=prev]").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == f"Daily challenge of {yesterday}"
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.board tbody tr")) == 2
    browser.find_element(By.PARTIAL_LINK_TEXT, "All of").click()
    days = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "table a")]
    assert any(href and href.endswith(f"/day/{yesterday}") for href in days)
    browser.find_element(By.LINK_TEXT, "Past days").click()
    assert browser.find_elements(By.CSS_SELECTOR, "ul.months a")


def test_watching_a_game_steps_with_links_and_arrow_keys(
    browser: webdriver.Chrome, filled_board: tuple[Server, str]
) -> None:
    server, _ = filled_board
    browser.get(server.url + "/")
    browser.find_element(By.CSS_SELECTOR, "a.watch").click()
    assert "The setup" in browser.find_element(By.CSS_SELECTOR, "p.position").text
    taken = browser.find_elements(By.CSS_SELECTOR, "section.options li.taken")
    assert len(taken) == 1
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert browser.current_url.endswith("?at=1")
    assert browser.find_element(By.CSS_SELECTOR, "p.position").text.startswith("1 of ")
    browser.find_element(By.CSS_SELECTOR, "a[data-key=next-battle]").click()
    chart = browser.find_element(By.CSS_SELECTOR, "section.analysis svg.chart")
    assert chart.size["width"] > 300 and chart.find_elements(By.TAG_NAME, "polyline")
    monster = browser.find_element(By.CSS_SELECTOR, "section.monster")
    assert "Health" in monster.text and monster.find_elements(By.CSS_SELECTOR, "tr")
    assert browser.find_elements(By.CSS_SELECTOR, "section.log li")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert "Health" not in browser.find_element(By.CSS_SELECTOR, "p.position").text


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_pages_read_on_a_desktop_and_a_phone(
    browser: webdriver.Chrome, filled_board: tuple[Server, str], device: str, tmp_path: Path
) -> None:
    server, yesterday = filled_board
    size(browser, device)
    width = SIZES[device][0]
    browser.get(server.url + "/")
    watch = browser.find_element(By.CSS_SELECTOR, "a.watch").get_attribute("href")
    player = browser.find_element(By.CSS_SELECTOR, "a.player").get_attribute("href")
    pages = {
        "daily": "/",
        "past-day": f"/day/{yesterday}",
        "player": str(player).removeprefix(server.url),
        "all-time": "",
        "watch": str(watch).removeprefix(server.url),
    }
    browser.get(server.url + pages["player"])
    board = browser.find_element(By.CSS_SELECTOR, "#best + table a[href^='/board/']")
    pages["all-time"] = str(board.get_attribute("href")).removeprefix(server.url)
    browser.get(server.url + pages["watch"])
    browser.find_element(By.CSS_SELECTOR, "a[data-key=next-battle]").click()
    pages["watch"] = browser.current_url.removeprefix(server.url)
    for name, path in pages.items():
        browser.get(server.url + path)
        readable(browser, width)
        shot(browser, tmp_path, f"{name}-{device}")


def test_text_from_a_request_is_shown_as_text(
    browser: webdriver.Chrome, sqlite_board: Server
) -> None:
    name = "<img src=x onerror=alert(1)><b>bold"
    browser.get(f"{sqlite_board.url}/player/{quote(name, safe='')}")
    assert browser.find_element(By.TAG_NAME, "h1").text == f"Player {name}"
    assert (
        browser.find_elements(By.TAG_NAME, "b") == [] == browser.find_elements(By.TAG_NAME, "img")
    )
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018 - no script ran
