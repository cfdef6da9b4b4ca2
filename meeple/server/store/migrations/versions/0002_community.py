"""Ratings, their history, table chat and mutes; tables say whether they are rated.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add ``tables.rated`` and the tables ``ratings``, ``rating_history``, ``chat``, ``mutes``."""
    # A plain ADD COLUMN (SQLite can, with a constant default): a batch copy of the table
    # would have to drop it under the foreign keys that point at it.
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("best_score", sa.Float, nullable=True),
        sa.Column("updated", WHEN, nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(40), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_index("ix_rating_history_subject_game", "rating_history", ["subject", "game"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.String(300), nullable=True),
        sa.Column("reaction", sa.String(16), nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    op.create_table(
        "mutes",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("muted_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("at", WHEN, nullable=False),
    )


def downgrade() -> None:
    """Back to 0001 (ratings and chat are lost)."""
    for name in ("mutes", "chat", "rating_history", "ratings"):
        op.drop_table(name)
    op.drop_column("tables", "rated")
