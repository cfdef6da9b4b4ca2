"""The café heuristic bot plays legally, from its view alone, and sensibly.

Tables used below (grid cells x, y): Russia (11,7) has the chairs (10,7) and (12,7) of its
own, (11,8) shared with Spain (11,9) and (11,6) shared with the other Russia table (11,5).
Cuba (1,7) has (0,7) and (2,7) of its own, (1,8) shared with Africa (1,9) and (1,6) shared
with the other Cuba table (1,5). Germany (3,1) has (3,0) of its own, (2,1) shared with
Turkey (1,1), (3,2) shared with France (3,3) and (4,1) shared with Germany (5,1).
"""

from __future__ import annotations

import random

import pytest

from meeple.games.cafe import GAME, CafeState
from meeple.games.cafe.heuristic import CafeHeuristicBot
from tests.games.cafe.helpers import at, events, make

# Men of countries whose tables are empty: alone they can score nowhere.
IDLE_MEN = ["CHN-M", "ITA-M", "CUB-M"]

# A table of Russia with three Russians (the man on (11,8) is alone at the Spanish table, with
# company): a woman on (11,6) makes it one country of four.
RUSSIA_THREE = {(10, 7): "RUS-M", (12, 7): "RUS-W", (11, 8): "RUS-M"}
# At the Indian table (11,3), an Indian man and a French woman (alone at the French table
# (9,3), with company): a woman on (11,4) scores 3 there.
INDIA_MIXED = {(12, 3): "IND-M", (10, 3): "FRA-W"}


def play_out(state: CafeState, bots: list[CafeHeuristicBot]) -> None:
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def play_turn(state: CafeState, bot: CafeHeuristicBot) -> list[dict[str, object]]:
    """Let the bot play the current player's whole turn; the actions it chose."""
    seat = state.current
    chosen = []
    while not state.is_over and state.current == seat:
        action = bot.choose(state, seat)
        state.apply(seat, action)
        chosen.append(action)
        if not state.placed:
            break
    return chosen


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("coffee_circle", [False, True])
def test_it_only_plays_legal_actions_through_whole_games(players: int, coffee_circle: bool) -> None:
    for seed in range(2):
        state = GAME.new(players, seed=seed, options={"coffee_circle": coffee_circle})
        play_out(state, [CafeHeuristicBot(seed=s, noise=0.1 * seed) for s in range(players)])
        assert state.winners


def test_it_does_not_peek() -> None:
    state = GAME.new(3, seed=5)
    bots = [CafeHeuristicBot(seed=s) for s in range(3)]
    for _ in range(40):  # decisions along a game, each against a twin with another bag
        seat = state.to_move[0]
        twin = state.determinize(seat, random.Random(1))
        assert twin.view(seat) == state.view(seat)
        assert twin.to_json() != state.to_json()
        action = bots[seat].choose(state, seat)
        assert CafeHeuristicBot(seed=seat).choose(twin, seat) == action
        state.apply(seat, action)


def test_it_is_reproducible_from_its_seed() -> None:
    def game(seed: int) -> list[float]:
        state = GAME.new(3, seed=2)
        play_out(state, [CafeHeuristicBot(seed=seed + s, noise=0.3) for s in range(3)])
        return list(state.scores)

    assert game(7) == game(7)


def test_it_completes_a_one_country_table() -> None:
    # The Russian woman scores 8 and lowers the hand size on (11,6), 3 on (11,4).
    state = make(
        2, chairs={**RUSSIA_THREE, **INDIA_MIXED}, hands=[["RUS-W", "TUR-M", *IDLE_MEN], ["AFR-M"]]
    )
    assert play_turn(state, CafeHeuristicBot()) == [
        {"type": "seat", "guest": "RUS-W", "chair": at(11, 6)}
    ]
    assert state.chips[0] == 8
    assert events(state, "one_country")


def test_it_seats_two_guests_in_the_order_that_scores_most() -> None:
    """Ruling 4: at a table of a German man and a German woman, another German man then a
    French woman score 6 + 4 = 10; the French woman first, 3 + 4 = 7."""
    chairs = {(3, 0): "GER-M", (4, 1): "GER-W"}
    state = make(2, chairs=chairs, hands=[["GER-M", "FRA-W", *IDLE_MEN], ["AFR-M"]])
    turn = play_turn(state, CafeHeuristicBot())
    assert [a["guest"] for a in turn] == ["GER-M", "FRA-W"]
    assert turn[1]["chair"] == at(3, 2)
    assert state.chips[0] == 10


