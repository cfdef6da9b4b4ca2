"""Request bodies, checked by pydantic before any handler runs."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from meeple.server import names

# A bound on what is typed, before normalization (which may lengthen a name a little, and
# must not be asked to work through a megabyte): the rules of meeple.server.names then decide.
Name = Annotated[
    str,
    StringConstraints(min_length=1, max_length=96),
    AfterValidator(names.display_name),
    Field(description="1-24 visible characters after NFKC normalization (docs/security.md)"),
]
"""A guest's nickname: 1–24 visible characters after NFKC (:func:`names.display_name`)."""
Username = Annotated[
    str,
    StringConstraints(min_length=1, max_length=96),
    AfterValidator(names.username),
    Field(description="3-24 of a-z, 0-9, _ and - after NFKC normalization and case folding"),
]
"""A username: 3–24 of ``a-z0-9_-`` after NFKC and case folding (:func:`names.username`)."""
Password = Annotated[str, StringConstraints(min_length=8, max_length=128)]


class Strict(BaseModel):
    """Unknown fields and wrong types are refused: a typo should be an error, not a guess."""

    model_config = ConfigDict(extra="forbid", strict=True)


class GuestIn(Strict):
    """``POST /api/guest``."""

    name: Name


class Credentials(Strict):
    """``POST /api/register`` and ``POST /api/login``."""

    username: Username
    password: Password


HOUR = 3600
WEEK = 7 * 24 * HOUR
"""The shortest and the longest time per move of a turn-based table, in seconds."""


class SeatIn(Strict):
    """One seat of a new table."""

    kind: Literal["human", "bot"]
    level: str | None = None


class NewTable(Strict):
    """``POST /api/tables``."""

    game: str = Field(max_length=16)
    players: int = Field(ge=1, le=12)
    options: dict[str, Any] = Field(default_factory=dict, max_length=16)
    seats: list[SeatIn] | None = Field(default=None, max_length=12)
    turn_seconds: int | None = Field(default=None, ge=5, le=3600)
    response_seconds: int = Field(default=15, ge=3, le=300)
    rated: bool | None = None
    """Whether the result counts for ratings; by default, yes for a registered creator."""
    move_seconds: int | None = Field(default=None, ge=HOUR, le=WEEK)
    """A turn-based table's time per move (1 hour to 7 days); none: a live table."""
    bank_seconds: int | None = Field(default=None, ge=0, le=2 * WEEK)
    """A turn-based table's time bank: extra seconds each seat may spend over its moves."""


class JoinIn(Strict):
    """``POST /api/tables/{id}/join``."""

    seat: int | None = Field(default=None, ge=0, le=11)


class MailIn(Strict):
    """``POST /api/me/mail``: the address (``null``: none) and what to be mailed."""

    email: str | None = Field(default=None, max_length=254)
    lang: Literal["en", "ja"] = "en"
    turns: Literal["off", "each", "daily"] = "each"
    """A turn-based table waits for you: no mail, a mail per table (until you moved), or a
    daily digest."""
    invites: bool = True
    endings: bool = True


class InviteIn(Strict):
    """``POST /api/tables/{id}/invites``: whom (a registered player's username), where."""

    name: str = Field(min_length=1, max_length=96)
    seat: int | None = Field(default=None, ge=0, le=11)


class FriendIn(Strict):
    """``POST /api/me/friends``: a registered player's username."""

    name: str = Field(min_length=1, max_length=96)
