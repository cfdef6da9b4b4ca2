"""Set-up, the round, the cost table, the market, the exchange and the tile action.

Each test cites the passage of ``shared/rules/bison.ja.txt`` it checks; rulings are in
``docs/rules/bison.md``.
"""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.games.bison import GAME
from meeple.games.bison.data import MOUNTAIN, RIVER, TRACK_MAX
from meeple.games.bison.geometry import START_POSITIONS, space_of
from meeple.games.bison.rules import START_BOARD
from meeple.games.bison.tiles import START_TILES, TILES
from tests.games.bison.helpers import (
    act,
    choose,
    finish_round,
    hunter_counts,
    hunters,
    idle_turn,
    legal_of,
    make,
    pay,
    set_supply,
    stock,
)

# --- set-up ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_ten_of_each_animal_and_a_few_pieces(players: int) -> None:
    """ハンター駒3個：動物トラックの10のところ…ハンター駒4個、1人分のテント1個、2人分のテント1個、
    1人分のカヌー1個、2人分のカヌー1個：手元に置きます。残りのハンター、テント、カヌーは…市場とします。
    (tracks at 10; 4 hunters, a 1- and a 2-tent, a 1- and a 2-canoe in hand; the rest is
    the market: 11 hunters less 3 markers less 4, and the other tents and canoes.)"""
    state = make(players)
    view = state.view(0)
    for info in view["player_info"]:
        assert info["animals"] == {"bison": 10, "fish": 10, "turkeys": 10}
        assert info["supply"] == {"hunters": 4, "tents": [1, 2], "canoes": [1, 2]}
        assert info["market"] == {"hunters": 4, "tents": [1, 2, 3, 4], "canoes": [1, 2, 3, 4]}


@pytest.mark.parametrize(("players", "removed", "rounds"), [(2, 6, 6), (3, 3, 5), (4, 2, 4)])
def test_tiles_are_removed_unseen_and_the_rounds_depend_on_the_players(
    players: int, removed: int, rounds: int
) -> None:
    """取り除く枚数は 2 人プレイの場合は 6 枚、3 人は 3 枚、4 人は 2 枚です。…2 人：6 ラウンド、
    3 人：5 ラウンド、4 人：4 ラウンド (tiles removed unseen, and rounds, by player count):
    the draw pile holds exactly one tile per player and round."""
    state = make(players)
    assert len(state.removed) == removed
    assert state.rounds == rounds
    assert len(state.deck) + players == rounds * players == 18 - removed


def test_the_board_starts_with_the_three_start_tiles() -> None:
    """3枚のスタートタイルを、トーテムのマークが真ん中にくるように組み合わせてテーブル中央に置きます。
    The three start tiles lie in the middle, the totem mark at their centre."""
    state = make(3)
    assert state.board.placed_positions() == sorted(START_POSITIONS)
    assert {state.board.tiles[p] for p in START_POSITIONS} == {t.id for t in START_TILES}
    assert state.board is START_BOARD


def test_every_player_draws_a_tile_the_others_do_not_see() -> None:
    """スタートプレイヤーから順に、各プレイヤーは山札からタイルを 1 枚引き、表を見ます（他の人には
    見せません）。
    From the start player on, each draws a tile and looks at it without showing it."""
    state = make(3)
    assert all(t != -1 for t in state.hands)
    for seat in range(3):
        view = state.view(seat)
        assert view["my_tile"]["tile"] == state.hands[seat]
        assert all(info["holds_tile"] for info in view["player_info"])
    assert "my_tile" not in state.view(None)


# --- the round ------------------------------------------------------------------------


def test_players_take_their_four_actions_in_turn_from_the_start_player() -> None:
    """まずスタートプレイヤーが最初の行動を 1 回行います。…行動が完了したら左隣のプレイヤーが最初の
    行動を行います。各プレイヤーが 1 回目の行動を行った後、スタートプレイヤーは 2 回目の行動を行い
    (the start player acts, then the left neighbour, ...; then everyone's second action)."""
    state = make(3)
    order = []
    while state.round == 1:
        order.append(state.current)
        idle_turn(state)
    assert order == [0, 1, 2] * 4


def test_the_totem_pole_passes_left_every_round() -> None:
    """各ラウンドの始めに、トーテムポールを左隣のプレイヤーに渡します。最初のラウンドは最も若い
    プレイヤーがトーテムポールを持ちます。 Ruling: seat 0 is the youngest; the pole first
    passes at the start of round 2."""
    state = make(3)
    starts = [state.start]
    for _ in range(2):
        finish_round(state)
        starts.append(state.start)
        assert state.current == state.start
    assert starts == [0, 1, 2]


