"""Turn-based tables (issue #39).

``tables.move_seconds`` (a turn-based table's time per move; ``NULL`` at a live table, which
every table stored before this revision is) and ``tables.bank_seconds`` (its time bank);
``tables.due`` (indexed: the sweeper's question "which tables are due now?") and
``tables.claimed`` (until when a process handles one); each seat's running clock
``seats.due``, its bank left ``seats.bank`` and its ``seats.timeouts`` in a row (0 for every
seat stored before).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the turn-based columns; every stored table stays a live table as it was."""
    op.add_column("tables", sa.Column("move_seconds", sa.Integer(), nullable=True))
    op.add_column("tables", sa.Column("bank_seconds", sa.Integer(), nullable=True))
    op.add_column("tables", sa.Column("due", sa.Float(), nullable=True))
    op.add_column("tables", sa.Column("claimed", sa.Float(), nullable=True))
    op.create_index("ix_tables_due", "tables", ["due"])
    op.add_column("seats", sa.Column("due", sa.Float(), nullable=True))
    op.add_column("seats", sa.Column("bank", sa.Float(), nullable=True))
    op.add_column("seats", sa.Column("timeouts", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Back to 0003 (turn-based tables are then live tables without a timer)."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeouts")
        batch.drop_column("bank")
        batch.drop_column("due")
    op.drop_index("ix_tables_due", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("claimed")
        batch.drop_column("due")
        batch.drop_column("bank_seconds")
        batch.drop_column("move_seconds")
