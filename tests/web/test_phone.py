"""A phone's table is one game screen (issue 37): for each game, held upright (390×844) and
sideways (844×390), in English and in Japanese, the first view shows the board, the player's
own hand (or panel) and the bar pinned to the bottom with the prompt, without scrolling and
none over another; the header is one row; the players, the log (with the strip) and the chat
are one tap away, in drawers that leave the board in sight; texts say "tap", not "click".

These are first views only: the whole games on a phone are played in each game's own tests
(test_bison, test_buffet, test_cafe_board, test_cheese, test_stirfry).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import (
    create_table,
    screenshot,
    sign_in,
    small_targets,
    unreachable_targets,
)

pytestmark = pytest.mark.browser

SHOTS = Path(tempfile.gettempdir()) / "meeple-phone"
SHOTS.mkdir(exist_ok=True)
UPRIGHT = {"width": 390, "height": 844}
SIDEWAYS = {"width": 844, "height": 390}

# game: (players, the board, the player's own hand or panel, its buttons (if apart))
GAMES = {
    "bison": (2, ".bison-viewport", ".bison-player.mine .bison-actions", ".bison-bar"),
    "buffet": (3, "svg.buffet-board", ".buffet-hand", ".buffet-hand"),
    "cafe": (2, "svg.cafe-board", ".cafe-player.mine", ".cafe-controls"),
    "cheese": (3, ".cheese-ringbox", ".cheese-hand", ".cheese-deck"),
    "stirfry": (3, ".sf-kitchen", ".sf-hand", ".sf-bar-panel button.legal"),
}

# The box around every shown element a selector matches (null when none is shown).
BOXES = """(sels) => sels.map((s) => {
  const boxes = [...document.querySelectorAll(s)].map((el) => el.getBoundingClientRect()).filter((b) => b.width && b.height);
  if (!boxes.length) return null;
  return {top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)),
          left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right))};
})"""


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    """Two boxes that do not overlap (a pixel of rounding allowed)."""
    return (
        a["bottom"] <= b["top"] + 1
        or b["bottom"] <= a["top"] + 1
        or a["right"] <= b["left"] + 1
        or b["right"] <= a["left"] + 1
    )


def check_first_view(page: Page, game: str, size: dict[str, int], lang: str) -> None:
    """The board, the hand and the bar on screen, apart; a header of one row; big targets."""
    _, board, hand, buttons = GAMES[game]
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(700)  # an animation of the first state, the layout settled
    head, bar, board_box, hand_box, buttons_box, latest = page.evaluate(
        BOXES, [".table-head", "#play-bar", board, hand, buttons, "#latest"]
    )
    where = f"{game} {size['width']}x{size['height']} {lang}"
    turn = "upright" if size is UPRIGHT else "sideways"
    page.screenshot(path=str(SHOTS / f"{game}-{lang}-{turn}.png"))  # looked at, even on a failure
    assert board_box and hand_box and buttons_box and bar and head, where
    for name, box in (("board", board_box), ("hand", hand_box), ("buttons", buttons_box)):
        assert box["top"] >= head["bottom"] - 1, (where, name, box, head)
        # Clear of the bar: above it, or beside it (Café's board, held sideways).
        assert apart(box, bar) and box["bottom"] <= size["height"] + 1, (where, name, box, bar)
        assert box["left"] >= -1 and box["right"] <= size["width"] + 1, (where, name, box)
    assert apart(board_box, hand_box), (where, board_box, hand_box)
    # The newest event in sight: over the board held upright, in the header's row sideways.
    assert latest, (where, "no banner of the newest event")
    if size is UPRIGHT:
        assert latest["top"] >= head["bottom"] - 1 and latest["bottom"] <= board_box["top"] + 1, (
            where,
            latest,
            board_box,
        )
    else:
        assert latest["top"] >= head["top"] - 1 and latest["bottom"] <= head["bottom"] + 1, (
            where,
            latest,
            head,
        )
    newest = page.locator("#since .since-list li").last.inner_text()
    expect(page.locator("#latest")).to_have_text(newest)
    assert bar["bottom"] <= size["height"] + 1 and bar["top"] > size["height"] / 2, (where, bar)
    assert head["bottom"] - head["top"] <= 56, (where, "the header is one row", head)
    expect(page.locator("#play-bar #prompt")).not_to_be_empty()
    # What is asked is said for a finger.
    prompt = page.locator("#prompt").inner_text() + " ".join(
        page.locator("#board p:visible").all_inner_texts()
    )
    assert not re.search(r"click|クリック", prompt, re.I), (where, prompt)
    wide = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    assert not page.evaluate(wide), (where, "the page scrolls sideways")
    assert small_targets(page) == [], where
    assert unreachable_targets(page) == [], where


def check_drawers(page: Page) -> None:
    """Each tab opens its drawer over the top of the board (the board still in sight below
    it, the bar too) and a second tap closes it."""
    for name, inside in (
        ("players", "#players .seat"),
        ("log", "#since"),
        ("chat", "#chat"),
        ("menu", "#leave"),
    ):
        tab = page.locator(f"#tab-{name}")
        tab.tap()
        expect(tab).to_have_attribute("aria-expanded", "true")
        expect(page.locator(inside).first).to_be_visible()
        drawer, bar = page.evaluate(BOXES, [f"#drawer-{name}", "#play-bar"])
        assert drawer["bottom"] < bar["top"] - 20, (name, drawer, bar)
        tab.tap()
        expect(page.locator(f"#drawer-{name}")).to_be_hidden()
    # The banner of the newest event opens the log, a second tap closes it.
    page.locator("#latest").tap()
    expect(page.locator("#since")).to_be_visible()
    page.locator("#latest").tap()
    expect(page.locator("#drawer-log")).to_be_hidden()


def switch_language(page: Page, lang: str) -> None:
    """Through the menu's language switch (the site's header is folded away on a phone)."""
    page.locator("#tab-menu").tap()
    page.locator("#table-lang").select_option(lang)
    page.locator("#tab-menu").tap()
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_first_view_is_a_game_screen(new_page: Callable[..., Page], game: str) -> None:
    players = GAMES[game][0]
    page = new_page(locale="ja-JP", viewport=UPRIGHT, touch=True, mobile=True)
    sign_in(page, "アキ")
    create_table(page, game, players, ["random"] * (players - 1))
    expect(page.locator("#board .legal[data-action]").first).to_be_visible(timeout=30_000)
    expect(page.locator("#toasts .toast")).to_have_count(0, timeout=6000)  # the welcome note
    for lang in ("ja", "en"):
        if lang == "en":
            switch_language(page, "en")
        for size in (UPRIGHT, SIDEWAYS):
            page.set_viewport_size(size)
            check_first_view(page, game, size, lang)
    check_drawers(page)
    # Back on a desktop's width the page is the desktop's again: no bar, no tabs.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator(".table-tabs")).to_be_hidden()
    expect(page.locator("#players")).to_be_visible()
    # The page lays itself out again on the resize's next frames: a loaded machine may be late.
    for _ in range(50):
        box = page.locator("#prompt").bounding_box()
        board = page.locator("#board").bounding_box()
        if box and board and box["y"] < board["y"]:
            break
        page.wait_for_timeout(100)
    assert box and board and box["y"] < board["y"], "the prompt is over the board again"


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_show_now_leaves_the_prompt_its_width(new_page: Callable[..., Page], locale: str) -> None:
    """At a person's pace the bar holds "Show now" beside the prompt and Hint: the button wraps
    its words, so that the prompt keeps most of the bar's width and the bar its height (at its
    full width it left the prompt a word a line, and the bar grew over the hand)."""
    page = new_page(locale=locale, viewport=UPRIGHT, touch=True, mobile=True, pace="normal")
    sign_in(page, "Aki")
    # Cheese: after each of Aki's cards the two bots lay theirs, and the page holds some back.
    create_table(page, "cheese", 3, ["random", "random"])
    legal = page.locator("#app .legal[data-action]")
    boxes = None
    for _ in range(40):
        # Read at one instant, while "Show now" is in the bar.
        boxes = page.evaluate(
            """() => {
                const box = (q) => document.querySelector(q)?.getBoundingClientRect();
                const skip = document.querySelector("#show-now");
                if (!skip || skip.hidden) return null;
                return {bar: box(".play-bar"), prompt: box("#prompt"), skip: box("#show-now")};
            }"""
        )
        if boxes:
            break
        if legal.count():
            legal.first.tap()
        page.wait_for_timeout(150)
    assert boxes, "no move was held back"
    bar, prompt = boxes["bar"], boxes["prompt"]
    assert prompt["width"] >= 0.5 * bar["width"], boxes
    # The bar keeps the height of a three-line prompt, as without the button.
    assert bar["height"] <= 0.2 * UPRIGHT["height"], boxes
    screenshot(page, f"phone-show-now-{locale}")
