"""The arena: bot-against-bot tournaments with rotated seats and honest error bars.

Seats turn game by game, so every bot plays every seat equally often, and from one cycle
of turns to the next the field sits in another order, so that every bot meets every other
at every seat (:func:`lineup_for`). Games run in worker processes; each is seeded, so a
tournament is reproducible.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameRecord:
    """One finished game: which level sat where and how each seat did."""

    seed: int
    levels: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    seconds: tuple[float, ...] = field(default=(), compare=False)
    """Each seat's thinking time over its real choices (empty in records of older runs); a
    measurement, not part of the game, so two records of one game compare equal without it."""
    choices: tuple[int, ...] = ()
    """Each seat's real choices: its decisions with more than one legal action."""

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (one line of a ``--records`` file)."""
        data: dict[str, Any] = {
            "seed": self.seed,
            "levels": list(self.levels),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
        }
        if self.choices:
            data["seconds"] = [round(s, 4) for s in self.seconds]
            data["choices"] = list(self.choices)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """The record :meth:`to_json` wrote; ``ValueError`` for anything else."""
        try:
            record = cls(
                int(data["seed"]),
                tuple(str(level) for level in data["levels"]),
                tuple(float(score) for score in data["scores"]),
                tuple(int(seat) for seat in data["winners"]),
                int(data["decisions"]),
                tuple(float(s) for s in data.get("seconds", ())),
                tuple(int(c) for c in data.get("choices", ())),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a game record: {data!r}") from err
        seats = len(record.levels)
        timed = len(record.seconds) == len(record.choices) and len(record.choices) in (0, seats)
        if (
            len(record.scores) != seats
            or not timed
            or not all(0 <= w < seats for w in record.winners)
        ):
            raise ValueError(f"not a game record: {data!r}")
        return record


@dataclass
class BotStanding:
    """One bot level's results over a tournament (a seat-game counts once)."""

    level: str
    seats: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    rank_sum: float = 0.0
    think_seconds: float = 0.0
    """Thinking time over the real choices of the games that recorded it."""
    choices: int = 0

    @property
    def think_time(self) -> float | None:
        """Mean seconds per real choice (``None`` if no game recorded it)."""
        return self.think_seconds / self.choices if self.choices else None

    @property
    def win_share(self) -> float:
        """Wins per seat played (a win shared by k seats counts 1/k)."""
        return self.wins / self.seats if self.seats else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win share."""
        return wilson(self.wins, self.seats)

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON data."""
        low, high = self.interval()
        n = max(self.seats, 1)
        return {
            "level": self.level,
            "seat_games": self.seats,
            "win_share": round(self.win_share, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.score_sum / n, 3),
            "mean_rank": round(self.rank_sum / n, 3),
        }


@dataclass
class ArenaResult:
    """Everything a tournament measured."""

    game: str
    players: int
    records: list[GameRecord] = field(default_factory=list)

    def standings(self) -> list[BotStanding]:
        """Per-level standings, best win share first."""
        table: dict[str, BotStanding] = {}
        for record in self.records:
            ranks = ranks_of(record.scores)
            for seat, level in enumerate(record.levels):
                row = table.setdefault(level, BotStanding(level))
                row.seats += 1
                row.score_sum += record.scores[seat]
                row.rank_sum += ranks[seat]
                if seat in record.winners:
                    row.wins += 1 / len(record.winners)
                if record.choices:
                    row.think_seconds += record.seconds[seat]
                    row.choices += record.choices[seat]
        return sorted(table.values(), key=lambda r: -r.win_share)

    @property
    def fair_share(self) -> float:
        """The win share of a bot no better than the others."""
        return 1 / self.players

    def to_json(self) -> dict[str, Any]:
        """The tournament's figures as JSON data."""
        return {
            "game": self.game,
            "players": self.players,
            "games": len(self.records),
            "fair_share": round(self.fair_share, 4),
            "bots": [row.to_json() for row in self.standings()],
        }


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranks_of(scores: Sequence[float]) -> list[float]:
    """Rank of each seat by score, 1 for the best, ties sharing the average rank.

    >>> ranks_of([5, 9, 5])
    [2.5, 1.0, 2.5]
    """
    result = []
    for score in scores:
        better = sum(1 for s in scores if s > score)
        level = sum(1 for s in scores if s == score)
        result.append(better + (level + 1) / 2)
    return result


