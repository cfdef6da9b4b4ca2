"""One test per rule of Café International, each citing the rulebook passage it checks.

Passages are quoted from ``shared/rules/cafe.ja.txt``; rulings are in ``docs/rules/cafe.md``.
Tables used below (grid cells x, y): Germany (3,1) has the chairs (3,0), (2,1) shared with
Turkey (1,1), (3,2) shared with France (3,3), and (4,1) shared with the other Germany table
(5,1).
"""

from __future__ import annotations

import random

import pytest

from meeple import IllegalAction
from meeple.games.cafe import GAME, rules
from meeple.games.cafe.board import BAR_POINTS, CHAIR_COUNTRIES, CHAIR_XY
from meeple.games.cafe.data import COUNTRIES, FULL_BAG, HAND_SIZE, guest_kind
from tests.games.cafe.helpers import (
    at,
    events,
    full_board_but,
    kinds_of_actions,
    make,
    seat,
    seat_actions,
    tables_of,
)

# A table of Germany with a man and a woman: GER-M alone on its own chair, and a Turkish
# woman on the chair it shares with Turkey (she is alone at the Turkish table, with company).
GERMANY_PAIR = {(3, 0): "GER-M", (2, 1): "TUR-W"}

# --- set-up -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_face_up_tiles_from_the_bag_of_100(players: int) -> None:
    """100枚すべてのタイルをを布袋の中に入れてよく混ぜます。…そこから5枚取って、自分の前に表向きに
    して並べておきます (all 100 tiles go in the bag; each player takes 5 and lays them face up)."""
    state = GAME.new(players, seed=9)
    assert [len(h) for h in state.hands] == [HAND_SIZE] * players
    assert len(state.bag) == 100 - HAND_SIZE * players
    assert sorted(state.bag + [k for h in state.hands for k in h]) == list(FULL_BAG)
    spectator = state.view(None)
    assert spectator["hands"] == [state.view(s)["hands"][s] for s in range(players)]
    assert spectator["bag"] == len(state.bag)


def test_nobody_has_chips_at_the_start_and_seat_0_begins() -> None:
    """開始時には誰もチップを持ちません。最初にプレイする人を決め、以降は時計回りの順番で進行します
    (nobody has chips at the start; then play goes clockwise). Ruling START_SEAT: seat 0 begins."""
    state = GAME.new(3, seed=4)
    assert state.scores == [0, 0, 0]
    assert state.to_move == (0,)
    state.apply(0, next(a for a in state.legal_actions(0) if a["type"] == "bar"))
    assert state.to_move == (1,)


