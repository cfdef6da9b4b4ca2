"""The database's rows (SQLAlchemy's declarative tables) and the plain values stored with them.

Everything else in the store builds on these: the :class:`~meeple.server.store.database.Store`'s
operations, the writer's bulk statements and the standings; this module imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

OPEN, RUNNING, FINISHED = "open", "running", "finished"
"""A table's status: waiting for players, being played, over."""
EXPIRED = "expired"
"""The status of an open table that waited longer than ``--open-table-minutes`` for its players
(:meth:`Tables.expire`): it never starts, and the server no longer holds it in memory."""


def utcnow() -> datetime:
    """The time now, in UTC (naive datetimes are never stored)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The tables' common base."""


class PlayerRow(Base):
    """A person: a guest (no username) or a registered player."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(32), unique=True, nullable=True)
    username_key: Mapped[str | None] = mapped_column(
        String(64), unique=True, index=True, nullable=True
    )
    """What the username looks like (:func:`meeple.server.names.skeleton`): no two players
    have usernames that look alike (``aki0`` and ``akio``). A username kept from before this
    rule that looks like an older one has its key made unique with ``:`` and its id."""
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SessionRow(Base):
    """A login: only the SHA-256 of the cookie's token is kept."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    used: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    """When it was last used, give or take the server's refresh (the session lasts its
    lifetime from then: ``meeple serve --session-days``)."""


@dataclass(frozen=True)
class SessionUse:
    """A session as the server reads it: whose it is and when it was last used."""

    player: PlayerRow
    """Outside any database session: read it, never store it."""
    used: datetime
    """In UTC (aware)."""


def aware(when: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class TableRow(Base):
    """A table: what game, how it was set up, and how far it has been played."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    response_seconds: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    scores: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether the result changes the players' ratings (docs/community.md)."""
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A turn-based table's time per move (seconds); ``None`` at a live table."""
    bank_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A turn-based table's time bank: extra seconds each seat may spend over its moves."""
    due: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    """When a turn-based table next needs the server without anyone acting (seconds since the
    epoch): the earliest clock of its awaited seats, or the moment a bot is to play there."""
    claimed: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Until when a server process handles its due moment (:meth:`Turns.claim_due`)."""


class SeatRow(Base):
    """One seat of a table: a human (with the player sitting there, if any) or a bot."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    left: Mapped[bool] = mapped_column(default=False)
    due: Mapped[float | None] = mapped_column(Float, nullable=True)
    """At a turn-based table: when this seat's running clock runs out (seconds since the
    epoch), ``None`` when it is not this seat's move."""
    bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    """At a turn-based table with a time bank: the seconds of it left."""
    timeouts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Timeouts in a row: at :data:`~meeple.server.tables.clocks.TAKEOVER` a bot has the seat
    for good."""


class ActionRow(Base):
    """One accepted action; ``number`` counts from 0 and equals the version it produced - 1."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(8))
    """Who chose it: ``human``, ``bot`` (a bot seat, or a bot standing in) or ``timeout``."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingRow(Base):
    """A subject's rating in one game: a player's id, or ``bot:<level>`` for a bot level."""

    __tablename__ = "ratings"
    subject: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    best_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingHistoryRow(Base):
    """A subject's rating after one rated game (for the profile's chart)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_subject_game", "subject", "game"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subject: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rank: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """A message or a reaction written at a table."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's seat, or None for a spectator."""
    text: Mapped[str | None] = mapped_column(String(300), nullable=True)
    reaction: Mapped[str | None] = mapped_column(String(16), nullable=True)
    version: Mapped[int] = mapped_column(Integer)
    """The table's version when it was written (where a replay shows it)."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MuteRow(Base):
    """``player_id`` does not see what ``muted_id`` writes, at any table."""

    __tablename__ = "mutes"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    muted_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class UsernameTaken(Exception):
    """A registration whose username another player has."""


class StaleVersion(Exception):
    """The table's stored version is not the one the action was applied to."""


@dataclass(frozen=True)
class ActionRecord:
    """One accepted action to store: it takes ``table_id`` from ``version`` to the next."""

    table_id: str
    version: int
    seat: int
    action: dict[str, Any]
    by: str
    state_digest: str
    result: tuple[list[float], list[int]] | None = None
    """Scores and winners, when this action ends the game."""


@dataclass(frozen=True)
class SeatSpec:
    """A seat as a table is created: ``human`` (maybe with its player) or ``bot`` with a level."""

    kind: str
    level: str | None = None
    player_id: str | None = None


# Mail, invites and friends (issue #39; revision 0005).

TURN_MAILS = ("off", "each", "daily")
"""When a player is mailed that a turn-based table waits for them: never, at once (one mail
per table until they have moved), or in one mail a day listing every such table."""
QUEUED, SENT, GAVE_UP = "queued", "sent", "gave_up"
"""A mail's status in the outbox."""
PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"
"""An invite's status."""


class MailBoxRow(Base):
    """A registered player's email address and what they want to be mailed."""

    __tablename__ = "mail_settings"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    verified: Mapped[bool] = mapped_column(default=False)
    verify_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """The SHA-256 of the verification link's token (the token itself is only in the mail)."""
    unsubscribe: Mapped[str] = mapped_column(String(64), unique=True)
    """The secret of this player's unsubscribe links (they work without logging in)."""
    lang: Mapped[str] = mapped_column(String(8), default="en")
    turns: Mapped[str] = mapped_column(String(8), default="each")
    """One of :data:`TURN_MAILS`."""
    invites: Mapped[bool] = mapped_column(default=True)
    endings: Mapped[bool] = mapped_column(default=True)
    digest_sent: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the last daily digest of waiting tables was queued."""


class MailRow(Base):
    """A mail in the outbox: the whole message as sent, and how its sending goes."""

    __tablename__ = "mail_outbox"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    kind: Mapped[str] = mapped_column(String(16))
    to_addr: Mapped[str] = mapped_column(String(254))
    message: Mapped[str] = mapped_column(Text)
    """The message as RFC 5322 text (built once, when it is queued)."""
    status: Mapped[str] = mapped_column(String(8), default=QUEUED, index=True)
    due: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    """When it may be tried (next)."""
    tries: Mapped[int] = mapped_column(Integer, default=0)
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """A process sending it now holds it until then (see ``Mailbox.claim_mail``)."""
    error: Mapped[str | None] = mapped_column(String(300), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    sent: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class TurnNoticeRow(Base):
    """A player was told (or is to be told, in the daily digest) that a table waits for them.

    Until they move there (a move of theirs numbered ``version`` or later) no other turn mail
    of that table goes to them."""

    __tablename__ = "turn_notices"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    mailed: Mapped[bool] = mapped_column(default=False)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class InviteRow(Base):
    """A player invited to a seat of an open table: the seat is held for them until they
    accept (and sit down) or decline (and it opens again)."""

    __tablename__ = "invites"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    by_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    status: Mapped[str] = mapped_column(String(12), default=PENDING)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class FriendRow(Base):
    """``player_id`` keeps ``friend_id`` in their friends list (one way, like a bookmark)."""

    __tablename__ = "friends"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    friend_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
