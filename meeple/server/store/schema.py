"""Bring a database to the newest schema, with Alembic, when the server starts.

A new database gets every revision in turn; a database made by release 0.1.0 (which created its
tables without Alembic) is recognised by its tables and stamped at revision ``0001`` first, so
that it is upgraded, never created again over its games. On PostgreSQL an advisory lock keeps
two processes starting at once from migrating together.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The Alembic script folder (shipped inside the package)."""
FIRST = "0001"
"""The revision that is release 0.1.0's schema."""
_LOCK = 0x6D65_6570_6C65
"""An arbitrary key for PostgreSQL's advisory lock ("meeple")."""


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    newest = ScriptDirectory.from_config(config).get_current_head()
    assert newest is not None
    return newest


def current(engine: Engine) -> str | None:
    """The revision the database is at (``None`` for a database Alembic never touched)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` (the newest by default), in one transaction."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        config = _config(connection)
        tables = set(inspect(connection).get_table_names())
        if "players" in tables and "alembic_version" not in tables:
            command.stamp(config, FIRST)  # made by 0.1.0, before Alembic
        command.upgrade(config, revision)
