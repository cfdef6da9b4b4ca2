"""``meeple analyse``: how ``hard`` weighs a decision, from a new game or a replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.bots.levels import make
from meeple.cli import app
from meeple.core.replay import Replay

runner = CliRunner()


def rows(output: str) -> list[str]:
    """The first cell of each row of the printed table."""
    return [line.split("│")[1].strip() for line in output.splitlines() if line.startswith("│")]


def reasons(output: str) -> str:
    """The last column of the printed table, its rows' lines joined."""
    return " ".join(line.split("│")[5].strip() for line in output.splitlines() if "│" in line)


def test_a_new_game_position_lists_the_moves_choose_first_with_reasons() -> None:
    result = runner.invoke(app, ["analyse", "buffet", "-p", "3", "--move", "4", "--seed", "1"])
    assert result.exit_code == 0, result.output
    game = meeple.load("buffet")
    state = game.new(3, seed=1)
    bots = [make("normal", game, seed=16 + s) for s in range(3)]
    for _ in range(4):
        mover = state.to_move[0]
        state.apply(mover, bots[mover].choose(state, mover))
    seat = state.to_move[0]
    assert f"seat {seat} to move" in result.output
    best = make("hard", game, seed=0).choose(state, seat)
    assert rows(result.output)[0] == game.describe_action(best)
    assert "%" in result.output and "ahead of the" in result.output


def test_a_replay_position_in_japanese(tmp_path: Path) -> None:
    game = meeple.load("buffet")
    record = Replay.new("buffet", 3, seed=5)
    state = record.initial_state()
    for _ in range(3):
        mover = state.to_move[0]
        action = state.legal_actions(mover)[0]
        record.play(state, mover, action)
    path = tmp_path / "game.json"
    record.save(path)
    result = runner.invoke(app, ["analyse", str(path), "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert game.name in result.output and "最後尾" in result.output
    assert "rearmost" not in result.output


@pytest.mark.parametrize(
    ("game_id", "players", "words"),
    [("bison", 2, "bison"), ("cheese", 3, "in line"), ("stirfry", 2, "points")],
)
def test_the_other_games_show_their_heuristic_reasons_too(
    game_id: str, players: int, words: str
) -> None:
    """Each row's reason is the game's own ``explain`` of the move (the table may wrap it)."""
    args = ["analyse", game_id, "-p", str(players), "--move", "2", "--seed", "3"]
    english, japanese = runner.invoke(app, args), runner.invoke(app, [*args, "--lang", "ja"])
    assert english.exit_code == 0 and japanese.exit_code == 0, english.output + japanese.output
    assert words in reasons(english.output)
    assert words not in reasons(japanese.output) and "…" not in reasons(japanese.output)


def test_a_seat_without_a_decision_is_refused() -> None:
    state = meeple.load("cafe").new(2, seed=1)
    idle = 1 - state.to_move[0]
    result = runner.invoke(app, ["analyse", "cafe", "--seat", str(idle)])
    assert result.exit_code != 0
    assert "no decision here" in result.output
