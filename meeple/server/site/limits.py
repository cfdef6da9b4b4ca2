"""Limits on logging in and registering, per address and per account; on new guests per
address; on the websockets one player or address holds open.

Each try costs an argon2 hash (tens of milliseconds of a core), so a flood of logins is both a
password-guessing attack and a denial of service. Sliding windows answer it (docs/security.md,
"Accounts and sessions"):

* every address may try (log in or register) ``per_address`` times a minute, whatever the
  account;
* every address may fail ``per_account_failures`` logins a minute *for one account*: a guesser's
  address is held for that account, while its owner, at another address, still logs in — a
  guesser cannot keep them out;
* once an account has failed ``failures_everywhere`` logins a minute from all addresses
  together (guessing from many addresses), every address that failed for it in that minute
  waits until its failure is a minute old: one guess a minute per address, while an address
  that has not failed (the owner's) still goes through.

A refusal says when to come back (``Retry-After``). The counters live in this process's memory,
or in Redis when the server has one (several processes then share them: a guesser gains
nothing by being sent to another). Either way they are forgotten a window after their last
event: a key seen once (a one-off name or address) costs nothing a minute later.
"""

from __future__ import annotations

import math
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class Window:
    """At most ``limit`` events in any ``seconds``; events older than that are forgotten, and so
    are the keys that have no newer ones (swept once a window, when an event is added)."""

    limit: int
    seconds: float
    events: dict[str, deque[float]] = field(default_factory=dict)
    swept: float = -math.inf
    """When the keys were last swept."""

    def look(self, key: str, now: float) -> tuple[int, float | None]:
        """How many events ``key`` had in the window up to ``now``, and the oldest one's time."""
        times = self.events.get(key)
        if times is None:
            return 0, None
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if not times:
            del self.events[key]
            return 0, None
        return len(times), times[0]

    def add(self, key: str, now: float) -> None:
        """Count one event of ``key``."""
        self._sweep(now)
        self.events.setdefault(key, deque()).append(now)

    def _sweep(self, now: float) -> None:
        """Forget the keys whose newest event left the window (at most once a window: the
        cost of a look at every key is spread over a window's events)."""
        if now - self.swept < self.seconds:
            return
        self.swept = now
        old = now - self.seconds
        for key in [key for key, times in self.events.items() if times[-1] <= old]:
            del self.events[key]

    def __len__(self) -> int:
        return len(self.events)


class Counter(Protocol):
    """A sliding window: :class:`Window` in memory or :class:`RedisWindow`."""

    limit: int
    seconds: float

    def look(self, key: str, now: float) -> tuple[int, float | None]:
        """How many events ``key`` had in the window up to ``now``, and the oldest one's time."""
        ...

    def add(self, key: str, now: float) -> None:
        """Count one event of ``key``."""
        ...


def wait(counter: Counter, key: str, now: float, limit: int | None = None) -> float:
    """Seconds until ``key`` may have one more event in ``counter`` (0 when it may now), with
    at most ``limit`` (by default the counter's) events in a window."""
    count, oldest = counter.look(key, now)
    if count < (counter.limit if limit is None else limit) or oldest is None:
        return 0.0
    return max(0.0, oldest + counter.seconds - now)


class RedisWindow:
    """The same window kept in Redis (a sorted set of event times per key, which Redis
    forgets a window after its last event), shared by every server process; times are the
    wall clock's, which the processes share."""

    def __init__(self, client: Any, name: str, limit: int, seconds: float) -> None:
        self.client = client
        self.name = name
        self.limit = limit
        self.seconds = seconds

    def _key(self, key: str) -> str:
        return f"meeple:limit:{self.name}:{key}"

    def look(self, key: str, now: float) -> tuple[int, float | None]:
        """How many events ``key`` had in the window up to ``now``, and the oldest one's time."""
        name = self._key(key)
        pipe = self.client.pipeline(transaction=False)
        pipe.zremrangebyscore(name, 0, now - self.seconds)
        pipe.zcard(name)
        pipe.zrange(name, 0, 0, withscores=True)
        _, count, oldest = pipe.execute()
        return int(count), (float(oldest[0][1]) if oldest else None)

    def add(self, key: str, now: float) -> None:
        """Count one event of ``key``."""
        name = self._key(key)
        pipe = self.client.pipeline(transaction=False)
        pipe.zadd(name, {f"{now}:{secrets.token_hex(4)}": now})
        pipe.expire(name, math.ceil(self.seconds) + 1)
        pipe.execute()


class TooManyTries(Exception):
    """A limit is reached; ``retry_after`` is in whole seconds."""

    def __init__(self, message: str, retry_after: int, code: str = "too_many_tries") -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after
        self.code = code


