"""Golden transcripts: whole seeded games must still end exactly as recorded."""

import json
from pathlib import Path

import pytest

from meeple.core.golden import check_golden

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_goldens_for_every_player_count() -> None:
    assert {p.name.split("-")[1] for p in GOLDEN} == {"3p", "4p", "5p"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(json.loads(path.read_text()))
