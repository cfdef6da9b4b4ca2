"""Scoring the regions after every round, the animal tracks, and the end of the game."""

from __future__ import annotations

from meeple.games.bison import BisonState
from meeple.games.bison.data import BISON, GRASSLAND, TRACK_MAX
from meeple.games.bison.scoring import (
    Presence,
    decided_by,
    gain,
    region_awards,
    score_regions,
    standings,
    winners,
)
from tests.games.bison.helpers import (
    G11,
    G17,
    M11,
    finish_round,
    make,
    place,
    put,
)

YELLOW, RED, GREEN, BLUE = 0, 1, 2, 3


def awarded(presences: list[Presence], total: int) -> dict[int, int]:
    return {a.seat: a.animals for a in region_awards(presences, total)}


# The rulebook's scoring examples, on a real board: these five tiles join the grasslands of
# positions 6, 10, 11, 16 and 17 into one region of five spaces holding 7 bison.
EXAMPLE_TILES = [(16, 6, 0), (13, 13, 2), (6, 11, 0), (7, 12, 0), (10, 5, 2)]
SPACE_1, SPACE_2, SPACE_3, SPACE_4, SPACE_5 = 33, 51, 30, 48, 18


def example_board(green_has_a_two_tent: bool) -> BisonState:
    state = make(4)
    for position, tile, orientation in EXAMPLE_TILES:
        place(state, position, tile, orientation)
    put(state, SPACE_1, YELLOW, shelter=2)
    put(state, SPACE_2, RED, hunters=1, shelter=1)
    put(state, SPACE_3, RED, shelter=1)
    if green_has_a_two_tent:
        put(state, SPACE_4, GREEN, shelter=2)
    else:
        put(state, SPACE_4, GREEN, hunters=3, shelter=1)
    put(state, SPACE_5, BLUE, hunters=1)
    return state


def test_scoring_example_1() -> None:
    """例 1：5 つのスペースで構成される草原にバイソンが 7 頭います。スペース 1：黄色の 2 人用テント、
    バイソン 1 頭…黄色はバイソン 7 頭（地域にあるバイソンの数）を獲得します。赤は 3 頭（地域にある
    バイソンの半分）、緑は 0 頭（スペース 4 にあるバイソン）、青は 2 頭（スペース 5 にあるバイソン）を
    それぞれ獲得します。
    Example 1: yellow (2-tent) is first and takes all 7 bison; red (two 1-tents) second
    takes half, 3; green third takes its space's 0; blue fourth its space's 2."""
    presences = [
        Presence(YELLOW, (2,), 0, 1),
        Presence(RED, (1, 1), 1, 1 + 3),
        Presence(GREEN, (1,), 3, 0),
        Presence(BLUE, (), 1, 2),
    ]
    awards = region_awards(presences, total=7)
    assert [(a.seat, a.place) for a in awards] == [(YELLOW, 1), (RED, 2), (GREEN, 3), (BLUE, 4)]
    assert awarded(presences, 7) == {YELLOW: 7, RED: 3, GREEN: 0, BLUE: 2}


def test_scoring_example_2() -> None:
    """例 2：…スペース 4：緑の 2 人用テント、バイソンなし…緑と黄色は 1 位タイのため、2 位に該当する
    プレイヤーはいません。赤は 3 位、青が 4 位です。緑と黄色はそれぞれ 3 頭（地域にあるバイソンの
    半分）、赤は 4 頭（スペース 2 と 3 にあるバイソンの合計）、青は 2 頭…をそれぞれ獲得します。
    Example 2: green's 2-tent ties yellow for first, so both take half (3) and nobody is
    second; red, third, takes its spaces' 4; blue, fourth, 2."""
    presences = [
        Presence(YELLOW, (2,), 0, 1),
        Presence(RED, (1, 1), 1, 1 + 3),
        Presence(GREEN, (2,), 0, 0),
        Presence(BLUE, (), 1, 2),
    ]
    places = {a.seat: a.place for a in region_awards(presences, 7)}
    assert places == {YELLOW: 1, GREEN: 1, RED: 3, BLUE: 4}
    assert awarded(presences, 7) == {YELLOW: 3, GREEN: 3, RED: 4, BLUE: 2}


def test_scoring_examples_on_a_board() -> None:
    """Both examples again, with the pieces standing on a board built from the tile set."""
    for green_two_tent, expected in (
        (False, {YELLOW: 7, RED: 3, GREEN: 0, BLUE: 2}),
        (True, {YELLOW: 3, GREEN: 3, RED: 4, BLUE: 2}),
    ):
        state = example_board(green_two_tent)
        spaces = (SPACE_1, SPACE_2, SPACE_3, SPACE_4, SPACE_5)
        region = state.board.region_of(SPACE_1)
        assert region == tuple(sorted(spaces))
        assert [state.board.animals[s] for s in spaces] == [1, 1, 3, 0, 2]
        scored = score_regions(state.board, state.owner, state.hunters, state.shelter)
        grass = next(r for r in scored if r.spaces == region)
        assert (grass.terrain, grass.animals) == (GRASSLAND, 7)
        assert {a.seat: a.animals for a in grass.awards} == expected


