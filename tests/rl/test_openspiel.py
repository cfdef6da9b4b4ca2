"""OpenSpiel's own random-simulation test passes on every ``meeple_<id>`` game at the
smallest and largest player counts, and OpenSpiel's ISMCTS bot plays a whole game of each."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import meeple
from meeple.rl.openspiel import SEEDS, register_openspiel
from tests.rl.cases import CASES, GAMES

register_openspiel()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=str)
def test_random_sim_test(game_id: str, players: int) -> None:
    game = pyspiel.load_game(f"meeple_{game_id}(players={players})")
    # Serialising replays the whole history at every step: done for the shorter games.
    pyspiel.random_sim_test(game, num_sims=1, serialize=game_id != "bison", verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_plays_a_whole_game(game_id: str) -> None:
    players = meeple.load(game_id).min_players
    game = pyspiel.load_game(f"meeple_{game_id}(players={players})")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=3,
        random_state=rng,
        use_observation_string=True,
    )
    state = game.new_initial_state()
    state.apply_action(int(rng.randint(SEEDS)))
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    returns = state.returns()
    assert len(returns) == players and max(returns) == 1.0


def test_parameters_and_facts() -> None:
    game = pyspiel.load_game("meeple_stirfry(players=3,tofu=True,reward=win)")
    assert game.num_players() == 3
    assert game.get_parameters()["tofu"] is True
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == SEEDS
    state.apply_action(17)
    held = state.meeple_state()
    assert held is not None and held.seed == 17 and held.options["tofu"] is True
    again = pyspiel.load_game("meeple_stirfry(players=3,tofu=True,reward=win)")
    replay = again.new_initial_state()
    replay.apply_action(17)
    assert replay.observation_tensor(1) == state.observation_tensor(1)
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("meeple_cheese(players=9)")


def test_resample_keeps_the_players_view() -> None:
    game = pyspiel.load_game("meeple_buffet(players=4)")
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.observation_string(player) == state.observation_string(player)
    assert other.legal_actions() == state.legal_actions()
    hidden = [
        state.meeple_state().view(s)["hand"] != other.meeple_state().view(s)["hand"]
        for s in range(4)
        if s != player
    ]
    assert any(hidden)
