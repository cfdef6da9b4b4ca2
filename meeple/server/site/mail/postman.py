"""The worker that empties the outbox: claims a due mail, sends it in a thread, marks it sent,
or puts it back to be tried later (the wait doubling at each failure).

A failing SMTP server only delays mails: nothing else waits for the postman (a move is stored
and played before its mail is even queued), and every mail stays in the database until sent.
With several server processes each has a postman; a mail is claimed by one of them at a time
(:meth:`~meeple.server.store.mailbox.Mailbox.claim_mail`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from meeple.server.store import MailRow, Store, utcnow

log = logging.getLogger("meeple.server.mail")

HOLD = timedelta(minutes=2)
"""How long a claimed mail is held by its sender (longer than an SMTP exchange may take):
should the process die sending it, another sends it after that."""
MAX_WAIT = 3600.0
"""The longest wait between two tries of a mail."""
MAX_TRIES = 60
"""Tries before a mail is given up (with an hour between tries at the end: about two days)."""
DIGEST_EVERY = 60.0
"""Seconds between two looks for daily digests due."""


def retry_wait(tries: int, first: float) -> float:
    """Seconds before the next try of a mail that failed ``tries`` times.

    >>> [retry_wait(n, 30.0) for n in (1, 2, 3)]
    [30.0, 60.0, 120.0]
    >>> retry_wait(20, 30.0)
    3600.0
    """
    return float(min(first * 2.0 ** min(tries - 1, 30), MAX_WAIT))


Deliver = Callable[[str, str, str], None]
"""Sends one message: sender, recipient, RFC 5322 text (blocking)."""


class Postman:
    """Sends the outbox's mails, one at a time, in a thread."""

    def __init__(
        self,
        store: Store,
        deliver: Deliver,
        *,
        sender: str,
        retry_seconds: float,
        poll_seconds: float,
        tick: Callable[[], object] | None = None,
    ) -> None:
        """``tick``: called (in a thread) every :data:`DIGEST_EVERY` seconds (the digests)."""
        self.store = store
        self.deliver = deliver
        self.sender = sender
        self.retry_seconds = retry_seconds
        self.poll_seconds = poll_seconds
        self.tick = tick
        self.task: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ticked = 0.0

    def start(self) -> None:
        """Start sending (on the running event loop)."""
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self.task = asyncio.create_task(self.run())

    async def stop(self) -> None:
        """Stop: a mail being sent is left held, and is sent again after :data:`HOLD`."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    def poke(self) -> None:
        """Mails were queued: look now (callable from any thread)."""
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None and not loop.is_closed():
            loop.call_soon_threadsafe(wake.set)

    async def run(self) -> None:
        """Send what is due, then wait for a poke or the poll interval, for ever."""
        assert self._wake is not None
        while True:
            try:
                await self._digests()
                while await self.send_one():
                    pass
            except Exception:  # a database hiccup: logged, tried again at the next poll
                log.exception("the outbox could not be read")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)

    async def _digests(self) -> None:
        now = time.monotonic()
        if self.tick is not None and now - self._ticked >= DIGEST_EVERY:
            self._ticked = now
            await asyncio.to_thread(self.tick)

    async def send_one(self) -> bool:
        """Send one due mail; whether there was one and it went (a failure ends the round:
        the SMTP server is likely down for the others too)."""
        now = utcnow()
        mail = await asyncio.to_thread(self.store.claim_mail, now, now + HOLD)
        if mail is None:
            return False
        try:
            await asyncio.to_thread(self.deliver, self.sender, mail.to_addr, mail.message)
        except smtplib.SMTPRecipientsRefused as err:  # that address will never take it
            await asyncio.to_thread(self.store.mail_failed, mail.id, str(err), None)
            return True
        except (OSError, smtplib.SMTPException) as err:
            await asyncio.to_thread(self.store.mail_failed, mail.id, str(err), self.next_try(mail))
            log.warning("mail %s not sent (try %s): %s", mail.id, mail.tries + 1, err)
            return False
        await asyncio.to_thread(self.store.mail_sent, mail.id)
        return True

    def next_try(self, mail: MailRow) -> datetime | None:
        """When a mail that just failed is tried again (``None``: given up)."""
        tries = mail.tries + 1
        if tries >= MAX_TRIES:
            return None
        return utcnow() + timedelta(seconds=retry_wait(tries, self.retry_seconds))
