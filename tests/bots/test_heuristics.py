"""Every game's heuristic bot: legal through whole games, blind to what its seat cannot see,
reproducible from its seed, and better than chance where we can say so cheaply."""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeple
from meeple.bots.levels import HEURISTICS, make
from meeple.core.game import State
from meeple.games.stirfry.heuristic import DeclarerReadingBot, StirFryHeuristicBot
from meeple.games.stirfry.scoring import dish_score
from tests.games.stirfry.helpers import make as stirfry_position

GAMES = sorted(meeple.GAMES)


def play_game(game_id: str, players: int, bots: list[Any], seed: int) -> State:
    """One whole game; each bot's choice is checked against the legal actions."""
    state = meeple.load(game_id).new(players, seed=seed)
    for _ in range(20_000):
        if state.is_over:
            return state
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat), (game_id, action)
        state.apply(seat, action)
    raise AssertionError("the game did not end")


def test_every_game_has_a_heuristic() -> None:
    assert sorted(HEURISTICS) == GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristic_levels_play_whole_games_legally(game_id: str) -> None:
    game = meeple.load(game_id)
    for players in sorted({game.min_players, game.max_players}):
        bots = [make("normal" if s % 2 else "easy", game, seed=s) for s in range(players)]
        assert play_game(game_id, players, bots, seed=players).is_over


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_heuristics_reproduce_their_games(game_id: str) -> None:
    game = meeple.load(game_id)

    def run() -> Any:
        bots = [make("easy", game, seed=7 + s) for s in range(game.min_players)]
        return play_game(game_id, game.min_players, bots, seed=3).to_json()

    assert run() == run()


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristics_do_not_peek(game_id: str) -> None:
    """At many points of a game, the bot chooses the same for the real state and for a
    determinized twin that looks the same to its seat."""
    game = meeple.load(game_id)
    state = game.new(game.min_players, seed=11)
    rng = random.Random(5)
    checked = 0
    while not state.is_over and checked < 25:
        seat = state.to_move[0]
        twin = state.determinize(seat, random.Random(checked))
        assert twin.view(seat) == state.view(seat)
        mine = make("normal", game, seed=checked).choose(state, seat)
        theirs = make("normal", game, seed=checked).choose(twin, seat)
        assert mine == theirs, (game_id, checked)
        checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 0


def test_stirfry_chef_cooks_the_dish_that_wins() -> None:
    # 45 of 50 points: any dish of 5 or more ends the game in the chef's favour. The bot may
    # declare honestly first (more cards, no risk), but by the end of its turn it has cooked.
    state = stirfry_position(
        2,
        [["noodles", "shrimp", "leek", "mushroom", "ginger"], ["noodles", "soy", "pork"]],
        points=[45, 0],
        options={"target": 50},
    )
    bot = make("normal", meeple.load("stirfry"), seed=1)
    cooked = []
    while not state.is_over and state.chef == 0:
        seat = state.to_move[0]
        action = bot.choose(state, 0) if seat == 0 else {"type": "trust"}
        if action["type"] == "cook":
            cooked.append(dish_score(action["cards"]))
        state.apply(seat, action)
    assert cooked and 45 + sum(cooked) >= 50
    assert state.is_over and list(state.winners) == [0]


@pytest.mark.parametrize("game_id", ["cheese", "stirfry"])
def test_normal_beats_random_bots(game_id: str) -> None:
    """Seat by seat in turn, one ``normal`` bot against random ones wins far more than its
    fair share (a cheap check; the arena measures it properly)."""
    game = meeple.load(game_id)
    players = 3
    wins = 0.0
    games = 24
    for g in range(games):
        seat = g % players
        bots = [make("random", game, seed=100 * g + s) for s in range(players)]
        bots[seat] = make("normal", game, seed=g)
        final = play_game(game_id, players, bots, seed=g)
        if seat in final.winners:
            wins += 1 / len(final.winners)
    assert wins / games > 1.5 / players, wins


def test_stirfry_reading_taster_trusts_what_the_heuristic_seldom_bluffs() -> None:
    """A chef of 4 cards claims shrimp. Seat 1, without the shrimp, sees about one chance in
    four that the chef holds it: the plain heuristic, taking a chef without it to declare just
    as readily, tastes; the reader, knowing the heuristic seldom bluffs on shrimp, trusts.
    Seat 2 holds the only shrimp, so the claim is a sure bluff: both taste."""
    state = stirfry_position(
        3,
        [["noodles", "leek", "soy", "ginger"], ["noodles", "mushroom", "pork"], ["shrimp"]],
    )
    state.apply(0, {"type": "declare", "card": "ginger", "as": "shrimp"})
    plain = StirFryHeuristicBot(seed=1)
    reader = DeclarerReadingBot(seed=1)
    assert plain.choose(state, 1) == {"type": "taste"}
    assert reader.choose(state, 1) == {"type": "trust"}
    assert plain.choose(state, 2) == reader.choose(state, 2) == {"type": "taste"}
