"""Turn-based tables at scale: memory and load time with many stored, few touched.

    python benchmarks/turn_based_tables.py [--tables 100000] [--touched 2000] [--moves 12]

Stores ``--tables`` turn-based tables in a fresh SQLite database (two people and a bot, each
game a few ``--moves`` in, every clock running, spread over the next week), then, as the
server's hub does when someone looks or acts, loads ``--touched`` of them in random order
(each read and its moves replayed), and lets them go again as an idle sweep does. It prints the
time to load a table (median, 95th percentile, slowest), the memory the loaded tables hold (the
Python heap, by tracemalloc, and the process's resident memory), the memory after they are let
go, and how long the sweep's claim of the due tables takes with that many stored. Figures depend
on the machine: this prints them, it never judges them.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from sqlalchemy import insert

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import meeple
from meeple.server.settings import Settings
from meeple.server.store import ActionRow, PlayerRow, SeatRow, Store, TableRow, digest, utcnow
from meeple.server.tables.hub import Hub

GAMES = ["buffet", "bison", "cafe", "cheese", "stirfry"]
PLAYERS = {"buffet": 3, "bison": 3, "cafe": 3, "cheese": 3, "stirfry": 3}
CHUNK = 5000


def rss_mib() -> float:
    """This process's resident memory, in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def templates(
    moves: int, per_game: int = 8
) -> list[tuple[str, int, list[tuple[int, Any]], str, tuple[int, ...]]]:
    """Games a few moves in: (game, seed, moves as (seat, action), digest of the state, the
    seats to move)."""
    rng = random.Random(1)
    found = []
    for game_id in GAMES:
        game = meeple.load(game_id)
        for _ in range(per_game):
            seed = rng.randrange(2**62)
            state = game.new(PLAYERS[game_id], seed=seed)
            played: list[tuple[int, Any]] = []
            # On to a decision of the people (seats 0 and 1): at a table in play the bot
            # (seat 2) has moved as soon as it was its turn.
            while (len(played) < moves or 2 in state.to_move) and not state.is_over:
                seat = state.to_move[0]
                action = rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
                played.append((seat, action))
            found.append((game_id, seed, played, digest(state.to_json()), state.to_move))
    return found


def fill(store: Store, count: int, moves: int) -> list[str]:
    """Store ``count`` running turn-based tables; their ids."""
    now = time.time()
    people = [PlayerRow(id=f"p_{i}", name=f"Player {i}") for i in range(1000)]
    with store.session() as s:
        s.add_all(people)
    shapes = templates(moves)
    rng = random.Random(2)
    ids = []
    created = utcnow()
    for start in range(0, count, CHUNK):
        tables, seats, actions = [], [], []
        for n in range(start, min(count, start + CHUNK)):
            game_id, seed, played, state_digest, to_move = shapes[n % len(shapes)]
            table_id = f"t_bench{n:07d}"
            ids.append(table_id)
            due = now + rng.uniform(3600, 7 * 86400)
            tables.append({
                "id": table_id, "game": game_id, "players": 3, "options": {}, "seed": seed,
                "status": "running", "turn_seconds": None, "response_seconds": 15,
                "version": len(played), "digest": state_digest, "created": created,
                "rated": False, "move_seconds": 86400, "bank_seconds": None, "due": due,
            })  # fmt: skip
            for seat in range(3):
                human = seat < 2
                seats.append({
                    "table_id": table_id, "seat": seat, "kind": "human" if human else "bot",
                    "level": None if human else "random",
                    "player_id": f"p_{(n * 2 + seat) % 1000}" if human else None,
                    "left": False, "due": due if seat in to_move else None, "bank": None,
                    "timeouts": 0,
                })  # fmt: skip
            actions += [
                {"table_id": table_id, "number": i, "seat": seat, "action": action,
                 "by": "human", "at": created}
                for i, (seat, action) in enumerate(played)
            ]  # fmt: skip
        with store.engine.begin() as conn:
            conn.execute(insert(TableRow), tables)
            conn.execute(insert(SeatRow), seats)
            conn.execute(insert(ActionRow), actions)
    return ids


def main() -> None:
    """Store, touch, let go, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--touched", type=int, default=2000)
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="meeple-turns-"))
    url = f"sqlite:///{folder / 'turns.sqlite'}"
    store = Store(url)
    began = time.perf_counter()
    ids = fill(store, args.tables, args.moves)
    print(f"stored {len(ids):,} turn-based tables in {time.perf_counter() - began:.1f} s")
    hub = Hub(store, Settings(db_url=url, bot_workers=0, turn_idle_seconds=0.0))
    gc.collect()
    tracemalloc.start()
    heap_before, rss_before = tracemalloc.get_traced_memory()[0], rss_mib()
    touched = random.Random(3).sample(ids, args.touched)
    seconds = []
    for table_id in touched:
        start = time.perf_counter()
        table = hub.load(table_id)
        seconds.append(time.perf_counter() - start)
        assert table is not None and table.state is not None
    gc.collect()
    heap_loaded, rss_loaded = tracemalloc.get_traced_memory()[0], rss_mib()
    ms = sorted(s * 1000 for s in seconds)
    print(
        f"load a table: median {statistics.median(ms):.2f} ms, "
        f"p95 {ms[int(len(ms) * 0.95)]:.2f} ms, slowest {ms[-1]:.2f} ms ({len(ms):,} tables)"
    )
    held = len(hub.tables)
    extra = (heap_loaded - heap_before) / 2**20
    print(
        f"{held:,} tables in memory: Python heap +{extra:.1f} MiB "
        f"({extra * 1024 / held:.1f} KiB a table), RSS {rss_before:.0f} -> {rss_loaded:.0f} MiB"
    )
    for table in hub.tables.values():
        table.touched -= 1  # idle since a moment ago
    gone = hub.unload_idle()
    gc.collect()
    heap_after, rss_after = tracemalloc.get_traced_memory()[0], rss_mib()
    print(
        f"after the idle sweep: {len(gone):,} let go, {len(hub.tables)} in memory, Python heap "
        f"+{(heap_after - heap_before) / 2**20:.1f} MiB over the start, RSS {rss_after:.0f} MiB"
    )
    tracemalloc.stop()
    now = time.time()
    start = time.perf_counter()
    claimed = store.claim_due(now + 86400, now + 86400 + 120, limit=50)
    print(
        f"claim the due tables (a sweep, {args.tables:,} stored): {len(claimed)} claimed "
        f"in {(time.perf_counter() - start) * 1000:.1f} ms"
    )
    store.close()


if __name__ == "__main__":
    main()
