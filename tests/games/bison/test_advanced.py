"""The advanced variants: several tents or canoes per action (rule 1), and shrinking and
dismantling as well (rule 2). Spaces as in ``test_actions``."""

from __future__ import annotations

import pytest

from meeple.games.bison import BisonState
from tests.games.bison.helpers import (
    G11,
    G17,
    M11,
    M12,
    act,
    choose,
    hunter_counts,
    hunters,
    legal_of,
    make,
    pay,
    put,
    set_supply,
)


def tent(space: int, size: int) -> dict[str, object]:
    return {"type": "tent", "space": space, "size": size}


def offered(state: BisonState, seat: int) -> set[tuple[int, int]]:
    return {(a["space"], a["size"]) for a in legal_of(state, seat, "tent")}


def test_advanced_rule_1_example() -> None:
    """ルール 1：1 回の行動で複数のテントまたは複数のカヌーを設置・拡張できます。行動のコストは、行動を
    行うハンターの総数に対応した数を支払います。例：黄色のハンター4 個を使ってテントの設置・拡張を
    行います。コストは7 です。a) 1 の山：ハンター1 個を使って1 人用テントを2 人用テントに拡張します。
    1 人用のテントとハンター1 個を手元に戻します。b) 草原 1：ハンター1 個を使って1 人用テントを設置
    します。c) 草原 2：ハンター2 個を使って2 人用テントを設置します。
    Rule 1: several tents (or canoes) per action, paying for the total of hunters. Example,
    4 hunters for 7: expand a 1-tent to a 2-tent with 1 hunter, set up a 1-tent with 1, a
    2-tent with 2."""
    state = make(2, advanced=1)
    put(state, M12, 0, hunters=1, shelter=1)
    put(state, G17, 0, hunters=1)
    put(state, G11, 0, hunters=2)
    set_supply(state, 0, hunters=4, tents=[1, 2, 2])
    act(state, 0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3, 4]
    act(state, 0, hunters(4), pay(bison=3, fish=2, turkeys=2))
    assert (M12, 2) in offered(state, 0)
    act(state, 0, tent(M12, 2), tent(G17, 1), tent(G11, 2))
    assert [(state.shelter[s], state.hunters[s]) for s in (M12, G17, G11)] == [
        (2, 0),
        (1, 0),
        (2, 0),
    ]
    assert state.supply_hunters[0] == 8
    assert state.supply_tents[0][1:3] == [1, 0]  # the 1-tent from a) went up in b)
    assert sum(state.tracks[0]) == 30 - 7
    assert state.current == 1


def test_advanced_rule_2_example() -> None:
    """ルール 2：…テントやカヌーを解体したり縮小したりできます。テントやカヌーの解体・縮小をする際、
    スペースにハンターがある必要はありません。例：黄色のハンター4 個を使って…コストは7 です。a) 1 の
    山：ハンター1 個（テントの中に入っています）を使い、2 人用テントを1 人用テントに縮小します。2 人用
    テントを手元に戻し、1 人用のテントとハンター1 個をスペースに置きます。b) 草原 1：ハンター1 個
    （テントの中に入っています）を使い、1 人用テントを解体します。1 人用テントを手元に戻し、ハンター1 個
    をスペースに置きます。c) 草原 2：ハンター2 個を使って2 人用テントを設置します。
    Rule 2: also shrink or dismantle, with no hunters needed on the space. Example, 4
    hunters for 7: shrink a 2-tent to a 1-tent (its hunter is put on the space), dismantle a
    1-tent (likewise), set up a 2-tent with 2 hunters."""
    state = make(2, advanced=2)
    put(state, M12, 0, shelter=2)
    put(state, G17, 0, shelter=1)
    put(state, G11, 0, hunters=2)
    set_supply(state, 0, hunters=4, tents=[1, 2])
    act(state, 0, choose("tent"))
    assert hunter_counts(state, 0) == [0, 1, 2, 3, 4, 5]
    act(state, 0, hunters(4), pay(bison=2, fish=2, turkeys=3))
    assert {(M12, 1), (M12, 0), (G17, 0), (G11, 2), (G11, 1)} <= offered(state, 0)
    act(state, 0, tent(M12, 1), tent(G17, 0), tent(G11, 2))
    assert [(state.shelter[s], state.hunters[s]) for s in (M12, G17, G11)] == [
        (1, 1),
        (0, 1),
        (2, 0),
    ]
    assert state.owner[G17] == 0  # the dismantled tent's hunter holds the space
    assert state.supply_hunters[0] == 4 - 1 - 1 + 2
    assert state.supply_tents[0][1:3] == [1, 1]
    assert sum(state.tracks[0]) == 30 - 7


@pytest.mark.parametrize(("advanced", "counts"), [(0, [0, 1]), (1, [0, 1, 2])])
def test_only_the_advanced_rules_allow_several_changes(advanced: int, counts: list[int]) -> None:
    """重要：1回の行動でテントの設置か拡張のどちらかしか行えません (basic) — ルール 1：1 回の行動で
    複数のテントまたは複数のカヌーを設置・拡張できます。
    Basic: one set-up or expansion per action; rule 1: several."""
    state = make(2, advanced=advanced)
    put(state, G17, 0, hunters=1)
    put(state, M11, 0, hunters=1)
    set_supply(state, 0, tents=[1, 1])
    act(state, 0, choose("tent"))
    assert hunter_counts(state, 0) == counts
    # Two set-ups need two 1-tents in hand: with one, one hunter is all the action can use.
    set_supply(state, 0, tents=[1, 2])
    assert hunter_counts(state, 0) == [0, 1]


@pytest.mark.parametrize(("advanced", "counts"), [(1, [0]), (2, [0, 1, 2])])
def test_only_rule_2_shrinks_and_dismantles(advanced: int, counts: list[int]) -> None:
    """ルール 2 を適用した上で…テントやカヌーを解体したり縮小したりできます。
    Only rule 2 adds dismantling and shrinking."""
    state = make(2, advanced=advanced)
    put(state, G17, 0, shelter=2)
    act(state, 0, choose("tent"))
    assert hunter_counts(state, 0) == counts


def test_shrinking_needs_hunters_in_hand() -> None:
    """縮小したテントやカヌーとハンターを手元からスペースに置きます。 Ruling: the released hunters
    are pieces from the supply; without them a tent cannot shrink."""
    state = make(2, advanced=2)
    put(state, G17, 0, shelter=2)
    set_supply(state, 0, hunters=0)
    act(state, 0, choose("tent"))
    assert hunter_counts(state, 0) == [0]


def test_a_change_is_offered_only_if_the_rest_of_the_hunters_can_still_be_used() -> None:
    """Every step keeps the action completable: with 3 hunters to use on a space of 2 hunters
    and a space of 1, a 1-tent on the first would strand a hunter."""
    state = make(2, advanced=1)
    put(state, G17, 0, hunters=2)
    put(state, M11, 0, hunters=1)
    set_supply(state, 0, tents=[1, 2])
    act(state, 0, choose("tent"), hunters(3), pay(fish=4))
    assert offered(state, 0) == {(G17, 2), (M11, 1)}


def test_each_space_changes_once_an_action() -> None:
    """Ruling: a space's tent changes at most once per action, so 2 hunters on one space set up
    a 2-tent; they cannot set up a 1-tent and then expand it."""
    state = make(2, advanced=1)
    put(state, G17, 0, hunters=3)
    set_supply(state, 0, tents=[1, 2])
    act(state, 0, choose("tent"), hunters(2), pay(fish=2))
    assert offered(state, 0) == {(G17, 2)}
