"""Mail: a registered player's address (verified by a link) and what they want mailed; the
links of the mails, which work without logging in (verify, unsubscribe)."""

from __future__ import annotations

import asyncio
import html
import re
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, RedirectResponse

from meeple.server.api import auth
from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Required, Site
from meeple.server.api.models import MailIn
from meeple.server.site.mail.texts import UNSUBSCRIBED, lang_of
from meeple.server.store import MailBoxRow, PlayerRow
from meeple.server.tables.refused import Refused

router = APIRouter(route_class=JsonRoute)

EMAIL = re.compile(
    r"[^@\s\"<>,;:()\[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+"
)
"""What an address given must look like: a local part without spaces, quotes or the
characters that have a meaning in a header, ``@``, and a domain name with a dot (the link
sent to it is the real check)."""
UNSUBSCRIBE_KINDS = {
    "turns": ("turns",),
    "invites": ("invites",),
    "endings": ("endings",),
    "all": ("turns", "invites", "endings"),
}
Token = Annotated[str, Query(max_length=128)]


def checked_email(email: str | None) -> str | None:
    """An address as stored, or refused (422) when it is not one.

    >>> checked_email(" Aki@Example.org ")
    'Aki@example.org'
    """
    if email is None or not email.strip():
        return None
    email = email.strip()
    if not EMAIL.fullmatch(email) or len(email) > 254:
        raise Refused("bad_email", f"{email[:60]!r} is not an email address", 422)
    local, domain = email.rsplit("@", 1)
    return f"{local}@{domain.lower()}"


def mail_json(site: Site, player: PlayerRow, box: MailBoxRow | None) -> dict[str, Any]:
    """A player's mail settings as the protocol shows them."""
    return {
        "enabled": site.notices.enabled,
        "registered": player.username is not None,
        "email": box.email if box else None,
        "verified": bool(box and box.verified),
        "lang": box.lang if box else None,
        "turns": box.turns if box else "each",
        "invites": box.invites if box else True,
        "endings": box.endings if box else True,
    }


@router.get("/api/me/mail")
def my_mail(player: Required, site: Site) -> dict[str, Any]:
    """Your address and mail choices; ``enabled`` false: this server sends no mail."""
    return mail_json(site, player, site.store.mailbox(player.id))


@router.post("/api/me/mail")
def set_my_mail(body: MailIn, player: Required, site: Site) -> dict[str, Any]:
    """Set your address and choices; a new address is sent a link that verifies it (no
    other mail goes to it before)."""
    if not site.notices.enabled:
        raise Refused("mail_off", "this server sends no email (meeple serve --smtp)", 409)
    if player.username is None:
        raise Refused("needs_account", "mail is for registered players", 403)
    email = checked_email(body.email)
    before = site.store.mailbox(player.id)
    token = secrets.token_urlsafe(24)
    box = site.store.set_mailbox(
        player.id,
        email=email,
        verify_hash=auth.token_hash(token),
        lang=body.lang,
        turns=body.turns,
        invites=body.invites,
        endings=body.endings,
    )
    if email is not None and (before is None or before.email != email):
        site.notices.verification(player.id, email, body.lang, token)
    return mail_json(site, player, box)


@router.get("/api/mail/verify", response_class=RedirectResponse, status_code=303)
def verify(token: Token, site: Site) -> RedirectResponse:
    """The link of the verification mail: the address is verified, and the settings page
    opens. A wrong or used link is refused (400) and changes nothing."""
    if site.store.verify_mail(auth.token_hash(token)) is None:
        raise Refused("bad_token", "this verification link is wrong or was used already", 400)
    return RedirectResponse("/#/settings", status_code=303)


def _unsubscribe(site: Site, token: str, kind: str) -> MailBoxRow:
    if kind not in UNSUBSCRIBE_KINDS:
        raise Refused("bad_kind", f"kind is one of {', '.join(UNSUBSCRIBE_KINDS)}", 422)
    box = site.store.unsubscribe(token, UNSUBSCRIBE_KINDS[kind])
    if box is None:
        raise Refused("bad_token", "this unsubscribe link is wrong", 400)
    return box


@router.get("/api/mail/unsubscribe", response_class=HTMLResponse)
async def unsubscribe_page(token: Token, site: Site, kind: str = "all") -> HTMLResponse:
    """A mail's unsubscribe link, opened in a browser: that kind of mail stops (no login)."""
    box = await asyncio.to_thread(_unsubscribe, site, token, kind)
    title, sentence = UNSUBSCRIBED[lang_of(box.lang)]
    page = (
        f'<!doctype html><html lang="{lang_of(box.lang)}"><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width">'
        f"<title>{html.escape(title)}</title><h1>{html.escape(title)}</h1>"
        f'<p>{html.escape(sentence)}</p><p><a href="/#/settings">meeple</a></p></html>'
    )
    return HTMLResponse(page)


@router.post("/api/mail/unsubscribe")
async def unsubscribe(token: Token, site: Site, kind: str = "all") -> dict[str, Any]:
    """One-click unsubscribe (RFC 8058: what a mail program posts, no login)."""
    box = await asyncio.to_thread(_unsubscribe, site, token, kind)
    return {"turns": box.turns, "invites": box.invites, "endings": box.endings}