def test_it_spends_a_joker_where_it_scores_most() -> None:
    # The joker finishes the Russian table (8 and a smaller hand) rather than join the Indian
    # table (3) or the Russian man alone at the Spanish one (2).
    state = make(
        2, chairs={**RUSSIA_THREE, **INDIA_MIXED}, hands=[["JKR-W", "TUR-M", *IDLE_MEN], ["AFR-M"]]
    )
    assert CafeHeuristicBot().choose(state, 0) == {
        "type": "seat",
        "guest": "JKR-W",
        "chair": at(11, 6),
    }


def test_it_keeps_its_joker_when_a_plain_guest_scores_as_much() -> None:
    # The Russian woman finishes the table; the joker could add only 2, joining the Russian
    # man alone at the Spanish table.
    state = make(2, chairs=RUSSIA_THREE, hands=[["RUS-W", "JKR-W", *IDLE_MEN], ["AFR-M"]])
    assert play_turn(state, CafeHeuristicBot()) == [
        {"type": "seat", "guest": "RUS-W", "chair": at(11, 6)},
        {"type": "done"},
    ]
    assert "JKR-W" in state.view(0)["hands"][0]


def test_it_does_not_set_up_a_one_country_table_for_the_next_player() -> None:
    # A joker scores 6 at either table; at the Cuban one it would leave three Cubans for the
    # next player's Cuban woman to make a one-country table of four.
    chairs = {
        (0, 7): "CUB-M",
        (2, 7): "CUB-W",
        (10, 7): "RUS-M",
        (12, 7): "RUS-W",
    }
    hand = ["JKR-M", "CHN-M", "ITA-M", "TUR-M", "GER-M"]
    state = make(2, chairs=chairs, hands=[hand, ["CUB-W", "AFR-M"]])
    action = CafeHeuristicBot().choose(state, 0)
    assert action["guest"] == "JKR-M"
    assert action["chair"] in {at(11, 8), at(11, 6)}


# Both Russian tables seat two men (a Spaniard and an Indian on the chairs they share with
# Spain and India) and a woman: a Russian man has no room left anywhere.
RUSSIA_FULL_OF_MEN = {
    (10, 7): "RUS-M",
    (11, 8): "ESP-M",
    (12, 7): "RUS-W",
    (10, 5): "RUS-M",
    (11, 4): "IND-M",
    (12, 5): "RUS-W",
}
# The bar seats five guests: the next seat costs 2.
BAR_OF_FIVE = ["AFR-M", "AFR-W", "GER-M", "GER-W", "ESP-M"]


def test_it_sends_the_guest_with_no_room_left_to_the_bar() -> None:
    hand = ["CHN-M", "CUB-M", "ITA-M", "RUS-M", "TUR-M"]
    state = make(2, chairs=RUSSIA_FULL_OF_MEN, hands=[hand, ["AFR-M"]], chips=[20, 20])
    assert {a["type"] for a in state.legal_actions(0)} == {"bar"}
    assert CafeHeuristicBot().choose(state, 0) == {"type": "bar", "guest": "RUS-M"}


def test_it_seats_a_guest_rather_than_pay_at_the_bar() -> None:
    chairs = {**RUSSIA_FULL_OF_MEN, (0, 3): "TUR-M", (1, 2): "TUR-W"}
    hand = ["CHN-M", "CUB-M", "ITA-M", "RUS-M", "TUR-M"]
    state = make(2, chairs=chairs, bar=BAR_OF_FIVE, hands=[hand, ["AFR-M"]], chips=[20, 20])
    assert CafeHeuristicBot().choose(state, 0)["type"] == "seat"


def test_it_swaps_a_joker_rather_than_leave_the_game_at_the_bar() -> None:
    # Nothing in hand can score; the next bar seat costs 2 and the bot has 1 point.
    chairs = {(10, 7): "JKR-M", (12, 7): "RUS-M", (11, 8): "RUS-W"}
    hand = ["RUS-M", "TUR-M", *IDLE_MEN]
    state = make(2, chairs=chairs, bar=BAR_OF_FIVE, chips=[1, 30], hands=[hand, ["AFR-M"]])
    assert CafeHeuristicBot().choose(state, 0) == {
        "type": "swap",
        "chair": at(10, 7),
        "guest": "RUS-M",
    }
