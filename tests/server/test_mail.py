"""Mail (issue #39), with a real SMTP server in the test (aiosmtpd): the verification link,
one "your turn" mail per table until the player moved, the links, unsubscribing without a
login, a game's end, invites, and an SMTP server that is down at first (nothing is lost)."""

from __future__ import annotations

import email
import random
import re
import socket
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from email.message import EmailMessage
from email.policy import default
from typing import Any
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import create_engine, inspect, text

from meeple.server.api import auth
from meeple.server.api.deps import Services
from meeple.server.store import SENT, MailRow, Store, database_url, schema, utcnow
from tests.server.conftest import Person, Server, play_out, wait_for

PUBLIC = "http://meeple.example"


class Inbox:
    """An aiosmtpd handler that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        message = email.message_from_bytes(envelope.content, policy=default)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.messages.append(message)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int) -> list[EmailMessage]:
        wait_for(lambda: len(self.to(address)) >= count)
        return self.to(address)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Smtp:
    """An SMTP server on a fixed port, started when the test says so."""

    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = Inbox()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


@pytest.fixture
def smtp() -> Iterator[Smtp]:
    server = Smtp()
    yield server
    server.stop()


@pytest.fixture
def mail_server(server_factory: Callable[..., Server], smtp: Smtp) -> Server:
    """A server that mails through the test's SMTP server (not started yet)."""
    return server_factory(
        smtp_url=f"smtp://127.0.0.1:{smtp.port}",
        public_url=PUBLIC,
        mail_retry_seconds=0.2,
        mail_poll_seconds=0.1,
    )


def services(server: Server) -> Services:
    found: Services = server.client.app.state.services  # type: ignore[attr-defined]
    return found


def member(server: Server, username: str) -> Person:
    """A registered player (registered from a guest: the same id and cookie)."""
    person = server.person(username.title())
    answer = person.post("/api/register", {"username": username, "password": "password-1"})
    assert answer.status_code == 200, answer.text
    return person


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    content: str = body.get_content()
    return content


def link(message: EmailMessage, path: str) -> str:
    """The link in the mail's text that starts with the public URL and ``path``."""
    found = re.search(re.escape(PUBLIC + path) + r"\S*", text_of(message))
    assert found, text_of(message)
    return found.group(0)


