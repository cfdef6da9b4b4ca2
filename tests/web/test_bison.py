"""Bison in the browser: a whole game against a bot by clicking."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser


def test_bison_against_a_bot_to_the_end(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "bison", 2, ["random"])
    expect(page.locator("svg.bison-board")).to_be_visible()
    screenshot(page, "bison-start")
    play_to_end(page, seed=5, timeout=240)
    expect(page.locator("#result")).to_contain_text("animals")
    screenshot(page, "bison-end")
