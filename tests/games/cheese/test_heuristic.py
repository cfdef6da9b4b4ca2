"""The Go da Cheese! heuristic's part that ``hard``'s search uses: :func:`judged`, the
expected end of a world cut short."""

from __future__ import annotations

import dataclasses

import pytest

import meeple
from meeple.bots.search import searcher
from meeple.games.cheese.data import ANIMALS, DECK_COUNTS, POINTS
from meeple.games.cheese.heuristic import (
    SEARCH,
    CheeseHeuristicBot,
    judged,
    settle,
)
from meeple.games.cheese.rules import CheeseState


def _played(players: int, seed: int, decisions: int) -> CheeseState:
    """A game of heuristic bots (imagining 2 ends a decision, for speed) after ``decisions``
    decisions (or at its end)."""
    state = meeple.load("cheese").new(players, seed=seed)
    bots = [CheeseHeuristicBot(seed=seed * 8 + s, samples=2) for s in range(players)]
    for _ in range(decisions):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert isinstance(state, CheeseState)
    return state


@pytest.mark.parametrize("players", [3, 5])
def test_a_finished_game_is_judged_by_its_scores(players: int) -> None:
    state = _played(players, 4, 10_000)
    assert state.is_over
    assert judged(state) == [float(score) for score in state.scores]


def test_the_same_position_is_always_judged_the_same_and_left_unchanged() -> None:
    state = _played(4, 2, 30)
    before = state.view(None)
    first = judged(state)
    assert judged(state.clone()) == first == judged(state)
    assert state.view(None) == before


@pytest.mark.parametrize("seed", range(4))
def test_with_one_card_to_come_the_judgement_lies_between_its_possible_ends(seed: int) -> None:
    """Before the game's last decision a single card is still to come: wherever it falls,
    the queues resolve to known points, and the judged points are a mean of those."""
    state = _played(3, seed, 10_000)
    before = _played(3, seed, state_decisions(3, seed) - 1)
    (seat,) = before.to_move
    (animal,) = [a for a in ANIMALS if before.hands[seat][a]]
    lines = [[(card.seat, card.animal) for card in queue] for queue in before.queues]
    ends = []
    for c in range(len(lines)):
        points = [0] * 3
        for d, number in enumerate(before.cheeses):
            line = lines[d] + [(seat, animal)] if d == c else lines[d]
            points = [p + q for p, q in zip(points, settle(number, line, 3), strict=True)]
        ends.append(points)
    guess = judged(before)
    for s in range(3):
        assert min(end[s] for end in ends) <= guess[s] <= max(end[s] for end in ends)
    # The real game put the card at one of these cheeses: its scores are one of the ends.
    assert list(state.scores) in ends


def state_decisions(players: int, seed: int) -> int:
    """How many decisions the seeded game of :func:`_played` lasts."""
    state = meeple.load("cheese").new(players, seed=seed)
    bots = [CheeseHeuristicBot(seed=seed * 8 + s, samples=2) for s in range(players)]
    count = 0
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
        count += 1
    return count


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hard_cuts_its_playouts_short_and_judges_where_they_stop(
    players: int,
) -> None:
    """``hard``'s playouts stop after about a round (``rollout_limit`` decisions) and are
    judged by :func:`judged`; its analysis then gives the judged
    figures, and its first move is the one it chooses."""
    plan = dataclasses.replace(SEARCH.for_players(players), iterations=3, steps=None)
    assert plan.judge is judged and plan.rollout_limit is not None
    game = meeple.load("cheese")
    state = _played(players, 1, 6)
    seat = state.to_move[0]
    assert len(state.legal_actions(seat)) > 1
    bot = searcher(game, plan, seed=4)
    chosen = bot.choose(state, seat)
    assert plan.candidates is not None
    # Each of 3 worlds plays each candidate: its move, then at most rollout_limit more.
    assert bot.moves <= 3 * plan.candidates * (1 + plan.rollout_limit)
    candidates = searcher(game, plan, seed=4).analyse(state, seat)
    assert candidates[0].action == chosen
    most = players * sum(POINTS[a] * n for a, n in enumerate(DECK_COUNTS))  # every card
    for c in candidates:
        assert c.visits == 3
        assert 0.0 <= c.win_chance <= 1.0 and 0.0 <= c.reward <= 1.0
        assert 0.0 <= c.expected_score <= most
