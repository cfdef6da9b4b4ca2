"""Browser tests of a board that explains itself (tips.js, issue #36): in each game a tip beside
the pointer on hover and beside the finger on a long press, the confirming second click before
a move that cannot be taken back, and each scoring explained, on the board and in words."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import (
    _OWN_POINT,
    SHOTS,
    create_table,
    end_story,
    play_to_end,
    screenshot,
    sign_in,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def point_of(target: Locator) -> tuple[float, float]:
    """A point on the element itself (an SVG shape's own area, not its box's middle)."""
    point = target.evaluate(_OWN_POINT)
    assert point is not None, "nothing of the element can be pointed at"
    # The scroll into view ends (its scroll event hides a tip) before the pointer moves.
    target.page.wait_for_timeout(100)
    return point["x"], point["y"]


def tip_box(page: Page) -> dict[str, float]:
    """The shown tip's box."""
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    box = tip.bounding_box()
    assert box is not None
    return box


def near(box: dict[str, float], x: float, y: float, within: float = 90) -> bool:
    """Whether the box lies within ``within`` px of the point (beside it, not far away on the
    page), inside the viewport."""
    dx = max(box["x"] - x, 0, x - box["x"] - box["width"])
    dy = max(box["y"] - y, 0, y - box["y"] - box["height"])
    return dx <= within and dy <= within and box["x"] >= 0 and box["y"] >= 0


def hover_tip(page: Page, target: Locator) -> str:
    """Point at the element: its tip shows beside the pointer; returns its text."""
    x, y = point_of(target)
    page.mouse.move(x, y)
    box = tip_box(page)
    assert near(box, x, y), (box, x, y)
    return page.locator("#tip").inner_text()


def long_press(page: Page, target: Locator) -> str:
    """Hold a finger on the element (650 ms): its tip shows beside the finger, and no move is
    taken; returns the tip's text."""
    x, y = point_of(target)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(650)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    box = tip_box(page)
    assert near(box, x, y, within=120), (box, x, y)
    return page.locator("#tip").inner_text()


def confirm_twice(page: Page, target: Locator, shot: str | None = None) -> None:
    """The first click marks the move and says what it does (a screenshot ``shot`` then), the
    second takes it."""
    action = target.get_attribute("data-action")
    x, y = point_of(target)
    page.mouse.click(x, y)
    expect(page.locator("#board .armed")).to_have_count(1)
    expect(page.locator("#tip")).to_contain_text("again")
    expect(page.locator("#prompt")).to_contain_text("again")
    # Nothing was sent: the same move is still offered.
    expect(page.locator(f"#board .legal[data-action='{action}']")).not_to_have_count(0)
    if shot:
        # The viewport only: a full-page shot resizes the page, and the board under the pointer.
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}.png"))
    page.mouse.click(x, y)
    expect(page.locator("#board .armed")).to_have_count(0)


def test_bison_tips_costs_joins_and_confirm(new_page: Callable[..., Page]) -> None:
    """Bison: a space's tip beside the pointer, the labelled cost table, the spot's regions the
    tile would join, and the hunters' space taken only at the second click."""
    page = new_page(viewport=DESKTOP, confirm=True)
    sign_in(page, "Aki")
    create_table(page, "bison", 2, ["random"])
    expect(page.locator(".bison-player.mine button.bison-action.legal").first).to_be_visible()
    text = hover_tip(page, page.locator("polygon.bison-space.river").first)
    assert "its region has" in text and "scoring" in text
    expect(page.locator(".bison-costs-title")).to_contain_text("cost")
    page.locator('.bison-action.legal[data-kind="tile"]').click()  # undoable: no second click
    cost = page.locator(".bison-cost.legal[data-action*='\"count\":2']")
    if cost.count():
        assert "Your score drops by 2" in hover_tip(page, cost)
    page.locator(".bison-cost.legal[data-action*='\"count\":1']").click()
    spot = page.locator("#board .bison-spot.legal").first
    assert "joins" in hover_tip(page, spot) or "region of its own" in hover_tip(page, spot)
    page.mouse.click(*point_of(spot))
    expect(page.locator(".bison-joins")).to_contain_text("On spot")
    page.locator(".bison-confirm").click()
    target = page.locator("#board .bison-target.legal").first
    expect(target).to_be_visible()
    confirm_twice(page, target)
    expect(page.locator('.bison-player.mine .bison-action.used[data-kind="tile"]')).to_have_count(1)
    screenshot(page, "tips-bison")


