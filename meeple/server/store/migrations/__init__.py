"""The database's schema history (Alembic): each revision in ``versions/`` changes it one step,
and ``meeple.server.store.schema.upgrade`` brings any database to the newest at start-up."""
