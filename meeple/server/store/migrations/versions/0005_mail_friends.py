"""Mail (addresses, choices, the outbox, turn notices), invites and friends (issue #39).

Only new tables: no existing row changes, so the revision applies to any database of the
revision before it.

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)
PLAYER = sa.String(32)


def upgrade() -> None:
    """Add ``mail_settings``, ``mail_outbox``, ``turn_notices``, ``invites`` and ``friends``."""
    op.create_table(
        "mail_settings",
        sa.Column("player_id", PLAYER, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("verified", sa.Boolean, nullable=False),
        sa.Column("verify_hash", sa.String(64), nullable=True),
        sa.Column("unsubscribe", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("turns", sa.String(8), nullable=False),
        sa.Column("invites", sa.Boolean, nullable=False),
        sa.Column("endings", sa.Boolean, nullable=False),
        sa.Column("digest_sent", WHEN, nullable=True),
        sa.UniqueConstraint("unsubscribe"),
    )
    op.create_index("ix_mail_settings_verify_hash", "mail_settings", ["verify_hash"])
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", PLAYER, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("to_addr", sa.String(254), nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("due", WHEN, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("claimed_until", WHEN, nullable=True),
        sa.Column("error", sa.String(300), nullable=True),
        sa.Column("created", WHEN, nullable=False),
        sa.Column("sent", WHEN, nullable=True),
    )
    op.create_index("ix_mail_outbox_player_id", "mail_outbox", ["player_id"])
    op.create_index("ix_mail_outbox_status", "mail_outbox", ["status"])
    op.create_index("ix_mail_outbox_due", "mail_outbox", ["due"])
    op.create_table(
        "turn_notices",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("player_id", PLAYER, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("mailed", sa.Boolean, nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_table(
        "invites",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player_id", PLAYER, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("by_id", PLAYER, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_index("ix_invites_table_id", "invites", ["table_id"])
    op.create_index("ix_invites_player_id", "invites", ["player_id"])
    op.create_table(
        "friends",
        sa.Column("player_id", PLAYER, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("friend_id", PLAYER, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("at", WHEN, nullable=False),
    )


def downgrade() -> None:
    """Back to the revision before (addresses, queued mails, invites and friends are lost)."""
    for name in ("friends", "invites", "turn_notices", "mail_outbox", "mail_settings"):
        op.drop_table(name)
