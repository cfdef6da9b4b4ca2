"""Stored states and tampering, what a seat sees, determinize, and the terminal's text."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from meeple.games.cafe import GAME, CafeState
from meeple.games.cafe.board import CHAIR_AT
from meeple.games.cafe.data import COUNTRIES
from tests.games.cafe.helpers import make, seat

GERMANY_PAIR = {(3, 0): "GER-M", (2, 1): "TUR-W"}
HANDS = [["GER-W", "GER-M", "FRA-W", "CUB-M", "JKR-W"], ["USA-M"] * 4 + ["USA-W"]]


def played(players: int, seed: int, steps: int, circles: bool = False) -> CafeState:
    state = GAME.new(players, seed=seed, options={"coffee_circle": circles})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        s = state.to_move[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    return state


def tampered(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(make(chairs=GERMANY_PAIR, hands=HANDS).to_json())
    change(data)
    return data


def _set(key: str, value: Any) -> Any:
    return lambda d: d.__setitem__(key, value)


def _seat_guest(cell: tuple[int, int], guest: str) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["bag"].remove(guest)
        data["chairs"][CHAIR_AT[cell]] = guest

    return change


def _duplicate(data: dict[str, Any]) -> None:
    data["bag"].append(data["bag"][0])


def _joker_to_bar(data: dict[str, Any]) -> None:
    data["bag"].remove("JKR-M")
    data["bar"] = ["JKR-M"]


def _sixth_tile_in_hand(data: dict[str, Any]) -> None:
    data["hands"][1].append(data["bag"].pop())


@pytest.mark.parametrize(
    "change",
    [
        _duplicate,
        _set("bag", []),
        _joker_to_bar,
        _seat_guest((3, 12), "GER-W"),  # a German on an Italian chair
        _seat_guest((3, 2), "TUR-W"),  # a Turk between Germany and France
        _sixth_tile_in_hand,
        _set("chips", [True, 0]),
        _set("hand_sizes", [6, 5]),
        _set("current", 2),
        _set("out", [True, True]),
        _set("placed", [CHAIR_AT[1, 12]]),  # an empty chair
        _set("placed", [CHAIR_AT[3, 0], CHAIR_AT[3, 0]]),
        _set("chairs", [None] * 67),
        _set("hands", [["GER-W", "NOPE-X"], HANDS[1]]),
        _set("turn", "1"),
        _set("over", 0),
    ],
    ids=lambda c: getattr(c, "__name__", "set"),
)
def test_from_json_rejects_tampered_states(change: Any) -> None:
    """A stored state whose parts cannot belong together is refused with ValueError."""
    with pytest.raises(ValueError, match="malformed cafe state"):
        GAME.from_json(tampered(change))


def test_from_json_rejects_a_table_of_three_men() -> None:
    """…最大男性2人と女性2人…: two men and a woman at Germany load; a third man does not."""
    data = tampered(_seat_guest((3, 2), "GER-M"))
    GAME.from_json(data)
    _seat_guest((4, 1), "GER-M")(data)
    with pytest.raises(ValueError, match="seats 3 men and 1 women"):
        GAME.from_json(data)


def test_from_json_rejects_a_game_in_progress_with_four_tiles_in_the_bag() -> None:
    """布袋の中のタイルが4枚以下になる ends the game: such a state cannot be in progress."""
    data = played(4, seed=12, steps=10_000).to_json()
    assert len(data["bag"]) == 4 and data["over"]
    GAME.from_json(data)
    data["over"] = False
    with pytest.raises(ValueError, match="too few tiles"):
        GAME.from_json(data)


def test_from_json_rejects_a_turn_that_cannot_be_finished() -> None:
    """A turn in progress is stored only if it can still end legally: a first guest alone at an
    empty table needs a partner in hand."""
    state = make(
        chairs=GERMANY_PAIR, hands=[["ITA-M", "ITA-W", "CUB-M", "CUB-W", "RUS-W"], HANDS[1]]
    )
    seat(state, "ITA-M", (3, 12))
    data = state.to_json()
    assert GAME.from_json(data).to_json() == data
    data["hands"][0] = ["CUB-M", "CUB-W", "RUS-W", "RUS-M"]
    data["bag"].append("ITA-W")
    data["bag"].remove("RUS-M")
    with pytest.raises(ValueError, match="cannot be finished"):
        GAME.from_json(data)


def test_a_round_trip_mid_turn_plays_on_identically() -> None:
    """``to_json`` keeps the turn in progress: the guests seated so far and what may follow."""
    state = make(chairs=GERMANY_PAIR, hands=HANDS)
    seat(state, "GER-W", (3, 2))
    back = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert back.legal_actions(0) == state.legal_actions(0)
    back.apply(0, {"type": "done"})
    state.apply(0, {"type": "done"})
    assert back.to_json() == state.to_json()


def test_every_seat_sees_every_hand_and_nobody_the_order_of_the_bag() -> None:
    """自分の前に表向きにして並べておきます (hands lie face up): a view shows all hands; only the
    bag is hidden, and two states that differ in its order look the same to everyone."""
    state = played(3, seed=8, steps=25)
    other = state.clone()
    other.bag.reverse()
    assert other.to_json() != state.to_json()
    for s in [0, 1, 2, None]:
        view = state.view(s)
        assert json.dumps(view) == json.dumps(other.view(s))
        assert len(view["hands"]) == 3 and view["bag"] == len(state.bag)
    assert "bag" not in json.dumps(state.view(0)["events"])


def test_determinize_only_reorders_the_bag() -> None:
    """Everything is public but the bag, so a determinized copy differs in its order only."""
    state = played(2, seed=4, steps=30)
    det = state.determinize(0, random.Random(1))
    a, b = state.to_json(), det.to_json()
    assert sorted(a.pop("bag")) == sorted(b.pop("bag"))
    a.pop("rng"), b.pop("rng")
    assert a == b


def test_describe_action_names_the_guest_and_the_chair() -> None:
    """The terminal lists actions by their labels."""
    assert GAME.describe_action({"type": "seat", "guest": "GBR-W", "chair": CHAIR_AT[2, 9]}) == (
        f"seat GBR-W on chair {CHAIR_AT[2, 9]} (AFR|GBR)"
    )
    assert GAME.describe_action({"type": "bar", "guest": "CUB-M"}) == "send CUB-M to the bar"
    assert GAME.describe_action({"type": "done"}) == "end the turn (refill your hand)"
    assert GAME.describe_action({"type": "pass"}) == "pass (nothing else is possible)"


def test_render_text_draws_the_grid_with_tables_guests_chairs_and_bar() -> None:
    """The terminal draws the 13×13 board — tables, guests, numbered empty chairs, the bar in
    the middle — narrow enough for an 80-column terminal."""
    state = make(chairs=GERMANY_PAIR, hands=HANDS, bar=["RUS-M"], chips=[1, 0])
    seat(state, "GER-W", (3, 2))
    text = GAME.render_text(state.view(0))
    lines = text.splitlines()
    grid = lines[1:14]
    assert lines[14] == ""
    assert max(len(line) for line in lines) <= 76
    row_y1 = grid[12 - 1].split()
    assert row_y1[:5] == [f"({CHAIR_AT[0, 1]})", "[TUR]", "TURw", "[GER]", f"({CHAIR_AT[4, 1]})"]
    drawn = "".join(grid)
    assert all(drawn.count(f"[{country}]") == 2 for country in COUNTRIES)
    assert grid[12 - 2].split()[1] == "GERw"  # on (3,2)
    assert f"({CHAIR_AT[1, 12]})" in grid[0]
    assert grid[12 - 8].split()[2:5] == ["RUSm", "+2", "+3"]  # the bar's first row
    assert f"This turn: chair {CHAIR_AT[3, 2]}" in text
    assert "> seat 0 (you):    4 points · hand 4/5: GER-M CUB-M FRA-W JKR-W" in text
    assert f"seat 0 seats GER-W on chair {CHAIR_AT[3, 2]} (FRA|GER): +3" in text


@pytest.mark.parametrize("circles", [False, True])
def test_render_text_works_for_every_seat_and_step(circles: bool) -> None:
    """Every view of a whole game can be drawn."""
    state = GAME.new(3, seed=5, options={"coffee_circle": circles})
    rng = random.Random(5)
    while True:
        for s in [0, 1, 2, None]:
            assert GAME.render_text(state.view(s)).startswith("Café International")
        if state.is_over:
            break
        s = state.to_move[0]
        action = rng.choice(state.legal_actions(s))
        assert GAME.describe_action(action)
        state.apply(s, action)
    assert "Winners: seat" in GAME.render_text(state.view(None))
