"""The database's schema history (Alembic): each revision in ``versions/`` changes it one step,
and ``meeple.server.schema.upgrade`` brings any database to the newest at start-up."""
