"""What each seat sees, storing and loading states, determinizing, and the text client."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from meeple.core.game import Game
from meeple.games.bison import GAME
from meeple.games.bison.geometry import POSITIONS, cell_centre
from meeple.games.bison.text import describe_action, describe_event, render_text
from tests.games.bison.helpers import (
    G17,
    M11,
    R17,
    act,
    choose,
    hunters,
    idle_turn,
    legal_of,
    make,
    pay,
    put,
)


def playout(players: int, seed: int, advanced: int = 0, steps: int = 10**6) -> Any:
    state = GAME.new(players, seed=seed, options={"advanced": advanced})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# --- hidden information ---------------------------------------------------------------


def test_a_drawn_tile_is_seen_only_by_its_holder() -> None:
    """表を見ます（他の人には見せません） (each looks at their tile and shows it to nobody): two
    games differing only in seat 1's tile look the same to seat 0 and to spectators."""
    state = make(3)
    twin = state.clone()
    twin.hands[1], twin.deck[0] = twin.deck[0], twin.hands[1]
    assert json.dumps(twin.view(0)) == json.dumps(state.view(0))
    assert json.dumps(twin.view(None)) == json.dumps(state.view(None))
    assert twin.view(1)["my_tile"] != state.view(1)["my_tile"]
    assert len(state.view(1)["my_tile"]["polygons"]) == 3  # grassland, river, mountain


def test_determinize_resamples_the_other_tiles_and_keeps_the_rest() -> None:
    state = make(3)
    seen = set()
    for k in range(20):
        det = state.determinize(0, random.Random(k))
        assert det.hands[0] == state.hands[0]
        assert det.board is state.board
        assert sorted([*det.deck, *det.removed, det.hands[1], det.hands[2]]) == sorted(
            [*state.deck, *state.removed, state.hands[1], state.hands[2]]
        )
        seen.add(det.hands[1])
    assert len(seen) > 3


def test_the_view_holds_what_a_client_needs_to_draw_the_board() -> None:
    state = playout(3, seed=4, steps=120)
    view = state.view(None)
    spaces = {s["space"]: s for s in view["spaces"]}
    assert len(spaces) == 3 * len(view["tiles"])
    for s in spaces.values():
        assert len(s["polygon"]) >= 3 and len(s["anchor"]) == 2
        assert s["region"] in range(len(view["regions"]))
    assert sorted(x for r in view["regions"] for x in r["spaces"]) == sorted(spaces)
    for a, b in view["links"]:
        assert b in state.board.neighbours(a) and a in state.board.neighbours(b)
    for pond in view["ponds"]:
        assert all(spaces[r]["terrain"] == "river" for r in pond["rivers"])
    assert view["open_positions"] == state.board.open_positions()


# --- storing --------------------------------------------------------------------------


def test_a_state_in_the_middle_of_an_action_round_trips() -> None:
    state = make(2)
    put(state, G17, 0, hunters=2)
    act(state, 0, choose("move3"), hunters(2), pay(bison=2))
    state.apply(0, {"type": "move", "from": G17, "to": M11})
    back = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert back.to_json() == state.to_json()
    assert back.legal_actions(0) == state.legal_actions(0)
    # The moved hunter stays put: only the one left on G17 may still move.
    assert {a["from"] for a in back.legal_actions(0) if a["type"] == "move"} == {G17}


def tampered(change: Any) -> dict[str, Any]:
    state = make(2)
    put(state, R17, 0, hunters=1, shelter=1)
    data = state.to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hunters"].__setitem__(R17, 5),  # hunters appear from nowhere
        lambda d: d["owner"].__setitem__(G17, 1),  # an owner without pieces
        lambda d: d["shelter"].__setitem__(R17, 3),  # the canoe swaps size
        lambda d: d["deck"].append(d["deck"][0]),  # a tile twice
        lambda d: d["tiles"].__setitem__(0, d["deck"].pop()),  # a tile far from the board
        lambda d: d["tracks"][0].__setitem__(0, 99),  # beyond the track
        lambda d: d.__setitem__("phase", "dance"),
        lambda d: d.__setitem__("phase", "move"),  # a move without an action
        lambda d: d["supply_tents"][1].__setitem__(4, 1),  # a fifth tent size
        lambda d: d.__setitem__("hands", [-1, -1]),
        lambda d: d.__setitem__("round", 3),
    ],
)
def test_tampered_records_are_refused(change: Any) -> None:
    with pytest.raises(ValueError):
        GAME.from_json(tampered(change))


