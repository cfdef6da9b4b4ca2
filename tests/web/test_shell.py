"""The lobby, a whole game by clicking, two players in two browsers, reconnecting, languages,
phones, spectators and replays — in a real browser."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from email.utils import formatdate
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import (
    Server,
    create_table,
    play_to_end,
    screenshot,
    sign_in,
    watch_csp,
)

pytestmark = pytest.mark.browser

GAMES = ["buffet", "bison", "cafe", "stirfry", "cheese"]


def test_the_lobby_lists_the_five_games(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    for game in GAMES:
        card = page.locator(f"article.game[data-game={game}]")
        expect(card).to_be_visible()
        expect(card.locator("a.rules-link")).to_have_attribute("href", f"#/rules/{game}")
    screenshot(page, "lobby")


def test_buffet_against_bots_to_the_end(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "buffet", 3, ["random", "random"])
    expect(page.locator("#board svg").first).to_be_visible()
    # Seats in order, bots numbered by seat so that they can be told apart.
    expect(page.locator("#players .seat-name")).to_have_text(["Aki", "Bot 2", "Bot 3"])
    expect(page.locator("#players .seat.to-move")).to_have_count(1)
    expect(page).to_have_title("▶ Your turn — Schlacht am Buffet")
    screenshot(page, "buffet-start")
    play_to_end(page)
    expect(page.locator("#result .winners")).to_contain_text("Winner")
    screenshot(page, "buffet-end")


def test_cheese_against_bots_to_the_end_then_its_replay(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    table_id = create_table(page, "cheese", 3, ["random", "random"])
    screenshot(page, "cheese-start")
    play_to_end(page, seed=1)
    screenshot(page, "cheese-end")
    # The replay steps through the game from its start.
    page.locator("#result a[href^='#/replay/']").click()
    page.wait_for_url(f"**/#/replay/{table_id}")
    expect(page.locator("#players .seat-name")).to_have_text(["Aki", "Bot 2", "Bot 3"])
    step = page.locator("#step")
    expect(step).to_contain_text("step 0 /")
    page.locator("#forward").click()
    expect(step).to_contain_text("step 1 /")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("step 2 /")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("step 1 /")
    page.keyboard.press("End")
    total = step.inner_text().split("/")[-1].strip()
    expect(step).to_have_text(f"step {total} / {total}")
    page.locator("#back").click()
    expect(step).to_have_text(f"step {int(total) - 1} / {total}")
    screenshot(page, "cheese-replay")


def test_two_people_in_two_browsers_play_one_game(new_page: Callable[..., Page]) -> None:
    aki, ben = new_page(), new_page()
    sign_in(aki, "Aki")
    table_id = create_table(aki, "stirfry", 2, ["human"], options={"target": 50})
    expect(aki.locator("#status")).to_have_text("waiting for players")
    link = aki.locator("#invite-link").input_value()
    assert link.endswith(f"#/table/{table_id}")
    aki.locator("#copy-invite").click()
    expect(aki.locator("#toasts")).to_contain_text("Link copied")
    screenshot(aki, "table-waiting-for-a-friend")
    # Ben opens the invite link: he is asked his name, then sits in the free seat.
    ben.goto(link)
    ben.locator("#guest-name").fill("Ben")
    ben.locator("form.signin button[type=submit]").click()
    expect(ben.locator(".table-page")).to_be_visible()
    for page, name in ((aki, "Aki"), (ben, "Ben")):
        expect(page.locator("#status")).to_have_text("in play")
        expect(page.locator(".seat.mine .seat-name")).to_have_text(name)
        expect(page.locator("#invite")).to_be_empty()
    # Both click at random until the end, each when the game asks them.
    rng = random.Random(5)
    pages = [aki, ben]
    results = [p.locator("#result") for p in pages]
    clicks = 0
    while not all(r.is_visible() for r in results):
        assert clicks < 3000, "the game did not end"
        for page in pages:
            choices = page.locator("#app .legal[data-action]:visible:not([disabled])")
            count = choices.count()
            if count:
                try:
                    choices.nth(rng.randrange(count)).click(timeout=1000)
                    clicks += 1
                except PlaywrightError:  # redrawn under the click
                    pass
        aki.wait_for_timeout(10)
    assert clicks > 0
    # The same winners for both, each naming themself "(you)" as the log does.
    winners = aki.locator("#result .winners").inner_text()
    theirs = ben.locator("#result .winners").inner_text()
    assert winners.replace("Aki (you)", "Aki") == theirs.replace("Ben (you)", "Ben")
    assert ("Aki" not in winners) or "Aki (you)" in winners
    assert "Aki" in winners or "Ben" in winners or "No winner" in winners
    screenshot(aki, "two-browsers-aki-end")
    screenshot(ben, "two-browsers-ben-end")


def test_a_turn_timer_counts_down(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "cheese", 3, ["random", "random"], timer=30)
    timer = page.locator("#timer")
    expect(timer).to_have_text(re.compile(r"^\d+ s left$"))
    first = int(timer.inner_text().split()[0])
    assert 0 < first <= 30
    expect(timer).not_to_have_text(f"{first} s left", timeout=3000)
    assert int(timer.inner_text().split()[0]) < first


def _dated_answers(page: Page, offset_s: float) -> None:
    """Give the page's API answers a ``Date`` header ``offset_s`` seconds from now."""

    def redate(route: Route) -> None:
        answer = route.fetch()
        date = formatdate(time.time() + offset_s, usegmt=True)
        route.fulfill(response=answer, headers={**answer.headers, "date": date})

    page.route("**/api/**", redate)


