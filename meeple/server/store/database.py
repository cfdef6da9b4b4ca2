"""What the server keeps: players, sessions, tables, seats and every accepted action.

A table is stored as its seed, options and the list of actions in order; its state is never
stored, only rebuilt. :meth:`Store.record_action` writes an action and advances the table's
version in one transaction, so a stored table is always a whole number of moves.
SQLite by default; any SQLAlchemy URL (PostgreSQL with psycopg) works the same.
"""

from __future__ import annotations

from meeple.server.store.actions import Actions
from meeple.server.store.mailbox import Mailbox
from meeple.server.store.players import Players
from meeple.server.store.social import Social
from meeple.server.store.tables import Tables
from meeple.server.store.turns import Turns


class Store(Players, Tables, Actions, Mailbox, Social, Turns):
    """The database: a thin layer of named operations over SQLAlchemy sessions.

    Its parts, by area: :class:`~meeple.server.store.players.Players`,
    :class:`~meeple.server.store.tables.Tables`, :class:`~meeple.server.store.actions.Actions`,
    :class:`~meeple.server.store.mailbox.Mailbox` (mail), :class:`~meeple.server.store.social.Social`
    (invites, friends),
    :class:`~meeple.server.store.turns.Turns`,
    over the engines and transactions of :class:`~meeple.server.store.engine.StoreBase`."""
