"""Golden transcripts: whole seeded games must still end exactly as recorded.

Regenerate after an intended rule change with
``python -m meeple.core.golden bison tests/games/bison/golden`` (one per player count)
and :func:`meeple.core.golden.make_golden` for each non-default ``advanced`` value.
"""

import json
from pathlib import Path

import pytest

import meeple
from meeple.core.conformance import option_sets
from meeple.core.golden import check_golden

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_goldens_for_every_player_count() -> None:
    assert {p.name.split("-")[1] for p in GOLDEN} == {"2p", "3p", "4p"}


def test_there_is_a_golden_for_every_option_value() -> None:
    game = meeple.load("bison")
    recorded = [json.loads(p.read_text())["replay"]["options"] for p in GOLDEN]
    for changed in option_sets(game)[1:]:
        want = {**game.resolve_options({}), **changed}
        assert want in recorded, f"no golden with {changed}"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(json.loads(path.read_text()))
