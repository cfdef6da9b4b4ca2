"""Alembic's environment: migrations run on the connection ``meeple.server.store.schema`` hands
over (in ``config.attributes``), inside its transaction; there is no offline mode."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection)
context.run_migrations()
