"""The taste test: every opponent answers at once, the first "taste" decides."""

import pytest

from meeple.core.errors import IllegalAction
from meeple.games.stirfry.rules import CHEF, TASTE_TEST

from .helpers import (
    TASTE,
    TRUST,
    declare,
    declare_pair,
    hand,
    make,
    play,
)

FOUR_HANDS = [["noodles", "leek", "pork"], ["ginger"], ["mushroom"], ["soy"]]


def test_every_opponent_answers_at_once() -> None:
    """他プレイヤー全員が味見テストを行う/行わないを選択し終えるまで待機します。

    After a declaration all three opponents are to move together, each choosing
    between trust and a taste test; the chef waits.
    """
    state = make(4, FOUR_HANDS)
    play(state, (0, declare("pork", "pork")))
    assert state.phase == TASTE_TEST
    assert state.to_move == (1, 2, 3)
    for seat in (1, 2, 3):
        assert state.legal_actions(seat) == [TRUST, TASTE]
    assert state.legal_actions(0) == []


def test_the_declaration_stands_when_everyone_trusts() -> None:
    """誰も味見テストを要求しなかったのでそのまま山札からカードを3枚引きます。

    Once the last opponent trusts, the chef draws and the card stays face down.
    """
    state = make(4, FOUR_HANDS)
    play(state, (0, declare("leek", "pork")), (2, TRUST), (1, TRUST))
    assert state.to_move == (3,)
    assert sum(state.hands[0]) == 2
    play(state, (3, TRUST))
    assert state.to_move == (0,) and state.phase == CHEF
    assert sum(state.hands[0]) == 2 + 3
    assert state.table == []
    assert state.view(1)["face_down"] == [1, 0, 0, 0]


def test_the_first_taste_test_decides() -> None:
    """味見テストの要求は早い者勝ちです。一番早く味見を要求したプレイヤーのみが味見テストを行えます。

    Seat 2 trusts, seat 3 calls first: the test is resolved at once; seat 1 is no
    longer asked and only seat 3 gains from the caught bluff.
    """
    state = make(4, FOUR_HANDS)
    play(state, (0, declare("leek", "shrimp")), (2, TRUST), (3, TASTE))
    assert state.to_move == (0,)
    assert state.extra_draws == [0, 0, 0, 1]
    with pytest.raises(IllegalAction):
        state.apply(1, TASTE)


def test_a_caught_bluff_draws_nothing_and_is_shown() -> None:
    """捨てたカードが海老ではない(ブラフ)場合は捨てたプレイヤーは山札からカードを引くことは出来ません。

    The tasted card is turned face up; a bluff draws nothing.
    """
    state = make(2, [["noodles", "leek"], ["ginger"]])
    play(state, (0, declare("leek", "shrimp")), (1, TASTE))
    assert hand(state, 0) == ["noodles"]
    assert state.view(1)["table"] == ["leek"]
    assert state.bluff_caught
    taste = [e for e in state.view(1)["events"] if e["event"] == "taste"]
    assert taste == [
        {"event": "taste", "seat": 1, "chef": 0, "as": "shrimp", "cards": ["leek"], "bluff": True}
    ]


def test_a_protein_declared_as_another_is_a_bluff() -> None:
    """他のカードをタンパク質だと偽って(ブラフ)伏せることが出来ます。

    Pork declared as shrimp is not shrimp: the taste test catches it.
    """
    state = make(2, [["pork"], ["ginger"]])
    play(state, (0, declare("pork", "shrimp")), (1, TASTE))
    assert state.bluff_caught
    assert state.extra_draws == [0, 1]


