"""The bot levels measured: thinking time, strength against each other and against
OpenSpiel's ISMCTS, and the tables of docs/bots.md made from the records.

    python benchmarks/bots.py time [--games 2] [--game cafe] [--level hard] [--players 4] [--record]
    python benchmarks/bots.py arena stirfry --players 4 [--level hard --vs normal] --games 100
    python benchmarks/bots.py openspiel buffet --players 3 --games 60
    python benchmarks/bots.py tables [--check]

``time``: for each game (at its smallest player count, or at each ``--players`` count it
allows) and level, plays seeded games in which that level holds seat 0 against ``normal``
bots, and prints the mean, 90th percentile and longest time of seat 0's decisions that had a
real choice (more than one legal action). The time is the process's CPU time
(``time.process_time``), so a machine busy with other work does not inflate it (a
single-threaded bot's CPU time is its time on one core). ``--record`` keeps the figures in
``benchmarks/records/think/``, where the tables find them.

``arena``: one ``--level`` against ``--vs`` at every other seat, seats rotated, the games kept
in ``benchmarks/records/GAME-Np-LEVEL-VS.jsonl``: games already there are not played again,
so a run cut short resumes with the same command, and ``--seed`` adds other games.

``openspiel``: ``--level`` (``hard``) against OpenSpiel's Python ISMCTS with random rollouts
(``open_spiel.python.algorithms.ismcts``, UCT c = 2, one rollout a leaf, observation strings as
information states) on meeple's own OpenSpiel game (``meeple.rl.register_openspiel``), at
every other seat, seats rotated. Equal time: an ISMCTS decision searches for as much CPU time
as the level's decisions took on average so far in the game (``--seconds`` before the level
has made one). The games go to ``benchmarks/records/GAME-Np-LEVEL-openspiel-ismcts.jsonl``
with both sides' mean thinking time.

``--plan iterations=30,rollout_limit=24`` (``arena``, ``openspiel``) is a trial: ``hard``
searches with its plan for that count changed so, and the games go to
``benchmarks/records/trials/`` (each line says the changes), which the tables leave out.
``--focal caution=2.0`` (``arena``) changes the one seat's level only, against unchanged
rivals (``hard`` against ``hard`` with more care, say): ``hard``'s search plan, or what
``expert`` changes in it (``expert.tuning``), with ``--weights DIR`` for an ``expert`` whose
network is not shipped; the seat is recorded as the level ``trial`` (each line says what it
is), in ``trials/`` too.

``tables``: adds up every records file and writes the "Measured" tables of docs/bots.md
(``--check``: fail if they are stale).

Figures vary with the machine: this prints and keeps them, the tables judge them against
the bars of ``meeple.bots.measured``.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import meeple
from meeple.bots.arena import (
    GameRecord,
    append_record,
    lineup_for,
    machine,
    read_records,
    run_arena,
)
from meeple.bots.levels import check, levels_for, make
from meeple.bots.measured import ISMCTS_LEVEL, read_folder, replace_between, tables
from meeple.bots.nets import WEIGHTS, weights_path

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "benchmarks" / "records"
THINK = RECORDS / "think" / "think-times.jsonl"
DOC = ROOT / "docs" / "bots.md"


def think_times(game_id: str, level: str, games: int, players: int | None = None) -> list[float]:
    """CPU seconds per real decision of ``level`` at seat 0 over ``games`` seeded games of
    ``players`` players (the game's least by default), against ``normal`` bots."""
    game = meeple.load(game_id)
    players = players or game.min_players
    times: list[float] = []
    for g in range(games):
        state = game.new(players, seed=g)
        bots = [
            make(level if s == 0 else "normal", game, g * 8 + s, players) for s in range(players)
        ]
        order = random.Random(g)
        while not state.is_over:
            seat = order.choice(state.to_move)
            start = time.process_time()
            action = bots[seat].choose(state, seat)
            if seat == 0 and len(state.legal_actions(seat)) > 1:
                times.append(time.process_time() - start)
            state.apply(seat, action)
    return times


def time_command(args: argparse.Namespace) -> None:
    """Print (and with ``--record`` keep) one row per game, player count and level."""
    print(f"# {platform.python_implementation()} {platform.python_version()}, CPU time")
    print(
        f"{'game':8} {'players':>7} {'level':7} {'decisions':>9} {'mean s':>8} {'p90 s':>8}"
        f" {'max s':>8}"
    )
    for game_id in args.game or sorted(meeple.GAMES):
        game = meeple.load(game_id)
        for players in args.players or [game.min_players]:
            if not game.min_players <= players <= game.max_players:
                continue
            for level in args.level or levels_for(game_id, players):
                times = think_times(game_id, level, args.games, players)
                p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
                mean = statistics.fmean(times)
                print(
                    f"{game_id:8} {players:7d} {level:7} {len(times):9d}"
                    f" {mean:8.4f} {p90:8.4f} {max(times):8.4f}",
                    flush=True,
                )
                if args.record:
                    THINK.parent.mkdir(parents=True, exist_ok=True)
                    row = {
                        "game": game_id,
                        "players": players,
                        "level": level,
                        "games": args.games,
                        "decisions": len(times),
                        "mean": round(mean, 4),
                        "p90": round(p90, 4),
                        "max": round(max(times), 4),
                        "date": datetime.now(UTC).date().isoformat(),
                        "machine": machine(),
                    }
                    with THINK.open("a") as out:
                        out.write(json.dumps(row) + "\n")


def records_path(game_id: str, players: int, level: str, rival: str, plan: str = "") -> Path:
    """Where a match's games are kept (a trial of another plan: in ``trials/``)."""
    name = f"{game_id}-{players}p-{level}-{rival}"
    if plan:
        return RECORDS / "trials" / f"{name}-{plan.replace(',', '-')}.jsonl"
    return RECORDS / f"{name}.jsonl"


def plan_changes(game_id: str, spec: str) -> dict[str, Any]:
    """The plan changes ``spec`` says (``"iterations=30,rollout_limit=24"``; a name stands
    for a function of the game's heuristic: ``"judge=judged"``)."""
    heuristic = importlib.import_module(f"meeple.games.{game_id}.heuristic")
    changes: dict[str, Any] = {}
    for item in filter(None, spec.split(",")):
        key, _, value = item.partition("=")
        try:
            changes[key] = float(value) if "." in value else int(value)
        except ValueError:  # a name: a function of the game's heuristic (judge=judged)
            changes[key] = getattr(heuristic, value)
    return changes


def _recorded(changes: dict[str, Any]) -> dict[str, Any]:
    return {key: getattr(value, "__name__", value) for key, value in changes.items()}


def try_plan(game_id: str, players: int, spec: str) -> dict[str, Any]:
    """Make ``hard`` search ``game_id`` at ``players`` players with its plan changed as
    ``spec`` says (:func:`plan_changes`), in this process and the worker processes it
    forks; the changes, for the records."""
    from meeple.bots import levels  # noqa: PLC0415

    changes = plan_changes(game_id, spec)
    plan = dataclasses.replace(levels.SEARCH_PLANS[game_id].for_players(players), **changes)
    levels.SEARCH_PLANS[game_id] = plan
    return _recorded(changes)


FOCAL = "trial"
"""The level name a ``--focal`` seat is recorded under."""


def try_focal(
    game_id: str, players: int, level: str, spec: str, weights: Path | None
) -> dict[str, Any]:
    """Add the level :data:`FOCAL`: ``level`` (``hard`` or ``expert``) with its plan changed
    as ``spec`` says, ``expert`` reading its network from ``weights`` if given, in this
    process and the worker processes it forks; what it is, for the records."""
    from meeple.bots import expert, levels  # noqa: PLC0415
    from meeple.bots.search import searcher  # noqa: PLC0415

    changes = plan_changes(game_id, spec)
    if level == "hard":
        plan = dataclasses.replace(
            levels.SEARCH_PLANS[game_id].for_players(players), at={}, **changes
        )
        levels.LEVELS[FOCAL] = lambda game, seed: searcher(game, plan, seed)
        return {"focal": {"level": level, "changes": _recorded(changes)}}
    if level != "expert":
        sys.exit("--focal changes hard's or expert's plan")
    folder = weights or WEIGHTS
    if not expert.available(game_id, players, folder):
        sys.exit(f"no {game_id} network for {players} players in {folder}")
    expert.BY_PLAYERS[(game_id, players)] = {**expert.tuning(game_id, players), **changes}
    levels.LEVELS[FOCAL] = lambda game, seed: expert.ExpertBot(game, seed, folder=folder)
    return {
        "focal": {"level": level, "changes": _recorded(changes)},
        **expert_provenance(game_id, players, folder),
    }


def _checked(game_id: str, players: int, *levels: str) -> None:
    game = meeple.load(game_id)
    if not game.min_players <= players <= game.max_players:
        sys.exit(f"{game_id} is played by {game.min_players} to {game.max_players} players")
    for level in levels:
        try:
            check(level, game_id, players)  # expert only where its network ships
        except ValueError as err:
            sys.exit(str(err))


def _report(path: Path, game_id: str, players: int) -> None:
    from meeple.bots.measured import Tally, match_of  # noqa: PLC0415

    # Every match in the file, a trial's too (the tables count only the measured ones).
    tallies: dict[tuple[str, str], Tally] = {}
    for line in path.read_text().splitlines():
        data = json.loads(line)
        record = GameRecord.from_json(data)
        match = match_of(record.levels)
        if match is not None and len(record.levels) == players:
            tally = tallies.setdefault(match, Tally(game_id, players, *match))
            tally.add(record, data.get("date"), data.get("machine"))
    for tally in tallies.values():
        low, high = tally.win_interval()
        a_low, a_high = tally.ahead_interval()
        print(
            f"{game_id} {players}p {tally.focal} vs {tally.rival}: {tally.games} games, win"
            f" {tally.win_share:.3f} [{low:.3f}, {high:.3f}] (fair {tally.fair_share:.3f}),"
            f" ahead {tally.ahead_share:.3f} [{a_low:.3f}, {a_high:.3f}]: {tally.verdict()}"
        )


def expert_provenance(game_id: str, players: int, folder: Path = WEIGHTS) -> dict[str, Any]:
    """What ``expert`` plays ``game_id`` at ``players`` with, for each record of its games:
    what its plan changes in ``hard``'s (``expert.tuning``) and which network (the digest of
    the weights file in ``folder``, the shipped one by default), so that runs of another
    network or plan are told apart."""
    from meeple.bots.expert import tuning  # noqa: PLC0415

    data = weights_path(game_id, players, folder).read_bytes()
    return {
        "expert_plan": _recorded(tuning(game_id, players)),
        "network_sha256": hashlib.sha256(data).hexdigest()[:16],
    }


def arena_command(args: argparse.Namespace) -> None:
    """Play (or resume) one match and print its tally."""
    focal = args.level
    if args.weights and not args.focal:
        sys.exit("--weights goes with --focal (an expert whose network is not shipped)")
    if args.focal:
        _checked(args.game, args.players, args.vs)
        focal, trial = FOCAL, "focal=" + args.focal
    else:
        _checked(args.game, args.players, args.level, args.vs)
        trial = args.plan
    path = records_path(args.game, args.players, focal, args.vs, trial)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = read_records(path, args.game, args.players)
    lineup = [focal] + [args.vs] * (args.players - 1)
    extra = {"plan": try_plan(args.game, args.players, args.plan)} if args.plan else {}
    if "expert" in (focal, args.vs):
        extra.update(expert_provenance(args.game, args.players))
    if args.focal:
        extra.update(try_focal(args.game, args.players, args.level, args.focal, args.weights))

    def keep(record: GameRecord) -> None:
        append_record(path, args.game, args.players, record, **extra)

    run_arena(
        args.game,
        args.players,
        lineup,
        args.games,
        seed=args.seed,
        workers=args.workers,
        done=done,
        on_record=keep,
    )
    _report(path, args.game, args.players)


def ismcts_searcher(game: Any, rng: Any) -> Any:
    """OpenSpiel's ISMCTS with random rollouts, searching for ``budget`` CPU seconds a
    decision (set before each decision) instead of a number of simulations."""
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415

    class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
        budget = 0.05
        simulations = 0

        def run_search(self, state: Any) -> Any:
            # OpenSpiel's own run_search, with its loop bounded by CPU time, not a count.
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            end = time.process_time() + self.budget
            count = 0
            # At least two: the first only expands the root, and OpenSpiel's final policy
            # asserts that the root has been visited.
            while count < 2 or time.process_time() < end:
                self.run_simulation(self.sample_root_state(state))
                count += 1
            self.simulations += count
            return self.get_final_policy(state, self._root_node)

    return TimedISMCTS(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=1,
        random_state=rng,
        use_observation_string=True,
    )


def play_ismcts_game(
    game_id: str, players: int, seed: int, levels: tuple[str, ...], first: float
) -> tuple[GameRecord, dict[str, Any]]:
    """One game of meeple levels and OpenSpiel ISMCTS seats (runs in a worker process);
    the record and the thinking figures."""
    import numpy as np  # noqa: PLC0415
    import pyspiel  # noqa: PLC0415

    from meeple.rl import register_openspiel  # noqa: PLC0415
    from meeple.rl.openspiel import SEEDS  # noqa: PLC0415

    register_openspiel()
    spiel = pyspiel.load_game(f"meeple_{game_id}(players={players})")
    game = meeple.load(game_id)
    rng = np.random.RandomState(seed)
    bots: dict[int, Any] = {}
    for seat, level in enumerate(levels):
        if level == ISMCTS_LEVEL:
            bots[seat] = ismcts_searcher(spiel, rng)
        else:
            bots[seat] = make(level, game, seed=seed * 16 + seat)
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    state = spiel.new_initial_state()
    state.apply_action(seed % SEEDS)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        held = state.meeple_state()
        real = len(state.legal_actions()) > 1
        start = time.process_time()
        if levels[seat] == ISMCTS_LEVEL:
            mine = [t for level, ts in times.items() if level != ISMCTS_LEVEL for t in ts]
            bots[seat].budget = statistics.fmean(mine) if mine else first
            action = int(bots[seat].step(state))
        else:
            choice = bots[seat].choose(held, seat)
            action = next(i for i, legal in state.legal_map.items() if legal == choice)
        if real:
            times[levels[seat]].append(time.process_time() - start)
        state.apply_action(action)
        decisions += 1
    held = state.meeple_state()
    record = GameRecord(seed, levels, tuple(held.scores), tuple(held.winners), decisions)
    think = {level: round(statistics.fmean(ts), 4) for level, ts in times.items() if ts}
    sims = sum(bot.simulations for bot in bots.values() if hasattr(bot, "simulations"))
    return record, {"think": think, "ismcts_simulations": sims}


def openspiel_command(args: argparse.Namespace) -> None:
    """Play (or resume) ``--level`` against OpenSpiel's ISMCTS at equal time."""
    _checked(args.game, args.players, args.level)
    path = records_path(args.game, args.players, args.level, ISMCTS_LEVEL, args.plan)
    path.parent.mkdir(parents=True, exist_ok=True)
    plan = {"plan": try_plan(args.game, args.players, args.plan)} if args.plan else {}
    done = {(r.seed, r.levels) for r in read_records(path, args.game, args.players)}
    lineup = [args.level] + [ISMCTS_LEVEL] * (args.players - 1)
    jobs = []
    for k in range(args.games):
        levels = lineup_for(k, args.players, lineup)
        if (args.seed + k, levels) not in done:
            jobs.append((args.game, args.players, args.seed + k, levels, args.seconds))

    def keep(result: tuple[GameRecord, dict[str, Any]]) -> None:
        record, extra = result
        append_record(path, args.game, args.players, record, **plan, **extra)
        print(f"seed {record.seed}: {record.levels} scores {record.scores} {extra}", flush=True)

    _run(play_ismcts_game, jobs, args.workers, keep)
    _report(path, args.game, args.players)


def _run(play: Callable[..., Any], jobs: list[tuple[Any, ...]], workers: int, keep: Any) -> None:
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            keep(play(*job))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(play, *zip(*jobs, strict=True)):
            keep(result)


def think_rows() -> dict[tuple[str, int, str], dict[str, Any]]:
    """The latest kept thinking time per game, player count and level."""
    rows: dict[tuple[str, int, str], dict[str, Any]] = {}
    if THINK.exists():
        for line in THINK.read_text().splitlines():
            row = json.loads(line)
            rows[(row["game"], row["players"], row["level"])] = row
    return rows


def tables_command(args: argparse.Namespace) -> None:
    """Regenerate (or with ``--check`` verify) docs/bots.md's measured tables."""
    from meeple.bots.nets import shipped_counts  # noqa: PLC0415 (numpy)

    counts = {g.id: (g.min_players, g.max_players) for g in map(meeple.load, sorted(meeple.GAMES))}
    networks = {game: shipped_counts(game) for game in counts}
    body = tables(counts, read_folder(RECORDS), think_rows(), networks)
    text = DOC.read_text()
    new = replace_between(text, body)
    if args.check:
        if new != text:
            sys.exit("docs/bots.md's measured tables are stale: python benchmarks/bots.py tables")
        return
    DOC.write_text(new)
    print(f"wrote {DOC.relative_to(ROOT)}")


def main() -> None:
    """Dispatch the subcommands."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    timing = sub.add_parser("time", help="thinking time per decision")
    timing.add_argument("--games", type=int, default=2, help="games per row")
    timing.add_argument("--game", action="append", help="only these games (repeatable)")
    timing.add_argument("--level", action="append", help="only these levels (repeatable)")
    timing.add_argument(
        "--players", type=int, action="append", help="at these player counts (repeatable)"
    )
    timing.add_argument("--record", action="store_true", help="keep the figures for the tables")
    timing.set_defaults(run=time_command)
    for name, command in (("arena", arena_command), ("openspiel", openspiel_command)):
        match = sub.add_parser(name, help=f"{name} games into benchmarks/records/")
        match.add_argument("game")
        match.add_argument("--players", type=int, required=True)
        match.add_argument("--level", default="hard", help="the level at one seat")
        if name == "arena":
            match.add_argument("--vs", default="normal", help="the level at the other seats")
        else:
            match.add_argument(
                "--seconds", type=float, default=0.05, help="ISMCTS's time before a first measure"
            )
        match.add_argument("--games", type=int, default=60)
        match.add_argument("--seed", type=int, default=0, help="seed of the first game")
        match.add_argument("--workers", type=int, default=1, help="processes (at most 2 here)")
        match.add_argument(
            "--plan",
            default="",
            help="a trial: hard's plan changed, e.g. iterations=30,rollout_limit=24 (kept in "
            "records/trials/, left out of the tables)",
        )
        if name == "arena":
            match.add_argument(
                "--focal",
                default="",
                help="a trial: the one seat's plan changed (hard's, or expert's tuning), "
                "e.g. caution=2.0, against unchanged rivals (kept in records/trials/)",
            )
            match.add_argument(
                "--weights", type=Path, help="with --focal: expert's network from this folder"
            )
        match.set_defaults(run=command)
    check = sub.add_parser("tables", help="regenerate docs/bots.md's measured tables")
    check.add_argument("--check", action="store_true", help="fail if they are stale")
    check.set_defaults(run=tables_command)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