def test_each_action_is_taken_at_most_once_a_round() -> None:
    """行動マーカーがすでに置かれている行動はこのラウンドは行えません。すなわち、1 ラウンドの間に
    1 種類の行動は 1 回しか行えません。
    An action whose box holds a marker cannot be taken again this round: each kind once a
    round."""
    state = make(2)
    act(state, 0, choose("gather"), hunters(0), {"type": "gain", "animal": "bison"})
    idle_turn(state)  # seat 1
    assert "gather" not in [a["action"] for a in legal_of(state, 0, "action")]
    finish_round(state)
    assert "gather" in [a["action"] for a in legal_of(state, 1, "action")]


def test_the_tile_must_be_placed_by_the_last_action_of_the_round() -> None:
    """この行動は毎ラウンド必ず行わなければなりません。…タイルの配置はラウンドのうちに必ず行わなければ
    なりません。 Ruling: with the tile still in hand, the last action can only be the tile."""
    state = make(2)
    for _ in range(6):  # three actions each, none of them the tile
        idle_turn(state)
    assert state.hands[0] != -1
    assert [a["action"] for a in legal_of(state, 0, "action")] == ["tile"]
    idle_turn(state)
    assert state.hands[0] == -1


def test_an_action_without_hunters_gains_one_animal() -> None:
    """行動を選びながら、ハンターを全く動かさないことを選ぶことができます。そうした場合…好きな動物の
    ストックを 1 つ増やします。
    An action may be taken with no hunters: the player then gains one animal of their
    choice."""
    state = make(2)
    act(state, 0, choose("move3"), hunters(0))
    assert [a["animal"] for a in legal_of(state, 0, "gain")] == ["bison", "fish", "turkeys"]
    state.apply(0, {"type": "gain", "animal": "turkeys"})
    assert stock(state, 0) == {"bison": 10, "fish": 10, "turkeys": 11}
    assert state.current == 1


# --- the cost table -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "cost"), [(1, 0), (2, 2), (3, 4), (4, 7), (5, 10)])
def test_the_cost_of_an_action_follows_the_number_of_hunters(n: int, cost: int) -> None:
    """コスト表: 1個 0, 2個 -2, 3個 -4, 4個 -7, 5個 -10 (animals to pay by the number of
    hunters; one hunter is free and skips the payment)."""
    state = make(2)
    set_supply(state, 0, hunters=5)
    act(state, 0, choose("tile"), hunters(n))
    payments = legal_of(state, 0, "pay")
    if cost == 0:
        assert payments == [] and state.phase == "place"
    else:
        assert payments and all(p["bison"] + p["fish"] + p["turkeys"] == cost for p in payments)


def test_the_payment_may_mix_the_animals_but_never_exceed_the_stock() -> None:
    """好きな組み合わせで4つぶん目盛を左に動かします (pay 4 in any mix of animals)."""
    state = make(2)
    state.tracks[0] = [1, 3, 0]
    act(state, 0, choose("tile"), hunters(3))
    splits = {(p["bison"], p["fish"], p["turkeys"]) for p in legal_of(state, 0, "pay")}
    assert splits == {(1, 3, 0)}
    state.tracks[0] = [10, 10, 10]
    assert len(legal_of(state, 0, "pay")) == 15  # every way to split 4 into three parts


def test_no_more_hunters_than_the_player_can_pay_for() -> None:
    """支払えるコストと手元や市場のハンターの数によって決まります (what the player can pay limits
    the hunters): 3 animals pay for at most 2 hunters."""
    state = make(2)
    state.tracks[0] = [1, 1, 1]
    act(state, 0, choose("tile"))
    assert hunter_counts(state, 0) == [0, 1, 2]


# --- the market and the exchange ------------------------------------------------------


def test_a_hunter_costs_one_of_each_animal() -> None:
    """ハンターを購入するには各動物 1 つが必要です。バイソン、七面鳥、魚マーカーを 1 つずつ減らします。
    A hunter costs one bison, one fish and one turkey."""
    state = make(2)
    state.apply(0, {"type": "buy_hunter"})
    assert stock(state, 0) == {"bison": 9, "fish": 9, "turkeys": 9}
    assert (state.supply_hunters[0], state.market_hunters[0]) == (5, 3)
    state.tracks[0] = [5, 0, 5]
    assert legal_of(state, 0, "buy_hunter") == []