def test_a_turn_is_one_of_three_actions() -> None:
    """手番のプレイヤーは、以下の行動のうちから一つを行わなければなりません。テーブル席にタイル
    (1枚もしくは2枚)を置く。カウンター席にタイル(1枚)を置く。ジョーカーを交換する。
    (seat one or two guests at tables, one at the bar, or swap a joker)."""
    state = make(
        chairs={**GERMANY_PAIR, (4, 1): "JKR-W"},
        hands=[["GER-W", "GER-M", "FRA-W", "ITA-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    assert kinds_of_actions(state) == {"seat", "bar", "swap"}


# --- seating --------------------------------------------------------------------------


def test_a_guest_sits_only_at_a_table_of_its_country() -> None:
    """すべてのテーブルは、特定の国のために予約されています (every table is reserved for one
    country): no seating ever puts a guest on a chair of another country's tables."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["GER-M", "FRA-M", "ITA-M", "TUR-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seatings = seat_actions(state)
    assert seatings
    for guest, cell in seatings:
        country = COUNTRIES.index(guest[:3])
        assert country in CHAIR_COUNTRIES[at(*cell)], (guest, cell)
    assert ("ITA-M", (3, 2)) not in seatings


def test_a_chair_between_two_countries_takes_a_guest_of_either() -> None:
    """異なった2つの国のテーブルの間に置かれている椅子には、どちらの国のゲストでも置くことができます
    (a chair between tables of two countries takes a guest of either country)."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["GER-M", "FRA-M", "ITA-M", "TUR-M", "JKR-M"], ["USA-M"] * 4 + ["USA-W"]],
    )
    on_the_shared_chair = {g for g, cell in seat_actions(state) if cell == (3, 2)}
    assert on_the_shared_chair == {"GER-M", "FRA-M", "JKR-M"}


def test_a_seated_guest_stays_and_a_chair_holds_one_guest() -> None:
    """すべての椅子には1枚のタイルしか置くことはできません。一度ゲストタイルが椅子の上に置かれたら、
    そのタイルはゲーム終了までその場所にとどまります。ただし、ジョーカーは…取り除かれることがあります
    (one tile per chair; it stays to the end — only a joker may be taken back)."""
    for seed in range(6):
        state = GAME.new(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            before = list(state.guests)
            seat_ = state.to_move[0]
            legal = state.legal_actions(seat_)
            assert all(before[a["chair"]] < 0 for a in legal if a["type"] == "seat")
            action = rng.choice(legal)
            state.apply(seat_, action)
            for chair, (was, now) in enumerate(zip(before, state.guests, strict=True)):
                if was >= 0 and now != was:
                    assert action == {"type": "swap", "chair": chair, "guest": action["guest"]}
                    assert was >> 1 == len(COUNTRIES)  # a joker left the chair


def test_at_most_two_men_and_two_women_at_a_table() -> None:
    """すべてのテーブル席には、最大男性2人と女性2人のゲストタイルが置かれます。これには、ジョーカー
    タイルも数えられます (at most 2 men and 2 women per table, jokers counted)."""
    usa = {(7, 0): "USA-M", (7, 2): "USA-M", (6, 1): "USA-W"}  # USA (7,1): 2 men, 1 woman
    state = make(
        chairs=usa,
        hands=[["USA-M", "USA-W", "JKR-M", "CUB-M", "CUB-W"], ["ITA-M"] * 4 + ["ITA-W"]],
    )
    on_the_last_chair = {g for g, cell in seat_actions(state) if cell == (8, 1)}
    assert on_the_last_chair == {"USA-W"}


def test_the_british_table_may_not_get_a_second_man() -> None:
    """例(ドイツ語ルール6ページ上の図) 右: イギリスのテーブルが男性2人になってしまうので、こういう
    配置はできません (worked example: a man may not take the chair between Central Africa and
    Britain, because the British table would seat two men — 男1女1…のいずれかの組み合わせのみ)."""
    state = make(chairs=AFRICA_AND_BRITAIN, hands=[BRITISH_HAND, ["USA-M"] * 4 + ["USA-W"]])
    with pytest.raises(IllegalAction):
        seat(state, "GBR-M", (2, 9))
    assert ("GBR-W", (2, 9)) in seat_actions(state)


def test_a_lone_guest_is_allowed_when_it_has_company_at_its_other_table() -> None:
    """1つのテーブルにゲストタイルが1枚だけというのも禁止されます。例外：隣のテーブルで少なくとも
    もう一枚のタイルと一緒にいれば、一つのテーブルにゲストタイルが1枚ということもあり得ます (a lone
    guest at a table is forbidden, unless it is with another guest at its neighbouring table)."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["FRA-W", "FRA-M", "ITA-M", "CUB-W", "CUB-M"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "FRA-W", (3, 2))  # alone at France (3,3), with company at Germany (3,1)
    assert events(state, "seat")[-1]["points"] == 3
    assert "done" in kinds_of_actions(state)


def test_a_first_guest_at_an_empty_table_must_be_joined_in_the_same_turn() -> None:
    """まだ誰もいないテーブルにタイルを置く場合には、その1枚目はポイントを得ることはできません
    から、同じ手番で直ちにそのテーブルの2枚目のタイルを置かなければなりません (the first guest at
    an empty table scores nothing, so a second must join that table at once)."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["ITA-M", "ITA-W", "CHN-W", "CUB-W", "CUB-M"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "ITA-M", (3, 12))  # Italy (3,11) was empty
    assert events(state, "seat")[-1]["points"] == 0
    assert kinds_of_actions(state) == {"seat"}
    italy = {(3, 12), (2, 11), (4, 11), (3, 10)}
    assert {cell for _, cell in seat_actions(state)} <= italy
    seat(state, "ITA-W", (4, 11))
    assert events(state, "seat")[-1]["points"] == 4  # an Italian pair
    assert state.current == 1


def test_a_first_guest_alone_is_not_offered_without_a_partner_in_hand() -> None:
    """配置するすべてのタイルが、その配置によってポイントを得ることができなければなりません
    (every guest placed must score): with only women in hand, no woman may open an empty
    table — no partner could join her. A partial turn is legal only if it can be finished."""
    women = ["ITA-W", "ITA-W", "CHN-W", "AFR-W", "ESP-W"]
    state = make(chairs=GERMANY_PAIR, hands=[women, ["USA-M"] * 4 + ["USA-W"]])
    assert seat_actions(state) == set()
    with_a_man = make(chairs=GERMANY_PAIR, hands=[[*women[1:], "ITA-M"], ["USA-M"] * 4 + ["USA-W"]])
    assert ("ITA-W", (3, 12)) in seat_actions(with_a_man)


def test_two_guests_at_different_tables_must_both_score() -> None:
    """プレイヤーが、異なる2つのテーブルにそれぞれ1枚ずつタイルを置く場合には、その両方からポイントを
    得なければなりません (two guests at two tables must both score)."""
    state = make(
        chairs={**GERMANY_PAIR, (7, 0): "USA-M", (6, 1): "USA-W"},
        hands=[["GER-W", "USA-M", "ITA-M", "ITA-W", "CUB-M"], ["RUS-M"] * 4 + ["RUS-W"]],
    )
    seat(state, "GER-W", (3, 2))  # Germany: 3 guests, 3 points
    second = [a for a in state.legal_actions(0) if a["type"] == "seat"]
    assert second
    for action in second:
        trial = state.clone()
        trial.apply(0, action)
        assert events(trial, "seat")[-1]["points"] > 0
    assert ("ITA-M", (3, 12)) not in seat_actions(state)  # an empty table would not score


def test_a_turn_seats_at_most_two_guests() -> None:
    """手番になったら、1枚もしくは2枚のタイルを対応するテーブル席に置くことができます (one or two
    tiles a turn): after two guests the turn is over and the hand is refilled."""
    state = make(
        chairs={**GERMANY_PAIR, (7, 0): "USA-M", (6, 1): "USA-W"},
        hands=[["GER-W", "USA-M", "ITA-M", "ITA-W", "CUB-M"], ["RUS-M"] * 4 + ["RUS-W"]],
    )
    seat(state, "GER-W", (3, 2))
    assert state.current == 0
    seat(state, "USA-M", (7, 2))
    assert state.current == 1
    assert len(state.hands[0]) == HAND_SIZE


def test_the_first_player_may_seat_one_guest_alone() -> None:
    """ただし、最初のプレイヤーだけは、まだどのテーブルにもゲストがいまないので、ポイントを得ることが
    なくても、1枚だけタイルを置くことができます (only the first player, as no table has guests yet,
    may seat a single guest that scores nothing)."""
    state = make(hands=[FIRST_HAND, ["USA-M"] * 4 + ["USA-W"]], turn=0)
    seat(state, "ITA-M", (3, 12))
    assert events(state, "seat")[-1]["points"] == 0
    assert "done" in kinds_of_actions(state)
    state.apply(0, {"type": "done"})
    assert state.current == 1
    assert len(state.hands[0]) == HAND_SIZE
    # The exemption is spent: a guest alone at an empty table must now be joined.
    seat(state, "USA-M", (7, 0))
    assert "done" not in kinds_of_actions(state)


def test_the_exemption_holds_while_every_table_is_empty() -> None:
    """…まだどのテーブルにもゲストがいまないので… Ruling EXEMPT_WHILE_NO_GUEST_SEATED: the
    reason given is that no table has a guest, so after a first player who went to the bar the
    next player may still seat a single guest."""
    state = make(hands=[["USA-M"] * 4 + ["USA-W"], FIRST_HAND], turn=0)
    state.apply(0, {"type": "bar", "guest": "USA-M"})
    seat(state, "ITA-M", (3, 12))
    assert "done" in kinds_of_actions(state)


FIRST_HAND = ["ITA-M", "ITA-W", "CHN-W", "CUB-W", "CUB-M"]


# --- scoring ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "guest", "cell", "points"),
    [
        ({(2, 1): "TUR-W"}, "GER-M", (3, 0), 2),  # mixed pair
        ({(2, 1): "GER-W"}, "GER-M", (3, 0), 4),  # one-country pair
        ({(2, 1): "TUR-W", (3, 0): "GER-M"}, "GER-W", (3, 2), 3),  # mixed pair + 1
        ({(2, 1): "GER-W", (3, 0): "GER-M"}, "GER-W", (3, 2), 6),  # one-country pair + 1
        ({(2, 1): "TUR-W", (3, 0): "GER-M", (4, 1): "GER-W"}, "GER-M", (3, 2), 4),  # mixed four
        ({(2, 1): "GER-W", (3, 0): "GER-M", (4, 1): "GER-W"}, "GER-M", (3, 2), 8),  # one country
    ],
)
def test_table_points(
    before: dict[tuple[int, int], str], guest: str, cell: tuple[int, int], points: int
) -> None:
    """異なった国籍の場合 ペア(男女2人)2点 ペア+1 3点 4人組4点; 全員が同じ国籍の場合 4点 6点 8点
    (mixed countries: a pair 2, pair + 1 3, four 4; all one country: 4, 6, 8). Only Germany
    (3,1) scores here: the neighbouring table of a shared chair gets a lone guest."""
    state = make(
        chairs={(0, 1): "TUR-M", **before},  # TUR-M keeps the guest on (2,1) in company
        hands=[[guest, "CUB-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, guest, cell)
    assert events(state, "seat")[-1]["points"] == points
    assert state.chips[0] == points


# Central Africa (1,9) seats an African man and a Cuban woman (who sits between Africa and
# Cuba); Britain (3,9) seats one British man, between Britain and Italy (3,11), where an Italian
# woman keeps him company.
AFRICA_AND_BRITAIN = {
    (0, 9): "AFR-M",
    (1, 8): "CUB-W",
    (3, 10): "GBR-M",
    (3, 12): "ITA-W",
}
BRITISH_HAND = ["GBR-W", "GBR-M", "CHN-M", "CHN-W", "ESP-M"]


def test_worked_example_a_shared_chair_scores_3_plus_4() -> None:
    """例(ドイツ語ルール6ページ上の図) 左: 中央アフリカのテーブルからは3ポイント、イギリスのテーブル
    からは4ポイント合計7ポイントを受け取ります (worked example: a British woman between Central
    Africa and Britain scores 3 at the African table and 4 at the British one: 7) —
    双方のテーブルについて個々に計算が行われ、2回ポイントチップをもらいます."""
    state = make(chairs=AFRICA_AND_BRITAIN, hands=[BRITISH_HAND, ["USA-M"] * 4 + ["USA-W"]])
    assert set(tables_of((2, 9))) == {6, 7}  # Africa (1,9) and Britain (3,9)
    seat(state, "GBR-W", (2, 9))
    assert events(state, "seat")[-1]["points"] == 3 + 4
    assert state.chips[0] == 7


# Germany (3,1) seats a German woman alone, between Germany and Turkey (1,1), where a Turkish
# man keeps her company.
LONE_GERMAN_WOMAN = {(2, 1): "GER-W", (0, 1): "TUR-M"}


def test_worked_example_two_guests_score_4_plus_3() -> None:
    """例(ドイツ語ルール5ページ下) 左: 1人目が4ポイント、2人目が3ポイントで合計7ポイント — プレイヤー
    が1回の順番で2枚のタイルを置いた場合、それぞれのタイルについて得点計算を行います (two guests
    are scored one by one: a German man makes a German pair, 4; a French woman then makes it a
    mixed table of three, 3; 7 in all)."""
    state = make(
        chairs=LONE_GERMAN_WOMAN,
        hands=[["GER-M", "FRA-W", "GER-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "GER-M", (3, 0))
    seat(state, "FRA-W", (3, 2))
    assert [e["points"] for e in events(state, "seat")] == [4, 3]
    assert state.chips[0] == 4 + 3


def test_worked_example_two_guests_score_4_plus_6() -> None:
    """例(ドイツ語ルール5ページ下) 右: 1人目が4ポイント、2人目が6ポイントで合計10ポイント (a German
    man makes a German pair, 4; a German woman makes it three Germans, 6; 10 in all)."""
    state = make(
        chairs=LONE_GERMAN_WOMAN,
        hands=[["GER-M", "FRA-W", "GER-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "GER-M", (3, 0))
    assert events(state, "seat")[-1]["points"] == 4
    seat(state, "GER-W", (4, 1))
    assert events(state, "seat")[-1]["points"] == 6
    assert state.chips[0] == 10


def test_guests_are_scored_one_by_one_in_the_order_they_sit_down() -> None:
    """プレイヤーが1回の順番で2枚のタイルを置いた場合、それぞれのタイルについて得点計算を行います.
    Ruling GUESTS_SCORED_AS_SEATED: each guest scores the tables as they stand right after it
    sits down, so at a German pair a German man then a French woman score 6 + 4, the French
    woman first 3 + 4."""
    german_pair = {(0, 1): "TUR-M", (2, 1): "GER-W", (3, 0): "GER-M"}
    hands = [["GER-M", "FRA-W", "CUB-M", "CUB-W", "RUS-W"], ["USA-M"] * 4 + ["USA-W"]]
    state = make(chairs=german_pair, hands=hands)
    seat(state, "GER-M", (4, 1))
    seat(state, "FRA-W", (3, 2))
    assert [e["points"] for e in events(state, "seat")] == [6, 4]
    state = make(chairs=german_pair, hands=hands)
    seat(state, "FRA-W", (3, 2))
    seat(state, "GER-M", (4, 1))
    assert [e["points"] for e in events(state, "seat")] == [3, 4]


def test_the_first_guest_at_an_empty_table_scores_nothing_the_second_the_pair() -> None:
    """その1枚目はポイントを得ることはできません (the first guest at an empty table earns nothing);
    ruling GUESTS_SCORED_AS_SEATED: the second earns the pair's points."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["ITA-M", "AFR-W", "CUB-W", "CUB-M", "RUS-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "ITA-M", (3, 12))
    assert events(state, "seat")[-1]["points"] == 0
    seat(state, "AFR-W", (2, 11))  # Italy: a mixed pair, 2; Africa (1,11): alone, with company
    assert events(state, "seat")[-1]["points"] == 2


# --- jokers -------------------------------------------------------------------------------


def test_worked_example_a_joker_scores_3() -> None:
    """例(ドイツ語ルール7ページ中央部の図) 左上: このジョーカーの配置によって3ポイントを獲得します
    (a joker joins a mixed pair: 3 points)."""
    state = make(
        chairs={(0, 1): "TUR-M", (2, 1): "TUR-W", (3, 0): "GER-M"},
        hands=[["JKR-W", "CUB-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "JKR-W", (3, 2))
    assert events(state, "seat")[-1]["points"] == 3


def test_worked_example_a_joker_scores_6_as_the_same_country() -> None:
    """右上: 同じ国籍として、6ポイントを獲得します (a joker joins a German pair and counts as
    German: 6) — ジョーカータイルで、同じ国籍のテーブルを形成することができます."""
    state = make(
        chairs={(0, 1): "TUR-M", (2, 1): "GER-W", (3, 0): "GER-M"},
        hands=[["JKR-M", "CUB-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "JKR-M", (3, 2))
    assert events(state, "seat")[-1]["points"] == 6


def test_worked_example_a_joker_scores_8_as_the_same_country() -> None:
    """右下: 同じ国籍で、8ポイント (a joker completes a German table of four: 8)."""
    state = make(
        chairs={(0, 1): "TUR-M", (2, 1): "GER-W", (3, 0): "GER-M", (4, 1): "GER-W"},
        hands=[["JKR-M", "CUB-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "JKR-M", (3, 2))
    assert events(state, "seat")[-1]["points"] == 8


def test_a_table_of_four_jokers_scores_8() -> None:
    """一つのテーブルに複数のジョーカーが置かれてもかまいません。4枚のジョーカーが置かれたテーブルは、
    8ポイントになります (a table of four jokers scores 8)."""
    state = make(
        chairs={(2, 1): "JKR-W", (3, 0): "JKR-M", (3, 2): "JKR-M"},
        hands=[["JKR-W", "CUB-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "JKR-W", (4, 1))
    assert events(state, "seat")[-1]["points"] == 8


def test_a_joker_between_two_tables_counts_as_each_tables_country() -> None:
    """ジョーカーは、テーブル席に置くときにどの国の人にすることもでき、それによるポイントを獲得します.
    Ruling JOKER_IS_EACH_TABLES_COUNTRY: between a Turkish man at Turkey and a German man at
    Germany, a joker woman makes a Turkish pair (4) and a German pair (4)."""
    state = make(
        chairs={(0, 1): "TUR-M", (3, 0): "GER-M"},  # two guests alone (as after a first turn)
        hands=[["JKR-W", "CUB-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "JKR-W", (2, 1))
    assert events(state, "seat")[-1]["points"] == 4 + 4


def test_jokers_may_not_go_to_the_bar() -> None:
    """カウンター席にはジョーカーを置くことはできません (no jokers at the bar)."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["JKR-W", "JKR-M", "CUB-M", "CUB-W", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    bar = {a["guest"] for a in state.legal_actions(0) if a["type"] == "bar"}
    assert bar == {"CUB-M", "CUB-W"}
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "bar", "guest": "JKR-W"})


def test_a_seated_joker_is_swapped_for_a_guest_without_points_or_refill() -> None:
    """ジョーカータイルは、その椅子に置くことができるゲストタイルを使うことにより、再びプレイヤーの
    手元へと戻すことができます。交換によっては、ポイントを得ることはできず、それで1回の行動とみなします。
    この行動を行ったプレイヤーは、布袋からタイルを補充することはありません (a guest that may sit on the
    joker's chair takes it; the joker returns to hand; no points; no refill)."""
    state = make(
        chairs={**GERMANY_PAIR, (3, 2): "JKR-W"},
        hands=[["FRA-W", "GER-W", "ITA-W", "GER-M", "CUB-M"], ["USA-M"] * 4 + ["USA-W"]],
    )
    swaps = {(a["chair"], a["guest"]) for a in state.legal_actions(0) if a["type"] == "swap"}
    assert swaps == {(at(3, 2), "FRA-W"), (at(3, 2), "GER-W")}
    bag = len(state.bag)
    state.apply(0, {"type": "swap", "chair": at(3, 2), "guest": "FRA-W"})
    assert state.guests[at(3, 2)] == guest_kind("FRA-W")
    assert sorted(state.hands[0]) == sorted(
        guest_kind(g) for g in ["JKR-W", "GER-W", "ITA-W", "GER-M", "CUB-M"]
    )
    assert state.chips[0] == 0
    assert len(state.bag) == bag
    assert state.current == 1


def test_a_joker_is_swapped_only_for_a_guest_of_its_sex() -> None:
    """…その椅子に置くことができるゲストタイル… Ruling JOKER_SWAP_SAME_SEX: a woman joker is
    replaced only by a woman, so that no table changes its men and women."""
    state = make(
        chairs={**GERMANY_PAIR, (3, 2): "JKR-W"},
        hands=[["GER-M", "FRA-M", "ITA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    assert "swap" not in kinds_of_actions(state)


def test_without_the_same_sex_ruling_a_swap_must_keep_the_tables_allowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """…その椅子に置くことができるゲストタイル… read literally (JOKER_SWAP_SAME_SEX off): a man
    may replace a joker woman only where the tables stay allowed — at France (9,3), a man and
    two women, one the joker, but not at Germany (3,1), a man and the joker, which would seat
    two men alone."""
    chairs = {
        (3, 0): "GER-M",
        (3, 2): "JKR-W",  # between Germany (3,1) and France (3,3)
        (8, 3): "FRA-M",
        (9, 4): "FRA-W",
        (10, 3): "JKR-W",  # between France (9,3) and India (11,3)
    }
    hands = [["FRA-M", "GER-M", "CUB-M", "CUB-W", "RUS-W"], ["USA-M"] * 4 + ["USA-W"]]
    assert "swap" not in kinds_of_actions(make(chairs=chairs, hands=hands))  # no woman fits
    monkeypatch.setattr(rules, "JOKER_SWAP_SAME_SEX", False)
    state = make(chairs=chairs, hands=hands)
    swaps = {(a["chair"], a["guest"]) for a in state.legal_actions(0) if a["type"] == "swap"}
    assert swaps == {(at(10, 3), "FRA-M")}


# --- the bar ------------------------------------------------------------------------------


def test_the_bar_may_be_chosen_even_when_a_table_is_possible() -> None:
    """プレイヤーが、タイルをテーブル席に置けない、もしくは置きたくない場合には、かわりに、必ずタイル
    1枚をカウンター席の空いている次のマスにおかなければなりません (who cannot or will not seat a
    guest at a table puts one at the bar)."""
    state = make(
        chairs=GERMANY_PAIR,
        hands=[["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    assert seat_actions(state)
    bar = {a["guest"] for a in state.legal_actions(0) if a["type"] == "bar"}
    assert bar == {"GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"}


def test_the_bar_fills_in_order_pays_its_points_and_one_tile_is_drawn() -> None:
    """これには、ゲームの進行に伴って1番の位置から順番にタイルかかれていきます。…カウンター席に書かれた
    大きな数字は、そこにタイルを置いたプレイヤーが獲得するポイント、もしくは失うポイントを表します。…
    カウンター席にタイルを置いたプレイヤーは、袋からタイルを1枚補充しなければなりません (the bar
    fills from seat 1; each seat's number is won or lost; the player draws one tile)."""
    state = make(
        chairs=GERMANY_PAIR,
        bar=["RUS-M", "RUS-W", "RUS-M", "RUS-W"],
        chips=[10, 0],
        hands=[["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
        top=["IND-W"],
    )
    state.apply(0, {"type": "bar", "guest": "CUB-M"})
    assert state.chips[0] == 10 + BAR_POINTS[4] == 15
    assert sorted(state.hands[0]) == sorted(
        guest_kind(g) for g in ["GER-W", "GER-M", "FRA-W", "CUB-W", "IND-W"]
    )


def test_a_player_who_cannot_pay_the_bar_leaves_the_game() -> None:
    """もしここで、失うポイントを支払うことができない場合は、直ちにゲームから抜けます (a player who
    cannot pay leaves the game at once). Ruling LEAVER_KEEPS_CHIPS: they keep their chips, take
    no more turns and cannot win; the others play on."""
    state = make(
        3,
        chairs=GERMANY_PAIR,
        bar=["RUS-M"] * 4 + ["RUS-W"] * 3,  # the next seat, the 8th, costs 6
        chips=[5, 0, 2],
        hands=[
            ["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"],
            ["USA-M"] * 4 + ["USA-W"],
            ["ITA-M"] * 4 + ["ITA-W"],
        ],
    )
    state.apply(0, {"type": "bar", "guest": "CUB-M"})
    assert state.out == [True, False, False]
    assert state.chips[0] == 5
    assert events(state, "leave") == [{"event": "leave", "seat": 0}]
    assert state.to_move == (1,)
    state.apply(1, {"type": "bar", "guest": "USA-M"})  # the 9th seat costs 8: seat 1 leaves too
    assert state.is_over
    assert state.winners == [2]


# --- refilling ----------------------------------------------------------------------------


def test_after_seating_the_hand_is_refilled_to_five() -> None:
    """タイルを配置したあとで、手札が再び5枚になるように布袋から補充を行います (after seating, draw
    back up to five tiles)."""
    state = make(
        chairs=LONE_GERMAN_WOMAN,
        hands=[["GER-M", "FRA-W", "GER-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
        top=["IND-M", "IND-W"],
    )
    seat(state, "GER-M", (3, 0))
    seat(state, "FRA-W", (3, 2))
    assert sorted(state.hands[0]) == sorted(
        guest_kind(g) for g in ["GER-W", "CUB-M", "CUB-W", "IND-M", "IND-W"]
    )


def test_a_one_country_table_of_four_lowers_the_hand_size_for_good() -> None:
    """例外: 同一国籍4人のテーブル(同じ国籍の2ペア)を完成させた場合には、特典として完成させたテーブル
    1つにつき1枚少ない枚数だけ補充します。これが手持ちのタイルを減らす唯一の方法です (completing a
    one-country table of four, draw one fewer — the only way to shrink the hand). Ruling
    HAND_SIZE_DROPS_FOR_GOOD: the hand size stays lowered for the rest of the game."""
    state = make(
        chairs={(0, 1): "TUR-M", (2, 1): "GER-W", (3, 0): "GER-M", (4, 1): "GER-W"},
        hands=[["GER-M", "CUB-M", "CUB-W", "RUS-M", "RUS-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "GER-M", (3, 2))  # nothing can score after it: the turn ends by itself
    assert events(state, "one_country")[0]["hand_size"] == HAND_SIZE - 1
    assert state.current == 1
    assert len(state.hands[0]) == HAND_SIZE - 1
    state.apply(1, {"type": "bar", "guest": "USA-M"})
    seat(state, "CUB-M", (0, 7))  # a Cuban pair at Cuba (1,7)
    seat(state, "CUB-W", (2, 7))
    assert state.current == 1
    assert len(state.hands[0]) == HAND_SIZE - 1


def test_one_guest_completing_two_one_country_tables_lowers_the_hand_size_by_two() -> None:
    """完成させたテーブル1つにつき1枚少ない枚数だけ補充します (one fewer for *each* table
    completed): a German woman on the chair between the two German tables completes both.
    Ruling HAND_SIZE_DROPS_FOR_GOOD: a hand above its new size is kept, not cut down."""
    state = make(
        chairs={
            (3, 0): "GER-W",
            (2, 1): "GER-M",
            (3, 2): "GER-M",
            (5, 0): "GER-W",
            (5, 2): "GER-M",
            (6, 1): "GER-M",
        },
        hands=[["GER-W", "CUB-M", "CUB-W", "RUS-M", "RUS-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    seat(state, "GER-W", (4, 1))
    assert events(state, "seat")[-1]["points"] == 8 + 8
    assert state.current == 1
    assert state.hand_sizes[0] == HAND_SIZE - 2
    # The four tiles left are one above the new size: nothing is drawn, nothing discarded.
    assert len(state.hands[0]) == HAND_SIZE - 1


# --- the end --------------------------------------------------------------------------------


def test_the_game_ends_when_every_chair_is_taken() -> None:
    """以下の4つのいずれかの状態になったときにゲームは終了します。テーブル席が全て埋まる (the game
    ends when every chair is taken)."""
    board = full_board_but((3, 0))  # Germany (3,1) lacks a woman
    state = make(
        chairs=board,
        hands=[["GER-W", "ITA-M", "ITA-M", "ITA-M", "ITA-W"], ["RUS-W"] * 3 + ["TUR-M"] * 2],
    )
    seat(state, "GER-W", (3, 0))
    assert state.is_over
    assert events(state, "game_over")[0]["reason"] == "every chair is taken"


def test_the_game_ends_when_the_bar_is_full() -> None:
    """カウンター席がすべて埋まる (the game ends when the bar is full)."""
    bar = [g for g in ["RUS-M", "RUS-W", "ESP-M", "ESP-W", "IND-M"] for _ in range(4)][:19]
    state = make(
        chairs=GERMANY_PAIR,
        bar=bar,
        chips=[20, 0],
        hands=[["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    state.apply(0, {"type": "bar", "guest": "CUB-W"})
    assert state.is_over
    assert state.chips[0] == 20 + BAR_POINTS[19] == 6
    assert events(state, "game_over")[0]["reason"] == "the bar is full"


def test_the_game_ends_when_a_hand_is_empty_with_nothing_to_refill() -> None:
    """プレイヤーの一人の手札がなくなり、さらに補充をする必要がない (a player's hand is empty and
    needs no refill)."""
    state = make(
        chairs={(0, 1): "TUR-M", (2, 1): "GER-W", (3, 0): "GER-M", (4, 1): "GER-W"},
        hands=[["GER-M"], ["USA-M"] * 4 + ["USA-W"]],
        hand_sizes=[1, 5],
    )
    seat(state, "GER-M", (3, 2))  # a German four: the hand size drops to 0
    assert state.is_over
    assert state.hands[0] == []
    assert events(state, "game_over")[0]["reason"] == "seat 0 has no guests left"


def test_the_game_ends_with_four_tiles_or_fewer_in_the_bag() -> None:
    """布袋の中のタイルが4枚以下になる (the game ends when 4 or fewer tiles are left in the bag)."""
    state = make(
        chairs=LONE_GERMAN_WOMAN,
        hands=[["GER-M", "FRA-W", "GER-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    del state.bag[:-6]  # only six tiles left (the others are out of this test)
    seat(state, "GER-M", (3, 0))
    assert not state.is_over
    seat(state, "FRA-W", (3, 2))
    assert len(state.bag) == 4
    assert state.is_over


NINETEEN_AT_THE_BAR = ["RUS-M"] * 4 + ["RUS-W"] * 4 + ["ESP-M"] * 4 + ["ESP-W"] * 4 + ["IND-M"] * 3


def test_final_scores_lose_5_per_tile_and_10_per_joker_in_hand() -> None:
    """獲得したポイントチップの得点を合計します。そして、持っているゲストタイル1枚につき5点、ジョーカー
    タイル1枚につき10点を減点します。最終的な得点の最も多い人が勝者になります (chips, less 5 per tile
    and 10 per joker in hand; the most points wins)."""
    state = make(
        chairs=GERMANY_PAIR,
        bar=NINETEEN_AT_THE_BAR,
        chips=[30, 24],
        hands=[["JKR-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    state.apply(0, {"type": "bar", "guest": "CUB-W"})  # the last bar seat, −14: the end
    assert state.is_over
    assert state.scores == [30 - 14 - 10 - 3 * 5, 24 - 5 * 5]
    assert state.winners == [1]


def test_the_last_chair_or_bar_seat_ends_the_game_before_any_draw() -> None:
    """以下の4つのいずれかの状態になったときにゲームは終了します — ruling LAST_SEAT_ENDS_AT_ONCE: the
    player who takes the last bar seat (or chair) draws nothing more."""
    state = make(
        chairs=GERMANY_PAIR,
        bar=NINETEEN_AT_THE_BAR,
        chips=[30, 24],
        hands=[["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    bag = len(state.bag)
    state.apply(0, {"type": "bar", "guest": "CUB-W"})
    assert len(state.hands[0]) == HAND_SIZE - 1
    assert len(state.bag) == bag


def test_tied_players_share_the_win() -> None:
    """最終的な得点の最も多い人が勝者になります — ruling TIES_SHARE_THE_WIN: no tie-break is given."""
    state = make(
        chairs=GERMANY_PAIR,
        bar=NINETEEN_AT_THE_BAR,
        chips=[34, 24],
        hands=[["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    state.apply(0, {"type": "bar", "guest": "CUB-W"})
    assert state.scores == [34 - 14 - 4 * 5, 24 - 5 * 5] == [0, -1]
    assert state.winners == [0]
    tied = make(
        chairs=GERMANY_PAIR,
        bar=NINETEEN_AT_THE_BAR,
        chips=[33, 24],
        hands=[["GER-W", "GER-M", "FRA-W", "CUB-M", "CUB-W"], ["USA-M"] * 4 + ["USA-W"]],
    )
    tied.apply(0, {"type": "bar", "guest": "CUB-W"})
    assert tied.scores == [-1, -1]
    assert tied.winners == [0, 1]


def test_a_player_who_can_do_nothing_passes_and_the_game_ends_when_all_pass() -> None:
    """Ruling PASS_WHEN_STUCK: with only jokers in hand (カウンター席にはジョーカーを置くことはできません)
    and no table where they would score, a player passes; when everyone passes in a row, the game
    ends. Here Africa (1,11) is full and its neighbours each seat one man: a joker man can join
    no one, and alone at an empty table nobody could join him."""
    full_africa = {(1, 12): "AFR-W", (0, 11): "AFR-W", (2, 11): "AFR-M", (1, 10): "AFR-M"}
    state = make(chairs=full_africa, hands=[["JKR-M"], ["JKR-M"]], hand_sizes=[1, 1])
    assert state.legal_actions(0) == [{"type": "pass"}]
    state.apply(0, {"type": "pass"})
    assert state.legal_actions(1) == [{"type": "pass"}]
    state.apply(1, {"type": "pass"})
    assert state.is_over
    assert events(state, "game_over")[0]["reason"] == "nobody can move"
    assert state.scores == [-10, -10]


def test_every_seated_guest_sits_on_a_chair_of_its_country_in_random_games() -> None:
    """The nationality rule (国籍の条件) over whole random games: every guest on the board sits
    on a chair of its country's tables, or is a joker."""
    for seed in range(4):
        state = GAME.new(2 + seed % 3, seed=100 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat_ = state.to_move[0]
            state.apply(seat_, rng.choice(state.legal_actions(seat_)))
        for chair, kind in enumerate(state.guests):
            if kind >= 0 and kind >> 1 != len(COUNTRIES):
                assert kind >> 1 in CHAIR_COUNTRIES[chair], CHAIR_XY[chair]
