"""The `meeple` command, driven as a user would drive it."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

import meeple
from meeple.cli import app
from meeple.core.replay import Replay

runner = CliRunner()


def test_help_lists_the_games() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "buffet" in result.output and "Schlacht am Buffet" in result.output


def test_help_names_the_extras_to_install() -> None:
    # Rich reads "[train]" as a style tag and drops it unless the help text escapes it.
    wide = {"COLUMNS": "200"}
    assert "(needs meeple[train])" in runner.invoke(app, ["--help"], env=wide).output
    assert "(needs meeple[train])" in runner.invoke(app, ["train", "--help"], env=wide).output
    assert "(needs meeple[redis])" in runner.invoke(app, ["serve", "--help"], env=wide).output


def test_games_lists_player_counts() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "3–6" in result.output


def test_simulate_prints_a_summary() -> None:
    result = runner.invoke(app, ["simulate", "buffet", "--players", "3", "--games", "5"])
    assert result.exit_code == 0, result.output
    assert "5 games" in result.output and "decisions/s" in result.output
    assert "win share" in result.output


def test_simulate_json_is_machine_readable() -> None:
    result = runner.invoke(
        app, ["simulate", "buffet", "--players", "6", "--games", "4", "--seed", "9", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and data["players"] == 6
    assert abs(sum(data["win_share"]) - 1) < 1e-3
    assert len(data["mean_score"]) == 6


def test_simulate_refuses_bad_arguments_clearly() -> None:
    result = runner.invoke(app, ["simulate", "chess"])
    assert result.exit_code != 0 and "unknown game 'chess'" in result.output
    result = runner.invoke(app, ["simulate", "buffet", "--players", "9"])
    assert result.exit_code != 0 and "3–6 players" in result.output
    result = runner.invoke(app, ["simulate", "buffet", "-o", "nonsense"])
    assert result.exit_code != 0 and "name=value" in result.output


def test_play_reprompts_on_bad_input_and_saves_the_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    answers = 'x\n99\n{"type": "play", "card": 42}\n1\nq\n'
    result = runner.invoke(
        app,
        [
            "play",
            "buffet",
            "--players",
            "3",
            "--seed",
            "4",
            "--bots",
            "random",
            "--save",
            str(path),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "neither a number" in result.output
    assert "99 is not in the list" in result.output
    assert "is not legal now" in result.output
    assert "Your hand:" in result.output
    replay = Replay.load(path)
    human = [action for seat, action in replay.actions if seat == 0]
    assert len(human) == 1 and human[0]["type"] == "play"  # only the one good answer counts


def test_a_whole_game_can_be_played_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "whole.json"
    result = runner.invoke(
        app,
        [
            "play",
            "buffet",
            "--players",
            "4",
            "--seat",
            "2",
            "--seed",
            "3",
            "--bots",
            "random",
            "--save",
            str(path),
        ],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output or "win" in result.output
    assert Replay.load(path).run().is_over


def test_replay_steps_forward_and_back(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(
        app,
        [
            "play",
            "buffet",
            "--players",
            "3",
            "--seed",
            "4",
            "--bots",
            "random",
            "--save",
            str(path),
        ],
        input="1\n" * 300,
    )
    result = runner.invoke(app, ["replay", str(path)], input="\nn\nb\n5\nzz\nq\n")
    assert result.exit_code == 0, result.output
    assert "step 0/" in result.output and "step 1/" in result.output and "step 5/" in result.output
    assert "'zz'" in result.output


def test_replay_refuses_a_file_that_is_not_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text('{"hello": 1}')
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code != 0 and "cannot read" in result.output


def test_board_text_is_shown_verbatim_not_as_markup() -> None:
    # Cheese's legend writes "[cat]" for the player's own face-down cat; Rich must not eat it.
    result = runner.invoke(
        app, ["play", "cheese", "--players", "3", "--seed", "2", "--bots", "random"], input="q\n"
    )
    assert result.exit_code == 0, result.output
    assert '"[cat]"' in result.output


def test_every_game_can_be_played_to_the_end_in_the_terminal() -> None:
    for game_id in sorted(meeple.GAMES):
        game = meeple.GAMES[game_id]
        result = runner.invoke(
            app,
            [
                "play",
                game_id,
                "--players",
                str(game.min_players),
                "--seed",
                "1",
                "--bots",
                "random",
            ],
            input="1\n" * 3000,
        )
        assert result.exit_code == 0, result.output
        assert "final" in result.output, f"{game_id} did not reach the end"


def test_play_takes_game_options() -> None:
    ok = runner.invoke(
        app,
        [
            "play",
            "cafe",
            "--players",
            "2",
            "--seed",
            "1",
            "--bots",
            "random",
            "-o",
            "coffee_circle=true",
        ],
        input="q\n",
    )
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["play", "cafe", "--players", "2", "-o", "coffee_circle=7"])
    assert bad.exit_code != 0 and "coffee_circle" in bad.output


def test_arena_rate_stores_the_levels_ratings(tmp_path: Path) -> None:
    from meeple.server.store import RatingRow, Store  # noqa: PLC0415

    db = f"sqlite:///{tmp_path / 'ratings.sqlite'}"
    args = ["arena", "cafe", "--bots", "normal,random", "--games", "12", "--players", "2"]
    result = runner.invoke(app, [*args, "--workers", "1", "--rate", "--db", db])
    assert result.exit_code == 0, result.output
    assert "normal: rating" in result.output and "random: rating" in result.output
    store = Store(db)
    try:
        with store.session() as session:
            rows = {r.subject: r for r in session.query(RatingRow).filter_by(game="cafe")}
    finally:
        store.close()
    assert set(rows) == {"bot:normal", "bot:random"}
    assert rows["bot:normal"].games == rows["bot:random"].games == 12
    assert rows["bot:normal"].mu - 3 * rows["bot:normal"].sigma > (
        rows["bot:random"].mu - 3 * rows["bot:random"].sigma
    )
    # A second run over the same games gives the same ratings (rated afresh, not added up).
    again = runner.invoke(app, [*args, "--workers", "1", "--rate", "--db", db])
    assert again.exit_code == 0 and again.output.count("rating") == result.output.count("rating")
    assert [line for line in again.output.splitlines() if "rating" in line] == [
        line for line in result.output.splitlines() if "rating" in line
    ]


def test_expert_is_rated_by_play_like_the_other_levels(tmp_path: Path) -> None:
    """``expert`` takes its rating as every level does: from arena games between levels
    (``--rate``), where its network ships (Buffet for 3); elsewhere the arena refuses it."""
    from meeple.bots.nets import shipped_counts  # noqa: PLC0415
    from meeple.server.store import RatingRow, Store  # noqa: PLC0415

    assert 3 in shipped_counts("buffet")
    db = f"sqlite:///{tmp_path / 'ratings.sqlite'}"
    args = ["arena", "buffet", "--bots", "expert,random", "--games", "2", "--players", "3"]
    result = runner.invoke(app, [*args, "--workers", "1", "--rate", "--db", db])
    assert result.exit_code == 0, result.output
    assert "expert: rating" in result.output
    store = Store(db)
    try:
        with store.session() as session:
            rows = {r.subject: r for r in session.query(RatingRow).filter_by(game="buffet")}
    finally:
        store.close()
    # Game 0 seats expert, random, expert; game 1 random, expert, random: 3 seat-games each.
    assert set(rows) == {"bot:expert", "bot:random"}
    assert rows["bot:expert"].games == rows["bot:random"].games == 3
    assert (rows["bot:expert"].mu, rows["bot:expert"].sigma) != (25.0, 25.0 / 3)  # moved
    refused = runner.invoke(app, ["arena", "buffet", "--bots", "expert,random", "--players", "4"])
    assert refused.exit_code != 0 and "no expert bot for buffet at 4 players" in refused.output


def test_a_player_can_go_back_in_the_terminal(tmp_path: Path) -> None:
    """Bison in the terminal: choose an action and its hunters, then ``back`` (the last item
    of the menu, or typed as JSON), then another action."""
    path = tmp_path / "back.json"
    answers = (
        '{"type": "action", "action": "move1"}\n'
        '{"type": "back"}\n'
        '{"type": "action", "action": "gather"}\n'
        "1\n"  # its first hunter count: none
        "q\n"
    )
    result = runner.invoke(
        app,
        ["play", "bison", "--players", "2", "--seed", "2", "--bots", "random", "--save", str(path)],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "back to the start of this action" in result.output  # in the menu and in the log
    assert "seat 0: back to the start of this action" in result.output
    human = [action["type"] for seat, action in Replay.load(path).actions if seat == 0]
    assert human[:4] == ["action", "back", "action", "hunters"]


def test_replay_shows_the_others_secret_moves_as_everyone_saw_them(tmp_path: Path) -> None:
    """A saved file keeps every move whole; ``meeple replay`` shows it as one seat (or a
    spectator) saw it: the others' declared and discarded cards stay face down."""
    record = Replay.new("stirfry", players=3, seed=3)
    state, rng = record.initial_state(), random.Random(3)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        record.play(state, seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "game.json"
    record.save(path)
    assert Replay.load(path) == record  # the file: the whole record
    game = meeple.load("stirfry")
    for viewer in (None, 0):
        args = ["replay", str(path)] + ([] if viewer is None else ["--seat", str(viewer)])
        result = runner.invoke(app, args, input="\n" * len(record.actions) + "q\n")
        assert result.exit_code == 0, result.output
        hidden = 0
        for who, action in record.actions:
            if action["type"] not in ("declare", "declare_pair", "discard"):
                continue
            whole = f"seat {who}: {game.describe_action(action)}"
            if who == viewer:
                assert whole in result.output
                continue
            public = {k: v for k, v in action.items() if k not in ("card", "cards")}
            assert f"seat {who}: {game.describe_action(public)}" in result.output
            assert whole not in result.output
            hidden += 1
        assert hidden


def test_replay_refuses_a_seat_the_game_does_not_have(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    Replay.new("buffet", players=3, seed=1).save(path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "3"])
    assert result.exit_code != 0 and "seats are 0–2" in result.output
