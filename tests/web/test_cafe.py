"""Café International in the browser: a whole game against a bot by clicking."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import check_story, create_table, number, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser


def test_cafe_against_a_bot_to_the_end(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "cafe", 2, ["random"])
    expect(page.locator("svg.cafe-board")).to_be_visible()
    # Choosing another guest in the hand lights up that guest's chairs.
    choices = page.locator(".cafe-card.choose")
    if choices.count() > 1:
        code = choices.nth(1).get_attribute("data-guest")
        choices.nth(1).click()
        # Two equal guests in a hand: the first of them shows as chosen.
        chosen = page.locator(f'.cafe-tile.choose[data-guest="{code}"][aria-pressed="true"]')
        expect(chosen).to_have_count(1)
    expect(page.locator(".cafe-chair.legal").first).to_be_visible()
    screenshot(page, "cafe-start")
    play_to_end(page, seed=4)
    expect(page.locator("#result")).to_contain_text("in chips")
    check_scoreboard(page)
    # The end's story: why it ended, in the rulebook's terms; the guests each player seated or
    # sent to the bar, as many as the log says.
    story = check_story(page, 2, ["Guests seated", "Sent to the bar"])
    assert re.search(
        r"bar filled|chair was taken|tiles were left|no guests left|one player|passed",
        story["reason"],
    )
    seated = page.locator("#log li").filter(has_text=re.compile(r" seats ")).count()
    barred = page.locator("#log li").filter(has_text=re.compile(r" to the bar")).count()
    assert sum(s["stats"][0] for s in story["seats"]) == seated
    assert sum(s["stats"][1] for s in story["seats"]) == barred
    screenshot(page, "cafe-end")
    # Reopened (a reload), the finished table shows its final board and scoreboard again.
    page.reload()
    expect(page.locator("svg.cafe-board")).to_be_visible()
    check_scoreboard(page)


def check_scoreboard(page: Page) -> None:
    """The end's scoreboard: each row's chips and hand cost add up to its total, ranked."""
    rows = page.locator("#result .scoreboard tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("#result .scoreboard thead")).to_contain_text("Hand at the end")
    ranks = []
    for i in range(2):
        cells = [number(c) for c in rows.nth(i).locator("td").all_inner_texts()]
        rank, chips, hand, total = cells
        assert chips + hand == total and hand <= 0
        ranks.append((rank, -total))
    assert ranks == sorted(ranks)
