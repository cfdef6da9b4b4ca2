"""Golden transcripts: whole seeded games of every game must still end exactly as recorded.

Each game keeps its own in ``tests/games/<id>/golden`` (``<id>-<N>p-seed<S>[-<options>].json``):
at least one for every player count, and one for every option value other than the default.
After an intended rule change, regenerate with ``python -m meeple.core.golden GAME DIR`` (one
per player count) and :func:`meeple.core.golden.make_golden` for each non-default option.
"""

import json
from pathlib import Path

import pytest

import meeple
from meeple.core.conformance import option_sets
from meeple.core.golden import check_golden

HERE = Path(__file__).parent
GOLDEN = {game_id: sorted((HERE / game_id / "golden").glob("*.json")) for game_id in meeple.GAMES}
ALL = [path for paths in GOLDEN.values() for path in paths]


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_there_are_goldens_for_every_player_count(game_id: str) -> None:
    game = meeple.load(game_id)
    counts = {p.name.split("-")[1] for p in GOLDEN[game_id]}
    assert counts == {f"{n}p" for n in range(game.min_players, game.max_players + 1)}


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_there_is_a_golden_for_every_option_value(game_id: str) -> None:
    game = meeple.load(game_id)
    recorded = [json.loads(p.read_text())["replay"]["options"] for p in GOLDEN[game_id]]
    for changed in option_sets(game)[1:]:
        want = {**game.resolve_options({}), **changed}
        assert want in recorded, f"{game_id}: no golden with {changed}"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(json.loads(path.read_text()))
