"""The store's mail: players' addresses and choices, the outbox, and the turn notices.

The outbox is the only way a mail leaves the server: a mail is a row first (written in the
same moment as what it tells), then a sender claims it with a conditional ``UPDATE`` (so that
with several processes each mail is sent once), sends it, and marks it sent, or puts it back
with a later ``due`` when the SMTP server failed (:mod:`meeple.server.site.mail.postman`).
"""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import and_, exists, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from meeple.server.store.engine import StoreBase
from meeple.server.store.rows import (
    GAVE_UP,
    QUEUED,
    RUNNING,
    SENT,
    ActionRow,
    MailBoxRow,
    MailRow,
    SeatRow,
    TableRow,
    TurnNoticeRow,
    utcnow,
)

CLAIMS_TRIED = 8
"""Due mails looked at per claim: another process may take some of them first."""


class Mailbox(StoreBase):
    """Addresses, the outbox and turn notices: the :class:`~meeple.server.store.database.Store`'s
    part for mail."""

    def mailbox(self, player_id: str) -> MailBoxRow | None:
        """The player's address and choices, if they ever gave any."""
        with self.reading() as s:
            return s.get(MailBoxRow, player_id)

    def mailboxes(self, player_ids: list[str]) -> dict[str, MailBoxRow]:
        """The address and choices of each of these players that has any."""
        with self.reading() as s:
            rows = s.scalars(select(MailBoxRow).where(MailBoxRow.player_id.in_(player_ids)))
            return {row.player_id: row for row in rows}

    def set_mailbox(
        self,
        player_id: str,
        *,
        email: str | None,
        verify_hash: str | None,
        lang: str,
        turns: str,
        invites: bool,
        endings: bool,
    ) -> MailBoxRow:
        """Store the player's choices. A changed address is unverified until its link is
        opened (``verify_hash``: its token's hash); the same address keeps its state."""
        with self.session() as s:
            row = s.get(MailBoxRow, player_id)
            if row is None:
                row = MailBoxRow(
                    player_id=player_id, verified=False, unsubscribe=secrets.token_urlsafe(24)
                )
                s.add(row)
            if email != row.email:
                row.email = email
                row.verified = False
                row.verify_hash = verify_hash if email is not None else None
            row.lang, row.turns, row.invites, row.endings = lang, turns, invites, endings
            return row

    def verify_mail(self, token_hash: str) -> MailBoxRow | None:
        """Mark the address whose verification token has this hash verified (once)."""
        with self.session() as s:
            row = s.scalars(select(MailBoxRow).where(MailBoxRow.verify_hash == token_hash)).first()
            if row is not None:
                row.verified = True
                row.verify_hash = None
            return row

    def unsubscribe(self, secret: str, kinds: tuple[str, ...]) -> MailBoxRow | None:
        """Turn off these kinds of mail (``turns``, ``invites``, ``endings``) for the player
        whose unsubscribe secret this is."""
        with self.session() as s:
            row = s.scalars(select(MailBoxRow).where(MailBoxRow.unsubscribe == secret)).first()
            if row is not None:
                if "turns" in kinds:
                    row.turns = "off"
                if "invites" in kinds:
                    row.invites = False
                if "endings" in kinds:
                    row.endings = False
            return row

    # The outbox.

    def queue_mail(self, mails: list[MailRow]) -> None:
        """Put mails in the outbox (due now unless they say otherwise)."""
        if not mails:
            return
        with self.session() as s:
            s.add_all(mails)

    def claim_mail(self, now: datetime, hold_until: datetime) -> MailRow | None:
        """A due mail, held for this caller until ``hold_until`` (then another may take it,
        should this one have died sending it); ``None`` when none is due. The hold is taken
        by a conditional ``UPDATE``: of processes that try at once, one gets each mail."""
        with self.reading() as s:
            due = list(
                s.scalars(
                    select(MailRow.id)
                    .where(
                        MailRow.status == QUEUED,
                        MailRow.due <= now,
                        or_(MailRow.claimed_until.is_(None), MailRow.claimed_until < now),
                    )
                    .order_by(MailRow.due, MailRow.id)
                    .limit(CLAIMS_TRIED)
                )
            )
        for mail_id in due:
            with self.session() as s:
                taken = s.execute(
                    update(MailRow)
                    .where(
                        MailRow.id == mail_id,
                        MailRow.status == QUEUED,
                        or_(MailRow.claimed_until.is_(None), MailRow.claimed_until < now),
                    )
                    .values(claimed_until=hold_until)
                )
                if getattr(taken, "rowcount", 0) == 1:
                    return s.get(MailRow, mail_id)
        return None

    def mail_sent(self, mail_id: int) -> None:
        """The mail went out."""
        with self.session() as s:
            s.execute(
                update(MailRow)
                .where(MailRow.id == mail_id)
                .values(status=SENT, sent=utcnow(), claimed_until=None, error=None)
            )

    def mail_failed(self, mail_id: int, error: str, due: datetime | None) -> None:
        """Sending failed: try again at ``due``, or never (``None``: given up)."""
        with self.session() as s:
            s.execute(
                update(MailRow)
                .where(MailRow.id == mail_id)
                .values(
                    status=QUEUED if due is not None else GAVE_UP,
                    tries=MailRow.tries + 1,
                    due=due if due is not None else utcnow(),
                    claimed_until=None,
                    error=error[:300],
                )
            )

    def mails(self, player_id: str | None = None) -> list[MailRow]:
        """The outbox, oldest first (a player's mails only, if given)."""
        with self.reading() as s:
            query = select(MailRow).order_by(MailRow.id)
            if player_id is not None:
                query = query.where(MailRow.player_id == player_id)
            return list(s.scalars(query))

    # Turn notices: at most one mail per table until the player has moved.

    def note_turn(self, table_id: str, player_id: str, *, mailed: bool) -> bool:
        """Note that the table waits for the player; ``True`` if they are to be told (never
        told of this table, or told and they have moved there since), ``False`` if a notice
        of theirs still stands. ``mailed``: the notice goes out now (not in a digest)."""
        try:
            with self.session() as s:
                table = s.get(TableRow, table_id)
                if table is None:
                    return False
                row = s.get(TurnNoticeRow, (table_id, player_id))
                if row is not None and not _moved_since(s, table_id, player_id, row.version):
                    return False
                if row is None:
                    row = TurnNoticeRow(table_id=table_id, player_id=player_id)
                    s.add(row)
                row.version, row.mailed, row.at = table.version, mailed, utcnow()
                return True
        except IntegrityError:  # told by another process this instant
            return False

    def forget_turns(self, table_id: str) -> None:
        """The table is over: its notices go."""
        with self.session() as s:
            s.query(TurnNoticeRow).filter(TurnNoticeRow.table_id == table_id).delete()

    def digests_due(self, before: datetime) -> dict[str, list[str]]:
        """For each player who chose a daily digest and had none since ``before``: the running
        tables that still wait for them and that no mail told them of yet."""
        found: dict[str, list[str]] = {}
        with self.reading() as s:
            rows = s.execute(
                select(TurnNoticeRow.player_id, TurnNoticeRow.table_id, TurnNoticeRow.version)
                .join(MailBoxRow, MailBoxRow.player_id == TurnNoticeRow.player_id)
                .join(TableRow, TableRow.id == TurnNoticeRow.table_id)
                .where(
                    TurnNoticeRow.mailed.is_(False),
                    TableRow.status == RUNNING,
                    MailBoxRow.turns == "daily",
                    MailBoxRow.verified.is_(True),
                    or_(MailBoxRow.digest_sent.is_(None), MailBoxRow.digest_sent < before),
                )
                .order_by(TurnNoticeRow.player_id, TurnNoticeRow.at)
            ).all()
            for player_id, table_id, version in rows:
                if not _moved_since(s, table_id, player_id, version):
                    found.setdefault(player_id, []).append(table_id)
        return found

    def digest_queued(self, player_id: str, table_ids: list[str], mail: MailRow) -> None:
        """The digest of these tables is in the outbox (in the same transaction)."""
        with self.session() as s:
            s.add(mail)
            s.execute(
                update(TurnNoticeRow)
                .where(TurnNoticeRow.player_id == player_id, TurnNoticeRow.table_id.in_(table_ids))
                .values(mailed=True)
            )
            s.execute(
                update(MailBoxRow)
                .where(MailBoxRow.player_id == player_id)
                .values(digest_sent=utcnow())
            )


def _moved_since(s: Session, table_id: str, player_id: str, version: int) -> bool:
    """Whether the player made a move of their own at the table from ``version`` on."""
    seat = select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.player_id == player_id)
    query = select(
        exists().where(
            and_(
                ActionRow.table_id == table_id,
                ActionRow.seat.in_(seat.scalar_subquery()),
                ActionRow.number >= version,
                ActionRow.by == "human",
            )
        )
    )
    return bool(s.scalar(query))