@pytest.mark.parametrize(
    ("locale", "width", "height", "shown"),
    [
        ("en-US", 1280, 900, r"^(\d+) s left$"),
        ("ja-JP", 390, 844, r"^残り(\d+)秒$"),
    ],
    ids=["desktop-en", "phone-ja"],
)
def test_a_stale_date_header_does_not_lengthen_the_turn_timer(
    new_page: Callable[..., Page], locale: str, width: int, height: int, shown: str
) -> None:
    """A busy server's ``Date`` header can be seconds old (and it is in whole seconds): that is
    no clock skew, and a 30 s timer never reads more than 30 s (it once read 33 s in CI)."""
    page = new_page(locale=locale, viewport={"width": width, "height": height})
    _dated_answers(page, -3.5)
    sign_in(page)
    create_table(page, "cheese", 3, ["random", "random"], timer=30)
    timer = page.locator("#timer")
    expect(timer).to_have_text(re.compile(shown))
    found = re.match(shown, timer.inner_text())
    assert found is not None and 0 < int(found.group(1)) <= 30
    screenshot(page, f"turn-timer-{width}-{locale}")


def test_a_clock_far_from_the_servers_is_corrected(new_page: Callable[..., Page]) -> None:
    """Deadlines are the server's clock: the page reads them against the server's time, which
    it takes from the ``Date`` header when that is plainly not ours. Here the header says a
    minute ahead (the server's clock is in fact ours): by that time, a 30 s turn is over."""
    page = new_page()
    _dated_answers(page, 60)
    sign_in(page)
    create_table(page, "cheese", 3, ["random", "random"], timer=30)
    expect(page.locator("#timer")).to_have_text("0 s left")


