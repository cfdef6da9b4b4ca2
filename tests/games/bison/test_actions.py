"""Tents, canoes, gathering and moving hunters, with the rulebook's worked examples.

The board is the start board: spaces G11/R11/M11, G12/R12/M12 and G17/R17/M17 are the
grassland, river and mountain of the start tiles at positions 11, 12 and 17. Its links:
G11–R11–M11, M11–M12 (mountains), M11–G17, G12–R12–M12, G12–M17, R12–R17 (rivers),
M12–G17, G17–R17–M17.
"""

from __future__ import annotations

from meeple.games.bison.rules import BisonState
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
    hunter_counts,
    hunters,
    idle_turn,
    legal_of,
    make,
    pay,
    put,
    stock,
)


def moves(state: BisonState, seat: int) -> set[tuple[int, int]]:
    return {(a["from"], a["to"]) for a in legal_of(state, seat, "move")}


def move(origin: int, to: int) -> dict[str, object]:
    return {"type": "move", "from": origin, "to": to}


# --- tents and canoes -----------------------------------------------------------------


def test_setting_up_a_tent_example() -> None:
    """例：1カ所のスペースに3個のハンターがあるプレイヤーがいます。彼は1人用、2人用、3人用のテントを
    設置できます。そこで2人用のテントを設置することにしました。コスト表に基づいて2個の動物を支払い、
    2人用のテントを手元からハンターのスペースに置いてハンター駒を2個手元に戻しました。
    Example: with 3 hunters on a space a player may set up a 1-, 2- or 3-tent; he sets up
    the 2-tent, pays 2 animals and takes 2 hunters back."""
    state = make(2)
    put(state, G17, 0, hunters=3)
    state.apply(0, {"type": "buy_tent", "size": 3})  # 場合によっては市場から買う必要があるでしょう
    state.apply(0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3]
    supply_before = state.supply_hunters[0]
    act(state, 0, hunters(2), pay(bison=1, turkeys=1))
    assert legal_of(state, 0, "tent") == [{"type": "tent", "space": G17, "size": 2}]
    state.apply(0, {"type": "tent", "space": G17, "size": 2})
    assert (state.shelter[G17], state.hunters[G17]) == (2, 1)
    assert state.supply_hunters[0] == supply_before + 2
    assert state.supply_tents[0][2] == 0
    assert stock(state, 0) == {"bison": 6, "fish": 7, "turkeys": 6}
    assert state.current == 1  # one change and the action is over


def test_expanding_a_tent_example() -> None:
    """例：1人用のテントとハンター2個を置いているプレイヤーがいます。このプレイヤーはこのテントを
    2人用か3人用のものに拡張できます。そこで3人用のテントに拡張することにしました。表に従い2つの動物を
    支払って…3人用のテントを置き、1人用のテントと2個のハンターを手元に戻します。
    Example: a 1-tent with 2 hunters may become a 2- or a 3-tent; expanding to 3 costs 2
    animals, and the 1-tent and both hunters go back to hand."""
    state = make(2)
    put(state, M11, 0, hunters=2, shelter=1)
    state.apply(0, {"type": "buy_tent", "size": 3})
    state.apply(0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2]
    probe = state.clone()
    act(probe, 0, hunters(1))
    assert legal_of(probe, 0, "tent") == [{"type": "tent", "space": M11, "size": 2}]
    supply_before = state.supply_hunters[0]
    ones_before = state.supply_tents[0][1]
    act(state, 0, hunters(2), pay(fish=2))
    assert legal_of(state, 0, "tent") == [{"type": "tent", "space": M11, "size": 3}]
    state.apply(0, {"type": "tent", "space": M11, "size": 3})
    assert (state.shelter[M11], state.hunters[M11], state.owner[M11]) == (3, 0, 0)
    assert state.supply_hunters[0] == supply_before + 2
    assert state.supply_tents[0][1] == ones_before + 1


def test_one_tent_per_action_in_the_basic_game() -> None:
    """重要：1回の行動でテントの設置か拡張のどちらかしか行えません (one set-up or expansion per
    action): with hunters on two spaces, the first change ends the action."""
    state = make(2)
    put(state, G17, 0, hunters=1)
    put(state, M12, 0, hunters=1)
    act(state, 0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1]  # two hunters, but never both in one action
    act(state, 0, hunters(1))
    assert {a["space"] for a in legal_of(state, 0, "tent")} == {G17, M12}
    state.apply(0, {"type": "tent", "space": G17, "size": 1})
    assert state.current == 1 and state.shelter[M12] == 0


