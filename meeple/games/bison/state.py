"""The data of a game of Bison in progress: :class:`StateData`, and the phases of an action.

The state stands below what reads it: the choice point (:mod:`meeple.games.bison.choicepoint`)
copies and restores part of it, and the views (:mod:`meeple.games.bison.views`) show it, so
both need its fields, never its moves. The moves, which take choice points and build views,
are :class:`~meeple.games.bison.rules.BisonState`'s, a subclass of :class:`StateData` with
no field of its own but ``back``. ``meeple.games.bison.rules`` says what each phase is.
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import OptionValue, State
from meeple.core.rng import Rng
from meeple.games.bison.board import Board
from meeple.games.bison.scoring import winners

CHOOSE = "choose"
HUNTERS = "hunters"
GAIN = "gain"
PAY = "pay"
PLACE = "place"
DEPLOY = "deploy"
SHELTER = "shelter"
GATHER_AT = "gather_at"
GATHER_FROM = "gather"
MOVE = "move"
OVER = "over"
PHASES = (CHOOSE, HUNTERS, GAIN, PAY, PLACE, DEPLOY, SHELTER, GATHER_AT, GATHER_FROM, MOVE, OVER)


class StateData(State):
    """What a game of Bison in progress holds, and what it tells without a move: whose turn
    it is, the scores, the winners. :class:`~meeple.games.bison.rules.BisonState` adds the
    moves, the views and the JSON (and ``back``, the choice point)."""

    __slots__ = (
        "action",
        "advanced",
        "board",
        "count",
        "deck",
        "events",
        "events_turn",
        "hands",
        "hunters",
        "market_canoes",
        "market_hunters",
        "market_tents",
        "moved",
        "options",
        "owner",
        "phase",
        "players",
        "remaining",
        "removed",
        "rng",
        "round",
        "rounds",
        "seed",
        "shelter",
        "start",
        "supply_canoes",
        "supply_hunters",
        "supply_tents",
        "target",
        "touched",
        "tracks",
        "turn",
        "used",
    )

    players: int
    seed: int
    options: dict[str, OptionValue]
    advanced: int  # 0 basic, 1 advanced rule 1, 2 advanced rules 1 and 2
    rng: Rng
    rounds: int
    round: int  # 1-based
    start: int  # holder of the totem pole: the start player of the round
    turn: int  # actions taken this round by everyone; the player to act is start + turn
    deck: list[int]  # face-down tiles, top last
    removed: list[int]  # tiles taken out unseen at set-up
    hands: list[int]  # per seat: the tile drawn this round and not yet placed, or -1
    board: Board
    owner: list[int]  # per space: the seat holding it, or -1
    hunters: list[int]  # per space
    shelter: list[int]  # per space: size of the tent (land) or canoe (river) there, 0 = none
    tracks: list[list[int]]  # per seat: bison, fish, turkeys
    supply_hunters: list[int]  # per seat, "手元"
    market_hunters: list[int]
    supply_tents: list[list[int]]  # per seat, counts by size (index 0 unused)
    market_tents: list[list[int]]
    supply_canoes: list[list[int]]
    market_canoes: list[list[int]]
    used: list[int]  # per seat: bit k set when action kind k was taken this round
    phase: str
    action: int  # the action kind in progress, or -1
    count: int  # hunters it uses
    remaining: int  # hunters still to use in its body
    target: int  # tile: the position placed; gather: the gathering space; else -1
    touched: list[int]  # tent/canoe: spaces changed in this action
    moved: list[int]  # move: where each moved hunter now stands
    events: list[dict[str, Any]]  # what the last turn did (and the scoring after it), for logs
    events_turn: int  # the turn of the game those events began in

    # --- contract: what the state tells -------------------------------------------

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return (self.start + self.turn) % self.players

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int | float]:
        return [sum(track) for track in self.tracks]

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return winners(self.tracks)