def test_the_untampered_record_is_accepted() -> None:
    data = tampered(lambda d: None)
    assert GAME.from_json(data).to_json() == data


# --- the log --------------------------------------------------------------------------


def test_the_log_shows_the_last_turn_until_the_next_player_acts() -> None:
    """view["events"] holds the events of the turn in progress, or of the turn just ended
    (and the scoring after it) until the next player's first decision."""
    state = make(2)
    act(state, 0, {"type": "buy_hunter"}, choose("gather"), hunters(0))
    state.apply(0, {"type": "gain", "animal": "bison"})
    kinds = [e["event"] for e in state.view(1)["events"]]
    assert kinds == ["buy", "action", "gain"]
    state.apply(1, {"type": "buy_hunter"})
    assert [e["event"] for e in state.view(0)["events"]] == ["buy"]


# --- the terminal ---------------------------------------------------------------------


@pytest.mark.parametrize("advanced", [0, 2])
def test_every_action_and_event_reads_as_english(advanced: int) -> None:
    state = GAME.new(3, seed=9, options={"advanced": advanced})
    rng = random.Random(9)
    described: set[str] = set()
    kinds: set[str] = set()
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        for action in legal:
            label = describe_action(action)
            assert label != Game.describe_action(GAME, action) and "{" not in label
            kinds.add(action["type"])
        described.add(render_text(state.view(seat)))
        state.apply(seat, rng.choice(legal))
        for event in state.view(seat)["events"]:
            line = describe_event(event)
            assert "{" not in line and line == GAME.describe_event(event, state.view(seat))
    assert {"action", "hunters", "pay", "place", "move", "buy_hunter", "exchange"} <= kinds
    final = GAME.render_text(state.view(0))
    assert "Winners: seat" in final and "final scoring" in final


def test_the_board_text_shows_spots_pieces_and_regions() -> None:
    state = make(2)
    put(state, G17, 0, hunters=3, shelter=2)
    idle_turn(state)
    text = GAME.render_text(state.view(0))
    assert "[17]" in text and "+18" in text  # a placed spot, an open spot
    line = next(row for row in text.splitlines() if row.startswith("[17]"))
    assert "s0:T2+3h" in line and "start south" in line
    assert "Your tile:" in text and ">seat 0 (totem)" in text


def test_the_drawn_tile_is_in_its_owners_view_all_round_with_what_a_preview_needs() -> None:
    """Issue #16: the drawn tile shows from the start of the round and may be previewed
    where it can go. Each seat's view holds its ``my_tile`` from the draw — on the others'
    turns too — until it is laid; ``open_positions`` are exactly the positions the ``place``
    actions will offer (each turned 0, 1 or 2 × 120°); and ``my_tile``'s outlines, turned
    by 120° × orientation counter-clockwise (on screen: x' = x cos a + y sin a,
    y' = −x sin a + y cos a) and moved to the cell's centre, are the laid tile's spaces."""
    state = make(3)
    tiles = state.hands[:]
    while state.turn < 3:  # everyone's first action, none of them the tile
        for seat in range(3):
            assert state.view(seat)["my_tile"]["tile"] == tiles[seat]
        idle_turn(state)
    seat = state.current
    view = state.view(seat)
    act(state, seat, choose("tile"), hunters(0), {"type": "gain", "animal": "fish"})
    places = legal_of(state, seat, "place")
    assert [(a["position"], a["orientation"]) for a in places] == [
        (p, o) for p in view["open_positions"] for o in range(3)
    ]
    outlines = view["my_tile"]["polygons"]
    for a in (places[0], places[-1], places[len(places) // 2]):
        laid = state.clone()
        laid.apply(seat, a)
        assert laid.view(seat)["my_tile"] is None
        cx, cy = cell_centre(POSITIONS[a["position"]])
        angle = math.radians(120 * a["orientation"])
        cos, sin = math.cos(angle), math.sin(angle)
        spaces = [s for s in laid.view(seat)["spaces"] if s["position"] == a["position"]]
        assert [s["terrain"] for s in spaces] == ["grassland", "river", "mountain"]
        for space, outline in zip(spaces, outlines, strict=True):
            turned = [(cx + x * cos + y * sin, cy - x * sin + y * cos) for x, y in outline]
            assert len(turned) == len(space["polygon"])
            for (x, y), (px, py) in zip(turned, space["polygon"], strict=True):
                assert abs(x - px) < 0.01 and abs(y - py) < 0.01
