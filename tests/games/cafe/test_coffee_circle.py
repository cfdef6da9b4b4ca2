"""The coffee-circle variation (option ``coffee_circle``), one test per rule.

Passages are quoted from the ヴァリエーション section of ``shared/rules/cafe.ja.txt``. Italy (3,11)
has the chairs (3,12), (2,11) shared with Africa (1,11), (4,11) shared with Italy (5,11), and
(3,10) shared with Britain (3,9).
"""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.games.cafe import CafeState
from meeple.games.cafe.data import HAND_SIZE
from tests.games.cafe.helpers import events, kinds_of_actions, make, seat, seat_actions

ITALY = [(3, 12), (2, 11), (4, 11), (3, 10)]
SOMEONE_ELSEWHERE = {(3, 0): "GER-M", (2, 1): "TUR-W"}  # so no first-turn exemption applies
OTHER_HAND = ["USA-M"] * 4 + ["USA-W"]


def circle_state(hand: list[str]) -> CafeState:
    """A game with the variation on, Germany (3,1) seating two, and ``hand`` for seat 0."""
    return make(chairs=SOMEONE_ELSEWHERE, hands=[hand, OTHER_HAND], coffee_circle=True)


def test_four_women_at_an_empty_table_in_one_turn_score_20() -> None:
    """一度に3枚もしくは4枚のタイルを配置できるようになります。ただし、これができるのは、4人の女性だけの
    (コーヒーサークル)…テーブルを1回の手番でつくることのできる場合のみです。…得られるポイントは20点です
    (3 or 4 tiles at once, only to make a table of four women in one turn: 20 points)."""
    state = circle_state(["ITA-W", "AFR-W", "ITA-W", "GBR-W", "CUB-M"])
    for guest, cell in zip(["ITA-W", "AFR-W", "ITA-W", "GBR-W"], ITALY, strict=True):
        assert state.current == 0
        seat(state, guest, cell)
    assert events(state, "seat")[-1]["points"] == 20
    assert state.chips[0] == 20
    assert state.current == 1


@pytest.mark.parametrize("fewer", [True, False])
def test_a_one_country_circle_scores_40_and_may_refill_one_fewer(fewer: bool) -> None:
    """もし4人が同じ国籍の場合には40点になります。…このとき4人とも同じ国籍のテーブルを作った場合には、
    補充する枚数を1枚少なくすることができます (40 if all four are of one country; then the player
    *can* draw one fewer). Ruling 19: it is the player's choice, made when the circle is done."""
    state = circle_state(["ITA-W", "ITA-W", "ITA-W", "ITA-W", "CUB-M"])
    for cell in ITALY:
        seat(state, "ITA-W", cell)
    assert state.chips[0] == 40
    # The turn waits for the choice: nothing is drawn yet, and nothing else is legal.
    assert state.current == 0 and len(state.hands[0]) == 1
    assert state.legal_actions(0) == [
        {"type": "refill", "fewer": True},
        {"type": "refill", "fewer": False},
    ]
    assert state.view(1)["choosing_refill"] is True
    state.apply(0, {"type": "refill", "fewer": fewer})
    size = HAND_SIZE - 1 if fewer else HAND_SIZE
    assert len(state.hands[0]) == size and state.hand_sizes[0] == size
    assert events(state, "refill_choice")[-1] == {
        "event": "refill_choice", "seat": 0, "fewer": fewer, "hand_size": size,
    }  # fmt: skip
    assert state.current == 1 and not state.view(0)["choosing_refill"]


def test_a_mixed_one_country_table_still_drops_the_hand_size_at_once() -> None:
    """The base game's bonus is not a choice: 同一国籍4人のテーブル(同じ国籍の2ペア)を完成させた
    場合には、特典として…1枚少ない枚数だけ補充します — a circle's is (ruling 19 vs ruling 10)."""
    chairs = {**SOMEONE_ELSEWHERE, ITALY[0]: "ITA-W", ITALY[1]: "ITA-M"}
    state = make(chairs=chairs, hands=[["ITA-W", "ITA-M", "CUB-M", "CUB-M", "USA-W"], OTHER_HAND],
                 coffee_circle=True)  # fmt: skip
    seat(state, "ITA-W", ITALY[2])
    seat(state, "ITA-M", ITALY[3])
    assert state.current == 1  # the turn ended by itself: no choice was asked
    assert not events(state, "refill_choice")
    assert state.hand_sizes[0] == HAND_SIZE - 1 and len(state.hands[0]) == HAND_SIZE - 1


