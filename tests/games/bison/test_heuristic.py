"""The bison heuristic bot plays legally, from its view alone, and sensibly.

The hand-built positions use the start board (see ``helpers``): the mountains of the
start tiles at positions 11 and 12 (M11, M12) form one region, and the high ridge (tile 6,
3 turkeys) laid at position 6 joins its mountain to them: 5 turkeys in all.
"""

from __future__ import annotations

import random

import pytest

from meeple.games.bison import GAME, BisonState
from meeple.games.bison.data import MOUNTAIN
from meeple.games.bison.geometry import position_of_space, terrain_of_space
from meeple.games.bison.heuristic import BisonHeuristicBot, region_awards
from meeple.games.bison.scoring import Presence
from meeple.games.bison.scoring import region_awards as rulebook_awards
from tests.games.bison.helpers import (
    G17,
    M11,
    M12,
    act,
    choose,
    hunters,
    idle_turn,
    make,
    place,
    put,
    set_supply,
)

HIGH_RIDGE = 6
WIDE_PRAIRIE = 5


def last_round(state: BisonState) -> BisonState:
    """Make the round in progress the last one (its scoring decides the game)."""
    state.rounds = state.round
    return state


def give_tile(state: BisonState, seat: int, tile: int) -> None:
    """Swap ``tile`` into ``seat``'s hand, wherever it was (draw pile, removed, a hand)."""
    for pile in (state.deck, state.removed, state.hands):
        if tile in pile:
            pile[pile.index(tile)] = state.hands[seat]
            state.hands[seat] = tile
            return
    raise AssertionError(f"tile {tile} is already on the board")


MARKET = ("buy_hunter", "buy_tent", "buy_canoe", "exchange")


def finish_action(state: BisonState, seat: int, bot: BisonHeuristicBot) -> list[dict[str, object]]:
    """Let the bot play until its action is over; return what it did."""
    done = []
    while True:
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        done.append(action)
        if state.phase == "choose" and action["type"] not in MARKET:
            return done