def test_the_scoring_events_say_who_placed_where_with_what_and_took_how_many() -> None:
    """The log of a round's scoring (issue #16: shown region by region): a header, then per
    region its spaces and animals and, strongest first, each player's place, the pieces
    that placed them, the animals taken and how they were counted. Example 1 and 2 again."""
    for green_two_tent, expected in (
        (
            False,
            [
                (YELLOW, 1, 7, "all", [2], 0),
                (RED, 2, 3, "half", [1, 1], 1),
                (GREEN, 3, 0, "own", [1], 3),
                (BLUE, 4, 2, "own", [], 1),
            ],
        ),
        (
            True,
            [
                (YELLOW, 1, 3, "half", [2], 0),
                (GREEN, 1, 3, "half", [2], 0),
                (RED, 3, 4, "own", [1, 1], 1),
                (BLUE, 4, 2, "own", [], 1),
            ],
        ),
    ):
        state = example_board(green_two_tent)
        region = state.board.region_of(SPACE_1)
        state._end_round()  # the round ends here, before any tile could change the region
        events = state.events
        scores = [e for e in events if e["event"] == "score"]
        gains = [
            sum(a["animals"] for e in scores for a in e["awards"] if a["seat"] == seat)
            for seat in range(4)
        ]
        header = {
            "event": "round_scoring",
            "seat": 0,
            "round": 1,
            "regions": len(scores),
            "gains": gains,
        }
        head = events.index(header)  # the header says what the scoring gave, seat by seat
        assert events[head + 1 : head + 1 + len(scores)] == scores  # region after region
        assert events[head + 1 + len(scores)]["event"] == "round"  # then the next round
        event = next(e for e in scores if e["spaces"] == list(region))
        assert (event["terrain"], event["animals"]) == ("grassland", 7)
        got = [
            (a["seat"], a["place"], a["animals"], a["share"], a["shelters"], a["hunters"])
            for a in event["awards"]
        ]
        assert got == expected


def test_tents_beat_any_number_of_hunters_and_then_hunters_decide() -> None:
    """ハンターは何個あっても1人用のテントの価値に及びません。…カヌーやテントで決まらない場合は
    その地域にいるハンターの数で決定します。
    No number of hunters equals a 1-tent; without tents or canoes the number of hunters
    decides."""
    presences = [Presence(0, (), 5, 1), Presence(1, (1,), 0, 1), Presence(2, (), 2, 1)]
    assert [a.seat for a in region_awards(presences, 6)] == [1, 0, 2]
    assert awarded(presences, 6) == {1: 6, 0: 3, 2: 1}


def test_tied_seconds_take_the_animals_on_their_own_spaces() -> None:
    """2 位のプレイヤーが複数いた場合、これらは 3、4 位の集計方法を適用します。
    Tied seconds are scored as third and fourth: the animals on their own spaces."""
    presences = [Presence(0, (3,), 0, 0), Presence(1, (1,), 1, 2), Presence(2, (1,), 1, 1)]
    assert awarded(presences, 9) == {0: 9, 1: 2, 2: 1}


def test_three_tied_firsts_each_take_half() -> None:
    """1 位のプレイヤーが複数いた場合、該当するプレイヤーには 2 位の集計方法を適用します — however
    many they are; the next player is fourth and takes its own spaces' animals."""
    presences = [Presence(s, (2,), 1, 1) for s in range(3)] + [Presence(3, (1,), 0, 4)]
    assert awarded(presences, 9) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert region_awards(presences, 9)[-1].place == 4


def test_a_lone_player_takes_the_whole_region() -> None:
    assert awarded([Presence(2, (), 1, 0)], 5) == {2: 5}


def test_a_full_track_exchanges_three_for_one_when_it_overflows() -> None:
    """集計時に動物トラックの目盛りが足りない場合、直ちに他の動物への交換を行って下さい。 Ruling:
    the track ends at 20; 3 of that animal become 1 of the other animal with the lower count."""
    track = [TRACK_MAX - 1, 4, 2]
    assert gain(track, BISON, 3) == [2]
    assert track == [TRACK_MAX - 1, 4, 3]
    full = [TRACK_MAX] * 3
    assert gain(full, BISON, 2) == []
    assert full == [TRACK_MAX] * 3  # nowhere to exchange into: the animals are lost