def test_tents_and_canoes_cost_one_of_each_animal_per_square() -> None:
    """3 人用テントを買うには 9 つの動物（バイソン、七面鳥、魚を 3 つずつ）…2 人乗りカヌーを買うには
    6 つの動物（バイソン、七面鳥、魚を 2 つずつ）が必要です。
    A 3-tent costs 9 animals (3 of each); a 2-canoe 6 (2 of each)."""
    state = make(2)
    state.apply(0, {"type": "buy_tent", "size": 3})
    assert stock(state, 0) == {"bison": 7, "fish": 7, "turkeys": 7}
    state.apply(0, {"type": "buy_canoe", "size": 2})
    assert stock(state, 0) == {"bison": 5, "fish": 5, "turkeys": 5}
    assert state.supply_tents[0][3] == 1 and state.market_tents[0][3] == 0
    assert state.supply_canoes[0][2] == 2 and state.market_canoes[0][2] == 0
    # The market holds one 3-tent per player: it cannot be bought twice.
    assert {"type": "buy_tent", "size": 3} not in state.legal_actions(0)


def test_buying_happens_in_your_own_turn_before_an_action() -> None:
    """この行動は自分のターンであればいつでも何度でも行えます。 Ruling: free actions are offered
    before each action is chosen, never in the middle of one, nor in another's turn."""
    state = make(2)
    assert legal_of(state, 1, "buy_hunter") == []
    state.apply(0, {"type": "buy_hunter"})
    state.apply(0, {"type": "buy_hunter"})
    assert state.current == 0
    state.apply(0, choose("gather"))
    assert legal_of(state, 0, "buy_hunter") == []


def test_animals_exchange_three_for_one() -> None:
    """プレイヤーはいつでも個人ボード上の動物を 3 対 1 で交換できます。…手持ちのバイソンを 3 つ
    減らすことで魚を 1 つ増やすことができます。
    Animals exchange 3 for 1 at any time, e.g. 3 bison for 1 fish."""
    state = make(2)
    state.apply(0, {"type": "exchange", "give": "bison", "get": "fish"})
    assert stock(state, 0) == {"bison": 7, "fish": 11, "turkeys": 10}
    state.tracks[0] = [2, TRACK_MAX, 3]
    offered = {(a["give"], a["get"]) for a in legal_of(state, 0, "exchange")}
    # Too few bison to give; a full fish track takes no more (ruling).
    assert offered == {("fish", "bison"), ("fish", "turkeys"), ("turkeys", "bison")}


# --- placing the tile -----------------------------------------------------------------


def test_the_tile_goes_next_to_the_board_in_one_of_three_orientations() -> None:
    """タイルはボードと辺が接するように置かなければなりません。 (and FACTS.md: a tile turns only
    in 120° steps.)"""
    state = make(2)
    act(state, 0, choose("tile"), hunters(1))
    places = legal_of(state, 0, "place")
    assert {a["position"] for a in places} == set(state.board.open_positions())
    assert len(places) == 3 * len(state.board.open_positions())
    tile = state.hands[0]
    state.apply(0, {"type": "place", "position": 22, "orientation": 2})
    assert (state.board.tiles[22], state.board.orientations[22]) == (tile, 2)
    assert state.board.animals[space_of(22, RIVER)] == TILES[tile].animals[RIVER]


@pytest.mark.parametrize(("n", "cost"), [(3, 4), (4, 7)])
def test_placing_hunters_with_the_tile_example(n: int, cost: int) -> None:
    """例：ハンターを3個配置したい場合は4コスト（動物4個）、ハンターを4個配置したい場合は7コストを
    支払います。 The hunters come from the player's supply (手元にあるものを置かなければなりません)
    and all go on one space of the new tile (新たに配置するハンターはすべて、新しく配置したタイルの
    うち1つの地形に置かなければなりません)."""
    state = make(2)
    act(state, 0, choose("tile"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3, 4]  # four hunters in supply
    act(state, 0, hunters(n), pay(bison=cost), {"type": "place", "position": 18, "orientation": 0})
    deploys = [a["space"] for a in legal_of(state, 0, "deploy")]
    assert deploys == [space_of(18, t) for t in range(3)]
    state.apply(0, {"type": "deploy", "space": space_of(18, MOUNTAIN)})
    assert state.hunters[space_of(18, MOUNTAIN)] == n
    assert state.owner[space_of(18, MOUNTAIN)] == 0
    assert state.supply_hunters[0] == 4 - n
    assert stock(state, 0)["bison"] == 10 - cost


def test_an_illegal_step_is_refused_and_changes_nothing() -> None:
    state = make(2)
    act(state, 0, choose("tile"), hunters(1))
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "place", "position": 0, "orientation": 0})  # not next to the board
    with pytest.raises(IllegalAction):
        state.apply(1, {"type": "place", "position": 18, "orientation": 0})  # not seat 1's turn
    assert state.to_json() == before
    assert GAME.from_json(before).to_json() == before
