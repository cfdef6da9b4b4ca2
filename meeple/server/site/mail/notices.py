"""What happened at the site, turned into mails queued for the players who chose them.

Each notice is a plain function that reads and writes the database (call it in a thread, or
through :meth:`Notices.later` from the event loop) and queues its mails in the outbox; the
:class:`~meeple.server.site.mail.postman.Postman` sends them. Without ``--smtp`` nothing is
queued.

* :meth:`Notices.turn_waiting`: a turn-based table waits for these players (the hub's
  ``turn_passed``); at most one mail per table until the player has moved there, or one
  daily digest of such tables (:meth:`Notices.send_digests`);
* :meth:`Notices.invited`: a player was invited to a seat;
* :meth:`Notices.game_ended`: a game ended (the hub's ``on_finished``);
* :meth:`Notices.verification`: the link that verifies an address.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from meeple.server.site.mail.compose import Composer
from meeple.server.site.mail.texts import AND, RESULT, game_name, lang_of
from meeple.server.store import InviteRow, MailBoxRow, MailRow, Store, utcnow
from meeple.server.tables.live import LiveTable

DIGEST_PERIOD = timedelta(days=1)
"""How often a player who chose the daily digest gets one (when tables wait for them)."""


class Notices:
    """The site's notices by mail."""

    def __init__(
        self,
        store: Store,
        composer: Composer,
        *,
        enabled: bool,
        poke: Callable[[], None] | None = None,
    ) -> None:
        """``enabled``: whether the server sends mail at all (``--smtp``); ``poke``: told
        when mails were queued (the postman then sends them at once)."""
        self.store = store
        self.composer = composer
        self.enabled = enabled
        self.poke = poke or (lambda: None)
        self._tasks: set[asyncio.Task[Any]] = set()

    # From the event loop.

    def later(self, notice: Callable[..., object], *args: Any) -> None:
        """Run a notice in a thread, from the event loop, without waiting for it."""
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(notice, *args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def turn_passed(self, table: LiveTable, seats: list[int]) -> None:
        """The hub's ``turn_passed`` at a turn-based table (the move passed to these human
        seats): :meth:`turn_waiting` for their players, queued later, off the event loop."""
        if not self.enabled:
            return
        players = [p.id for i in seats if (p := table.seats[i].player) is not None]
        if players:
            self.later(self.turn_waiting, table.id, table.game.id, players)

    def table_finished(self, table: LiveTable) -> None:
        """The hub finished a game (its ``on_finished``): its players' mails, queued later."""
        if not self.enabled:
            return
        names = [s.player.name if s.player is not None else "" for s in table.seats]
        winners = [names[i] or f"#{i + 1}" for i in (table.final[1] if table.final else [])]
        players = [s.player.id for s in table.seats if s.player is not None]
        self.later(self.game_ended, table.id, table.game.id, players, winners)

    # The notices (blocking: in a thread).

    def _to(self, box: MailBoxRow | None, choice: str) -> str | None:
        """Where a notice goes: the verified address of a player who chose it, if any."""
        if not self.enabled or box is None or box.email is None or not box.verified:
            return None
        chosen = box.turns != "off" if choice == "turns" else bool(getattr(box, choice))
        return box.email if chosen else None

    def _name(self, player_id: str) -> str:
        player = self.store.player(player_id)
        return player.name if player is not None else player_id

    def verification(self, player_id: str, email: str, lang: str, token: str) -> None:
        """Mail the link that verifies ``email`` (whatever the player chose to get)."""
        if not self.enabled:
            return
        values = {"name": self._name(player_id), "link": self.composer.verify_link(token)}
        message = self.composer.compose("verify", lang, email, values)
        self._queue([MailRow(player_id=player_id, kind="verify", to_addr=email, message=message)])

    def turn_waiting(self, table_id: str, game: str, player_ids: list[str]) -> int:
        """A turn-based table waits for these players: mail each who chose it, unless a mail
        of this table already told them and they have not moved there since (a player who
        chose the daily digest has the table noted for it instead). How many mails were
        queued."""
        boxes = self.store.mailboxes(player_ids)
        mails = []
        for player_id in player_ids:
            box = boxes.get(player_id)
            to = self._to(box, "turns")
            if box is None or to is None:
                continue
            now = box.turns == "each"
            if not self.store.note_turn(table_id, player_id, mailed=now) or not now:
                continue
            values = {
                "name": self._name(player_id),
                "game": game_name(game, lang_of(box.lang)),
                "link": self.composer.table_link(table_id),
            }
            message = self.composer.compose("turn", box.lang, to, values, box.unsubscribe)
            mails.append(MailRow(player_id=player_id, kind="turn", to_addr=to, message=message))
        self._queue(mails)
        return len(mails)

    def send_digests(self, now: datetime | None = None) -> int:
        """Queue the daily digests due (players who had none for a day and whom tables wait
        for); how many."""
        if not self.enabled:
            return 0
        before = (now or utcnow()) - DIGEST_PERIOD
        due = self.store.digests_due(before)
        boxes = self.store.mailboxes(list(due))
        queued = 0
        for player_id, table_ids in due.items():
            box = boxes[player_id]
            to = self._to(box, "turns")
            if to is None:
                continue
            found = {t.id: t.game for t in (self._table(tid) for tid in table_ids) if t}
            lines = "\n".join(
                f"- {game_name(game, lang_of(box.lang))}: {self.composer.table_link(tid)}"
                for tid, game in found.items()
            )
            values = {"name": self._name(player_id), "lines": lines}
            message = self.composer.compose("digest", box.lang, to, values, box.unsubscribe)
            mail = MailRow(player_id=player_id, kind="digest", to_addr=to, message=message)
            self.store.digest_queued(player_id, table_ids, mail)
            queued += 1
        if queued:
            self.poke()
        return queued

    def _table(self, table_id: str) -> Any:
        found = self.store.table(table_id)
        return found[0] if found is not None else None

    def invited(self, invite: InviteRow, by_name: str, game: str) -> bool:
        """Mail the invited player (if they chose invite mails); whether a mail was queued."""
        box = self.store.mailbox(invite.player_id)
        to = self._to(box, "invites")
        if box is None or to is None:
            return False
        values = {
            "name": self._name(invite.player_id),
            "by": by_name,
            "game": game_name(game, lang_of(box.lang)),
            "seat": str(invite.seat + 1),
            "link": self.composer.table_link(invite.table_id),
        }
        message = self.composer.compose("invite", box.lang, to, values, box.unsubscribe)
        self._queue(
            [MailRow(player_id=invite.player_id, kind="invite", to_addr=to, message=message)]
        )
        return True

    def game_ended(
        self, table_id: str, game: str, player_ids: list[str], winners: list[str]
    ) -> int:
        """Mail the players of a finished game who chose it; how many mails were queued."""
        self.store.forget_turns(table_id)
        boxes = self.store.mailboxes(player_ids)
        mails = []
        for player_id in dict.fromkeys(player_ids):
            box = boxes.get(player_id)
            to = self._to(box, "endings")
            if box is None or to is None:
                continue
            lang = lang_of(box.lang)
            values = {
                "name": self._name(player_id),
                "game": game_name(game, lang),
                "result": RESULT[lang].format(winners=AND[lang].join(winners)) if winners else "",
                "link": self.composer.table_link(table_id),
            }
            message = self.composer.compose("ended", lang, to, values, box.unsubscribe)
            mails.append(MailRow(player_id=player_id, kind="ended", to_addr=to, message=message))
        self._queue(mails)
        return len(mails)

    def _queue(self, mails: list[MailRow]) -> None:
        if mails:
            self.store.queue_mail(mails)
            self.poke()
