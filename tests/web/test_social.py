"""Email settings, invites and friends in the browser (issue #39), on a server of this module's
own that mails through a real SMTP server (aiosmtpd): in English and Japanese, and on a phone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.server.test_mail import Smtp
from tests.web.conftest import Server, screenshot, sign_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def smtp() -> Iterator[Smtp]:
    server = Smtp()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory, smtp: Smtp) -> Iterator[str]:
    """This module's server (instead of the session's): it sends mail."""
    folder: Path = tmp_path_factory.mktemp("social")
    server = Server(folder)
    server.extra = ["--smtp", f"smtp://127.0.0.1:{smtp.port}", "--public-url", server.url]
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def register(page: Page, username: str) -> None:
    """Sign in as a guest, then register (the guest keeps the session)."""
    sign_in(page, username.title())
    answer = page.request.post(
        "/api/register", data={"username": username, "password": "password-1"}
    )
    assert answer.ok, answer.text()


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_an_address_is_set_and_verified_by_its_link(
    new_page: Callable[..., Page], server_url: str, smtp: Smtp, locale: str
) -> None:
    page = new_page(locale=locale)
    name = "mika" if locale == "ja-JP" else "mona"
    register(page, name)
    page.locator("header nav a[href='#/settings']").click()
    expect(page.locator("#mail-status")).to_be_visible()
    page.locator("#mail-email").fill(f"{name}@example.org")
    page.locator("input[name=turns][value=daily]").check()
    page.locator("#mail-endings").uncheck()
    page.locator("#mail-save").click()
    unverified = "まだ確認されていません" if locale == "ja-JP" else "not verified yet"
    expect(page.locator("#mail-status")).to_contain_text(unverified)
    (mail,) = smtp.inbox.wait(f"{name}@example.org", 1)
    subject = "メールアドレスの確認" if locale == "ja-JP" else "Confirm your email address"
    assert subject in mail["Subject"]
    verify = re.search(re.escape(server_url) + r"/api/mail/verify\S+", _text(mail))
    assert verify, _text(mail)
    page.goto(verify.group(0))
    expect(page.locator("#mail-status")).to_contain_text(
        "確認済み" if locale == "ja-JP" else "is verified"
    )
    expect(page.locator("input[name=turns][value=daily]")).to_be_checked()
    expect(page.locator("#mail-endings")).not_to_be_checked()
    screenshot(page, f"settings-mail-{locale}")


def _text(mail: object) -> str:
    from email.message import EmailMessage  # noqa: PLC0415

    assert isinstance(mail, EmailMessage)
    body = mail.get_body(("plain",))
    assert body is not None
    text: str = body.get_content()
    return text


@pytest.mark.parametrize(("locale", "phone"), [("en-US", False), ("ja-JP", True)])
def test_a_friend_is_invited_by_name_accepts_and_sees_the_game(
    new_page: Callable[..., Page], locale: str, phone: bool
) -> None:
    host_name, guest_name = ("hana", "kai") if phone else ("aoi", "ren")
    size = {"viewport": PHONE, "mobile": True, "touch": True} if phone else {}
    host, guest = new_page(locale=locale, **size), new_page(locale=locale, **size)
    register(host, host_name)
    register(guest, guest_name)
    # The guest adds the host to their friends.
    guest.goto("/#/friends")
    expect(guest.locator("#no-invites")).to_be_visible()
    guest.locator("#friend-name").fill(host_name.upper())
    guest.locator("#friend-add").click()
    expect(guest.locator("#friend-list .friend-name")).to_have_text([host_name])
    # The host opens a table and invites the guest by name: the seat is held for them.
    table = host.request.post(
        "/api/tables",
        data={"game": "cafe", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    host.goto(f"/#/table/{table['id']}")
    host.locator("#invite-name").fill(guest_name)
    host.locator("#invite-send").click()
    expect(host.locator("#held-seats li")).to_have_count(1)
    expect(host.locator("#held-seats li")).to_contain_text(guest_name)
    screenshot(host, f"table-invite-{locale}{'-phone' if phone else ''}")
    # The guest sees the invite on their games page, and on the friends page.
    guest.goto("/#/me")
    expect(guest.locator("#my-invites .invite-item")).to_contain_text(host_name)
    guest.goto("/#/friends")
    guest.reload()
    item = guest.locator(".invite-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text(host_name)
    screenshot(guest, f"friends-invites-{locale}{'-phone' if phone else ''}")
    item.locator(".accept-invite").click()
    guest.wait_for_url(re.compile(rf".*#/table/{table['id']}$"))
    expect(guest.locator("#players .seat-name")).to_have_text([host_name, guest_name])
    # Their friend's games show the table they play together.
    guest.goto("/#/friends")
    expect(guest.locator("#no-invites")).to_be_visible()
    games = guest.locator(".friend-games a")
    expect(games.first).to_have_attribute("href", f"#/table/{table['id']}")