def test_tents_go_on_land_and_canoes_on_rivers_where_the_player_has_hunters() -> None:
    """テントは草原か山に設置できます。…テントを設置するためには、そこにハンターがある必要があります。
    カヌーはハンターがある川にのみ設置できます。
    Tents go on grassland or mountain, canoes on rivers, and only where the player has
    hunters."""
    state = make(2)
    put(state, R17, 0, hunters=1)
    put(state, G12, 0, hunters=1)
    put(state, M17, 1, hunters=1)
    state.apply(0, choose("tent"))
    probe = state.clone()
    act(probe, 0, hunters(1))
    assert {a["space"] for a in legal_of(probe, 0, "tent")} == {G12}
    state = make(2)
    put(state, R17, 0, hunters=1)
    put(state, G12, 0, hunters=1)
    act(state, 0, choose("canoe"), hunters(1))
    assert legal_of(state, 0, "canoe") == [{"type": "canoe", "space": R17, "size": 1}]
    state.apply(0, {"type": "canoe", "space": R17, "size": 1})
    assert state.shelter[R17] == 1 and state.supply_canoes[0][1] == 0


def test_no_tent_without_a_tent_of_that_size_in_hand() -> None:
    """手元からテントを1つ取り（場合によっては市場から買う必要があるでしょう）: a size missing
    from the supply cannot be set up until bought."""
    state = make(2)
    put(state, G17, 0, hunters=3)
    state.apply(0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2]


# --- gathering ------------------------------------------------------------------------


def test_gathering_example() -> None:
    """例：山にある黄色のハンターが離れたスペースにある2個のハンターを集めることにしました。表に従い、
    2コストを支払い（2個のハンターが行動したため）、山には3個のハンターが集まりました。そこで彼は次の
    行動で1、2、3人用のテントを設置することができます。
    Example: a hunter on a mountain calls 2 hunters from far away, for 2 animals; with 3
    hunters there the player may next set up a 1-, 2- or 3-tent."""
    state = make(2)
    put(state, M12, 0, hunters=1)
    put(state, G11, 0, hunters=1)
    put(state, R17, 0, hunters=1)
    act(state, 0, choose("gather"))
    assert hunter_counts(state, 0) == [0, 1, 2]
    act(state, 0, hunters(2), pay(bison=2))
    assert {a["space"] for a in legal_of(state, 0, "gather_at")} == {M12, G11, R17}
    state.apply(0, {"type": "gather_at", "space": M12})
    assert {a["from"] for a in legal_of(state, 0, "gather")} == {G11, R17}
    act(state, 0, {"type": "gather", "from": G11}, {"type": "gather", "from": R17})
    assert state.hunters[M12] == 3
    assert state.owner[G11] == state.owner[R17] == -1
    assert stock(state, 0)["bison"] == 8
    idle_turn(state)  # seat 1
    state.apply(0, {"type": "buy_tent", "size": 3})
    state.apply(0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3]


def test_hunters_gather_only_where_a_hunter_of_the_player_stands() -> None:
    """自分のハンターがあるスペースに集めることができます。 Ruling: a tent alone does not call."""
    state = make(2)
    put(state, G17, 0, shelter=1)
    put(state, G11, 0, hunters=1)
    put(state, R12, 0, hunters=1)
    act(state, 0, choose("gather"), hunters(1))
    assert {a["space"] for a in legal_of(state, 0, "gather_at")} == {G11, R12}


# --- moving ---------------------------------------------------------------------------


