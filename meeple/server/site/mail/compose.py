"""A mail as RFC 5322 text: its words in the player's language, the links of the public URL,
and for a notice the RFC 8058 one-click unsubscribe headers."""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid
from urllib.parse import quote, urlsplit

from meeple.server.site.mail.texts import FOOTER, TEXTS, lang_of

UNSUBSCRIBE_PATH = "/api/mail/unsubscribe"
VERIFY_PATH = "/api/mail/verify"
KINDS = {"turn": "turns", "digest": "turns", "invite": "invites", "ended": "endings"}
"""Each notice's kind, and the choice its unsubscribe link turns off."""


class Composer:
    """Builds the site's mails (one per server: its public URL and sender)."""

    def __init__(self, public_url: str, sender: str | None = None) -> None:
        self.public_url = public_url.rstrip("/")
        host = urlsplit(self.public_url).hostname or "localhost"
        self.domain = host
        self.sender = sender or f"meeple <noreply@{host}>"

    def link(self, fragment: str) -> str:
        """A page of the browser client (``#/table/…``)."""
        return f"{self.public_url}/{fragment}"

    def table_link(self, table_id: str) -> str:
        """The table's page."""
        return self.link(f"#/table/{quote(table_id)}")

    def verify_link(self, token: str) -> str:
        """The link that verifies an address."""
        return f"{self.public_url}{VERIFY_PATH}?token={quote(token)}"

    def unsubscribe_link(self, secret: str, kind: str) -> str:
        """The link that turns off one kind of mail, without logging in."""
        return f"{self.public_url}{UNSUBSCRIBE_PATH}?token={quote(secret)}&kind={KINDS[kind]}"

    def compose(
        self,
        kind: str,
        lang: str,
        to: str,
        values: dict[str, str],
        unsubscribe: str | None = None,
    ) -> str:
        """The mail of this kind (a key of :data:`~meeple.server.site.mail.texts.TEXTS`'s
        languages), formatted with ``values``; with the player's unsubscribe secret, a
        footer with the link and the List-Unsubscribe headers."""
        lang = lang_of(lang)
        subject, body = TEXTS[lang][kind]
        message = EmailMessage(policy=SMTP)
        message["Subject"] = subject.format(**values)
        message["From"] = self.sender
        message["To"] = to
        message["Date"] = formatdate(usegmt=True)
        message["Message-ID"] = make_msgid(domain=self.domain)
        message["Auto-Submitted"] = "auto-generated"
        text = body.format(**values)
        if unsubscribe is not None:
            link = self.unsubscribe_link(unsubscribe, kind)
            # RFC 8058: a mail program may unsubscribe with one POST to this address.
            message["List-Unsubscribe"] = f"<{link}>"
            message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
            text += FOOTER[lang].format(unsubscribe=link, settings=self.link("#/settings"))
        message.set_content(text)
        return message.as_string()
