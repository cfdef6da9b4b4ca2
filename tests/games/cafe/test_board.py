"""The components and the board, as data: one test per fact of the rulebook and FACTS.md."""

from __future__ import annotations

from collections import Counter

from meeple.games.cafe import GAME
from meeple.games.cafe.board import (
    BAR_POINTS,
    BAR_XY,
    CHAIR_AT,
    CHAIR_COUNTRIES,
    CHAIR_TABLES,
    CHAIR_XY,
    CHAIRS,
    GRID,
    TABLE_AT,
    TABLE_CHAIRS,
    TABLE_COUNTRY,
    TABLE_XY,
    TABLES,
    board_json,
)
from meeple.games.cafe.data import COUNTRIES, FULL_BAG, JOKER, guest_code
from meeple.games.cafe.text import describe_event


def test_twenty_four_tables_two_for_each_of_twelve_countries() -> None:
    """ゲームボード上には、12の国に分けられたテーブルが24あります (24 tables for 12 countries) —
    FACTS.md: Africa, Germany, Britain, China, Cuba, Spain, USA, France, India, Italy, Turkey,
    Russia, two tables each."""
    assert len(TABLES) == 24
    assert len(COUNTRIES) == 12
    assert Counter(TABLE_COUNTRY) == dict.fromkeys(range(12), 2)


def test_the_tables_stand_where_facts_md_puts_them() -> None:
    """FACTS.md: the layout on a 13×13 grid, x left→right and y bottom→top."""
    facts = {
        "AFR": [(1, 11), (1, 9)],
        "ITA": [(3, 11), (5, 11)],
        "CHN": [(7, 11), (9, 11)],
        "ESP": [(11, 11), (11, 9)],
        "GBR": [(3, 9), (9, 9)],
        "CUB": [(1, 7), (1, 5)],
        "RUS": [(11, 7), (11, 5)],
        "TUR": [(1, 3), (1, 1)],
        "FRA": [(3, 3), (9, 3)],
        "IND": [(11, 3), (11, 1)],
        "GER": [(3, 1), (5, 1)],
        "USA": [(7, 1), (9, 1)],
    }
    for country, cells in facts.items():
        assert sorted(COUNTRIES[TABLE_COUNTRY[TABLE_AT[c]]] for c in cells) == [country] * 2
    assert GRID == 13


def test_sixty_eight_chairs_forty_at_one_table_twenty_eight_between_two() -> None:
    """椅子には、一つのテーブルとしか接していないものと、2つのテーブルの間に置かれているものがあります
    (chairs touch one table or sit between two) — FACTS.md: 68 chairs, 40 and 28."""
    assert len(CHAIRS) == 68
    assert Counter(len(tables) for tables in CHAIR_TABLES) == {1: 40, 2: 28}


def test_every_table_has_four_chairs_on_its_four_sides() -> None:
    """すべてのテーブルには、椅子が4つあります (every table has four chairs): the cells above,
    below, left and right of it."""
    for t, chairs in enumerate(TABLE_CHAIRS):
        x, y = TABLE_XY[t]
        assert {CHAIR_XY[c] for c in chairs} == {(x, y + 1), (x, y - 1), (x - 1, y), (x + 1, y)}
        assert all(t in CHAIR_TABLES[c] for c in chairs)


def test_a_chair_between_two_tables_takes_either_country() -> None:
    """異なった2つの国のテーブルの間に置かれている椅子には、どちらの国のゲストでも置くことができます."""
    between_africa_and_britain = CHAIR_AT[2, 9]
    assert [COUNTRIES[c] for c in CHAIR_COUNTRIES[between_africa_and_britain]] == ["AFR", "GBR"]
    between_the_italian_tables = CHAIR_AT[4, 11]
    assert [COUNTRIES[c] for c in CHAIR_COUNTRIES[between_the_italian_tables]] == ["ITA"]


def test_the_bar_has_twenty_seats_five_that_win_then_fifteen_that_cost() -> None:
    """カウンターには20個の座席があります。…カウンター席の最初の5つはポイントを獲得しますが、残りの席は
    ポイントを失います — FACTS.md: +1 +2 +3 +4 +5 −2 −4 −6 −8 −10 −4 −6 −8 −10 −12 −6 −8 −10
    −12 −14."""
    assert BAR_POINTS == (
        1,
        2,
        3,
        4,
        5,
        -2,
        -4,
        -6,
        -8,
        -10,
        -4,
        -6,
        -8,
        -10,
        -12,
        -6,
        -8,
        -10,
        -12,
        -14,
    )
    assert all(p > 0 for p in BAR_POINTS[:5]) and all(p < 0 for p in BAR_POINTS[5:])
    assert len(BAR_XY) == 20


def test_the_bag_holds_a_hundred_guests() -> None:
    """ゲストタイル 100 (12カ国 各男4 女4 および ジョーカー(国旗も髪の色もカラフル)4枚 男2 女2)."""
    assert len(FULL_BAG) == 100
    counts = Counter(guest_code(k) for k in FULL_BAG)
    for country in COUNTRIES:
        assert counts[f"{country}-M"] == counts[f"{country}-W"] == 4
    assert counts["JKR-M"] == counts["JKR-W"] == 2
    assert sum(k >> 1 == JOKER for k in FULL_BAG) == 4


def test_clients_draw_the_board_from_the_view() -> None:
    """The board a client draws (``view["board"]``) is the board the engine plays on."""
    board = GAME.new(2, seed=1).view(None)["board"]
    assert board == board_json()
    assert board["size"] == GRID
    assert [(t["x"], t["y"]) for t in board["tables"]] == list(TABLE_XY)
    assert [tuple(c["tables"]) for c in board["chairs"]] == list(CHAIR_TABLES)
    assert [s["points"] for s in board["bar"]] == list(BAR_POINTS)


def test_a_seating_between_two_tables_of_one_country_says_which_table_paid_what() -> None:
    """Chair 33 stands between the two Cuba tables (above and below it): the log names them
    apart; a chair between two countries keeps the country alone."""
    parts = [
        {"table": 10, "guests": 3, "points": 6, "why": "one_country"},
        {"table": 12, "guests": 1, "points": 0, "why": "alone"},
    ]
    assert (CHAIR_XY[33], CHAIR_TABLES[33]) == ((1, 6), (10, 12))
    line = describe_event(
        {"event": "seat", "seat": 0, "guest": "CUB-W", "chair": 33, "points": 6, "tables": parts}
    )
    assert "+6 at upper CUB (3 guests" in line and "+0 at lower CUB (1 guest" in line, line
    line = describe_event(
        {
            "event": "seat",
            "seat": 0,
            "guest": "ITA-W",
            "chair": 8,
            "points": 9,
            "tables": [
                {"table": 1, "guests": 3, "points": 6, "why": "one_country"},
                {"table": 2, "guests": 3, "points": 3, "why": "mixed"},
            ],
        }
    )
    assert "+6 at left ITA" in line and "+3 at right ITA" in line, line
    mixed = next(c for c, t in enumerate(CHAIR_TABLES) if len({TABLE_COUNTRY[x] for x in t}) == 2)
    table = CHAIR_TABLES[mixed][0]
    line = describe_event(
        {
            "event": "seat",
            "seat": 0,
            "guest": "JKR-M",
            "chair": mixed,
            "points": 0,
            "tables": [{"table": table, "guests": 1, "points": 0, "why": "alone"}],
        }
    )
    assert f"+0 at {COUNTRIES[TABLE_COUNTRY[table]]} (1 guest" in line, line