def turn_confirm_off(page: Page) -> None:
    """Untick "Ask before moves…" in the table's menu (a drawer on a phone)."""
    tab = page.locator("#tab-menu")
    if tab.is_visible():
        tab.click()
    page.locator("#confirm-moves").uncheck()
    if tab.is_visible():
        tab.click()
    assert page.evaluate("localStorage.getItem('meeple.confirm')") == "off"


def test_cheese_on_a_phone_tips_confirm_and_the_end_explained(
    new_page: Callable[..., Page],
) -> None:
    """Go da Cheese! on a phone: a long press on a cheese shows its tip beside the finger and
    places nothing; a card goes to a cheese at the second tap; at the end the log says why a cat
    leaves and the result what "from cats" is."""
    page = new_page(viewport=PHONE, touch=True, mobile=True, confirm=True)
    sign_in(page, "Aki")
    create_table(page, "cheese", 3, ["random", "random"])
    cheese = page.locator("#board .cheese-cheese").first
    expect(cheese).to_be_visible()
    text = long_press(page, cheese)
    assert "mice of its queue eat it" in text
    expect(page.locator("#board .cheese-card")).to_have_count(0)  # nothing was placed
    screenshot(page, "tips-cheese-phone")
    page.locator("#board .cheese-select").first.tap()
    # A plain tap chooses the card and leaves no tip over the board (neither the hover nor the
    # focus a tap brings with it shows one).
    page.wait_for_timeout(600)  # past a long press: the tip would be up by now
    expect(page.locator("#tip")).to_be_hidden()
    target = page.locator("#board .cheese-cheese.legal").first
    x, y = point_of(target)
    page.touchscreen.tap(x, y)
    expect(page.locator("#board .armed")).to_have_count(1)
    expect(page.locator("#tip")).to_contain_text("Tap again")
    expect(page.locator("#board .cheese-card")).to_have_count(0)
    page.touchscreen.tap(x, y)
    expect(page.locator("#board .cheese-card").first).to_be_visible()
    turn_confirm_off(page)
    play_to_end(page, timeout=240)
    log = page.locator("#log").inner_text()
    if "cat" in log and "leaves" in log:
        assert "has made its run" in log
    expect(page.locator("#result")).to_contain_text("their cats caught")


def test_stirfry_a_dish_says_its_score_card_by_card(new_page: Callable[..., Page]) -> None:
    """Stir Fry: a hand card's values beside the pointer; a dish on offer says its score card
    by card before it is cooked, and at the first click."""
    page = new_page(viewport=DESKTOP, confirm=True)
    sign_in(page, "Aki")
    create_table(page, "stirfry", 2, ["random"])
    first = page.locator("#board .sf-hand .sf-card").first
    expect(first).to_be_visible()
    assert ":" in hover_tip(page, first)
    cook = page.locator("#board button.legal[data-action*='\"cook\"']").first
    if cook.count():
        text = hover_tip(page, cook)
        assert " = " in text and "highest value" in text
        page.mouse.click(*point_of(cook))
        expect(page.locator("#prompt")).to_contain_text(" = ")
        expect(page.locator("#board .armed")).to_have_count(1)
        page.keyboard.press("Escape")
        expect(page.locator("#board .armed")).to_have_count(0)
    screenshot(page, "tips-stirfry")


