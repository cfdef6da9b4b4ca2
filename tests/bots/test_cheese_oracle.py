"""The oracle trial of ``benchmarks/cheese_oracle.py``: its worlds hold every rival
face-down card as it really is, and deal the rest of a rival's unseen cards as ever."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import meeple
from meeple.games.cheese.heuristic import CheeseHeuristicBot
from meeple.games.cheese.rules import CheeseState, hand_list
from tests.scripts import load_script


def _played(players: int, seed: int, decisions: int) -> CheeseState:
    state = meeple.load("cheese").new(players, seed=seed)
    bots = [CheeseHeuristicBot(seed=seed * 8 + s, samples=2) for s in range(players)]
    for _ in range(decisions):
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert isinstance(state, CheeseState) and not state.is_over
    return state


def test_the_oracles_worlds_hold_the_true_face_down_cards() -> None:
    oracle = load_script(Path("benchmarks/cheese_oracle.py")).oracle
    state = _played(5, seed=7, decisions=30)
    seat = state.to_move[0]
    down = [
        (p, i, card.animal)
        for p, queue in enumerate(state.queues)
        for i, card in enumerate(queue)
        if card.seat != seat and not card.face_up
    ]
    assert len(down) >= 4  # enough face-down cards for a random deal to miss one
    deal = oracle(state, seat)
    reshuffled = False
    for k in range(20):
        world = deal(random.Random(k))
        assert isinstance(world, CheeseState)
        assert [(p, i, world.queues[p][i].animal) for p, i, _ in down] == down
        for owner in range(5):
            real = Counter([*state.decks[owner], *hand_list(state.hands[owner])])
            dealt = Counter([*world.decks[owner], *hand_list(world.hands[owner])])
            assert dealt == real  # the same cards between hand and deck
            reshuffled |= owner != seat and world.decks[owner] != state.decks[owner]
    assert reshuffled  # hands and decks are still imagined
