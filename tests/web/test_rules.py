"""Rules pages that teach (issue 36): every page, in English and in Japanese, draws each of its
pictures with its game's own renderer; the table's Rules button opens the same page beside the
board (a drawer over the whole screen on a phone) while the game goes on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, screenshot, sign_in

pytestmark = pytest.mark.browser

GAMES = ("bison", "buffet", "cafe", "cheese", "stirfry")
PHONE = {"width": 390, "height": 844}


def check_pictures(page: Page, where: str) -> int:
    """Every figure of the rules page in ``where`` drew a board (an SVG picture inside);
    returns how many there are."""
    body = page.locator(
        f"{where} .rules-page[data-pictures=drawn], {where}.rules-page[data-pictures=drawn]"
    )
    expect(body).to_have_count(1, timeout=30_000)
    figures = page.locator(f"{where} figure[data-position]")
    count = figures.count()
    assert count >= 3
    for i in range(count):
        figure = figures.nth(i)
        key = figure.get_attribute("data-position")
        assert figure.get_attribute("data-drawn") == "true", key
        assert figure.locator(".rules-board svg").count() >= 1, f"{key} drew no picture"
        assert figure.locator(".rules-board").bounding_box()["height"] > 100, key  # type: ignore[index]
    return count


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_draws_its_pictures_in_both_languages(
    new_page: Callable[..., Page], game: str
) -> None:
    for locale, lang in (("en-US", "en"), ("ja-JP", "ja")):
        page = new_page(locale=locale)
        page.goto(f"/#/rules/{game}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        check_pictures(page, ".rules-page")
        expect(page.locator(".rules-page .goal")).to_be_visible()
        expect(page.locator(".rules-page dl.glossary")).to_be_visible()
        # Pictures only: nothing on them can be clicked.
        assert page.locator(".rules-page .legal[data-action]").count() == 0
        screenshot(page, f"rules-{game}-{lang}")


def open_rules(page: Page, phone: bool) -> None:
    if phone:
        page.locator("#tab-menu").click()
    page.locator("#rules-button").click()
    expect(page.locator("#rules-drawer")).to_be_visible()
    check_pictures(page, "#rules-drawer")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_rules_button_opens_the_rules_beside_a_game_that_goes_on(
    new_page: Callable[..., Page], phone: bool
) -> None:
    page = new_page(viewport=PHONE if phone else None, touch=phone)
    sign_in(page)
    create_table(page, "buffet", 3, ["random", "random"])
    expect(page.locator("#board .legal[data-action]").first).to_be_visible()
    open_rules(page, phone)
    drawer = page.locator("#rules-drawer").bounding_box()
    assert drawer is not None
    screenshot(page, f"rules-drawer-{'phone' if phone else 'desktop'}")
    if phone:
        # A full-height drawer over the game; closing it gives the game back.
        assert drawer["height"] >= PHONE["height"] - 1 and drawer["width"] >= PHONE["width"] - 1
        page.locator("#rules-drawer .rules-close").click()
        expect(page.locator("#rules-drawer")).to_be_hidden()
        expect(page.locator("#rules-button")).to_have_attribute("aria-expanded", "false")
    else:
        # Beside the board: the board stays whole and in sight, left of the drawer.
        board = page.locator("#board").bounding_box()
        assert board is not None
        assert board["x"] + board["width"] <= drawer["x"] + 1
        assert board["width"] > 300
    # The game goes on: play a card (with the drawer still open on a desktop).
    log = page.locator("#log li")
    before = log.count()
    page.locator("#board .legal[data-action]").first.click()
    expect(log).not_to_have_count(before)
    expect(page.locator("#board .legal[data-action]").first).to_be_visible(timeout=30_000)
    if not phone:
        expect(page.locator("#rules-drawer")).to_be_visible()
        page.locator("#rules-drawer .rules-close").click()
        expect(page.locator("#rules-drawer")).to_be_hidden()


@pytest.mark.parametrize(("game", "locale"), [("bison", "en-US"), ("cheese", "ja-JP")])
def test_a_rules_page_with_its_pictures_passes_axe(
    new_page: Callable[..., Page], game: str, locale: str
) -> None:
    """No serious or critical accessibility violation on a rules page, pictures drawn, in each
    language; nor in the table's Rules drawer."""
    from tests.web.test_accessibility import serious  # noqa: PLC0415

    page = new_page(locale=locale)
    page.goto(f"/#/rules/{game}")
    check_pictures(page, ".rules-page")
    assert serious(page) == []
