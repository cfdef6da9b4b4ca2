"""Handing one message to an SMTP server (``meeple serve --smtp``), with :mod:`smtplib`.

Blocking: the :class:`~meeple.server.site.mail.postman.Postman` calls it in a thread.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

SCHEMES = {"smtp": 25, "smtps": 465}
"""The URL schemes understood, with their default ports."""
TIMEOUT = 30.0
"""Seconds a connection or an answer of the SMTP server may take."""


@dataclass(frozen=True)
class SmtpServer:
    """Where mail is sent, as ``--smtp`` gives it."""

    host: str
    port: int
    tls: bool
    """TLS from the first byte (``smtps://``); otherwise STARTTLS when the server offers it."""
    username: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """Read ``smtp://user:password@host:port``; :class:`ValueError` with the reason.

        >>> SmtpServer.parse("smtp://me%40example.com:pw@mail.example:587").username
        'me@example.com'
        >>> SmtpServer.parse("smtps://mail.example").port
        465
        """
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise ValueError(f"an SMTP URL starts with smtp:// or smtps://, not {url[:20]!r}")
        if not parts.hostname:
            raise ValueError("an SMTP URL names a host: smtp://user:password@host:port")
        try:
            port = parts.port or SCHEMES[parts.scheme]
        except ValueError:
            raise ValueError("the SMTP URL's port is not a number from 1 to 65535") from None
        return cls(
            host=parts.hostname,
            port=port,
            tls=parts.scheme == "smtps",
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )

    def deliver(self, sender: str, to: str, message: str) -> None:
        """Send one message; raises :class:`OSError` or :class:`smtplib.SMTPException`."""
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if self.tls:
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=TIMEOUT, context=context)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT)
        with smtp:
            smtp.ehlo()
            if not self.tls and smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
            if self.username is not None:
                smtp.login(self.username, self.password or "")
            smtp.sendmail(sender, [to], message.encode("ascii"))