def test_regions_are_scored_after_every_round_grassland_mountain_river() -> None:
    """各ラウンドですべてのプレイヤーが 4 つの行動を行ったら、最後に得点集計を行います。草原、山、
    川の順番に全ての地域の集計を行います。
    After everyone's four actions, every region is scored: grassland, then mountain, then
    river."""
    state = make(2)
    put(state, G17, 0, hunters=1)
    put(state, M11, 1, shelter=1)
    put(state, G11, 1, hunters=1)
    finish_round(state)
    scores = [e for e in state.events if e["event"] == "score"]
    assert [e["terrain"] for e in scores] == sorted(
        (e["terrain"] for e in scores), key=["grassland", "mountain", "river"].index
    )
    board = state.board
    g17 = board.region_of(G17)
    expected_bison = sum(board.animals[s] for s in g17)
    event = next(e for e in scores if G17 in e["spaces"])
    assert event["awards"] == [
        {
            "seat": 0,
            "place": 1,
            "animals": expected_bison,
            "share": "all",
            "shelters": [],
            "hunters": 1,
        }
    ]
    # Four idle actions gained 4 fish; the regions paid the rest.
    gains = {s: [0, 0, 0] for s in (0, 1)}
    index = {"grassland": 0, "river": 1, "mountain": 2}
    for e in scores:
        for a in e["awards"]:
            gains[a["seat"]][index[e["terrain"]]] += a["animals"]
    assert state.tracks[0] == [10 + gains[0][0], 14 + gains[0][1], 10 + gains[0][2]]
    assert state.tracks[1] == [10 + gains[1][0], 14 + gains[1][1], 10 + gains[1][2]]


def test_final_scoring_counts_only_the_hunting_grounds() -> None:
    """最終得点集計の前に、各プレイヤーは個人ボードの各動物のストックを 0 にしておきます。最終得点集計の
    結果、動物の合計数が最も多いプレイヤーが勝利します。
    Before the final scoring every stock is set to 0; then the most animals wins."""
    state = make(2)
    put(state, G17, 0, shelter=1)
    while not state.is_over:
        finish_round(state)
    region = state.board.region_of(G17)
    assert state.tracks[0] == [sum(state.board.animals[s] for s in region), 0, 0]
    assert state.tracks[1] == [0, 0, 0]
    assert state.winners == [0]
    assert state.scores == [sum(state.tracks[0]), 0]
    assert state.to_move == ()


def test_ties_go_to_the_higher_lowest_stock_then_are_shared() -> None:
    """複数のプレイヤーが同点の場合、最も低い動物の数を比べ、多い方が勝利します（偏りなく集めている方
    がよい、ということです）。それでも同じ場合は引き分けとなります。
    A tie goes to the player whose lowest animal count is higher; still tied, they share."""
    assert winners([[10, 5, 5], [7, 7, 6]]) == [1]
    assert winners([[7, 7, 6], [6, 7, 7], [1, 1, 1]]) == [0, 1]
    assert winners([[9, 0, 0], [3, 3, 2]]) == [0]


def test_standings_and_what_decided_the_winner() -> None:
    """動物の合計数が最も多いプレイヤーが勝利します。複数のプレイヤーが同点の場合、最も低い動物の数を
    比べ、多い方が勝利します。それでも同じ場合は引き分けとなります。
    The end's standings and whether the animals, the lowest track or nothing decided."""
    assert decided_by([[10, 5, 5], [7, 7, 5]]) == "animals"
    assert decided_by([[10, 5, 5], [7, 7, 6]]) == "lowest"
    assert decided_by([[7, 7, 6], [6, 7, 7], [1, 1, 1]]) == "shared"
    assert decided_by([[7, 7, 6], [6, 7, 7], [10, 5, 5]]) == "lowest"  # two of three share
    table = [(s.seat, s.animals, s.lowest, s.place) for s in standings([[10, 5, 5], [7, 7, 6]])]
    assert table == [(1, 20, 6, 1), (0, 20, 5, 2)]
    table = [(s.seat, s.place) for s in standings([[1, 1, 1], [7, 7, 6], [6, 7, 7], [0, 9, 9]])]
    assert table == [(1, 1), (2, 1), (3, 3), (0, 4)]


def test_the_game_over_event_holds_the_standings_and_the_tie_break() -> None:
    """The last events: the final scoring's header, the regions, then the end with every
    player's animals, lowest track and place, and what decided the winner."""
    state = make(3)
    put(state, G17, 0, shelter=1)
    put(state, M11, 1, shelter=1)
    while not state.is_over:
        finish_round(state)
    events = state.events
    head = next(i for i, e in enumerate(events) if e["event"] == "final_scoring")
    assert (events[head]["seat"], events[head]["round"]) == (state.start, state.rounds)
    scored = [e for e in events[head:] if e["event"] == "score"]
    assert events[head]["regions"] == len(scored)
    # Region after region (a gain past 20 may log an overflow among them).
    kinds = {e["event"] for e in events[head + 1 : -1]}
    assert "score" in kinds and kinds <= {"score", "overflow"}
    over = events[-1]
    assert over["event"] == "game_over" and over["winners"] == state.winners
    assert over["standings"] == [
        {"seat": s.seat, "animals": s.animals, "lowest": s.lowest, "place": s.place}
        for s in standings(state.tracks)
    ]
    assert {s["seat"] for s in over["standings"] if s["place"] == 1} == set(state.winners)
    assert over["decided_by"] == decided_by(state.tracks)
    assert [s["animals"] for s in over["standings"]] == sorted(state.scores, reverse=True)
