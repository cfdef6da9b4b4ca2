"""Usernames told apart by how they look; sessions that expire (issue #34).

``players.username_key`` is what a username looks like (:func:`meeple.server.names.skeleton`),
under a unique index: no new username may look like another. It is filled for the players
registered before: the oldest of usernames that look alike keeps the plain key, each younger
one gets its key made unique with ``:`` and its id (it keeps its username and still logs in;
nobody may register a look-alike of it).

``sessions.used`` is when a session was last used: it lasts the server's session lifetime from
then. The sessions open before this revision count as used at the upgrade (so that nobody is
logged out by it).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from meeple.server.names import skeleton

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)

_players = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("username", sa.String),
    sa.column("username_key", sa.String),
    sa.column("created", WHEN),
)
_sessions = sa.table("sessions", sa.column("used", WHEN))


def upgrade() -> None:
    """Add ``players.username_key`` (filled, unique) and ``sessions.used`` (filled, indexed)."""
    op.add_column("players", sa.Column("username_key", sa.String(64), nullable=True))
    bind = op.get_bind()
    registered = bind.execute(
        sa.select(_players.c.id, _players.c.username)
        .where(_players.c.username.is_not(None))
        .order_by(_players.c.created, _players.c.id)
    ).all()
    taken: set[str] = set()
    for player_id, username in registered:
        key = skeleton(username)
        if key in taken:
            key = f"{key}:{player_id}"
        taken.add(key)
        bind.execute(sa.update(_players).where(_players.c.id == player_id).values(username_key=key))
    op.create_index("ix_players_username_key", "players", ["username_key"], unique=True)

    op.add_column("sessions", sa.Column("used", WHEN, nullable=True))
    bind.execute(sa.update(_sessions).values(used=datetime.now(UTC)))
    # NOT NULL once filled: SQLite changes a column by copying its table (nothing refers
    # to the sessions, so the copy is safe under its foreign keys).
    with op.batch_alter_table("sessions") as batch:
        batch.alter_column("used", existing_type=WHEN, nullable=False)
    op.create_index("ix_sessions_used", "sessions", ["used"])


def downgrade() -> None:
    """Back to 0002 (sessions then never expire)."""
    op.drop_index("ix_sessions_used", "sessions")
    op.drop_column("sessions", "used")
    op.drop_index("ix_players_username_key", "players")
    op.drop_column("players", "username_key")
