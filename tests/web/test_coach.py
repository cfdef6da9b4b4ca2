"""The coach in the browser (issue 38): the Hint button at an unrated table lists the coach's
best moves with their win chances and reasons and lights them on the board — in English on a
desktop, in Japanese on a phone, where it sits in the bar pinned to the bottom — and the review
of a finished game walks the player's decisions, in both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import (
    _OWN_POINT,
    board_top,
    create_table,
    play_to_end,
    screenshot,
    sign_in,
    unreachable_targets,
)
from tests.web.test_japanese import ALLOWED, bot_names, english
from tests.web.test_phone import SIDEWAYS, UPRIGHT, check_first_view

pytestmark = pytest.mark.browser


def ask_hint(page: Page, *, tap: bool = False) -> list[dict[str, object]]:
    """Click (or tap) Hint and wait for the coach's moves; returns the lit elements' actions by
    rank."""
    expect(page.locator("#board .legal[data-action]").first).to_be_visible(timeout=30_000)
    if tap:
        page.locator("#hint").tap()
    else:
        page.locator("#hint").click()
    moves = page.locator("#hint-box .hint-move")
    expect(moves.first).to_be_visible(timeout=20_000)
    assert 1 <= moves.count() <= 3
    expect(page.locator("#board .hint-1, #actions .hint-1").first).to_be_attached()
    lit: list[dict[str, object]] = page.evaluate(
        """() => [...document.querySelectorAll("[data-hint-rank]")]
            .filter((el) => /hint-\\d/.test(el.getAttribute("class") || ""))
            .map((el) => ({rank: +el.dataset.hintRank,
                           action: el.dataset.action ? JSON.parse(el.dataset.action) : null}))"""
    )
    return lit


def test_a_hint_in_english_on_a_desktop(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page, "Aki")
    create_table(page, "buffet", 3, ["random", "random"])
    expect(page.locator("#board .legal[data-action]").first).to_be_visible(timeout=30_000)
    top = board_top(page)
    page.locator("#hint").hover()
    expect(page.locator("#tip")).to_have_text("Ask the coach for the best moves")
    lit = ask_hint(page)
    # The button's tip went with the click: it would cover the coach's first move.
    expect(page.locator("#tip")).to_be_hidden()
    # The box is beside the board, over the players: the board and the hand do not move.
    expect(page.locator(".seats-col #hint-box")).to_be_visible()
    assert board_top(page) == top
    hand = page.locator(".buffet-hand").bounding_box()
    assert hand and hand["y"] + hand["height"] <= 900
    # A lit card wears its rank in a badge.
    badge = page.locator("#board .hint-1").first.evaluate(
        "(el) => getComputedStyle(el, '::after').content"
    )
    assert badge == '"1"'
    # The best move lit on the board is one the player may make, and the box says its win
    # chance and why (Buffet's heuristic has a reason for every card).
    legal = [
        json.loads(a)
        for a in page.locator("#board .legal[data-action]").evaluate_all(
            "(els) => els.map((el) => el.dataset.action)"
        )
    ]
    assert any(item["rank"] == 1 and item["action"] in legal for item in lit)
    first = page.locator("#hint-box .hint-move").first
    expect(first.locator(".hint-win")).to_have_text(re.compile(r"^\d+% to win$"))
    expect(first.locator(".hint-label")).not_to_be_empty()
    expect(page.locator("#hint-box .hint-reason").first).not_to_be_empty()
    screenshot(page, "coach-hint-desktop")
    # The move made, the hint of that decision is gone from the box and the board.
    best = page.locator("#board .hint-1").first
    point = best.evaluate(_OWN_POINT)
    page.mouse.click(point["x"], point["y"])
    expect(page.locator("#hint-box")).to_be_hidden()
    expect(page.locator("#board .hint-1")).to_have_count(0)


def test_a_hint_stays_while_the_others_choose(new_page: Callable[..., Page]) -> None:
    # Buffet's cards are chosen at once: another player's choice moves the table on while
    # Aki still decides, and her hint, which answers her decision, must stay (it was dropped
    # as soon as a bot chose, so at a table of bots a hint was hardly ever seen).
    aki, ben = new_page(), new_page()
    sign_in(aki, "Aki")
    table_id = create_table(aki, "buffet", 3, ["human", "random"])
    ben.goto(f"/#/table/{table_id}")
    ben.locator("#guest-name").fill("Ben")
    ben.locator("form.signin button[type=submit]").click()
    for page in (aki, ben):
        expect(page.locator("#board .legal[data-action]").first).to_be_visible(timeout=30_000)
    ask_hint(aki)
    shown = aki.locator("#hint-box .hint-move").all_inner_texts()
    # Ben chooses his card: a new state for Aki, her decision the same.
    point = ben.locator("#board .legal[data-action]").first.evaluate(_OWN_POINT)
    ben.mouse.click(point["x"], point["y"])
    armed = ben.locator("#board .armed")
    if armed.count():  # "Confirm moves": the second click takes it
        point = armed.first.evaluate(_OWN_POINT)
        ben.mouse.click(point["x"], point["y"])
    expect(ben.locator("#board .legal[data-action]")).to_have_count(0)
    expect(aki.locator(".buffet-player[data-seat='1']")).not_to_contain_text("choosing")
    expect(aki.locator("#hint-box .hint-move")).to_have_count(len(shown))
    assert aki.locator("#hint-box .hint-move").all_inner_texts() == shown
    expect(aki.locator("#board .hint-1").first).to_be_visible()


def test_a_hint_in_japanese_on_a_phone(new_page: Callable[..., Page]) -> None:
    page = new_page(locale="ja-JP", viewport=UPRIGHT, touch=True, mobile=True)
    sign_in(page, "Aki")
    create_table(page, "cafe", 2, ["random"])
    expect(page.locator("#play-bar #hint")).to_be_visible(timeout=30_000)
    expect(page.locator("#hint")).to_have_text("ヒント")
    ask_hint(page, tap=True)
    box = page.locator("#play-bar #hint-box")  # in the bar, over the prompt
    expect(box).to_be_visible()
    expect(box.locator(".hint-win").first).to_have_text(re.compile(r"^勝率 \d+%$"))
    assert english(page, "the hint", set(ALLOWED) | bot_names(page)) == []
    # The box stays inside the screen, over the bar's prompt.
    shown = box.bounding_box()
    assert shown and shown["y"] >= 0 and shown["y"] + shown["height"] <= UPRIGHT["height"]
    # The chairs lit wear rings drawn around them in the board's SVG, the rank in a badge.
    chosen = page.locator(".cafe-hand button.choose.hint-1:not(.selected)")
    if chosen.count():  # the coach's guest is not the one chosen: the chairs light once it is
        chosen.first.tap()
    rings = page.locator("svg.cafe-board .coach-ring")
    expect(rings.first).to_be_attached()
    ranks = rings.locator(".coach-ring-badge text").all_text_contents()
    assert ranks and set(ranks) <= {"1", "2", "3"}
    assert (
        page.locator("svg.cafe-board .hint-1").first.evaluate(
            "(el) => getComputedStyle(el).outlineStyle"
        )
        == "none"
    )  # no square box around a round chair
    # With the box open, the first view still holds the board, the hand and the bar, and
    # every lit chair can be tapped (the rings take no pointer).
    for size in (UPRIGHT, SIDEWAYS):
        page.set_viewport_size(size)
        expect(page.locator("#play-bar #hint-box")).to_be_visible()
        check_first_view(page, "cafe", size, "ja")
    page.set_viewport_size(UPRIGHT)
    screenshot(page, "coach-hint-phone-ja")
    page.locator("#hint-box .hint-close").tap()
    expect(page.locator("#hint-box")).to_be_hidden()


GAMES = {"bison": 2, "buffet": 3, "cafe": 2, "cheese": 3, "stirfry": 3}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_move_of_a_hint_is_lit(new_page: Callable[..., Page], game: str) -> None:
    """Each move the box lists lights something on the board: its own target, or what leads to
    it (a guest to choose, a card to pick, a stepper); no mark blocks a lit target."""
    page = new_page()
    sign_in(page, "Aki")
    players = GAMES[game]
    create_table(page, game, players, ["random"] * (players - 1))
    ask_hint(page)
    listed = page.locator("#hint-box .hint-move").count()
    # An element that leads to several of the moves (a card of two of them) wears the best one's
    # badge and keeps them all in data-hint-ranks.
    ranks = page.evaluate(
        """() => [...document.querySelectorAll("[data-hint-ranks]")]
            .flatMap((el) => el.dataset.hintRanks.split(" ").map(Number))"""
    )
    assert set(ranks) == set(range(1, listed + 1)), ranks
    # An SVG target is ringed (with its badge), an HTML one badged: never a square outline.
    marks = page.evaluate(
        """() => [...document.querySelectorAll("[data-hint-rank]")].map((el) => el instanceof SVGElement
            ? el.parentNode.querySelectorAll(`:scope > .coach-ring[data-for="${el.dataset.coachRing}"] text`).length
            : getComputedStyle(el, "::after").content === `"${el.dataset.hintRank}"` ? 1 : 0)"""
    )
    assert marks and all(marks), marks
    assert unreachable_targets(page) == []
    screenshot(page, f"coach-hint-{game}")


def test_the_review_in_english_then_japanese(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page, "Aki")
    table = create_table(page, "buffet", 3, ["random", "random"])
    play_to_end(page, seed=4)
    page.locator("#open-review").click()
    page.wait_for_url(f"**/#/review/{table}")
    summary = page.locator("#review-summary")
    # While the coach works, the decision shown counts among all there will be, as the step
    # counter does, not among those reviewed so far (both read at one instant).
    expect(page.locator("#review-detail .review-head")).to_be_visible(timeout=30_000)
    working, head = page.evaluate(
        """() => [document.querySelector("#review-summary").textContent,
                  document.querySelector("#review-detail .review-head").textContent]"""
    )
    total = re.search(r"reviewing your decisions… \d+ / (\d+)$|^(\d+) decisions: ", working)
    assert total, working
    assert head.startswith(f"Decision 1 of {total.group(1) or total.group(2)}"), (working, head)
    expect(summary).to_have_text(re.compile(r"^\d+ decisions: "), timeout=30_000)
    count = int(summary.inner_text().split()[0])
    expect(page.locator("#review-list li")).to_have_count(count)
    expect(page.locator("#review-detail")).to_contain_text("You played:")
    expect(page.locator("#review-step")).to_have_text(f"1 / {count}")
    page.locator("#review-next").click()
    expect(page.locator("#review-step")).to_have_text(f"2 / {count}")
    # The coach's move is lit on the board of the decision, as the board draws a choice, and
    # the move played is marked too where it differs (the legend says which mark is whose).
    expect(page.locator("#board .hint-1").first).to_be_attached()
    differs = page.locator("#review-list li:not(.agreed)").first
    if differs.count():
        differs.locator("button").click()
        expect(page.locator("#board .played-move").first).to_be_attached()
        expect(page.locator("#review-detail .review-legend")).not_to_be_empty()
    worse = page.locator("#review-list li.clearly-worse")
    if worse.count():  # a random player's game has some, and the button goes to the next one
        page.locator("#review-worse").click()
        expect(page.locator("#review-detail .review-badge")).to_have_text("Clearly better")
        expect(page.locator("#review-detail .review-cost")).to_have_text(
            re.compile(
                r"^By the coach's estimate, your move had \d+% less chance to win and "
                r"(the same score|[\d.]+ points (fewer|more))\.$"
            )
        )
    screenshot(page, "coach-review-desktop")
    page.locator("#lang").select_option("ja")
    expect(summary).to_have_text(re.compile(r"^判断 \d+ 回のうち"))
    expect(page.locator("#review-detail")).to_contain_text("あなたの手：")
    # The header's count of waiting games is said again in Japanese (asked of the server).
    expect(page.locator("#my-games")).not_to_have_attribute("aria-label", re.compile("games"))
    found = english(page, "the review", set(ALLOWED) | {"aki", "bot"})
    assert found == [], "\n".join(found)
    page.set_viewport_size(UPRIGHT)
    expect(page.locator("#review-bar #review-detail")).to_be_visible()
    screenshot(page, "coach-review-phone-ja")
    # The replay links to the review, and back.
    page.locator("#review-replay").click()
    expect(page.locator("#open-review")).to_be_visible()


def test_a_stranger_gets_no_review(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page, "Aki")
    table = create_table(page, "buffet", 3, ["random", "random"])
    play_to_end(page, seed=1)
    other = new_page()
    sign_in(other, "Ben")
    other.goto(f"/#/review/{table}")
    expect(other.locator("#review-error")).to_have_text(
        "A game's review is for the player who held the seat."
    )
