"""The schema of release 0.1.0, as ``Base.metadata.create_all`` made it before Alembic.

Databases made by that release have these tables and no ``alembic_version``: they are stamped
at this revision, then upgraded.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Players, sessions, tables, seats and actions."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("username", sa.String(32), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("created", WHEN, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created", WHEN, nullable=False),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("turn_seconds", sa.Integer, nullable=True),
        sa.Column("response_seconds", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("digest", sa.String(64), nullable=True),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("winners", sa.JSON, nullable=True),
        sa.Column("created", WHEN, nullable=False),
        sa.Column("finished", WHEN, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("left", sa.Boolean, nullable=False),
    )
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )


def downgrade() -> None:
    """Nothing before the first revision."""
    for name in ("actions", "seats", "tables", "sessions", "players"):
        op.drop_table(name)