def test_tips_on_a_japanese_page_have_no_english(new_page: Callable[..., Page]) -> None:
    """Bison in Japanese: the tips of a space, a spot and the cost table are all Japanese."""
    page = new_page(locale="ja-JP", viewport=DESKTOP)
    sign_in(page, "Aki")
    create_table(page, "bison", 2, ["random"])
    expect(page.locator(".bison-player.mine button.bison-action.legal").first).to_be_visible()
    texts = [
        hover_tip(page, page.locator("polygon.bison-space.river").first),
        hover_tip(page, page.locator(".bison-costs-title")),
        hover_tip(page, page.locator(".bison-player.mine .bison-cost").nth(3)),
        hover_tip(page, page.locator('.bison-player.mine .bison-action[data-kind="tent"]')),
    ]
    for text in texts:
        assert not re.search("[A-Za-z]{3,}", text), text


@pytest.mark.parametrize(("game", "players"), [("cafe", 2), ("buffet", 3)])
def test_cafe_and_buffet_moves_say_what_they_do(
    new_page: Callable[..., Page], game: str, players: int
) -> None:
    """Café and Buffet: a move's tip beside the pointer, and the move taken at the second
    click only."""
    page = new_page(viewport=DESKTOP, confirm=True)
    sign_in(page, "Aki")
    create_table(page, game, players, ["random"] * (players - 1))
    target = page.locator("#board .legal[data-action]:visible").first
    expect(target).to_be_visible()
    assert hover_tip(page, target)
    confirm_twice(page, target)
    screenshot(page, f"tips-{game}")


def seat_with_preview(page: Page, shot: str | None = None) -> str:
    """Point at the first lit chair, take its seating at the second click, and check the points
    the preview promised against those the log then gives; returns the preview."""
    chair = page.locator("#board .cafe-chair.legal").first
    number_of = chair.get_attribute("data-chair")
    preview = hover_tip(page, chair)
    found = re.search(r": ([+−]?\d+) — ", preview)
    assert found, preview
    confirm_twice(page, chair, shot)
    expect(page.locator("#log")).to_contain_text(
        # The log gives the same total, then, since the scoring on the board, table by table:
        # "...: 4 — +4 at the Germany table (...)."
        re.compile(rf"on chair {number_of} \([^)]*\): {re.escape(found[1])}( — |\.)")
    )
    return preview


def test_cafe_a_seat_says_its_points_and_every_element_explains_itself(
    new_page: Callable[..., Page],
) -> None:
    """Café: a lit chair says what the chosen guest scores there, table by table, and the log
    then shows those very points; a guest in hand, a table, a bar stool and the bag say what
    they are and what they do."""
    page = new_page(viewport=DESKTOP, confirm=True)
    sign_in(page, "Aki")
    create_table(page, "cafe", 2, ["random"])
    expect(page.locator("#board .cafe-chair.legal").first).to_be_visible()
    assert "Left in hand at the end" in hover_tip(
        page, page.locator(".cafe-player.mine .cafe-tile").first
    )
    assert "Every guest who sits down" in hover_tip(page, page.locator(".cafe-table").first)
    assert "next free stool" in hover_tip(page, page.locator(".cafe-stool").nth(5))
    assert "4 or fewer left ends the game" in hover_tip(page, page.locator(".cafe-bag"))
    assert "the bar" in hover_tip(page, page.locator(".cafe-player.mine .cafe-chips"))
    first = seat_with_preview(page)
    if page.locator("#board .cafe-chair.legal").count():
        # A second guest this turn: at the first one's table it scores and says why; at another
        # (when the hand has nobody for that table) it sits alone, for 0.
        second = seat_with_preview(page, "tips-cafe-seat")
        tables_of = lambda text: set(re.search(r"chair \d+ \(([^)]*)\)", text)[1].split("/"))  # noqa: E731
        if tables_of(first) & tables_of(second):
            assert "guests of mixed countries" in second or "all of its country" in second, (
                first,
                second,
            )
        else:
            assert "sits alone: 0" in second, (first, second)