def test_a_reload_returns_to_the_same_seat(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    create_table(page, "cheese", 3, ["random", "random"])
    page.locator("#app .legal[data-action]").first.click()
    expect(page.locator("#app .legal[data-action]").first).to_be_visible()
    before = page.locator("#log li").count()
    page.reload()
    expect(page.locator(".seat.mine .seat-name")).to_have_text("Aki")
    expect(page.locator("#app .legal[data-action]").first).to_be_visible()
    assert page.locator("#log li").count() >= before
    play_to_end(page, seed=2)


def test_switching_language_relabels_everything(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    expect(page.locator("#lobby-title")).to_have_text("Lobby")
    page.locator("#lang").select_option("ja")
    expect(page.locator("#lobby-title")).to_have_text("ロビー")
    expect(page.locator("article.game[data-game=cheese] h3")).to_have_text("ゴー・ダッ・チーズ！")
    screenshot(page, "lobby-ja")
    # A live table keeps its connection and redraws in the other language.
    create_table(page, "buffet", 3, ["random", "random"])
    expect(page.locator("#leave")).to_have_text("退席する")
    expect(page.locator("#players .seat-name")).to_have_text(["Aki", "ボット2", "ボット3"])
    screenshot(page, "buffet-ja")
    page.locator("#lang").select_option("en")
    expect(page.locator("#leave")).to_have_text("Leave")
    expect(page.locator("#prompt")).not_to_be_empty()
    # The choice is remembered.
    page.reload()
    expect(page.locator("#lang")).to_have_value("en")


def test_japanese_browsers_start_in_japanese(new_page: Callable[..., Page]) -> None:
    page = new_page(locale="ja-JP")
    page.goto("/")
    expect(page.locator("#sign-in")).to_have_text("ログイン")
    page.locator("#sign-in").click()
    expect(page.locator("form.signin h2")).to_have_text("プレイヤー名")


def test_a_newcomer_looks_around_and_is_asked_a_name_only_to_play(
    new_page: Callable[..., Page],
) -> None:
    """Issue 15, arriving: the lobby shows the games and the tables before asking for a name;
    watching a running table needs none; creating a table asks for it, then goes on."""
    host = new_page()
    sign_in(host, "Host")
    running = create_table(host, "cheese", 3, ["random", "random"])
    visitor = new_page()
    visitor.goto("/")
    expect(visitor.locator("#lobby-title")).to_be_visible()
    expect(visitor.locator("article.game")).to_have_count(5)
    expect(visitor.locator("form.signin")).to_have_count(0)
    expect(visitor.locator(f"#tables-running li[data-table={running}]")).to_be_visible()
    screenshot(visitor, "lobby-newcomer")
    # Watching: no name asked, the spectator's view of the board.
    visitor.locator(f"#tables-running li[data-table={running}] a").click()
    expect(visitor.locator("#status")).to_contain_text("watching")
    expect(visitor.locator("#board svg").first).to_be_visible()
    expect(visitor.locator("form.signin")).to_have_count(0)
    # Creating a table: the name is asked in a dialog, and the table is created after it.
    visitor.goto("/")
    card = visitor.locator("article.game[data-game=buffet]")
    card.locator("button.new-table").click()
    card.locator("button.create-table").click()
    dialog = visitor.locator("dialog.signin-dialog")
    expect(dialog).to_be_visible()
    # "Not now" closes it and nothing is created.
    dialog.locator("button.cancel").click()
    expect(dialog).to_have_count(0)
    assert "#/table/" not in visitor.url
    card.locator("button.create-table").click()
    visitor.locator("#guest-name").fill("Newcomer")
    visitor.locator("form.signin button[type=submit]").click()
    visitor.wait_for_url("**/#/table/*")
    expect(visitor.locator(".seat.mine .seat-name")).to_have_text("Newcomer")


def test_a_phone_has_no_sideways_scrolling(new_page: Callable[..., Page]) -> None:
    page = new_page(viewport={"width": 390, "height": 844})
    sign_in(page)
    wide = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    assert not page.evaluate(wide)
    screenshot(page, "phone-lobby")
    # Every game's form open at once (options with long explanations) still fits.
    for button in page.locator("button.new-table").all():
        button.click()
    expect(page.locator("form.create")).to_have_count(len(GAMES))
    assert not page.evaluate(wide)
    screenshot(page, "phone-lobby-forms")
    create_table(page, "cheese", 3, ["random", "random"])
    expect(page.locator("#board svg").first).to_be_visible()
    assert not page.evaluate(wide)
    screenshot(page, "phone-cheese")


def test_a_spectator_watches_without_acting(new_page: Callable[..., Page]) -> None:
    player, watcher = new_page(), new_page()
    sign_in(player)
    table_id = create_table(player, "cheese", 3, ["random", "random"])
    sign_in(watcher, "Chie")
    watcher.goto(f"/#/table/{table_id}")
    expect(watcher.locator("#board svg").first).to_be_visible()
    expect(watcher.locator(".seat.mine")).to_have_count(0)
    expect(watcher.locator("#status")).to_have_text("in play · watching")
    expect(watcher.locator("#leave")).to_be_hidden()
    assert watcher.locator("#app .legal[data-action]").count() == 0
    screenshot(watcher, "spectator")


def test_every_game_has_rules_in_both_languages(new_page: Callable[..., Page]) -> None:
    page = new_page()
    sign_in(page)
    for game in GAMES:
        page.goto(f"/#/rules/{game}")
        expect(page.locator(".rules-page h1").first).to_be_visible()
        expect(page.locator(".rules-page")).not_to_contain_text("not written yet")
    page.locator("#lang").select_option("ja")
    expect(page.locator(".rules-page")).to_contain_text("チーズ")


def test_leaving_a_game_in_play_asks_first_and_a_bot_takes_over(
    new_page: Callable[..., Page],
) -> None:
    page = new_page()
    sign_in(page)
    table_id = create_table(page, "cheese", 3, ["random", "random"])
    expect(page.locator("#status")).to_have_text("in play")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator("#leave").click()
    expect(page.locator(".table-page")).to_be_visible()  # said no: still seated
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#leave").click()
    # The lobby comes once the server took the leave (seconds on a machine loaded 15 times over).
    expect(page.locator("#lobby-title")).to_be_visible(timeout=20_000)
    table = page.request.get(f"/api/tables/{table_id}").json()
    assert table["seats"][0]["away"] is True


def test_the_table_reconnects_after_the_server_crashes(browser: Browser, tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    context = browser.new_context(base_url=server.url)
    errors: list[str] = []
    watch_csp(context, errors)
    try:
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        sign_in(page)
        create_table(page, "cheese", 3, ["random", "random"])
        page.locator("#app .legal[data-action]").first.click()
        expect(page.locator("#app .legal[data-action]").first).to_be_visible()
        server.stop(kill=True)
        expect(page.locator("#banner")).to_have_text("Connection lost — reconnecting…")
        server.start()
        # The page comes back by itself, to the same seat, and the game goes on.
        expect(page.locator("#banner")).to_be_hidden(timeout=30_000)
        expect(page.locator(".seat.mine .seat-name")).to_have_text("Aki")
        play_to_end(page, seed=6)
    finally:
        context.close()
        server.stop()
    assert not errors, errors


def test_an_account_can_be_registered_and_signed_in_again(new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto("/")
    page.locator("#sign-in").click()
    page.locator("form.signin button", has_text="Create an account").click()
    page.locator("input[name=username]").fill("kenji_42")
    page.locator("input[name=password]").fill("correct horse")
    page.locator("form.signin button[type=submit]").click()
    expect(page.locator("#lobby-title")).to_be_visible()
    expect(page.locator("#who .who-name")).to_have_text("kenji_42")
    page.locator("#who button").click()  # sign out
    expect(page.locator("#sign-in")).to_be_visible()
    page.locator("#sign-in").click()
    page.locator("form.signin button", has_text="I have an account").click()
    page.locator("input[name=username]").fill("kenji_42")
    page.locator("input[name=password]").fill("wrong password")
    page.locator("form.signin button[type=submit]").click()
    expect(page.locator("form.signin .error")).to_have_text("Wrong username or password.")
    page.locator("input[name=password]").fill("correct horse")
    page.locator("form.signin button[type=submit]").click()
    expect(page.locator("#who .who-name")).to_have_text("kenji_42")


def test_translation_fills_placeholders_and_falls_back_to_the_key(
    new_page: Callable[..., Page],
) -> None:
    page = new_page(locale="ja-JP")
    page.goto("/")
    expect(page.locator("#lobby-title")).to_have_text("ロビー")
    texts = page.evaluate(
        """async () => {
            const i18n = await import("/i18n.js");
            return [i18n.t("no.such.key"), i18n.t("lobby.hello", {name: "Zoe"}),
                    i18n.t("lobby.hello"), i18n.listOf(["Aki", "Ben"])];
        }"""
    )
    assert texts == [
        "no.such.key",
        "こんにちは、Zoeさん。卓を作るか、参加する卓を選んでください。",
        "こんにちは、{name}さん。卓を作るか、参加する卓を選んでください。",
        "Aki、Ben",
    ]


def test_focus_stays_in_the_game_after_a_move(new_page: Callable[..., Page]) -> None:
    """A keyboard player acts with Enter; when the board is redrawn, focus stays in the game
    area (it used to fall to the top of the page, six Tabs away from the game)."""
    page = new_page()
    sign_in(page)
    create_table(page, "buffet", 3, ["random", "random"])
    in_game = "() => !!document.activeElement.closest('.main-col')"
    for _ in range(3):
        first = page.locator("#board .legal[data-action]").first
        expect(first).to_be_visible()
        page.evaluate("() => { window.oldBoard = document.querySelector('#board'); }")
        first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.body.contains(window.oldBoard)")
        page.wait_for_timeout(100)
        assert page.evaluate(in_game), page.evaluate(
            "() => document.activeElement.outerHTML.slice(0, 80)"
        )


def test_a_toast_never_takes_a_tap_meant_for_the_table(new_page: Callable[..., Page]) -> None:
    """On a phone the welcome toast covers the lower part of the table for 2.5 s: a tap there
    reaches what is under it (the toast only says things)."""
    page = new_page(viewport={"width": 390, "height": 844}, touch=True)
    sign_in(page, "Aki")
    create_table(page, "buffet", 3, ["random", "random"])
    page.evaluate("() => import('/dom.js').then((dom) => dom.toast('Hello'))")
    toast = page.locator("#toasts .toast").last
    expect(toast).to_be_visible()
    box = toast.bounding_box()
    assert box is not None
    under: str = page.evaluate(
        "([x, y]) => { const el = document.elementFromPoint(x, y);"
        " return el.closest('#toasts') ? 'toast' : el.tagName; }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert under != "toast"


def test_the_lobby_offers_expert_only_at_the_counts_its_network_plays(
    new_page: Callable[..., Page],
) -> None:
    page = new_page()
    page.goto("/")
    games = page.request.get("/api/games").json()["games"]
    # A game whose network ships for some counts only (Buffet: for 3 players).
    game, at, without = next(
        (g["id"], int(with_[0]), int(none[0]))
        for g in games
        for with_ in [[n for n, lv in g["levels_by_players"].items() if "expert" in lv]]
        for none in [[n for n, lv in g["levels_by_players"].items() if "expert" not in lv]]
        if with_ and none
    )
    card = page.locator(f"article.game[data-game={game}]")
    card.locator("button.new-table").click()
    form = card.locator("form.create")
    seat = form.locator('select[data-seat="1"]')
    form.locator("select[name=players]").select_option(str(at))
    expect(seat.locator('option[value="bot:expert"]')).to_have_count(1)
    expect(form.locator(".expert-note")).to_have_count(0)
    seat.select_option("bot:expert")
    # Another count: expert leaves every seat's menu, the seat that held it takes hard, and a
    # note says where expert plays.
    form.locator("select[name=players]").select_option(str(without))
    expect(form.locator('option[value="bot:expert"]')).to_have_count(0)
    expect(seat).to_have_value("bot:hard")
    expect(form.locator(".expert-note")).to_contain_text(f"only with {at} players")
    form.locator("select[name=players]").select_option(str(at))
    expect(seat.locator('option[value="bot:expert"]')).to_have_text("Bot (expert)")
    # In Japanese, the same menu and note.
    ja = new_page(locale="ja-JP")
    ja.goto("/")
    card = ja.locator(f"article.game[data-game={game}]")
    card.locator("button.new-table").click()
    form = card.locator("form.create")
    form.locator("select[name=players]").select_option(str(at))
    expect(form.locator('select[data-seat="1"] option[value="bot:expert"]')).to_have_text(
        "ボット（達人）"
    )
    form.locator("select[name=players]").select_option(str(without))
    expect(form.locator(".expert-note")).to_contain_text(f"達人ボットは{at}人のときだけ")
