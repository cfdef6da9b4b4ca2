"""meeple's games in OpenSpiel: a random game, then OpenSpiel's ISMCTS against random players.

    python examples/openspiel_random.py [game] [players]

``register_openspiel()`` registers ``meeple_<id>``; the first move of a game is a chance node
(the game's seed).
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from meeple.rl import register_openspiel


def random_game(game: pyspiel.Game, rng: np.random.RandomState) -> list[float]:
    """Uniformly random moves (chance included) to the end; the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def ismcts_game(
    game: pyspiel.Game, rng: np.random.RandomState, simulations: int = 20
) -> list[float]:
    """Player 0 is OpenSpiel's ISMCTS (random rollouts); the others play at random."""
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
        use_observation_string=True,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def main(game_id: str = "cheese", players: int = 3) -> None:
    """Print the returns of a random game and of an ISMCTS game."""
    register_openspiel()
    game = pyspiel.load_game(f"meeple_{game_id}(players={players})")
    rng = np.random.RandomState(0)
    print(
        game,
        "—",
        game.num_distinct_actions(),
        "actions, observation",
        game.observation_tensor_shape(),
    )
    print("random game, returns:", random_game(game, rng))
    print("ISMCTS as player 0, returns:", ismcts_game(game, rng))


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "cheese", int(sys.argv[2]) if len(sys.argv) > 2 else 3
    )
