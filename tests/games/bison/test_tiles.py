"""The reconstructed tile set obeys every published fact, and the validator catches breaks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from meeple.games.bison.geometry import START_CELLS
from meeple.games.bison.svg import tileset_svg
from meeple.games.bison.tiles import (
    REGULAR_TILES,
    START_TILES,
    TILES,
    Tile,
    parse_point,
    point_name,
    problems,
    read,
)
from meeple.games.bison.tileset import TILE_SET

SVG = Path(__file__).parents[3] / "docs" / "rules" / "bison-tiles.svg"


def test_the_set_has_21_tiles_of_which_3_start_tiles() -> None:
    """タイル：21枚（うちスタートタイル3枚）; 残った 18 枚のタイルを裏返してよく混ぜ.
    21 tiles, 3 of them start tiles; the other 18 are shuffled face down."""
    assert len(TILES) == 21
    assert len(START_TILES) == 3
    assert len(REGULAR_TILES) == 18
    assert [t.start[0] for t in START_TILES if t.start] == list(START_CELLS)


def test_every_tile_shows_three_animals_and_the_totals_balance() -> None:
    """各タイルには3つの動物が描かれており (three animals on every tile, FACTS.md: any
    split, 0–3 per space); the issue asks for balanced totals of bison, fish and turkeys."""
    assert all(sum(t.animals) == 3 for t in TILES)
    totals = [sum(t.animals[i] for t in TILES) for i in range(3)]
    assert totals == [21, 21, 21]


def test_rivers_always_separate_grassland_from_mountain() -> None:
    """川は必ず草原と山を分断するように描かれています: the river has two ends on the edge and
    each land keeps an arc of the edge of its own."""
    for t in TILES:
        a, b = t.river_ends
        assert a != b
        assert 3 <= (b - a) % 12 <= 9


def test_river_shapes_and_animal_splits_vary() -> None:
    shapes = Counter(t.shape for t in TILES)
    assert len(shapes) >= 15
    ends = Counter(sum(p % 2 for p in t.river_ends) for t in TILES)
    assert min(ends[0], ends[1], ends[2]) >= 3  # corner–corner, corner–side, side–side
    assert len({t.animals for t in TILES}) >= 8


def test_the_data_file_passes_its_own_validator() -> None:
    assert problems(TILES) == []
    assert read(TILE_SET) == TILES


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda ts: ts[:-1], "20 tiles"),
        (lambda ts: (*ts[:5], replace(ts[5], animals=(3, 1, 0)), *ts[6:]), "4 animals"),
        (lambda ts: (*ts[:5], replace(ts[5], river_ends=(1, 2)), *ts[6:]), "half-sides"),
        (lambda ts: (*ts[:5], replace(ts[5], river_ends=(4, 4)), *ts[6:]), "two different ends"),
        (
            lambda ts: (replace(ts[0], start=((5, 5), 0)), *ts[1:]),
            "around the totem",
        ),
        (lambda ts: (*ts[:3], replace(ts[3], start=((0, 1), 0)), *ts[4:]), "start tiles"),
        (
            lambda ts: (*ts[:4], replace(ts[4], animals=(1, 2, 0)), *ts[5:]),
            "not balanced",
        ),
        (
            lambda ts: (
                *ts[:4],
                replace(ts[4], river_ends=ts[3].river_ends, animals=ts[3].animals),
                *ts[5:],
            ),
            "same river and animals",
        ),
    ],
)
def test_the_validator_catches_a_broken_set(change: object, complaint: str) -> None:
    broken: tuple[Tile, ...] = change(TILES)  # type: ignore[operator]
    assert any(complaint in p for p in problems(broken)), problems(broken)


def test_point_names_round_trip() -> None:
    assert [point_name(parse_point(point_name(p))) for p in range(12)] == [
        point_name(p) for p in range(12)
    ]
    with pytest.raises(ValueError, match="not a perimeter point"):
        parse_point("x9")


def test_the_committed_picture_is_drawn_from_the_data() -> None:
    """docs/rules/bison-tiles.svg is the generator's output for the current tile set
    (regenerate with ``python -m meeple.games.bison.svg docs/rules/bison-tiles.svg``)."""
    assert SVG.read_text() == tileset_svg()
    assert tileset_svg().count("<polygon") == 4 * (len(TILES) + len(START_TILES))
