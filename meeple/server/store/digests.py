"""A game state's fingerprint, stored with each table's version to check a rebuilt table."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson

from meeple.server.jsontext import encode_bytes


def digest(state_json: dict[str, Any]) -> str:
    """A fingerprint of a whole game state, to check a table rebuilt after a restart.

    It is taken after every action, so it is made with orjson (the standard library's
    encoder was a tenth of the server's time under load); a state orjson cannot encode (an
    integer past 64 bits) gets the fingerprint of the earlier servers, :func:`legacy_digest`.
    """
    try:
        text = encode_bytes(state_json, orjson.OPT_SORT_KEYS)
    except TypeError:
        return legacy_digest(state_json)
    return hashlib.sha256(text).hexdigest()


def legacy_digest(state_json: dict[str, Any]) -> str:
    """The fingerprint the server stored before :func:`digest` used orjson (tables stored
    then are still checked against it when they are rebuilt)."""
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digest_matches(state_json: dict[str, Any], stored: str | None) -> bool:
    """Whether a stored fingerprint is this state's (in either form)."""
    return stored in (digest(state_json), legacy_digest(state_json))
