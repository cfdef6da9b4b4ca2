"""Small arena runs complete, rotate seats fairly, and report honest intervals."""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import meeple
from meeple.bots.arena import ArenaResult, GameRecord, lineup_for, ranks_of, run_arena, wilson
from meeple.bots.levels import levels_for, make
from meeple.cli import app

runner = CliRunner()


def unboxed(output: str) -> str:
    """A CLI's output as one line of words, without the borders of the box Rich draws round an
    error: Rich wraps the box where the terminal's width and the message's paths say."""
    return " ".join(output.replace("│", " ").split())


def test_seats_rotate_so_every_level_plays_every_seat() -> None:
    lineups = [lineup_for(k, 3, ["a", "b", "c"]) for k in range(3)]
    assert lineups == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for seat in range(3):
        assert {lineup[seat] for lineup in lineups} == {"a", "b", "c"}


def test_a_field_of_levels_meets_in_every_order() -> None:
    """Turning alone kept each level after the same neighbour; the cycles reseat the field."""
    field = ["hard", "normal", "easy", "random"]
    lineups = [lineup_for(k, 4, field) for k in range(24)]
    assert len(set(lineups)) == 24  # every order of the four, once
    follows = Counter((lineup[s], lineup[(s + 1) % 4]) for lineup in lineups for s in range(4))
    assert set(follows.values()) == {8}  # each level after each other one as often
    assert len(follows) == 12
    for seat in range(4):
        assert Counter(lineup[seat] for lineup in lineups) == dict.fromkeys(field, 6)
    assert lineup_for(24 * 7 + 5, 4, field) == lineups[5]  # then it begins again


def test_more_levels_than_seats_meet_every_other_at_every_seat() -> None:
    """At 2 players, five levels used to make five pairs only, each in fixed seats."""
    field = ["expert", "hard", "normal", "easy", "random"]
    pairs = [lineup_for(k, 2, field) for k in range(20)]
    assert sorted(pairs) == sorted(permutations(field, 2))
    assert len({lineup_for(k, 3, field) for k in range(60)}) == 60


def test_a_level_listed_twice_only_turns() -> None:
    """A match of one level against another keeps its lineups (and its records resume)."""
    for players, field in ((4, ["hard", "normal", "normal", "normal"]), (3, ["random", "easy"])):
        turned = [
            tuple(field[(seat + k) % len(field)] for seat in range(players)) for k in range(12)
        ]
        assert [lineup_for(k, players, field) for k in range(12)] == turned


def test_wilson_interval_contains_the_share_and_narrows_with_more_games() -> None:
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    low2, high2 = wilson(300, 1000)
    assert high2 - low2 < high - low
    assert wilson(0, 0) == (0.0, 1.0)


def test_ranks_share_ties() -> None:
    assert ranks_of([3, 1, 3, 0]) == [1.5, 3.0, 1.5, 4.0]


def test_a_small_tournament_adds_up() -> None:
    result = run_arena("buffet", 3, ["random", "easy"], 4, seed=2)
    assert len(result.records) == 4
    rows = {row.level: row for row in result.standings()}
    assert sum(row.seats for row in rows.values()) == 4 * 3
    assert sum(row.wins for row in rows.values()) == pytest.approx(4)
    assert sum(row.rank_sum for row in rows.values()) == pytest.approx(4 * (1 + 2 + 3))


def test_a_tournament_is_reproducible_and_parallel_runs_agree() -> None:
    one = run_arena("cheese", 3, ["random", "easy"], 2, seed=5)
    two = run_arena("cheese", 3, ["random", "easy"], 2, seed=5, workers=2)
    assert one.records == two.records


def test_every_level_is_made_for_every_game() -> None:
    for game in meeple.GAMES.values():
        for level in levels_for(game.id):
            assert make(level, game, seed=1).name == level
    with pytest.raises(ValueError, match="unknown bot level"):
        make("godlike", meeple.load("buffet"))