def test_buffet_a_card_says_which_dish_it_likely_wins(new_page: Callable[..., Page]) -> None:
    """Buffet: a card in hand says where the mouse goes and which dish it likely wins, and how
    that is guessed (from the cards the player has not seen); the plates, the mice and the
    piles explain themselves; the card is played at the second click."""
    page = new_page(viewport=DESKTOP, confirm=True)
    sign_in(page, "Aki")
    create_table(page, "buffet", 3, ["random", "random"])
    card = page.locator("#board .buffet-hand .legal").last
    expect(card).to_be_visible()
    text = hover_tip(page, card)
    assert "Your mouse moves" in text and "Most likely (" in text and "have not seen" in text, text
    assert re.search(r"you take \w+ [−\d]", text) or "no dish this turn" in text, text
    assert "lowest dish" in hover_tip(page, page.locator(".buffet-place").last)
    assert "alone in the lead" in hover_tip(page, page.locator(".buffet-mouse").first)
    assert "open discard pile" in hover_tip(page, page.locator(".buffet-discard"))
    assert "tie" in hover_tip(page, page.locator(".buffet-rank"))
    played = json.loads(card.get_attribute("data-action") or "{}")["card"]
    confirm_twice(page, card, "tips-buffet-preview")
    card_text = str(played).replace("-", "−")
    expect(page.locator("#log")).to_contain_text(f"Aki (you) reveals {card_text}")


@pytest.mark.parametrize(
    ("game", "players", "selectors"),
    [
        (
            "cafe",
            2,
            [
                ".cafe-table",
                ".cafe-stool",
                ".cafe-bag",
                ".cafe-player.mine .cafe-tile",
                ".cafe-chair:not(.taken)",
            ],
        ),
        (
            "buffet",
            3,
            [
                ".buffet-hand .legal",
                ".buffet-place",
                ".buffet-deck",
                ".buffet-rank",
                ".buffet-dish-pile",
            ],
        ),
    ],
)
def test_cafe_and_buffet_tips_on_a_japanese_page(
    new_page: Callable[..., Page], game: str, players: int, selectors: list[str]
) -> None:
    """Café and Buffet in Japanese: the tips of their elements (and Buffet's guess) have no
    English in them."""
    page = new_page(locale="ja-JP", viewport=DESKTOP)
    sign_in(page, "Aki")
    create_table(page, game, players, ["random"] * (players - 1))
    expect(page.locator("#board .legal").first).to_be_visible()
    for selector in selectors:
        text = hover_tip(page, page.locator(f"#board {selector}").last)
        assert not re.search("[A-Za-z]{3,}", text), text


@pytest.mark.parametrize(
    ("game", "players", "says"),
    [
        ("bison", 2, r"Scoring of round 1|Final scoring"),
        ("buffet", 3, r"takes \w+ "),
        ("cafe", 2, r"seats the .* on chair \d+ .*: [+\d]"),
        ("cheese", 3, r"Cheese [A-Z]: .* eats"),
        ("stirfry", 2, r"cooked .* for \d+ points"),
    ],
)
def test_every_scoring_is_told_in_the_end_story(
    new_page: Callable[..., Page], game: str, players: int, says: str
) -> None:
    """After the end, the story lists every scoring in words, in order: who got what and why."""
    page = new_page(viewport=DESKTOP)
    sign_in(page, "Aki")
    create_table(page, game, players, ["random"] * (players - 1))
    play_to_end(page, timeout=300)
    end_story(page)
    scorings = page.locator("#result .end-breakdown")
    scorings.locator("summary").click()
    lines = scorings.locator("li")
    assert lines.count() >= 1
    assert any(re.search(says, text) for text in lines.all_inner_texts()), lines.all_inner_texts()[
        :5
    ]
    if game == "cafe":
        screenshot(page, "tips-end-scorings")