def local(url: str) -> str:
    """A link of a mail, as the test client asks for it."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def verified(server: Server, person: Person, address: str, smtp: Smtp, **choices: Any) -> None:
    """Give the person an address and open the link of its verification mail."""
    answer = person.post("/api/me/mail", {"email": address, **choices})
    assert answer.status_code == 200, answer.text
    assert answer.json()["verified"] is False
    (mail,) = smtp.inbox.wait(address, 1)
    opened = server.client.get(local(link(mail, "/api/mail/verify")), follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/#/settings"
    assert person.get("/api/me/mail").json()["verified"] is True


def move(person: Person, server: Server, table_id: str) -> None:
    """The person makes one move at the table (through their websocket)."""
    sock = person.ws(table_id)
    state = sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    sock.send({"type": "action", "action": state["legal"][0], "version": state["version"]})
    wait_for(lambda: any(by == "human" for _, _, by in server.by_whom(table_id)))
    sock.close()


def test_verify_then_one_turn_mail_per_table_until_moved_and_unsubscribe_without_login(
    mail_server: Server, smtp: Smtp
) -> None:
    smtp.start()
    aki = member(mail_server, "aki")
    verified(mail_server, aki, "aki@example.org", smtp, lang="en")
    notices = services(mail_server).notices
    assert aki.player is not None
    aki_id = aki.player["id"]
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    # The table waits for Aki: one mail; asked again before she moved, none.
    assert notices.turn_waiting(table_id, "buffet", [aki_id]) == 1
    assert notices.turn_waiting(table_id, "buffet", [aki_id]) == 0
    first = smtp.inbox.wait("aki@example.org", 2)[1]
    assert "Your turn at" in first["Subject"]
    # The link opens the table.
    table_link = link(first, "/#/table/")
    assert table_link == f"{PUBLIC}/#/table/{table_id}"
    assert mail_server.client.get(f"/api/tables/{table_link.rsplit('/', 1)[1]}").status_code == 200
    # She moved: the next time the table waits for her, she is told again.
    move(aki, mail_server, table_id)
    assert notices.turn_waiting(table_id, "buffet", [aki_id]) == 1
    smtp.inbox.wait("aki@example.org", 3)
    # One click of her mail program (RFC 8058), no cookie: no more turn mails.
    header = first["List-Unsubscribe"]
    assert first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = header.strip("<>")
    assert unsubscribe == link(first, "/api/mail/unsubscribe")
    mail_server.client.cookies.clear()
    answer = mail_server.client.post(local(unsubscribe), content=b"List-Unsubscribe=One-Click")
    assert answer.status_code == 200, answer.text
    assert answer.json()["turns"] == "off" and answer.json()["endings"] is True
    assert aki.get("/api/me/mail").json()["turns"] == "off"
    move(aki, mail_server, table_id)
    assert notices.turn_waiting(table_id, "buffet", [aki_id]) == 0
    # The same link opened in a browser says so in a page (and changes nothing more).
    page = mail_server.client.get(local(unsubscribe))
    assert page.status_code == 200 and "Unsubscribed" in page.text


def test_a_tampered_token_or_a_bad_address_changes_nothing(mail_server: Server, smtp: Smtp) -> None:
    smtp.start()
    aki = member(mail_server, "aki")
    for bad in ("aki", "aki@", "aki@example", "a b@example.org", "aki@example.org\r\nBcc: x@y.z"):
        answer = aki.post("/api/me/mail", {"email": bad})
        assert answer.status_code == 422, (bad, answer.text)
        assert answer.json()["detail"]["code"] == "bad_email"
    assert aki.get("/api/me/mail").json()["email"] is None
    aki.post("/api/me/mail", {"email": "aki@example.org"})
    (mail,) = smtp.inbox.wait("aki@example.org", 1)
    good = link(mail, "/api/mail/verify")
    tampered = good[:-2] + ("AA" if not good.endswith("AA") else "BB")
    refused = mail_server.client.get(local(tampered), follow_redirects=False)
    assert refused.status_code == 400 and refused.json()["detail"]["code"] == "bad_token"
    assert aki.get("/api/me/mail").json()["verified"] is False
    bad_unsubscribe = mail_server.client.post("/api/mail/unsubscribe?token=nothing&kind=all")
    assert bad_unsubscribe.status_code == 400
    bad_kind = mail_server.client.post("/api/mail/unsubscribe?token=x&kind=everything")
    assert bad_kind.status_code == 422
    assert aki.get("/api/me/mail").json()["turns"] == "each"
    # A guest has no mail settings to set.
    guest = mail_server.person("Ben")
    assert guest.post("/api/me/mail", {"email": "ben@example.org"}).status_code == 403


def test_a_server_without_smtp_says_mail_is_off(server: Server) -> None:
    aki = member(server, "aki")
    assert aki.get("/api/me/mail").json()["enabled"] is False
    answer = aki.post("/api/me/mail", {"email": "aki@example.org"})
    assert answer.status_code == 409 and answer.json()["detail"]["code"] == "mail_off"


def test_a_down_smtp_server_delays_mails_and_loses_no_move_nor_mail(
    mail_server: Server, smtp: Smtp
) -> None:
    # The SMTP server is down: the game is played to its end all the same.
    aki = member(mail_server, "aki")
    store = services(mail_server).store
    assert aki.player is not None
    aki_id = aki.player["id"]
    store.set_mailbox(
        aki_id,
        email="aki@example.org",
        verify_hash=auth.token_hash("t"),
        lang="ja",
        turns="each",
        invites=True,
        endings=True,
    )
    assert store.verify_mail(auth.token_hash("t")) is not None
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    final = play_out([aki.ws(table_id)], random.Random(5).choice)
    assert final["is_over"]
    wait_for(lambda: bool(store.mails(aki_id)))
    wait_for(lambda: store.mails(aki_id)[0].tries >= 2)  # tried, failed, tried again
    assert store.mails(aki_id)[0].status == "queued"
    assert mail_server.client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    # The SMTP server comes up: the mail arrives (once), in Aki's language.
    smtp.start()
    (mail,) = smtp.inbox.wait("aki@example.org", 1)
    assert "ゲームが終わりました" in mail["Subject"]
    assert link(mail, "/#/table/") == f"{PUBLIC}/#/table/{table_id}"
    wait_for(lambda: store.mails(aki_id)[0].status == SENT)
    assert len(smtp.inbox.to("aki@example.org")) == 1


def test_invites_hold_a_seat_and_are_mailed_and_declined(mail_server: Server, smtp: Smtp) -> None:
    smtp.start()
    aki, ben = member(mail_server, "aki"), member(mail_server, "ben")
    verified(mail_server, ben, "ben@example.org", smtp, lang="ja")
    table_id = aki.table("cafe", 3)
    answer = aki.post(f"/api/tables/{table_id}/invites", {"name": "BEN"})
    assert answer.status_code == 200, answer.text
    invite = answer.json()
    assert invite["seat"] == 1
    mail = smtp.inbox.wait("ben@example.org", 2)[1]
    assert mail["Subject"] == "【meeple】aki さんからカフェインターナショナルへのお誘い"
    assert link(mail, "/#/table/") == f"{PUBLIC}/#/table/{table_id}"
    (seen,) = ben.get("/api/me/invites").json()["invites"]
    assert (seen["table"], seen["seat"], seen["by"]["name"]) == (table_id, 1, "aki")
    # The seat is held: someone else joining gets the other one, and not Ben's by name.
    cho = mail_server.person("Cho")
    refused = cho.post(f"/api/tables/{table_id}/join", {"seat": 1})
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "seat_held"
    # Declined: the seat opens again, and the invite is gone.
    declined = ben.post(f"/api/invites/{invite['id']}/decline")
    assert declined.status_code == 200 and declined.json()["invites"] == []
    assert cho.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 200


def test_an_accepted_invite_seats_the_player(server: Server) -> None:
    aki, ben = member(server, "aki"), member(server, "ben")
    table_id = aki.table("cafe", 2)
    invite = aki.post(f"/api/tables/{table_id}/invites", {"name": "ben"}).json()
    accepted = ben.post(f"/api/invites/{invite['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["you"] == 1 and accepted.json()["status"] == "running"
    assert ben.get("/api/me/invites").json()["invites"] == []
    again = ben.post(f"/api/invites/{invite['id']}/accept")
    assert again.status_code == 404 and again.json()["detail"]["code"] == "no_invite"


def test_bad_invites_are_refused_and_change_nothing(server: Server) -> None:
    aki, ben = member(server, "aki"), member(server, "ben")
    guest = server.person("Cho")
    table_id = aki.table("cafe", 2)
    cases: list[tuple[Person, dict[str, Any], int, str]] = [
        (aki, {"name": "nobody"}, 404, "no_player"),
        (aki, {"name": "Cho"}, 404, "no_player"),  # a guest is nobody's to invite
        (aki, {"name": "!!"}, 404, "no_player"),
        (aki, {"name": "aki"}, 422, "invite_self"),
        (aki, {"name": "ben", "seat": 0}, 409, "seat_not_open"),  # Aki's own seat
        (aki, {"name": "ben", "seat": 5}, 409, "seat_not_open"),
        (ben, {"name": "aki"}, 403, "not_seated"),
        (guest, {"name": "ben"}, 403, "not_seated"),
    ]
    for who, body, status, code in cases:
        answer = who.post(f"/api/tables/{table_id}/invites", body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["detail"]["code"] == code, (body, answer.text)
    assert server.client.get(f"/api/tables/{table_id}/invites").json()["held"] == []
    assert ben.get("/api/me/invites").json()["invites"] == []
    # Invited once; twice is refused; a running table takes no invites.
    assert aki.post(f"/api/tables/{table_id}/invites", {"name": "ben"}).status_code == 200
    twice = aki.post(f"/api/tables/{table_id}/invites", {"name": "ben"})
    assert twice.status_code == 409 and twice.json()["detail"]["code"] == "invited"
    running = aki.table("cafe", 2, bots=["random"])
    late = aki.post(f"/api/tables/{running}/invites", {"name": "ben"})
    assert late.status_code == 409 and late.json()["detail"]["code"] == "not_open"
    assert server.client.post("/api/invites/1/decline").status_code == 401


def test_friends_are_added_removed_and_their_games_shown(server: Server) -> None:
    aki, ben = member(server, "aki"), member(server, "ben")
    assert ben.player is not None
    ben_table = ben.table("cafe", 2, bots=["random"])
    for body, status, code in [
        ({"name": "nobody"}, 404, "no_player"),
        ({"name": "aki"}, 422, "friend_self"),
    ]:
        answer = aki.post("/api/me/friends", body)
        assert answer.status_code == status and answer.json()["detail"]["code"] == code
    added = aki.post("/api/me/friends", {"name": "Ben"})
    assert added.status_code == 200, added.text
    (friend,) = added.json()["friends"]
    assert friend["name"] == "ben" and [t["id"] for t in friend["tables"]] == [ben_table]
    assert friend["tables"][0]["status"] == "running"
    assert aki.post("/api/me/friends", {"name": "ben"}).json()["detail"]["code"] == "friend_already"
    guest = server.person("Cho")
    assert guest.post("/api/me/friends", {"name": "ben"}).status_code == 403
    server.client.cookies.clear()
    gone = server.client.delete(f"/api/me/friends/{ben.player['id']}", headers=aki.headers)
    assert gone.status_code == 200 and gone.json()["friends"] == []
    again = server.client.delete(f"/api/me/friends/{ben.player['id']}", headers=aki.headers)
    assert again.status_code == 404


def test_play_again_offers_the_same_players_a_new_table_with_the_same_options(
    mail_server: Server, smtp: Smtp
) -> None:
    smtp.start()
    aki, ben = member(mail_server, "aki"), member(mail_server, "ben")
    verified(mail_server, ben, "ben@example.org", smtp)
    table_id = aki.post(
        "/api/tables",
        {
            "game": "cheese",
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}],
            "turn_seconds": 600,
        },
    ).json()["id"]
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    rng = random.Random(2)
    play_out([aki.ws(table_id), ben.ws(table_id)], rng.choice)
    # Ben chose game-end mails: one came.
    ended = smtp.inbox.wait("ben@example.org", 2)[1]
    assert "is over" in ended["Subject"]
    answer = aki.post(f"/api/tables/{table_id}/again")
    assert answer.status_code == 200, answer.text
    fresh = answer.json()
    assert fresh["turn_seconds"] == 600 and fresh["status"] == "open" and fresh["you"] == 0
    assert [s["kind"] for s in fresh["seats"]] == ["human", "human", "bot"]
    assert ben.player is not None and fresh["invited"] == [ben.player["id"]]
    (invite,) = ben.get("/api/me/invites").json()["invites"]
    assert invite["table"] == fresh["id"]
    smtp.inbox.wait("ben@example.org", 3)
    refused = aki.post(f"/api/tables/{fresh['id']}/again")
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "not_finished"


def test_a_daily_digest_lists_the_tables_waiting(mail_server: Server, smtp: Smtp) -> None:
    smtp.start()
    aki = member(mail_server, "aki")
    verified(mail_server, aki, "aki@example.org", smtp, turns="daily")
    assert aki.player is not None
    notices = services(mail_server).notices
    tables = [aki.table("buffet", 3, bots=["random", "random"]) for _ in range(2)]
    for table_id in tables:
        assert notices.turn_waiting(table_id, "buffet", [aki.player["id"]]) == 0  # for the digest
    assert notices.send_digests() == 1
    assert notices.send_digests() == 0  # one a day
    digest = smtp.inbox.wait("aki@example.org", 2)[1]
    assert all(f"{PUBLIC}/#/table/{t}" in text_of(digest) for t in tables)


def test_each_mail_is_claimed_by_one_process(db_url: str) -> None:
    first, second = Store(db_url), Store(db_url)
    try:
        first.queue_mail(
            [MailRow(kind="turn", to_addr=f"p{i}@example.org", message="x") for i in range(12)]
        )
        taken: list[list[int]] = [[], []]

        def claim(store: Store, into: list[int]) -> None:
            while (mail := store.claim_mail(utcnow(), utcnow() + timedelta(minutes=2))) is not None:
                into.append(mail.id)

        threads = [
            threading.Thread(target=claim, args=(store, into))
            for store, into in zip((first, second), taken, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(taken[0] + taken[1]) == [m.id for m in first.mails()]
        assert not set(taken[0]) & set(taken[1])
    finally:
        first.close()
        second.close()


def test_a_database_at_0003_upgrades_with_every_table_intact(db_url: str) -> None:
    engine = create_engine(database_url(db_url))
    schema.upgrade(engine, "0003")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO players (id, name, username, username_key, created)"
                " VALUES ('p_aki', 'aki', 'aki', 'aki', :c)"
            ),
            {"c": utcnow()},
        )
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, status, response_seconds,"
                " version, created, rated) VALUES ('t_old', 'cafe', 2, '{}', 7, 'open', 15, 0,"
                " :c, false)"
            ),
            {"c": utcnow()},
        )
        conn.execute(
            text(
                'INSERT INTO seats (table_id, seat, kind, player_id, "left")'
                " VALUES ('t_old', 0, 'human', 'p_aki', false), ('t_old', 1, 'human', NULL, false)"
            )
        )
    before = set(inspect(engine).get_table_names())
    engine.dispose()
    store = Store(db_url)  # upgrades to the newest revision
    try:
        assert schema.current(store.engine) == schema.head()
        after = set(inspect(store.engine).get_table_names())
        assert before < after
        assert {"mail_settings", "mail_outbox", "turn_notices", "invites", "friends"} <= after
        found = store.table("t_old")
        assert found is not None and [s.player_id for s in found[1]] == ["p_aki", None]
        assert store.player("p_aki") is not None
        store.add_invite("t_old", 1, "p_aki", "p_aki")
        assert [i.seat for i in store.invites_at("t_old")] == [1]
    finally:
        store.close()


def test_the_hubs_turn_passed_queues_the_turn_mail_off_the_event_loop(
    mail_server: Server, smtp: Smtp
) -> None:
    smtp.start()
    aki = member(mail_server, "aki")
    verified(mail_server, aki, "aki@example.org", smtp)
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    table = mail_server.hub.tables[table_id]
    notices = services(mail_server).notices
    mail_server.in_loop(lambda: notices.turn_passed(table, [0]))
    mail_server.in_loop(lambda: notices.turn_passed(table, [1]))  # a bot's seat: nobody
    (turn,) = smtp.inbox.wait("aki@example.org", 2)[1:]
    assert turn["Subject"].startswith("Your turn at ")
    assert link(turn, "/#/table/") == f"{PUBLIC}/#/table/{table_id}"


def test_a_turn_based_game_mails_each_player_their_turn_and_is_offered_again_turn_based(
    mail_server: Server, smtp: Smtp
) -> None:
    # The turn-based table's clocks start (the hub's turn_passed) and the notices mail the
    # players whose move it is: Ben, who chose a mail per table, gets one when his first turn
    # comes, and no second one until he has moved.
    smtp.start()
    aki, ben = member(mail_server, "aki"), member(mail_server, "ben")
    verified(mail_server, ben, "ben@example.org", smtp, turns="each", lang="en")
    table_id = aki.post(
        "/api/tables",
        {
            "game": "cheese",
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}],
            "move_seconds": 86_400,
        },
    ).json()["id"]
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    play_out([aki.ws(table_id), ben.ws(table_id)], random.Random(4).choice)
    mails = smtp.inbox.wait("ben@example.org", 2)[1:]
    turns = [m for m in mails if m["Subject"].startswith("Your turn at ")]
    assert turns, [m["Subject"] for m in mails]
    assert all(link(m, "/#/table/") == f"{PUBLIC}/#/table/{table_id}" for m in turns)
    answer = aki.post(f"/api/tables/{table_id}/again")
    assert answer.status_code == 200, answer.text
    fresh = answer.json()
    assert fresh["move_seconds"] == 86_400 and fresh["turn_seconds"] is None
