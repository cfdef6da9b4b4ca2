"""The server's settings: one frozen value built by ``meeple serve`` or by tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir

import meeple
from meeple.bots.levels import LEVELS, levels_for


def default_db_url() -> str:
    """SQLite in the user's data directory: a file, no set-up, kept between runs."""
    folder = Path(user_data_dir("meeple", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'meeple.sqlite'}"


def everywhere_levels() -> list[str]:
    """The bot levels that can play every game at every player count."""
    counts = [
        (game.id, n)
        for game in meeple.GAMES.values()
        for n in range(game.min_players, game.max_players + 1)
    ]
    return [level for level in LEVELS if all(level in levels_for(g, n) for g, n in counts)]


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told; the defaults suit one machine serving friends."""

    def __post_init__(self) -> None:
        # Checked at start-up, not at the first absent player's turn (a table without a bot).
        if self.away_level not in everywhere_levels():
            raise ValueError(
                f"away_level {self.away_level!r} must be a level that plays every game at "
                f"every player count: {', '.join(everywhere_levels())}"
            )

    db_url: str = field(default_factory=default_db_url)
    sqlite_sync: str = "normal"
    """When a SQLite commit waits for the disk: ``normal`` or ``full``
    (:data:`meeple.server.store.SQLITE_SYNC`; PostgreSQL has its own settings)."""
    sqlite_commits: str = "loop"
    """With ``sqlite_sync`` ``normal``, where the actions are committed: ``loop`` (on the event
    loop, a person's at once) or ``thread`` (the action writer's thread); see
    :mod:`meeple.server.store.writer`. ``full`` and PostgreSQL always use the thread."""
    bot_delay: float = 0.6
    """Seconds a bot waits before it plays, so that people can follow the game (on average:
    see ``bot_jitter``)."""
    bot_jitter: float = 0.5
    """How much a bot's wait varies: each wait is drawn evenly from ``bot_delay`` × (1 ±
    ``bot_jitter``); 0: always exactly ``bot_delay``. A bot that always answers after the
    same time is not lifelike, and bots that began together stay together: a crowd of
    tables whose bots all wait the same time keeps moving in waves."""
    grace: float = 30.0
    """Seconds without a connection before a seated player counts as away."""
    allow_origins: tuple[str, ...] = ()
    """Other origins (scheme://host:port) allowed to call the API and open websockets."""
    bot_workers: int = 2
    """Processes that run the bots' searches, so the event loop never waits for them."""
    max_message: int = 16 * 1024
    """The largest websocket message a client may send, in bytes."""
    rate_per_second: float = 20.0
    rate_burst: int = 40
    secure_cookies: bool = False
    """Mark the session cookie Secure (set when the server is behind HTTPS). A request that
    arrived over HTTPS (``https`` through a trusted proxy's ``X-Forwarded-Proto``) gets a
    Secure cookie either way."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks (CIDR) of the proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed; none by default (every request is from the address
    it came from)."""
    session_seconds: float = 30 * 24 * 3600.0
    """How long a session lasts unused (each use starts it again; noted at most about once an
    hour per session); an expired session is no session, and its open sockets lose their
    player."""
    login_tries_per_address: int = 20
    """Logins and registrations one address may try a minute (each costs an argon2 hash)."""
    login_failures_per_account: int = 10
    """Failed logins one account may take a minute from one address (the guesser's address
    is held, not the account: its owner elsewhere still logs in)."""
    login_failures_everywhere: int = 100
    """Failed logins an account may take a minute from all addresses together before each
    address that failed for it waits a minute after its failure (guessing from many)."""
    away_level: str = "normal"
    """The bot level that plays for an absent player: one that plays every game at every
    player count (``expert`` does not: its networks ship for some counts only)."""
    redis_url: str | None = None
    """Redis, for several server processes on one database (fan-out, leases, login limits);
    ``None``: this process is the only one."""
    smtp_url: str | None = None
    """The SMTP server that sends the site's mails: ``smtp://user:password@host:port``
    (STARTTLS when the server offers it) or ``smtps://…`` (TLS from the start); ``None``: no
    email at all (docs/deploy.md, "Mail")."""
    public_url: str = "http://localhost:8000"
    """The site's address as people reach it: the links in mails start with it."""
    mail_from: str | None = None
    """The mails' ``From``; by default ``meeple <noreply@host>`` with the public URL's host."""
    mail_retry_seconds: float = 30.0
    """The wait before a failed mail is tried again; it doubles at each failure (at most an
    hour between tries)."""
    mail_poll_seconds: float = 5.0
    """How often the outbox is looked at for mails due (mails queued by this process are
    sent at once; this is for retries and other processes' mails)."""
    turn_sweep_seconds: float = 10.0
    """Seconds between two looks for the turn-based tables whose clock ran out (a timeout
    fires at most this late)."""
    turn_idle_seconds: float = 300.0
    """Seconds a turn-based table stays in memory after the last look or action."""
    lease_seconds: float = 3.0
    """How long a table's lease lasts unrenewed: a dead process's tables go on elsewhere
    this long after it stopped (plus a beat)."""

    # What one person may take of the server (docs/security.md, "Limits").

    max_body: int = 64 * 1024
    """The largest request body, in bytes: a larger one is answered 413 before it is read
    (the protocol's bodies are a few hundred bytes)."""
    body_seconds: float = 10.0
    """Seconds a request's body may take to arrive whole; then 408."""
    guests_per_hour: int = 30
    """New guests one address may make an hour (in this process's memory, or in Redis)."""
    open_tables: int = 5
    """Open tables (waiting for players) one player may have made or sit at when they make
    another."""
    open_table_minutes: float = 30.0
    """Minutes an open table waits for its players: then it expires (status ``expired``),
    leaves the lobby and the server's memory."""
    open_turn_based_days: float = 7.0
    """Days an open turn-based table waits for its players (friends invited by mail may answer
    a day or more later) before it expires as any open table does."""
    bot_tables: int = 10
    """Unfinished tables with bots one player may have made (each keeps bots thinking)."""
    sockets_per_player: int = 16
    """Websockets one player may have open at once (in this process)."""
    sockets_per_address: int = 64
    """Websockets one address may have open at once without a session (in this process)."""