def lineup_for(game_index: int, players: int, levels: Sequence[str]) -> tuple[str, ...]:
    """The level at each seat in game ``game_index``.

    Games go in cycles of ``len(levels)``: within one, the field turns a seat a game, so every
    level sits at every seat once. Each cycle seats the field in another order
    (:func:`seatings`; the first is the list's own), until every order has had its cycle and
    they begin again."""
    count = len(levels)
    orders = seatings(tuple(levels), players)
    order = orders[(game_index // count) % len(orders)]
    return tuple(levels[(i + game_index) % count] for i in order)


@cache
def seatings(levels: tuple[str, ...], players: int) -> tuple[tuple[int, ...], ...]:
    """The orders :func:`lineup_for` seats ``levels`` in, as indexes into it, one a cycle.

    Turning the field alone would keep each level beside the same neighbours in every game,
    and with more levels than seats some levels would never meet: in Bison a seat does better
    after one rival than after another, and at 2 players five levels made only five pairs,
    each always in the same seats. So the cycles go through every ordered choice of
    ``players`` levels that starts with the first: turned, they make every ordered lineup
    once. An order whose cycle would seat the same lineups as an earlier one's (a level listed
    more than once) is left out, so ``hard,normal,normal`` only turns. With fewer levels
    than seats the list repeats round the table and only turns."""
    count = len(levels)
    if players > count:
        return (tuple(seat % count for seat in range(players)),)
    kept: dict[frozenset[tuple[str, ...]], tuple[int, ...]] = {}
    for rest in itertools.permutations(range(1, count), players - 1):
        order = (0, *rest)
        cycle = frozenset(tuple(levels[(i + turn) % count] for i in order) for turn in range(count))
        kept.setdefault(cycle, order)
    return tuple(kept.values())


def play_one(game_id: str, players: int, seed: int, levels: tuple[str, ...]) -> GameRecord:
    """Play one seeded game between bots of the given levels (runs in a worker process)."""
    # Imported here so that worker processes load the games on their own.
    from meeple import load  # noqa: PLC0415
    from meeple.bots.levels import make  # noqa: PLC0415
    from meeple.core.game import without_back  # noqa: PLC0415

    game = load(game_id)
    state = game.new(players, seed=seed)
    bots = [make(level, game, seed * 16 + seat, players) for seat, level in enumerate(levels)]
    # When several seats decide at once, who answers first is drawn at random, so that
    # "first to arrive" rules (stirfry's taste test) favour no seat.
    order = random.Random(seed)
    decisions = 0
    seconds = [0.0] * players
    choices = [0] * players
    while not state.is_over:
        seat = order.choice(state.to_move)
        start = time.perf_counter()
        action = bots[seat].choose(state, seat)
        if len(without_back(state.legal_actions(seat))) > 1:
            seconds[seat] += time.perf_counter() - start
            choices[seat] += 1
        state.apply(seat, action)
        decisions += 1
    return GameRecord(
        seed,
        levels,
        tuple(state.scores),
        tuple(state.winners),
        decisions,
        tuple(seconds),
        tuple(choices),
    )


def run_arena(
    game_id: str,
    players: int,
    levels: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    done: Sequence[GameRecord] = (),
    on_record: Callable[[GameRecord], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games seating ``levels`` as :func:`lineup_for` says; ``workers`` processes.

    The games in ``done`` (earlier runs of the tournament) count too, and those among this
    run's (same seed, same levels in the same seats) are not played again; ``on_record`` is
    told of each game as it finishes (to save it at once).
    """
    result = ArenaResult(game_id, players, list(done))
    known = {(record.seed, record.levels) for record in done}
    jobs = []
    for k in range(games):
        job = (game_id, players, seed + k, lineup_for(k, players, levels))
        if (job[2], job[3]) not in known:
            jobs.append(job)
    if progress is not None and len(jobs) < games:
        progress(games - len(jobs))

    def finished(record: GameRecord) -> None:
        result.records.append(record)
        if on_record is not None:
            on_record(record)
        if progress is not None:
            progress(1)

    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            finished(play_one(*job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for record in pool.map(play_one, *zip(*jobs, strict=True)):
                finished(record)
    result.records.sort(key=lambda record: record.seed)
    return result


def read_records(path: Path, game_id: str, players: int) -> list[GameRecord]:
    """The games kept in a records file (none if it does not exist yet).

    A records file holds one tournament, one JSON line per game; ``ValueError`` if a line is
    not a record, or is a game of another game or player count.
    """
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise ValueError(f"{where}: not JSON") from None
        if not isinstance(data, dict):
            raise ValueError(f"{where}: not a game record")
        if (data.get("game"), data.get("players")) != (game_id, players):
            raise ValueError(
                f"{where}: a game of {data.get('game')!r} with {data.get('players')!r} players, "
                f"not {game_id!r} with {players}"
            )
        try:
            records.append(GameRecord.from_json(data))
        except ValueError:
            raise ValueError(f"{where}: not a game record") from None
    return records


def machine() -> str:
    """What the games were played on, for the records: cores, architecture and Python."""
    return (
        f"{os.cpu_count()}-core {platform.machine()},"
        f" {platform.python_implementation()} {platform.python_version()}"
    )


def append_record(path: Path, game_id: str, players: int, record: GameRecord, **extra: Any) -> None:
    """Add one finished game to a records file, at once (a run cut short keeps its games).

    The line also says when (UTC date) and on what machine it was played, and any ``extra``
    figures (such as the bots' thinking time); readers of the records ignore them."""
    line = {"game": game_id, "players": players, **record.to_json()}
    line |= {"date": datetime.now(UTC).date().isoformat(), "machine": machine(), **extra}
    with path.open("a") as out:
        out.write(json.dumps(line) + "\n")
