"""Stir Fry Eighteen in the browser: a whole game against a bot by clicking."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser


def click_until(page: Page, selector: str, seed: int = 1, timeout: float = 60) -> bool:
    """Click random legal elements until ``selector`` shows (or the game ends)."""
    rng = random.Random(seed)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator(selector).first.is_visible():
            return True
        if page.locator("#result").is_visible():
            return False
        choices = page.locator("#app .legal[data-action]:visible:not([disabled])")
        count = choices.count()
        if count == 0:
            page.wait_for_timeout(30)
            continue
        try:
            choices.nth(rng.randrange(count)).click(timeout=2000)
        except PlaywrightError:
            continue
        # Wait for the server's answer, so that the next look sees the new state.
        page.locator("#board:not(.waiting)").wait_for()
    return False


def test_stirfry_against_a_bot_to_the_end(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "stirfry", 2, ["random"], options={"target": 50})
    hand = page.locator(".sf-hand .sf-card")
    expect(hand.first).to_be_visible()
    # Cards are readable: a name and a base value on each.
    expect(hand.first.locator(".sf-card-name")).not_to_be_empty()
    expect(hand.first.locator(".sf-card-base")).to_have_text(re.compile(r"^-?\d+$"))
    expect(page.locator(".sf-status")).to_contain_text("Target: 50 points")
    expect(page.locator(".sf-score").nth(1)).to_contain_text("in hand")
    # Every clickable element carries an action the server offers.
    for raw in page.locator("#app .legal[data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    ):
        assert json.loads(raw)["type"] in {
            "cook",
            "declare",
            "declare_pair",
            "end_turn",
            "discard",
            "trust",
            "taste",
        }
    expect(page.locator("#toasts .toast")).to_have_count(0, timeout=6000)  # the welcome note
    screenshot(page, "stirfry-start")
    # The random bot declares often: answer one taste test on the way.
    if click_until(page, ".sf-question"):
        question = page.locator(".sf-question")
        expect(question.locator("button.legal.trust")).to_be_visible()
        expect(question.locator("button.legal.taste")).to_be_visible()
        expect(page.locator("#prompt")).to_contain_text("Taste or trust?")
        screenshot(page, "stirfry-taste")
    play_to_end(page, seed=3)
    expect(page.locator("#result")).to_contain_text("points")
    expect(page.locator("#result")).to_contain_text("1. ")
    screenshot(page, "stirfry-end")


def test_stirfry_in_japanese_on_a_phone_with_variants(new_page: Callable[..., Page]) -> None:
    page = new_page(locale="ja-JP", viewport={"width": 390, "height": 844})
    sign_in(page)
    options = {"target": 50, "tofu": True, "closing_time": True, "meticulous_chef": True}
    create_table(page, "stirfry", 2, ["random"], options=options)
    expect(page.locator(".sf-hand .sf-card").first).to_be_visible()
    variants = page.locator(".sf-variant")
    expect(variants).to_have_count(3)
    expect(page.locator(".sf-status")).to_contain_text("豆腐プロモ")
    wide = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    assert not page.evaluate(wide)
    screenshot(page, "stirfry-ja-phone")