def test_a_wrong_accusation_costs_the_whole_hand() -> None:
    """本当に宣言したカードを捨てていた場合は味見テストを要求したプレイヤーがペナルティとして手札を全て失う
    ことになります。…この場合は本当に海老を捨てていた宣言者はそのまま山札からカードを4枚引きます。

    The honest chef draws 4; the accuser loses every card, face down (its owner
    knows them, the others see a count).
    """
    state = make(3, [["shrimp"], ["ginger", "soy", "soy"], ["leek"]])
    play(state, (0, declare("shrimp", "shrimp")), (2, TRUST), (1, TASTE))
    assert sum(state.hands[0]) == 4
    assert hand(state, 1) == []
    assert state.points == [0, 0, 0]
    assert state.view(2)["face_down"] == [0, 3, 0]
    assert state.view(1)["my_face_down"] == ["ginger", "soy", "soy"]
    assert state.view(2)["my_face_down"] == []


def test_a_wrong_accusation_with_an_empty_hand_costs_five_points() -> None:
    """ペナルティを受ける際に手札が1枚も無い場合は所持得点が-5点されてしまいます。

    An accuser with no cards loses 5 points instead.
    """
    state = make(2, [["ginger", "ginger"], []], points=[0, 12])
    play(state, (0, declare_pair("ginger", "ginger")), (1, TASTE))
    assert state.points == [0, 7]
    assert sum(state.hands[0]) == 3


def test_no_cards_and_under_five_points_cannot_taste() -> None:
    """手札を1枚も持っておらず所持得点も5点未満の場合は味見テストを要求することが出来ません。

    Seat 1 (no cards, 4 points) is not asked; seat 2 (no cards, 5 points) and
    seat 3 (cards, 0 points) are. Ruling (TASTE_TEST_MIN_POINTS): those who could
    only trust are not asked at all.
    """
    state = make(4, [["pork"], [], [], ["soy"]], points=[0, 4, 5, 0])
    play(state, (0, declare("pork", "pork")))
    assert state.to_move == (2, 3)


def test_when_nobody_may_taste_the_declaration_stands_at_once() -> None:
    """手札が1枚も無く所持得点も5点未満の場合は味見テストを要求することは出来ません。

    With no opponent able to call a taste test, the chef draws at once.
    """
    state = make(2, [["leek", "noodles"], []], points=[0, 4])
    play(state, (0, declare("leek", "shrimp")))
    assert state.phase == CHEF and state.to_move == (0,)
    assert sum(state.hands[0]) == 1 + 4


@pytest.mark.parametrize(
    ("first", "second", "honest"),
    [
        ("ginger", "ginger", True),
        ("mushroom", "mushroom", True),
        ("noodles", "noodles", True),
        ("soy", "soy", True),
        ("leek", "ginger", False),
        ("noodles", "soy", False),
    ],
)
def test_what_a_pair_is(first: str, second: str, honest: bool) -> None:
    """同じ食材カード2枚のペアを捨てて… 異なる食材カード2枚を「同じ食材2枚のペア」と偽って捨てて…

    Two cards of the same kind are a pair — noodles and soy too (ruling,
    TOFU_PAIRS_WITH: they are 食材カード); two different kinds are a bluff.
    """
    state = make(2, [[first, second], ["pork"]])
    play(state, (0, declare_pair(first, second)), (1, TASTE))
    assert state.bluff_caught is not honest
    assert sum(state.hands[0]) == (3 if honest else 0)
    assert sum(state.hands[1]) == (0 if honest else 1)


def test_the_chef_sees_the_declared_cards_the_opponents_do_not() -> None:
    """1枚をテーブルに伏せ、タンパク質カード…のいずれかであると宣言します。

    The declared card lies face down: opponents see the claim and a count, the chef
    also sees what it really is.
    """
    state = make(3, [["leek", "noodles"], ["ginger"], ["soy"]])
    play(state, (0, declare("leek", "chicken")))
    chef_view = state.view(0)["declaration"]
    other_view = state.view(1)["declaration"]
    assert chef_view["cards"] == ["leek"]
    assert "cards" not in other_view
    assert other_view == {
        "seat": 0,
        "as": "chicken",
        "count": 1,
        "draws": 2,
        "waiting": [1, 2],
        "trusted": [],
    }
