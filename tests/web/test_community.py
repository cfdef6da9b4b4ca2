"""Community in the browser: a rated game shows on the profile and the leaderboard; table chat
between two browsers, as text, after a reload, with a mute; in English and Japanese."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, end_story, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser

ATTACK = "<img src=x onerror=alert(1)>"


def _register(page: Page, username: str) -> str:
    """Sign in as a guest, then register (the guest keeps the session); returns the id."""
    sign_in(page, username.title())
    answer = page.request.post(
        "/api/register", data={"username": username, "password": "password-1"}
    )
    assert answer.ok, answer.text()
    player_id: str = answer.json()["player"]["id"]
    page.goto("/")  # the lobby again, now as a registered player
    expect(page.locator("#lobby-title")).to_be_visible()
    return player_id


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_a_rated_game_shows_on_the_profile_and_the_leaderboard(
    new_page: Callable[..., Page], locale: str
) -> None:
    page = new_page(locale=locale)
    name = "rika" if locale == "ja-JP" else "sora"
    player_id = _register(page, name)
    card = page.locator("article.game[data-game=cheese]")
    card.locator("button.new-table").click()
    expect(card.locator("input[name=rated]")).to_be_checked()
    create_table(page, "cheese", 3, ["random", "random"])
    play_to_end(page, seed=3)
    # The end shows what the game did to the rating: this player's change, none for the bots
    # (they keep theirs); the profile's history says the same.
    story = end_story(page)
    changes = {s["seat"]: s["rating"] for s in story["seats"]}
    assert changes[1] is None and changes[2] is None
    mine = changes[0]
    assert isinstance(mine, (int, float))
    cell = page.locator('#result .end-stats tr[data-seat="0"] .end-rating')
    expect(cell).to_contain_text("1000 → ")
    screenshot(page, f"community-end-rating-{locale}")
    answer = page.request.get(f"/api/players/{player_id}").json()
    assert answer["ratings"][0]["history"][0]["rating"] == 1000 + mine
    # Seat names at the table lead to the players' profiles.
    expect(page.locator(f'#players a.seat-name[href="#/player/{player_id}"]')).to_have_count(1)
    page.goto(f"/#/player/{player_id}")
    rating = page.locator(".rating-card[data-game=cheese]")
    expect(rating).to_be_visible()
    expect(rating.locator(".rating-figure strong")).to_contain_text("?")  # provisional
    expect(rating.locator("svg.rating-chart circle")).to_have_count(1)
    expect(page.locator(".last-games li")).to_have_count(1)
    if locale == "ja-JP":
        expect(page.locator(".profile h2").first).to_have_text("レーティング")
    screenshot(page, f"community-profile-{locale}")
    page.locator(".rating-card h3 a").click()
    expect(page.locator("#leaderboard-title")).to_be_visible()
    row = page.locator(f".leaderboard-table tr[data-subject={player_id}]")
    expect(row).to_contain_text(name)
    if locale == "ja-JP":
        expect(page.locator(".leaderboard-table thead")).to_contain_text("順位")
    screenshot(page, f"community-leaderboard-{locale}")
    row.locator("a").click()
    expect(page.locator("#profile-name")).to_have_text(name)


def test_chat_between_two_browsers_with_a_reload_and_a_mute(
    new_page: Callable[..., Page],
) -> None:
    aki = new_page()
    sign_in(aki, "Aki")
    table_id = create_table(aki, "cafe", 2, ["human"])
    ben = new_page(locale="ja-JP")
    sign_in(ben, "Ben")
    ben.goto(f"/#/table/{table_id}")
    expect(ben.locator("#chat-title")).to_have_text("チャット")
    # Aki writes something that would be markup: Ben sees it as text.
    aki.locator("#chat-input").fill(ATTACK)
    aki.locator("#chat-send").click()
    line = ben.locator("#chat-log .chat-line").last
    expect(line.locator(".chat-text")).to_have_text(ATTACK)
    assert ben.locator("#chat-log img").count() == 0
    ben.locator(".chat-reactions .reaction").first.click()
    expect(aki.locator("#chat-log .chat-reaction").last).to_have_text("👍")
    # Too long is impossible to type (maxlength), and a refusal is explained.
    assert aki.locator("#chat-input").get_attribute("maxlength") == "300"
    # After a reload Ben sees what was said.
    ben.reload()
    expect(ben.locator("#chat-log .chat-line")).to_have_count(2)
    screenshot(ben, "community-chat-ja")
    # Ben mutes Aki: what Aki writes next never reaches Ben, at this table or after a reload.
    ben.on("dialog", lambda dialog: dialog.accept())
    ben.locator("#chat-log .chat-line", has_text="Aki").first.locator(".chat-mute").click()
    expect(ben.locator("#chat-log .chat-line", has_text="Aki")).to_have_count(0)
    aki.locator("#chat-input").fill("are you there?")
    aki.locator("#chat-send").click()
    expect(aki.locator("#chat-log .chat-line").last).to_contain_text("are you there?")
    ben.locator("#chat-input").fill("only me")
    ben.locator("#chat-send").click()
    expect(ben.locator("#chat-log .chat-line").last).to_contain_text("only me")
    expect(ben.locator("#chat-log")).not_to_contain_text("are you there?")
    ben.reload()
    expect(ben.locator("#chat-log .chat-line")).to_have_count(2)  # Ben's reaction and message
    expect(ben.locator("#chat-log")).not_to_contain_text("are you there?")
    screenshot(aki, "community-chat-en")


def test_spectators_can_be_hidden_and_a_refusal_is_explained_in_japanese(
    new_page: Callable[..., Page],
) -> None:
    aki = new_page(locale="ja-JP")
    sign_in(aki, "Aki")
    table_id = create_table(aki, "cafe", 2, ["random"])
    chie = new_page()
    sign_in(chie, "Chie")
    chie.goto(f"/#/table/{table_id}")  # the table is full and running: Chie watches
    expect(chie.locator("#chat-input")).to_be_visible()
    chie.locator("#chat-input").fill("hello from the rail")
    chie.locator("#chat-send").click()
    line = aki.locator("#chat-log .chat-line.spectator")
    expect(line).to_contain_text("hello from the rail")
    expect(line.locator(".chat-tag")).to_have_text("観戦者")
    aki.locator("#hide-spectators").check()
    expect(aki.locator("#chat-log .chat-line.spectator")).to_have_count(0)
    aki.reload()  # the choice is kept
    expect(aki.locator("#hide-spectators")).to_be_checked()
    expect(aki.locator("#chat-log .chat-line.spectator")).to_have_count(0)
    # A flood is refused, and the writer is told why in their language.
    for i in range(6):
        aki.locator("#chat-input").fill(f"message {i}")
        aki.locator("#chat-send").click()
    expect(aki.locator(".toast-error")).to_contain_text("メッセージが多すぎます")
