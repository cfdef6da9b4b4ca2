"""Every stylesheet's blocks are closed: an unclosed ``@media`` block swallows every rule after
it (once, after a merge, the rules drawer's styles applied only on phones)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "meeple" / "web"
SHEETS = sorted(WEB.rglob("*.css"))


def test_there_are_stylesheets() -> None:
    assert {p.name for p in SHEETS} >= {"style.css", "bison.css", "cafe.css"}


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_each_block_is_closed(sheet: Path) -> None:
    text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)  # braces inside strings (content: "{")
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"{sheet.name}:{number}: a brace closes what was never opened"
    assert depth == 0, f"{sheet.name}: {depth} block(s) never closed"
