"""Passages of the rulebook (shared/rules/bison.ja.txt) not covered by the other rule tests,
one test each, citing the passage.

The board is the start board (see test_actions.py for its links): G11–R11–M11, M11–M12,
M11–G17, G12–R12–M12, G12–M17, R12–R17, M12–G17, G17–R17–M17.
"""

from __future__ import annotations

from meeple.games.bison.data import MAX_HUNTERS_PER_ACTION
from meeple.games.bison.geometry import ORIENTATIONS
from tests.games.bison.helpers import (
    G11,
    G12,
    G17,
    M11,
    M12,
    M17,
    R11,
    R12,
    R17,
    act,
    choose,
    finish_round,
    hunter_counts,
    hunters,
    idle_turn,
    legal_of,
    make,
    pay,
    put,
    set_supply,
)


def test_expanding_a_canoe_returns_the_hunter_and_the_small_canoe() -> None:
    """一つのスペースにカヌーとハンターがある場合、カヌーを拡張できます。コスト表に従ってコストを支払い、
    手元から大きなカヌーを置き、ハンターと小さいカヌーを手元に戻します。
    A 1-canoe with a hunter on a river becomes a 2-canoe (1 hunter, free); the hunter and
    the 1-canoe go back to hand."""
    state = make(2)
    put(state, R17, 0, hunters=1, shelter=1)
    hand_hunters, ones, twos = (
        state.supply_hunters[0],
        state.supply_canoes[0][1],
        state.supply_canoes[0][2],
    )
    act(state, 0, choose("canoe"))
    assert hunter_counts(state, 0) == [0, 1]
    state.apply(0, hunters(1))
    assert legal_of(state, 0, "canoe") == [{"type": "canoe", "space": R17, "size": 2}]
    state.apply(0, {"type": "canoe", "space": R17, "size": 2})
    assert (state.shelter[R17], state.hunters[R17], state.owner[R17]) == (2, 0, 0)
    assert state.supply_hunters[0] == hand_hunters + 1
    assert (state.supply_canoes[0][1], state.supply_canoes[0][2]) == (ones + 1, twos - 1)


def test_one_canoe_per_action_in_the_basic_game() -> None:
    """重要：1回の行動でカヌーの設置か拡張のどちらかしか行えません。
    With a hunter on each of two rivers, one canoe action sets up one canoe: never both."""
    state = make(2)
    put(state, R17, 0, hunters=1)
    put(state, R12, 0, hunters=1)
    act(state, 0, choose("canoe"))
    assert hunter_counts(state, 0) == [0, 1]
    state.apply(0, hunters(1))
    assert {a["space"] for a in legal_of(state, 0, "canoe")} == {R17, R12}
    state.apply(0, {"type": "canoe", "space": R12, "size": 1})
    assert state.current == 1 and state.shelter[R17] == 0


def test_tents_and_canoes_never_move() -> None:
    """テントやカヌーは移動できません。
    Moving the hunter off a tent's space leaves the tent (and the space the player's); a tent
    or canoe without hunters has nothing to move."""
    state = make(2)
    put(state, G17, 0, hunters=1, shelter=1)
    put(state, R11, 0, shelter=1)
    act(state, 0, choose("move1"), hunters(1))
    assert {a["from"] for a in legal_of(state, 0, "move")} == {G17}
    state.apply(0, {"type": "move", "from": G17, "to": M11})
    assert (state.shelter[G17], state.hunters[G17], state.owner[G17]) == (1, 0, 0)
    assert (state.shelter[R11], state.owner[R11]) == (1, 0)


def test_any_number_of_hunters_may_share_a_space_with_the_tent() -> None:
    """1つのスペースに置けるテントは1個だけですが、そこにはハンターは何個でも置いておけます。
    Five hunters gathered onto a space holding a tent and a hunter: six hunters and the tent."""
    state = make(2)
    put(state, M12, 0, hunters=1, shelter=1)
    for space in (G11, R11, G12, R12, M17):
        put(state, space, 0, hunters=1)
    state.tracks[0] = [20, 20, 20]
    act(state, 0, choose("gather"), hunters(5), pay(bison=10), {"type": "gather_at", "space": M12})
    for space in (G11, R11, G12, R12, M17):
        state.apply(0, {"type": "gather", "from": space})
    assert (state.hunters[M12], state.shelter[M12]) == (6, 1)


def test_gathering_calls_at_most_five_hunters_from_anywhere() -> None:
    """この行動は最大5個のハンターを、ボード上の任意のスペースから、自分のハンターがあるスペースに
    集めることができます。 Eight hunters elsewhere on the board: still at most five come."""
    state = make(2)
    put(state, G17, 0, hunters=1)
    put(state, G11, 0, hunters=4)
    put(state, M12, 0, hunters=4)
    state.tracks[0] = [20, 20, 20]
    state.apply(0, choose("gather"))
    assert hunter_counts(state, 0) == list(range(MAX_HUNTERS_PER_ACTION + 1))


