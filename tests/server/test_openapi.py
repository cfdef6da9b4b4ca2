"""The REST protocol, byte for byte: the app's OpenAPI schema against the one kept in
tests/server/data/openapi.json.

A change of the server's code that is not meant to change the protocol (a move of its files,
a split of a function) must leave the schema exactly as it was. A change that is meant to
(a new route, a new field) updates the kept file in the same commit, so the diff shows it:
``python -m tests.server.test_openapi`` writes it anew.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from meeple.server.app import create_app
from meeple.server.settings import Settings

KEPT = Path(__file__).parent / "data" / "openapi.json"


def current_schema() -> dict[str, Any]:
    """The OpenAPI schema of an app on a throwaway database."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(db_url=f"sqlite:///{folder}/meeple.sqlite"))
        schema: dict[str, Any] = app.openapi()
    return schema


def as_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_the_openapi_schema_is_the_one_kept() -> None:
    assert as_text(current_schema()) == KEPT.read_text(encoding="utf-8")


if __name__ == "__main__":
    KEPT.write_text(as_text(current_schema()), encoding="utf-8")
    sys.stdout.write(f"wrote {KEPT}\n")
