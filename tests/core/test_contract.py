"""The public names of the contract behave as GUIDE.md shows them."""

from __future__ import annotations

import pytest

import meeple
from meeple import BadOptions, IllegalAction, Option, UnknownGame


def test_games_registry_and_load() -> None:
    assert "buffet" in meeple.GAMES
    game = meeple.load("buffet")
    assert (game.id, game.min_players, game.max_players) == ("buffet", 3, 6)
    assert meeple.GAMES["buffet"] is game


def test_unknown_game_is_a_key_error_with_a_readable_message() -> None:
    with pytest.raises(KeyError):
        meeple.load("chess")
    with pytest.raises(UnknownGame, match=r"known games: .*buffet"):
        meeple.load("chess")


def test_errors_are_value_errors() -> None:
    assert issubclass(BadOptions, ValueError)
    assert issubclass(IllegalAction, ValueError)


def test_bad_player_count_is_refused() -> None:
    with pytest.raises(BadOptions, match="3–6 players"):
        meeple.load("buffet").new(players=7, seed=1)


def test_option_checks_values_strictly() -> None:
    option = Option(default=50, choices=[50, 100], help="points to win")
    assert option.check("target", 100) == 100
    with pytest.raises(BadOptions, match="one of"):
        option.check("target", 75)
    with pytest.raises(BadOptions):
        option.check("target", 50.0)  # a float is not the integer 50
    with pytest.raises(ValueError, match="not among the choices"):
        Option(default=1, choices=[2, 3])


def test_unknown_option_is_refused() -> None:
    with pytest.raises(BadOptions, match="unknown option"):
        meeple.load("buffet").new(players=3, seed=1, options={"turbo": True})


def test_a_new_game_without_a_seed_still_records_one() -> None:
    state = meeple.load("buffet").new(players=3)
    assert isinstance(state.seed, int)
    again = meeple.load("buffet").new(players=3, seed=state.seed)
    assert again.to_json() == state.to_json()


def test_state_names() -> None:
    state = meeple.load("buffet").new(players=4, seed=42)
    assert state.to_move == (0, 1, 2, 3)
    assert state.is_over is False
    assert state.scores == [0, 0, 0, 0]
    assert state.winners == []
    assert isinstance(state.legal_actions(0)[0], dict)
    assert state.view(None)["hand_sizes"] == [9, 9, 9, 9]
    assert "hand" not in state.view(None)
    clone = state.clone()
    assert clone.to_json() == state.to_json() and clone is not state
    assert state.determinize(0).view(0) == state.view(0)


def test_view_of_a_bad_seat_is_refused() -> None:
    state = meeple.load("buffet").new(players=4, seed=42)
    with pytest.raises(ValueError, match="no seat 4"):
        state.view(4)