class LoginLimiter:
    """The limits on ``/api/login`` and ``/api/register`` (see the module for the rules).

    >>> clock = iter(range(100)).__next__
    >>> limiter = LoginLimiter(per_address=2, per_account_failures=5, seconds=60, clock=clock)
    >>> limiter.attempt("10.0.0.1", "aki"); limiter.attempt("10.0.0.1", "aki")
    >>> limiter.attempt("10.0.0.1", "aki")
    Traceback (most recent call last):
    ...
    meeple.server.site.limits.TooManyTries: too many tries from your address; try again in 58 s
    """

    def __init__(
        self,
        per_address: int = 20,
        per_account_failures: int = 10,
        seconds: float = 60.0,
        *,
        clock: Callable[[], float] | None = None,
        redis_url: str | None = None,
        failures_everywhere: int = 100,
    ) -> None:
        self.addresses: Counter
        self.failures: Counter
        """Failed logins per account and address."""
        self.everywhere: Counter
        """Failed logins per account, from every address."""
        if redis_url is None:
            self.addresses = Window(per_address, seconds)
            self.failures = Window(per_account_failures, seconds)
            self.everywhere = Window(failures_everywhere, seconds)
            self.clock = clock or time.monotonic
        else:
            import redis  # noqa: PLC0415 - only with --redis (the extra meeple[redis])

            # Synchronous: the login and registration routes run in worker threads.
            client = redis.Redis.from_url(redis_url)
            self.addresses = RedisWindow(client, "address", per_address, seconds)
            self.failures = RedisWindow(client, "account-address", per_account_failures, seconds)
            self.everywhere = RedisWindow(client, "account", failures_everywhere, seconds)
            self.clock = clock or time.time

    def attempt(self, address: str, account: str | None) -> None:
        """Count a try from ``address`` (for ``account``), or raise :class:`TooManyTries`."""
        now = self.clock()
        seconds = wait(self.addresses, address, now)
        if seconds > 0:
            _refuse("too many tries from your address", seconds)
        if account is not None:
            pair = _pair(account, address)
            seconds = wait(self.failures, pair, now)
            if seconds > 0:
                _refuse("too many failed logins for this account from your address", seconds)
            if wait(self.everywhere, account.casefold(), now) > 0:
                # Guessed at from many addresses: one failure a window from each of them.
                seconds = wait(self.failures, pair, now, limit=1)
                if seconds > 0:
                    _refuse("too many failed logins for this account from many addresses", seconds)
        self.addresses.add(address, now)

    def failed(self, address: str, account: str) -> None:
        """Count a failed login for ``account`` from ``address``."""
        now = self.clock()
        self.failures.add(_pair(account, address), now)
        self.everywhere.add(account.casefold(), now)

    def size(self) -> int:
        """How many keys the limiter holds in memory (0 with Redis, which keeps them)."""
        windows = (self.addresses, self.failures, self.everywhere)
        return sum(len(w) for w in windows if isinstance(w, Window))


def _pair(account: str, address: str) -> str:
    """The key of an account tried from an address (a space is in neither)."""
    return f"{account.casefold()} {address}"


def _refuse(what: str, seconds: float) -> None:
    whole = math.ceil(seconds)
    raise TooManyTries(f"{what}; try again in {whole} s", whole)


class GuestLimiter:
    """The limit on ``/api/guest``: so many new guests an hour from one address.

    A guest is a row in the database and a session, made without a password: without a limit
    one client made a thousand in three seconds (and each may make tables). Kept like the
    login limits: in this process's memory, or in Redis, shared by every process.

    >>> clock = iter(range(100)).__next__
    >>> guests = GuestLimiter(per_address=1, clock=clock)
    >>> guests.attempt("10.0.0.1"); guests.attempt("10.0.0.2")
    >>> guests.attempt("10.0.0.1")
    Traceback (most recent call last):
    ...
    meeple.server.site.limits.TooManyTries: too many new guests from your address; try again in 3598 s
    """

    def __init__(
        self,
        per_address: int = 30,
        seconds: float = 3600.0,
        clock: Callable[[], float] | None = None,
        redis_url: str | None = None,
    ) -> None:
        self.addresses: Counter
        if redis_url is None:
            self.addresses = Window(per_address, seconds)
            self.clock = clock or time.monotonic
        else:
            import redis  # noqa: PLC0415 - only with --redis (the extra meeple[redis])

            client = redis.Redis.from_url(redis_url)
            self.addresses = RedisWindow(client, "guest", per_address, seconds)
            self.clock = clock or time.time

    def attempt(self, address: str) -> None:
        """Count a new guest from ``address``, or raise :class:`TooManyTries`."""
        now = self.clock()
        delay = wait(self.addresses, address, now)
        if delay > 0:
            seconds = math.ceil(delay)
            raise TooManyTries(
                f"too many new guests from your address; try again in {seconds} s",
                seconds,
                code="too_many_guests",
            )
        self.addresses.add(address, now)


class SocketCounts:
    """Websockets open now, by whose they are: a player's (with a session) or an address's
    (without one), each up to its limit. In this process's memory: a socket belongs to the
    process that holds it, and ends with it.

    >>> counts = SocketCounts(per_player=1, per_address=2)
    >>> counts.take("p_1", "10.0.0.1"), counts.take("p_1", "10.0.0.1")
    (True, False)
    >>> counts.give("p_1", "10.0.0.1"); counts.take("p_1", "10.0.0.1")
    True
    """

    def __init__(self, per_player: int = 16, per_address: int = 64) -> None:
        self.per_player = per_player
        self.per_address = per_address
        self.open: dict[str, int] = {}

    @staticmethod
    def _key(player_id: str | None, address: str) -> str:
        return f"p:{player_id}" if player_id is not None else f"a:{address}"

    def take(self, player_id: str | None, address: str) -> bool:
        """Count one more socket for the player (or, without one, the address); ``False``
        (and nothing counted) when they already hold their limit."""
        key = self._key(player_id, address)
        limit = self.per_player if player_id is not None else self.per_address
        held = self.open.get(key, 0)
        if held >= limit:
            return False
        self.open[key] = held + 1
        return True

    def give(self, player_id: str | None, address: str) -> None:
        """A socket counted by :meth:`take` closed."""
        key = self._key(player_id, address)
        held = self.open.get(key, 0) - 1
        if held > 0:
            self.open[key] = held
        else:
            self.open.pop(key, None)
