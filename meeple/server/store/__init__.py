"""What the server keeps: the database's rows and operations, its schema and migrations, the
writer that stores the moves of a moment together, and the ratings stored from results.

The rest of the server imports from here (``from meeple.server.store import Store, ...``;
the modules ``schema`` and ``standings`` as ``from meeple.server.store import standings``).
Inside, the modules import one way, each only from those listed before it:

* ``rows``: the ORM rows, the table statuses and the plain values stored with them;
* ``digests``: a game state's fingerprint;
* ``schema`` (with ``migrations/``): Alembic's upgrade at start-up;
* ``standings``: ratings updated from a rated game's result, profiles and leaderboards;
* ``engine``: the database's URL, SQLite's settings and :class:`StoreBase`'s transactions;
* ``players``, ``tables``, ``actions``, ``mailbox``, ``social``, ``turns``: the :class:`Store`'s
  operations by area (``tables`` and ``actions`` also hold the writer's bulk statements);
* ``database``: :class:`Store`, made of those parts;
* ``writer``: the :class:`ActionWriter` (group commits) and the SQLite :class:`Checkpointer`.

It imports nothing else of the server but its leaf modules (``jsontext``, ``trace``).
"""

from __future__ import annotations

from meeple.server.store import schema, standings
from meeple.server.store.actions import (
    record_action_in,
    record_actions_in,
    record_plain_actions_sqlite,
)
from meeple.server.store.database import Store
from meeple.server.store.digests import digest, digest_matches, legacy_digest
from meeple.server.store.engine import (
    SQLITE_BUSY_SECONDS,
    SQLITE_SYNC,
    StoreBase,
    database_url,
)
from meeple.server.store.rows import (
    ACCEPTED,
    DECLINED,
    EXPIRED,
    FINISHED,
    GAVE_UP,
    OPEN,
    PENDING,
    QUEUED,
    RUNNING,
    SENT,
    TURN_MAILS,
    ActionRecord,
    ActionRow,
    Base,
    ChatRow,
    FriendRow,
    InviteRow,
    MailBoxRow,
    MailRow,
    MuteRow,
    PlayerRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SeatSpec,
    SessionRow,
    SessionUse,
    StaleVersion,
    TableRow,
    TurnNoticeRow,
    UsernameTaken,
    aware,
    utcnow,
)
from meeple.server.store.tables import add_table_in, add_tables_sqlite, seat_values
from meeple.server.store.turns import SeatClock
from meeple.server.store.writer import ActionWriter, Checkpointer

__all__ = [
    "ACCEPTED",
    "DECLINED",
    "EXPIRED",
    "FINISHED",
    "GAVE_UP",
    "OPEN",
    "PENDING",
    "QUEUED",
    "RUNNING",
    "SENT",
    "SQLITE_BUSY_SECONDS",
    "SQLITE_SYNC",
    "TURN_MAILS",
    "ActionRecord",
    "ActionRow",
    "ActionWriter",
    "Base",
    "ChatRow",
    "Checkpointer",
    "FriendRow",
    "InviteRow",
    "MailBoxRow",
    "MailRow",
    "MuteRow",
    "PlayerRow",
    "RatingHistoryRow",
    "RatingRow",
    "SeatClock",
    "SeatRow",
    "SeatSpec",
    "SessionRow",
    "SessionUse",
    "StaleVersion",
    "Store",
    "StoreBase",
    "TableRow",
    "TurnNoticeRow",
    "UsernameTaken",
    "add_table_in",
    "add_tables_sqlite",
    "aware",
    "database_url",
    "digest",
    "digest_matches",
    "legacy_digest",
    "record_action_in",
    "record_actions_in",
    "record_plain_actions_sqlite",
    "schema",
    "seat_values",
    "standings",
    "utcnow",
]