@pytest.mark.parametrize(("players", "advanced"), [(2, 0), (3, 1), (4, 2)])
def test_it_only_plays_legal_actions_through_whole_games(players: int, advanced: int) -> None:
    state = GAME.new(players, seed=players, options={"advanced": advanced})
    bots = [BisonHeuristicBot(seed=s, noise=0.2) for s in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_seeded_bots_reproduce_their_games() -> None:
    def play() -> list[int | float]:
        state = GAME.new(3, seed=5)
        bots = [BisonHeuristicBot(seed=s, noise=0.3) for s in range(3)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, bots[seat].choose(state, seat))
        return state.scores

    assert play() == play()


def test_it_does_not_peek() -> None:
    state = GAME.new(3, seed=8)
    bots = [BisonHeuristicBot(seed=s) for s in range(3)]
    compared = 0
    while not state.is_over and compared < 40:
        seat = state.to_move[0]
        twin = state.determinize(seat, random.Random(1))
        assert twin.view(seat) == state.view(seat)
        if twin.to_json() != state.to_json():
            mine = BisonHeuristicBot(seed=1).choose(state, seat)
            assert BisonHeuristicBot(seed=1).choose(twin, seat) == mine
            compared += 1
        state.apply(seat, bots[seat].choose(state, seat))
    assert compared == 40


def test_its_region_awards_follow_the_rulebook() -> None:
    rng = random.Random(3)
    for _ in range(300):
        presences = []
        for seat in rng.sample(range(4), rng.randint(1, 4)):
            sizes = tuple(sorted(rng.choices([1, 2, 3], k=rng.randint(0, 2)), reverse=True))
            presences.append(Presence(seat, sizes, rng.randint(0, 3), rng.randint(0, 3)))
        total = sum(p.animals for p in presences) + rng.randint(0, 4)
        strengths = {p.seat: p.strength for p in presences}
        caught = {p.seat: p.animals for p in presences}
        ours = {seat: won for seat, (won, _) in region_awards(strengths, caught, total).items()}
        assert ours == {a.seat: a.animals for a in rulebook_awards(presences, total)}


def test_it_gains_the_animal_it_has_fewest_of() -> None:
    state = make(2)
    state.tracks[0] = [10, 4, 10]
    act(state, 0, choose("gather"), hunters(0))
    assert BisonHeuristicBot().choose(state, 0) == {"type": "gain", "animal": "fish"}


def test_it_pays_from_its_richest_track() -> None:
    state = make(2)
    state.tracks[0] = [12, 3, 8]
    act(state, 0, choose("tile"), hunters(2))
    paid = BisonHeuristicBot().choose(state, 0)
    assert paid == {"type": "pay", "bison": 2, "fish": 0, "turkeys": 0}


def test_it_lays_its_tile_where_its_hunter_wins_a_region_of_its_own() -> None:
    """A rival's 2-tent holds the start mountains: the bot keeps its high ridge apart from
    them and puts its hunter on the ridge's 3 turkeys."""
    state = make(2)
    put(state, M11, 1, shelter=2)
    give_tile(state, 0, HIGH_RIDGE)
    act(state, 0, choose("tile"), hunters(1))
    finish_action(state, 0, BisonHeuristicBot())
    (space,) = [s for s, who in enumerate(state.owner) if who == 0]
    assert terrain_of_space(space) == MOUNTAIN
    assert state.board.tiles[position_of_space(space)] == HIGH_RIDGE
    assert M11 not in state.board.region_of(space)


def test_in_the_last_round_it_sets_up_the_tent_that_wins_the_region() -> None:
    """A rival's 1-tent and hunter hold the mountains (5 turkeys); the bot's 2 hunters there
    win them only as a 2-tent (a 1-tent and a hunter would just tie)."""
    state = last_round(make(2))
    place(state, 6, HIGH_RIDGE, 0)
    put(state, M12, 1, hunters=1, shelter=1)
    put(state, M11, 0, hunters=2)
    put(state, G17, 0, hunters=1)
    state.apply(0, choose("tent"))
    done = finish_action(state, 0, BisonHeuristicBot())
    assert done[0] == {"type": "hunters", "count": 2}
    assert done[-1] == {"type": "tent", "space": M11, "size": 2}


def test_in_the_last_round_it_buys_the_bigger_tent_it_needs() -> None:
    """A rival's 2-tent holds the mountains; the bot has 3 hunters there but only a 1- and a
    2-tent: it buys the 3-tent and sets it up."""
    state = last_round(make(2))
    place(state, 6, HIGH_RIDGE, 0)
    put(state, M12, 1, shelter=2)
    put(state, M11, 0, hunters=3)
    set_supply(state, 0, tents=[1, 2])
    # The bot's tile is laid out of the way, then the rival passes.
    act(state, 0, choose("tile"), hunters(0), {"type": "gain", "animal": "fish"})
    state.apply(0, {"type": "place", "position": 22, "orientation": 0})
    idle_turn(state)
    done = finish_action(state, 0, BisonHeuristicBot())
    assert done[0] == {"type": "buy_tent", "size": 3}
    assert (state.owner[M11], state.shelter[M11]) == (0, 3)


def test_it_moves_a_beaten_hunter_to_a_region_it_can_win() -> None:
    """The bot's hunter on M11 is second to a rival's tent (1 turkey); next door, the
    grassland of G17 and a wide prairie hold 4 bison and nobody."""
    state = last_round(make(2))
    place(state, 16, WIDE_PRAIRIE, 1)
    put(state, M12, 1, shelter=1)
    put(state, M11, 0, hunters=1)
    state.apply(0, choose("move1"))
    done = finish_action(state, 0, BisonHeuristicBot())
    assert done[-1] == {"type": "move", "from": M11, "to": G17}
