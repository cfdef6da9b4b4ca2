"""Turn-based play in the browser (issue #39): a turn-based table made from the lobby's form,
the games page ``#/me`` with the header's count of games waiting for my move, and "your turn"
notifications once the player allows them with the page's button."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import screenshot, sign_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# Records every notification the page shows, and every time it asks for the permission.
_RECORD_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  window.__notes = [];
  window.__asked = 0;
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, body: options?.body });
    }
    static get permission() { return Real.permission; }
    static requestPermission() { window.__asked += 1; return Real.requestPermission(); }
  }
  window.Notification = Recorded;
})();
"""


def new_turn_based_table(page: Page, bank: str = "") -> str:
    """Make a Café table against a random bot, turn-based (a day per move), from the lobby's
    form; land on it and return its id."""
    card = page.locator("article.game[data-game=cafe]")
    card.locator("button.new-table").click()
    form = card.locator("form.create")
    form.locator('select[data-seat="1"]').select_option("bot:random")
    expect(form.locator(".turn-choices")).to_be_hidden()
    form.locator("select[name=pace]").select_option("turns")
    expect(form.locator(".turn-rule")).to_be_visible()
    expect(form.locator("select[name=turn_seconds]")).to_be_hidden()
    expect(form.locator("select[name=move_seconds]")).to_have_value(str(24 * 3600))
    form.locator("select[name=bank_seconds]").select_option(bank)
    form.locator("button.create-table").click()
    page.wait_for_url("**/#/table/*")
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize(
    ("locale", "viewport", "words"),
    [
        (
            "en-US",
            None,
            {
                "pace": "Turn-based: 1 day per move, and a time bank of 1 day.",
                # 2 days (48 h) on the clock; a second later, 47 h (the test's own pace).
                "left": r"^(2 days|47 h) left$",
            },
        ),
        (
            "ja-JP",
            PHONE,
            {"pace": "ターン制：一手1日、予備時間1日。", "left": r"^残り(2日|47時間)$"},
        ),
    ],
    ids=["desktop-en", "phone-ja"],
)
def test_a_turn_based_table_from_the_lobby_and_the_games_page(
    new_page: Callable[..., Page],
    locale: str,
    viewport: dict[str, int] | None,
    words: dict[str, str],
) -> None:
    phone = viewport is not None
    page = new_page(locale=locale, viewport=viewport, touch=phone, mobile=phone)
    sign_in(page)
    expect(page.locator("#my-games")).to_be_visible()
    expect(page.locator("#my-games-count")).to_be_hidden()  # nothing waits for me yet
    table_id = new_turn_based_table(page, bank=str(24 * 3600))
    # The table says its pace and the timeout rule in words, and the clock in days.
    if phone:  # the pace and its rule are with the players, one tap away in their drawer
        page.locator("#tab-players").tap()
    rule = page.locator("#turn-rule")
    expect(rule.locator("summary")).to_have_text(words["pace"])
    expect(rule.locator("p")).to_be_hidden()  # folded under the pace, opened with a tap
    rule.locator("summary").click()
    expect(rule.locator("p")).to_be_visible()
    expect(page.locator("#timer")).to_have_text(re.compile(words["left"]))
    # The header counts the game waiting for my move (the bot, if it began, has moved).
    expect(page.locator("#my-games-count")).to_have_text("1")
    screenshot(page, f"turns-table-{locale}")
    if phone:  # the site's header is folded away at a phone's table: the menu has it
        expect(page.locator("#tab-menu .my-games-count")).to_have_text("1")
        page.locator("#tab-menu").tap()
        expect(page.locator("#table-my-games .my-games-count")).to_have_text("1")
        page.locator("#table-my-games").tap()
    else:
        expect(page.locator("#table-my-games")).to_be_hidden()
        page.locator("#my-games").click()
    page.wait_for_url("**/#/me")
    mine = page.locator(f'#my-move .my-table[data-table="{table_id}"]')
    expect(mine.locator(".time-left")).to_have_text(re.compile(words["left"]))
    expect(page.locator("#my-others li.muted")).to_be_visible()  # nothing else
    screenshot(page, f"turns-me-{locale}")
    mine.locator("a.button").click()
    page.wait_for_url(f"**/#/table/{table_id}")
    expect(page.locator(".table-page")).to_be_visible()


def test_notifications_only_once_allowed_with_the_button(new_page: Callable[..., Page]) -> None:
    page = new_page(viewport=PHONE, touch=True, mobile=True)
    page.context.add_init_script(_RECORD_NOTIFICATIONS)
    sign_in(page)
    page.goto("/#/me")
    button = page.locator("#notify")
    expect(button).to_have_text("Tell me when it's my move")
    assert page.evaluate("window.__asked") == 0  # never asked on load
    origin = page.evaluate("location.origin")
    page.context.grant_permissions(["notifications"], origin=origin)
    button.click()
    expect(button).to_have_text("Notifications on (while a meeple tab is open)")
    expect(button).to_be_disabled()
    assert page.evaluate("window.__asked") == 1
    screenshot(page, "turns-notify-phone")
    # A turn-based table starts waiting for my move while I look elsewhere: "your move".
    made = page.evaluate(
        """() => fetch("/api/tables", {method: "POST", headers: {"content-type": "application/json"},
             body: JSON.stringify({game: "cafe", players: 2, move_seconds: 86400,
                                   seats: [{kind: "human"}, {kind: "bot", level: "random"}]})})
           .then((r) => r.json())"""
    )
    page.locator(".top nav a[href='#/']").click()  # any new page asks for the count again
    # Polled from here: the page's CSP (no eval) refuses wait_for_function's string polling.
    for _ in range(100):
        if page.evaluate("() => window.__notes.length") > 0:
            break
        page.wait_for_timeout(100)
    assert page.evaluate("window.__notes") == [
        {"title": "Your move", "body": "Café International: it is your move."}
    ]
    expect(page.locator("#my-games-count")).to_have_text("1")
    assert made["move_seconds"] == 86400
