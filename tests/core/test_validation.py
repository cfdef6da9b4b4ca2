"""Type-strict matching of actions and the reasons given for refusals."""

import pytest

import meeple
from meeple import IllegalAction
from meeple.core.validation import same_json


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (1, 1, True),
        (1, True, False),
        (1, 1.0, False),
        ({"a": [1, 2]}, {"a": [1, 2]}, True),
        ({"a": [1, 2]}, {"a": (1, 2)}, False),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        ([1, [2]], [1, [2.0]], False),
    ],
)
def test_same_json(a: object, b: object, same: bool) -> None:
    assert same_json(a, b) is same


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (7, {"type": "play", "card": 1}, "no seat 7"),
        ("0", {"type": "play", "card": 1}, "no seat '0'"),
        (0, ["play", 1], "JSON object"),
        (0, {"card": 1}, "no 'type'"),
        (0, {"type": "cook"}, "'cook' is not possible now; possible: play"),
        (0, {"type": "play"}, "missing field"),
        (0, {"type": "play", "card": 1, "x": 2}, "unknown field"),
        (0, {"type": "play", "card": "1"}, "must be integer, not string"),
        (0, {"type": "play", "card": True}, "must be integer, not boolean"),
    ],
)
def test_refusals_say_why(seat: object, action: object, reason: str) -> None:
    state = meeple.load("buffet").new(players=3, seed=1)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action)  # type: ignore[arg-type]


def test_the_game_over_refusal() -> None:
    state = meeple.load("buffet").new(players=3, seed=1)
    state.phase = "over"  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, {"type": "play", "card": 1})
