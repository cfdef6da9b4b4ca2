"""Shared segments (:meth:`Features.shared`): kept whole by the encodings, converted to numpy
once by :class:`Table`, and the same tensor as the plain entries would give."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meeple.core.encoding import Features, Segment
from meeple.core.game import without_back
from meeple.rl import table as table_module
from meeple.rl.table import OBS_BOUND, Table


def _plain(features: Features) -> Features:
    """The same observation with every segment copied into the plain entries."""
    plain = Features()
    plain.index, plain.values = features.entries()
    plain.size = features.size
    assert not plain.segments
    return plain


def test_dense_and_array_agree_with_segments_and_clip_them() -> None:
    table = Table("buffet", 3)
    f = Features()
    f.scalar(0.5)
    f.scalar(-99.0)  # clipped, among few fresh entries (checked in Python)
    base = f.block(table.size - 2)
    many = Segment(tuple(range(base, base + 40)), tuple([1.0] * 39 + [50.0]))  # one clipped
    f.shared(many)
    f.shared(Segment((base + 100, base + 102), (-0.25, 2.0)))
    small = Segment((0, 3), (0.75, -20.0))
    f.shared(small, base=base + 150)  # the same segment at two bases
    f.shared(small, base=base + 160)
    f.shared(Segment((), ()))  # an empty one: nothing to check or write
    dense = f.dense()
    assert dense[:2] == [0.5, -99.0] and dense[base + 39] == 50.0 and dense[base + 102] == 2.0
    assert dense[base + 150 : base + 154] == dense[base + 160 : base + 164] == [0.75, 0, 0, -20]
    want = np.clip(np.array(dense, dtype=np.float32), -OBS_BOUND, OBS_BOUND)
    assert np.array_equal(table.array(f), want)
    assert np.array_equal(table.array(_plain(f)), want)
    buffer = np.full(table.size, 3.0, dtype=np.float32)
    assert table.array(f, out=buffer) is buffer
    assert np.array_equal(buffer, want)


@pytest.mark.parametrize("many", [20, table_module.CHECKED + 20])
def test_many_fresh_entries_are_clipped_too(many: int) -> None:
    """Checked in Python and clipped when one is out (up to ``CHECKED``), or all clipped."""
    table = Table("cheese", 5)
    f = Features()
    f.counts([0.5] * many + [OBS_BOUND * 3, -OBS_BOUND * 3, 1.5])
    f.block(table.size - f.size)
    array = table.array(f)
    assert list(array[many : many + 3]) == [OBS_BOUND, -OBS_BOUND, 1.5]
    assert table.observation_box().contains(array)
    assert np.array_equal(array, np.clip(np.array(f.dense(), dtype=np.float32), -10, 10))


def test_the_cache_of_converted_segments_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "SEGMENTS_KEPT", 8)
    table = Table("buffet", 3)
    kept = []  # alive, so that every segment has its own id
    for i in range(30):
        segment = Segment((i,), (float(i + 1) / 100,))
        kept.append(segment)
        f = Features()
        f.block(table.size)
        f.shared(segment)
        array = table.array(f)
        assert array[i] == np.float32((i + 1) / 100) and np.count_nonzero(array) == 1
        assert len(table.segments) <= 8
        # Every segment kept is held by the cache itself: its id cannot be reused meanwhile.
        assert all(
            arrays[0] is not None and id(arrays[0]) == key for key, arrays in table.segments.items()
        )


@pytest.mark.parametrize(("game_id", "players"), [("bison", 2), ("bison", 4)])
def test_segments_reused_across_steps_are_converted_once(
    game_id: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over a random game, each distinct segment is converted once however often it comes
    back, and every array equals the plain path's."""
    table = Table(game_id, players)
    converted: list[int] = []
    convert = table.segment_arrays

    def counting(segment: Segment) -> table_module.SegmentArrays:
        converted.append(id(segment))
        return convert(segment)

    monkeypatch.setattr(table, "segment_arrays", counting)
    state = table.new(7)
    rng = random.Random(7)
    seen = []  # every segment stays alive, so ids stay distinct
    uses = 0
    buffer = np.zeros(table.size, dtype=np.float32)
    while not state.is_over and len(table.segments) < table_module.SEGMENTS_KEPT - 20:
        for seat in range(players):
            f = table.encoding.observe(state.view(seat), seat, players, table.options)
            seen += [segment for _, segment in f.segments]
            uses += len(f.segments)
            want = table.array(_plain(f))
            assert np.array_equal(table.array(f), want)
            assert np.array_equal(table.array(f, out=buffer), want)
        seat = state.to_move[0]
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
    assert len(converted) == len(set(converted)) == len({id(s) for s in seen})
    assert uses > 2 * len(converted), "Bison's board parts come back step after step"
