"""Stir Fry Eighteen in the browser: a whole game against a bot by clicking."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser


def test_stirfry_against_a_bot_to_the_end(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "stirfry", 2, ["random"], options={"target": 50})
    expect(page.locator(".sf-hand .sf-card").first).to_be_visible()
    screenshot(page, "stirfry-start")
    play_to_end(page, seed=3)
    expect(page.locator("#result")).to_contain_text("points")
    screenshot(page, "stirfry-end")