def test_arena_command_prints_json_and_a_chart(tmp_path: Path) -> None:
    chart = tmp_path / "arena.png"
    result = runner.invoke(
        app,
        [
            "arena",
            "buffet",
            "--bots",
            "random,easy",
            "--games",
            "3",
            "--players",
            "3",
            "--workers",
            "1",
            "--json",
            "--plot",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.splitlines()[0])
    assert data["games"] == 3 and {b["level"] for b in data["bots"]} == {"random", "easy"}
    assert chart.stat().st_size > 1000


def _arena(records: Path, *args: str) -> dict[str, Any]:
    """``meeple arena buffet`` (random against easy, 3 players) keeping its games in ``records``."""
    command = ["arena", "buffet", "--bots", "random,easy", "--players", "3", "--workers", "1"]
    result = runner.invoke(app, [*command, "--json", "--records", str(records), *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output.splitlines()[0])
    return data


def test_arena_records_let_runs_resume_and_add_up(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    _arena(records, "--games", "3")
    assert len(records.read_text().splitlines()) == 3
    whole = _arena(records, "--games", "5")  # seeds 0-2 are kept, only 3 and 4 are played
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [0, 1, 2, 3, 4]
    assert whole == run_arena("buffet", 3, ["random", "easy"], 5).to_json()
    more = _arena(records, "--games", "2", "--seed", "10")  # another run adds its games
    assert more["games"] == 7 and len(records.read_text().splitlines()) == 7


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"game": "cafe", "players": 3, "seed": 0}', "a game of 'cafe'"),
        ('{"game": "buffet", "players": 3, "seed": "x"}', "line 2: not a game record"),
        ("{not json", "line 2: not JSON"),
        (
            '{"game": "buffet", "players": 3, "seed": 9, "levels": ["hard", "easy", "easy"],'
            ' "scores": [1, 2, 3], "winners": [2], "decisions": 30}',
            "games of other bots (hard)",
        ),
    ],
)
def test_arena_refuses_a_records_file_of_another_tournament(
    tmp_path: Path, line: str, message: str
) -> None:
    records = tmp_path / "games.jsonl"
    _arena(records, "--games", "1")
    before = records.read_text()
    records.write_text(before + line + "\n")
    command = ["arena", "buffet", "--bots", "random,easy", "--games", "2", "--workers", "1"]
    result = runner.invoke(app, [*command, "--records", str(records)])
    assert result.exit_code == 2
    assert message in unboxed(result.output)
    assert records.read_text() == before + line + "\n"  # nothing played, nothing added


def test_arena_command_refuses_unknown_levels() -> None:
    result = runner.invoke(app, ["arena", "buffet", "--bots", "random,godlike"])
    assert result.exit_code != 0 and "levels are" in result.output


def test_play_lets_you_choose_the_bots_levels(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "buffet",
            "--players",
            "3",
            "--seed",
            "1",
            "--bots",
            "random,easy",
            "--save",
            str(path),
        ],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["play", "buffet", "--players", "4", "--bots", "easy,easy"])
    assert bad.exit_code != 0 and "give one level or 3" in bad.output


def test_records_keep_each_seats_thinking_time() -> None:
    result = run_arena("buffet", 3, ["random", "easy"], 2)
    record = result.records[0]
    assert len(record.seconds) == len(record.choices) == 3 and min(record.choices) > 0
    again = GameRecord.from_json(record.to_json())
    assert again.choices == record.choices
    assert again.seconds == pytest.approx(record.seconds, abs=1e-4)
    assert all(row.think_time is not None for row in result.standings())
    # A record of an older run, without the times, still reads, and counts no time.
    old = record.to_json()
    del old["seconds"], old["choices"]
    older = ArenaResult("buffet", 3, [GameRecord.from_json(old)])
    assert [row.think_time for row in older.standings()] == [None, None]
