"""The state's random generator is deterministic, portable and unbiased enough."""

from collections import Counter

import pytest

from meeple.core.rng import Rng


def test_same_seed_same_sequence_and_different_seeds_differ() -> None:
    a, b, c = Rng(1), Rng(1), Rng(2)
    seq_a = [a.next64() for _ in range(5)]
    assert seq_a == [b.next64() for _ in range(5)]
    assert seq_a != [c.next64() for _ in range(5)]


def test_splitmix64_reference_output() -> None:
    # The published SplitMix64 sequence for seed 0 starts with this value; keeping it pins the
    # algorithm, so golden transcripts stay valid on every platform and Python version.
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_randbelow_is_in_range_and_covers_it() -> None:
    rng = Rng(3)
    counts = Counter(rng.randbelow(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert min(counts.values()) > 850  # 1000 expected each
    with pytest.raises(ValueError):
        rng.randbelow(0)


def test_shuffle_permutes_and_copy_is_independent() -> None:
    rng = Rng(4)
    items = list(range(20))
    twin = rng.copy()
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    other = list(range(20))
    twin.shuffle(other)
    assert other == items
