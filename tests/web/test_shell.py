"""The lobby, a whole game by clicking, two players in two browsers, reconnecting, languages,
phones, spectators and replays — in a real browser."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser

GAMES = ["buffet", "bison", "cafe", "stirfry", "cheese"]


def test_the_lobby_lists_the_five_games(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    for game in GAMES:
        card = page.locator(f"article.game[data-game={game}]")
        expect(card).to_be_visible()
        expect(card.locator("a.rules-link")).to_have_attribute("href", f"#/rules/{game}")
    screenshot(page, "lobby")


def test_buffet_against_bots_to_the_end(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "buffet", 3, ["random", "random"])
    expect(page.locator("#board svg").first).to_be_visible()
    screenshot(page, "buffet-start")
    play_to_end(page)
    expect(page.locator("#result .winners")).to_contain_text("Winner")
    screenshot(page, "buffet-end")
