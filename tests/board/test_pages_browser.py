"""The board's pages in a real headless Chromium (Selenium): the day's board and escaping."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from board_server import Server, serve
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from unbroken.board.app import BoardConfig


@pytest.fixture
def sqlite_board(tmp_path: Path) -> Iterator[Server]:
    yield from serve(BoardConfig(str(tmp_path / "board.db")))


def test_the_days_board_ranks_entries_and_links_their_recordings(
    browser: webdriver.Chrome, sqlite_board: Server, dailies: list[bytes]
) -> None:
    for i, data in enumerate(dailies[:3]):
        assert sqlite_board.submit(data, f"player{i}").status == 201
    browser.get(sqlite_board.url + "/")
    assert "Daily challenge of" in browser.find_element(By.TAG_NAME, "h1").text
    rows = browser.find_elements(By.CSS_SELECTOR, "table.board tbody tr")
    assert len(rows) == 3
    scores = [int(r.find_element(By.CSS_SELECTOR, "td.score").text) for r in rows]
    assert scores == sorted(scores, reverse=True)
    cells = [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows]
    # The character and difficulty by their names, not their ids ("base:kirilla-el-kaer").
    assert all(":" not in c[2] and c[3][0].isupper() for c in cells), cells
    links = [r.find_element(By.CSS_SELECTOR, "a.recording").get_attribute("href") for r in rows]
    assert all(link and link.endswith(".jsonl.gz") for link in links)
    rows[0].find_element(By.CSS_SELECTOR, "a.player").click()
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Player player")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.board tbody tr")) == 1


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
