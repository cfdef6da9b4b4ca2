"""Table chat: short messages and quick reactions from players and spectators.

A message is plain text (the client shows it as text, never as HTML), at most
:data:`MAX_LENGTH` characters, stored with the table and the version at which it was written,
so that a reload and the replay show it again. Each person may write :data:`BURST` messages in
any :data:`WINDOW` seconds. A person can mute another: the server then never sends them what
the muted person writes, at any table. Chat never carries game information: it is built from
what people typed, never from a game state.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, select

from meeple.server.store import ChatRow, MuteRow, PlayerRow, Store, utcnow
from meeple.server.tables.live import Connection, LiveTable

MAX_LENGTH = 300
"""Characters a message may have."""
REACTIONS = ("👍", "👏", "😄", "😮", "😢", "🤔")
"""The quick reactions (one click each)."""
BURST, WINDOW = 5, 10.0
"""At most BURST messages in any WINDOW seconds, per person and table."""
HISTORY = 200
"""Messages a client gets when it opens a table."""


class ChatRefused(Exception):
    """A message the chat refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def clean(text: object) -> str:
    """The text of a message as stored: stripped, no control characters but line breaks;
    raises :class:`ChatRefused` when it is empty, too long or not text.

    >>> clean("  hello\\x07 there ")
    'hello there'
    """
    if not isinstance(text, str):
        raise ChatRefused("chat_bad", "a chat message is text")
    kept = "".join(
        ch for ch in text if ch == "\n" or not unicodedata.category(ch).startswith("C")
    ).strip()
    if not kept:
        raise ChatRefused("chat_empty", "write something first")
    if len(kept) > MAX_LENGTH:
        raise ChatRefused("chat_too_long", f"a message has at most {MAX_LENGTH} characters")
    return kept


def message_json(row: ChatRow) -> dict[str, Any]:
    """A stored message as the protocol sends it."""
    return {
        "id": row.id,
        "player": row.player_id,
        "name": row.name,
        "seat": row.seat,
        "spectator": row.seat is None,
        "text": row.text,
        "reaction": row.reaction,
        "version": row.version,
        "at": row.at.isoformat(),
    }


class Chat:
    """The chat of every table this server holds: writing, history and mutes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.sent: dict[tuple[str, str], deque[float]] = {}
        self.mutes: dict[str, set[str]] = {}
        self.on_written: list[Callable[[str, dict[str, Any], str], None]] = []
        """Called with the table, the message and its writer after each message (the other
        server processes deliver it to their clients)."""
        self.on_muted: list[Callable[[str], None]] = []
        """Called with a player whose mutes changed (other processes forget their copy)."""

    def muted_by(self, player_id: str | None) -> set[str]:
        """Whom ``player_id`` has muted (loaded once, then kept up to date here)."""
        if player_id is None:
            return set()
        if player_id not in self.mutes:
            with self.store.reading() as s:
                rows = s.scalars(select(MuteRow.muted_id).where(MuteRow.player_id == player_id))
                self.mutes[player_id] = set(rows)
        return self.mutes[player_id]

    def mute(self, player_id: str, muted_id: str, on: bool) -> None:
        """Mute (or unmute) ``muted_id`` for ``player_id``, everywhere."""
        if player_id == muted_id:
            raise ChatRefused("chat_mute_self", "you cannot mute yourself")
        with self.store.session() as s:
            if s.get(PlayerRow, muted_id) is None:
                raise ChatRefused("no_player", f"no player {muted_id!r}")
            exists = s.get(MuteRow, (player_id, muted_id)) is not None
            if on and not exists:
                s.add(MuteRow(player_id=player_id, muted_id=muted_id, at=utcnow()))
            if not on and exists:
                s.execute(
                    delete(MuteRow).where(
                        MuteRow.player_id == player_id, MuteRow.muted_id == muted_id
                    )
                )
        muted = self.muted_by(player_id)
        if on:
            muted.add(muted_id)
        else:
            muted.discard(muted_id)
        for tell in self.on_muted:
            tell(player_id)

    def forget_mutes(self, player_id: str) -> None:
        """Drop this process's copy of a player's mutes (changed elsewhere)."""
        self.mutes.pop(player_id, None)

    def history(self, table_id: str, reader: str | None) -> list[dict[str, Any]]:
        """The table's messages, oldest first, without those of people ``reader`` muted."""
        muted = self.muted_by(reader)
        with self.store.reading() as s:
            rows = s.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(HISTORY)
            ).all()
        return [message_json(r) for r in reversed(rows) if r.player_id not in muted]

    def write(self, table: LiveTable, connection: Connection, body: dict[str, Any]) -> None:
        """Store a message (``text``) or a reaction (``reaction``) and send it to everyone at
        the table who has not muted its writer; raises :class:`ChatRefused`."""
        if connection.player_id is None:
            raise ChatRefused("chat_no_player", "choose a name before you write")
        extra = set(body) - {"type", "text", "reaction"}
        if extra or ("text" in body) == ("reaction" in body):
            raise ChatRefused(
                "chat_bad", 'a chat message is {"type": "chat", "text": "…"} or a "reaction"'
            )
        text = reaction = None
        if "text" in body:
            text = clean(body["text"])
        elif body["reaction"] in REACTIONS:
            reaction = body["reaction"]
        else:
            raise ChatRefused("chat_bad", f"reactions are {' '.join(REACTIONS)}")
        key = (table.id, connection.player_id)
        now = time.monotonic()
        sent = self.sent.setdefault(key, deque())
        while sent and sent[0] <= now - WINDOW:
            sent.popleft()
        if len(sent) >= BURST:
            wait = max(1, round(sent[0] + WINDOW - now))
            raise ChatRefused("chat_rate", f"too many messages; wait {wait} s")
        sent.append(now)
        table.chat_quiet = False
        with self.store.session() as s:
            player = s.get(PlayerRow, connection.player_id)
            row = ChatRow(
                table_id=table.id,
                player_id=connection.player_id,
                name=player.name if player else "?",
                seat=connection.seat,
                text=text,
                reaction=reaction,
                version=table.version,
                at=utcnow(),
            )
            s.add(row)
            s.flush()
            message = message_json(row)
        self.deliver(table, message, connection.player_id)
        for tell in self.on_written:
            tell(table.id, message, connection.player_id)

    def deliver(self, table: LiveTable, message: dict[str, Any], writer: str) -> None:
        """Send a message to everyone at the table here who has not muted its writer."""
        out = json.dumps({"type": "chat", "message": message}, ensure_ascii=False)
        for other in list(table.connections):
            if writer not in self.muted_by(other.player_id):
                other.push(out)