def test_hunters_a_tent_sends_home_can_go_out_again_with_the_tile() -> None:
    """ハンターを手元に戻すことで、再度タイルに置けるようになります。
    With no hunter in hand the tile goes out alone; after a tent sends two hunters home, the
    tile action may take them."""
    state = make(2)
    put(state, G17, 0, hunters=2)
    set_supply(state, 0, hunters=0)
    probe = state.clone()
    probe.apply(0, choose("tile"))
    assert hunter_counts(probe, 0) == [0]
    act(state, 0, choose("tent"), hunters(2), pay(turkeys=2))
    state.apply(0, {"type": "tent", "space": G17, "size": 2})
    assert state.supply_hunters[0] == 2
    idle_turn(state)  # seat 1
    state.apply(0, choose("tile"))
    assert hunter_counts(state, 0) == [0, 1, 2]


def test_the_tile_takes_hunters_from_hand_or_bought_from_the_market() -> None:
    """ハンターはプレイヤーの手元にあるものを置かなければなりません。（可能ならばいつでも新たな
    ハンターを市場から連れてくることができます。）
    Two hunters in hand: the tile takes at most two; buying one first allows three."""
    state = make(2)
    set_supply(state, 0, hunters=2)
    probe = state.clone()
    probe.apply(0, choose("tile"))
    assert hunter_counts(probe, 0) == [0, 1, 2]
    act(state, 0, {"type": "buy_hunter"}, choose("tile"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3]


def test_a_tile_may_leave_a_river_broken_and_grassland_against_mountain() -> None:
    """タイルはボードと辺が接するように置かなければなりません。川は途切れても構いません。また草原が
    山と繋がるのも構いません。 Nothing needs to match: every turn of the tile is allowed at
    every open position, and each one can be laid."""
    state = make(2)
    act(state, 0, choose("tile"), hunters(0), {"type": "gain", "animal": "bison"})
    open_positions = state.board.open_positions()
    places = legal_of(state, 0, "place")
    assert {(a["position"], a["orientation"]) for a in places} == {
        (p, o) for p in open_positions for o in range(ORIENTATIONS)
    }
    for a in places:
        laid = state.clone()
        laid.apply(0, a)
        assert laid.board.tiles[a["position"]] == state.hands[0]


def test_each_player_draws_in_turn_from_the_start_player_the_top_tile() -> None:
    """スタートプレイヤーから順に、各プレイヤーは山札からタイルを 1 枚引き、表を見ます。
    At the start of round 2 the new totem holder (seat 1) draws first, then seat 2, then
    seat 0, each the top tile of the pile."""
    state = make(3)
    top = state.deck[-3:][::-1]  # the pile's top, then the next ones
    finish_round(state)
    assert state.start == 1
    assert [e["seat"] for e in state.events if e["event"] == "draw"] == [1, 2, 0]
    assert [state.hands[s] for s in (1, 2, 0)] == top


def test_after_the_scoring_the_action_markers_come_off() -> None:
    """得点集計後、プレイヤーは個人ボードから行動マーカーを取り除き、次のラウンドを開始します。
    In round 2 every player may again take any of the six actions."""
    state = make(2)
    finish_round(state)
    assert state.round == 2
    assert all(not info["actions_used"] for info in state.view(None)["player_info"])
    kinds = [a["action"] for a in legal_of(state, state.current, "action")]
    assert kinds == ["tile", "tent", "canoe", "gather", "move1", "move3"]


def test_the_action_without_hunters_still_uses_up_its_marker() -> None:
    """行動を選びながら、ハンターを全く動かさないことを選ぶことができます。…ここで選ばれた行動は、
    このラウンドの残りの間選ぶことはできません。 A gather with no hunters is still the
    round's gather."""
    state = make(2)
    act(state, 0, choose("gather"), hunters(0), {"type": "gain", "animal": "turkeys"})
    idle_turn(state)  # seat 1
    assert "gather" not in [a["action"] for a in legal_of(state, 0, "action")]
    assert state.view(0)["player_info"][0]["actions_used"] == ["gather"]


def test_a_move_may_send_hunters_apart_or_together() -> None:
    """ハンターはまとめて動かしてもばらばらに動かしても構いません。 Two hunters of one space
    may end on one space or on two."""
    for ends in ((R17, R17), (R17, M11)):
        state = make(2)
        put(state, G17, 0, hunters=2)
        act(state, 0, choose("move1"), hunters(2), pay(fish=2))
        for to in ends:
            state.apply(0, {"type": "move", "from": G17, "to": to})
        assert state.owner[G17] == -1
        assert sorted(state.hunters[s] for s in set(ends)) == sorted(
            ends.count(s) for s in set(ends)
        )


def test_a_grassland_to_mountain_move_on_one_tile_takes_two_points() -> None:
    """同じタイルの草原から山に移動する場合は川を経由する必要があるため、必要な移動ポイントは2点と
    なります。 move1 cannot go G17 → M17; move3 can."""
    for kind, reachable in (("move1", False), ("move3", True)):
        state = make(2)
        put(state, G17, 0, hunters=1)
        act(state, 0, choose(kind), hunters(1))
        assert ({"type": "move", "from": G17, "to": M17} in state.legal_actions(0)) == reachable