def test_the_hand_is_refilled_by_as_many_as_were_seated() -> None:
    """また、配置したタイルの枚数だけ、補充をしなければなりません (draw as many tiles as were placed)."""
    state = circle_state(["ITA-W", "AFR-W", "ITA-W", "GBR-W", "CUB-M"])
    bag = len(state.bag)
    for guest, cell in zip(["ITA-W", "AFR-W", "ITA-W", "GBR-W"], ITALY, strict=True):
        seat(state, guest, cell)
    assert len(state.bag) == bag - 4
    assert len(state.hands[0]) == HAND_SIZE


def test_four_men_make_a_regulars_table_too() -> None:
    """…もしくは男性だけの(常連テーブル)テーブル (or a table of four men, the regulars' table)."""
    state = circle_state(["ITA-M", "AFR-M", "ITA-M", "GBR-M", "CUB-W"])
    for guest, cell in zip(["ITA-M", "AFR-M", "ITA-M", "GBR-M"], ITALY, strict=True):
        seat(state, guest, cell)
    assert state.chips[0] == 20


def test_three_women_may_join_a_woman_sitting_alone() -> None:
    """一度に3枚もしくは4枚 — three guests suffice when the table already seats one woman (here
    an Italian woman alone between Italy and Africa, with company at Africa)."""
    state = make(
        chairs={**SOMEONE_ELSEWHERE, (2, 11): "ITA-W", (0, 11): "AFR-M"},
        hands=[["ITA-W", "ITA-W", "GBR-W", "CUB-M", "CUB-W"], OTHER_HAND],
        coffee_circle=True,
    )
    seat(state, "ITA-W", (3, 12))
    seat(state, "ITA-W", (4, 11))
    seat(state, "GBR-W", (3, 10))
    assert events(state, "seat")[-1]["points"] == 20
    assert state.current == 1


def test_without_the_variation_a_table_never_seats_two_of_one_sex_alone() -> None:
    """男1女1 男1女2 男2女1 男2女2 のいずれかの組み合わせのみが可能です — without the option, a second
    woman may not join a first one at an empty table."""
    state = make(
        chairs=SOMEONE_ELSEWHERE,
        hands=[["ITA-W", "AFR-W", "ITA-W", "GBR-W", "ITA-M"], OTHER_HAND],
    )
    seat(state, "ITA-W", (3, 12))
    assert {g for g, _ in seat_actions(state)} == {"ITA-M"}


def test_a_circle_may_be_begun_only_if_the_hand_can_finish_it() -> None:
    """これができるのは…1回の手番でつくることのできる場合のみです (only when the table can be made in
    this turn): with three women in hand, a second woman at an empty table is not offered."""
    state = circle_state(["ITA-W", "AFR-W", "ITA-W", "CUB-M", "ITA-M"])
    seat(state, "ITA-W", (3, 12))
    assert {g for g, _ in seat_actions(state)} == {"ITA-M"}
    with pytest.raises(IllegalAction):
        seat(state, "ITA-W", (4, 11))


def test_a_begun_circle_must_be_finished_at_its_table() -> None:
    """Ruling CIRCLE_ONLY_AT_ITS_TABLE: once two women sit alone at a table, only women at that
    table may follow, and the turn cannot end before the fourth."""
    state = circle_state(["ITA-W", "AFR-W", "ITA-W", "GBR-W", "CUB-W"])
    seat(state, "ITA-W", (3, 12))
    seat(state, "ITA-W", (4, 11))
    assert kinds_of_actions(state) == {"seat"}
    assert {cell for _, cell in seat_actions(state)} <= set(ITALY)
    assert {g for g, _ in seat_actions(state)} == {"AFR-W", "GBR-W"}


def test_a_circle_guest_between_two_tables_scores_the_other_table_as_usual() -> None:
    """2つのテーブルに挟まれる椅子に置いた場合には、その双方のテーブルについて個々に計算が行われ
    (a guest between two tables scores both). Ruling CIRCLE_ONLY_AT_ITS_TABLE: the neighbouring
    table scores at once as usual, the circle table 20 when it is complete."""
    state = make(
        chairs={**SOMEONE_ELSEWHERE, (1, 12): "AFR-M", (0, 11): "AFR-W"},
        hands=[["ITA-W", "AFR-W", "ITA-W", "GBR-W", "CUB-M"], OTHER_HAND],
        coffee_circle=True,
    )
    seat(state, "AFR-W", (2, 11))  # Africa (1,11): three Africans, 6
    assert events(state, "seat")[-1]["points"] == 6
    for guest, cell in [("ITA-W", (3, 12)), ("ITA-W", (4, 11)), ("GBR-W", (3, 10))]:
        seat(state, guest, cell)
    assert state.chips[0] == 6 + 20