def test_moving_four_hunters_one_space_example() -> None:
    """例：赤のプレイヤーは4個のハンターを移動させます。表に従い、コスト7を支払います。右上では1個が
    草原から川に動き、1個が山から同じ川に動き、左では1個が隣の山に動き、下では1個が川に動きます。
    Example: red moves 4 hunters for 7 animals — grassland to river, mountain to the same
    river, one to the next tile's mountain, one into a river."""
    state = make(2)
    for space in (G11, M11, G17, M17):
        put(state, space, 0, hunters=1)
    act(state, 0, choose("move1"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3, 4]
    act(state, 0, hunters(4), pay(bison=3, fish=2, turkeys=2))
    assert moves(state, 0) == {
        (G11, R11),
        (M11, R11),
        (M11, M12),
        (M11, G17),
        (G17, M11),
        (G17, M12),
        (G17, R17),
        (M17, R17),
        (M17, G12),
    }
    act(state, 0, move(G11, R11), move(M11, R11), move(G17, M12), move(M17, R17))
    assert [state.hunters[s] for s in (R11, M12, R17)] == [2, 1, 1]
    assert all(state.owner[s] == -1 for s in (G11, M11, G17, M17))
    assert sum(state.tracks[0]) == 30 - 7
    assert state.current == 1


def test_moving_three_hunters_up_to_three_spaces_example() -> None:
    """例：青のプレイヤーは 3 個のハンターを動かすことにしました。上部のハンターは川→山→隣のタイルの山と
    移動しました。川のハンターは土地 2 つ分移動し、同じ山まで来ました。下部の草原にあるハンターは隣の
    タイルの山に移動しました。青のプレイヤーは山に 3 個のハンターがいることになり、次の行動で 1 人用、
    2 人用、3 人用のテントを設置できます。
    Example: blue moves 3 hunters — river, mountain, the next tile's mountain; another river
    hunter two spaces to the same mountain; a grassland hunter to the next tile's mountain —
    and may then set up a 1-, 2- or 3-tent there."""
    state = make(2)
    for space in (R12, R17, G17):
        put(state, space, 0, hunters=1)
    act(state, 0, choose("move3"), hunters(3), pay(turkeys=4))
    assert (R12, M11) in moves(state, 0)  # river → mountain → the next tile's mountain
    act(state, 0, move(R12, M11), move(R17, M11), move(G17, M11))
    assert state.hunters[M11] == 3
    assert state.board.distance(R12, M11) == 2 and state.board.distance(R17, M11) == 2
    idle_turn(state)
    state.apply(0, {"type": "buy_tent", "size": 3})
    state.apply(0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3]


def test_hunters_pass_through_others_spaces_but_never_stop_there() -> None:
    """あなたのハンターは他のプレイヤーの用具…があるスペースを通過できますが、そこで止まることは
    できません。 (1つのスペースにいられるのは1人のプレイヤーだけです。)
    Hunters may pass through spaces with other players' pieces but not stop there (one
    player per space)."""
    state = make(2)
    put(state, R12, 0, hunters=1)
    put(state, M12, 1, shelter=1)
    put(state, R17, 1, hunters=1)
    act(state, 0, choose("move3"), hunters(1))
    destinations = {to for origin, to in moves(state, 0) if origin == R12}
    assert M12 not in destinations and R17 not in destinations
    assert M11 in destinations  # through the other player's mountain
    assert G17 in destinations  # through the other player's river


def test_a_move_ends_on_an_empty_space_or_the_players_own() -> None:
    """移動先の土地は何もないか、又はあなたの用具が置いてある必要があります。
    A move ends on an empty space or on one with the player's own pieces."""
    state = make(2)
    put(state, G17, 0, hunters=1)
    put(state, R17, 0, shelter=1)
    put(state, M12, 1, hunters=1)
    put(state, M11, 1, hunters=1)
    act(state, 0, choose("move1"), hunters(1))
    assert moves(state, 0) == {(G17, R17)}


def test_each_hunter_moves_once_in_an_action() -> None:
    """5個までの各ハンターを土地1つ分移動できます (each of up to five hunters moves one
    space): a hunter that has moved does not move again in the same action."""
    state = make(2)
    put(state, G17, 0, hunters=1)
    put(state, M17, 0, hunters=1)
    act(state, 0, choose("move1"), hunters(2), pay(fish=2), move(G17, R17))
    assert {origin for origin, _ in moves(state, 0)} == {M17}


def test_no_more_hunters_than_can_go_somewhere() -> None:
    """A hunter boxed in by other players' spaces cannot be chosen to move."""
    state = make(2)
    put(state, G11, 0, hunters=2)
    put(state, R11, 1, hunters=1)
    put(state, M17, 0, hunters=1)
    act(state, 0, choose("move1"))
    assert hunter_counts(state, 0) == [0, 1]
