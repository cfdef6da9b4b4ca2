"""Bison: Thunder on the Prairie: the state's moves (its transitions), views and JSON.

A round: the totem pole passes left, every player draws a tile in secret, then the
players take four actions each, one at a time in turn order, and every region is scored.
Each action is a short sequence of decisions, each with a small list of legal actions:

1. ``choose`` — buy from the market or exchange animals as often as wanted, then pick
   one of the six actions not yet taken this round;
2. ``hunters`` — how many hunters (0–5) the action uses;
3. ``gain`` (no hunters: +1 animal) or ``pay`` (the cost table), unless one hunter;
4. the body, piece by piece: ``place`` the tile and ``deploy`` its hunters; a ``tent`` or
   ``canoe`` change per step; ``gather_at`` a space and ``gather`` each hunter; ``move``
   each hunter.

From 2 to the end of 4, until the tile is laid (the one thing hidden an action reveals),
``back`` returns exactly to the choice of 1 (:mod:`meeple.games.bison.choicepoint`).

``docs/rules/bison.md`` lists every ruling; the constants are in
:mod:`meeple.games.bison.data`, the board in :mod:`~meeple.games.bison.board`, the state's
fields and phase names in :mod:`~meeple.games.bison.state`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from meeple.core.game import BACK, JSON, Action, Game, Option, OptionValue
from meeple.core.rng import Rng
from meeple.games.bison import legal, text
from meeple.games.bison.board import EMPTY, Board, start_board
from meeple.games.bison.choicepoint import ChoicePoint
from meeple.games.bison.data import (
    ACTION_COST,
    ACTION_KINDS,
    ACTIONS_PER_ROUND,
    ADVANCED_CHOICES,
    ANIMALS,
    CANOE,
    EXCHANGE_RATE,
    FREE_ACTIONS_BEFORE_EACH_ACTION,
    GATHER,
    GATHER_NEEDS_A_HUNTER_PIECE,
    GRASSLAND,
    HUNTER_PRICE,
    HUNTERS_PER_PLAYER,
    IDLE_GAIN,
    MARKET_HUNTERS,
    MAX_HUNTERS_PER_ACTION,
    MOUNTAIN,
    MOVE_ONE,
    MOVE_POINTS,
    MOVE_THREE,
    ONE_CHANGE_PER_SPACE,
    REMOVED_TILES,
    RIVER,
    ROUNDS,
    SHELTER_SIZES,
    SHELTERS_PER_PLAYER,
    SHRINK_HUNTERS_FROM_SUPPLY,
    START_ANIMALS,
    START_HUNTERS,
    START_SEAT,
    START_SHELTERS,
    TENT,
    TERRAINS,
    TILE,
    TILE_ACTION_IS_FORCED_LAST,
    TOTEM_PASSES_IN_FIRST_ROUND,
    TRACK_MARKERS,
    TRACK_MAX,
    shelter_price,
)
from meeple.games.bison.geometry import (
    NEIGHBOURS,
    ORIENTATIONS,
    POSITIONS,
    SPACES,
    START_POSITIONS,
    position_of_space,
    terrain_of_space,
)
from meeple.games.bison.jsondata import json_copy, json_int, json_ints
from meeple.games.bison.scoring import decided_by, gain, score_regions, standings
from meeple.games.bison.shelters import Candidate, after, can_spend, changes
from meeple.games.bison.state import (
    CHOOSE,
    DEPLOY,
    GAIN,
    GATHER_AT,
    GATHER_FROM,
    HUNTERS,
    MOVE,
    OVER,
    PAY,
    PHASES,
    PLACE,
    SHELTER,
    StateData,
)
from meeple.games.bison.tiles import REGULAR_TILES, START_TILES, TILES
from meeple.games.bison.views import SeatView, build_view

FORMAT = 2
"""2: with ``back``, the choice point of the action in progress."""

# all() of a tuple, not `and`: mypy narrows a Final name by its value, so after `and` of
# these True rulings the compiled build took every Final 1 below (TENT, RIVER) for True.
if not all(
    (
        FREE_ACTIONS_BEFORE_EACH_ACTION,
        TILE_ACTION_IS_FORCED_LAST,
        ONE_CHANGE_PER_SPACE,
        SHRINK_HUNTERS_FROM_SUPPLY,
    )
):  # pragma: no cover - a guard for whoever edits data.py
    raise NotImplementedError("these rulings of data.py are built into the engine as True")

HUNTERS_IN_PLAY = HUNTERS_PER_PLAYER - TRACK_MARKERS
"""Hunters a player has in supply, market and on the board: 11 less the 3 track markers."""

SHELTER_TERRAINS = {TENT: (GRASSLAND, MOUNTAIN), CANOE: (RIVER,)}
"""テントは草原か山に設置できます。 / カヌーはハンターがある川にのみ設置できます。"""


class BisonState(StateData):
    """A game of Bison in progress: its data (:class:`~meeple.games.bison.state.StateData`),
    the moves that change it, its views and its JSON."""

    # Declared here, not with the other fields: the choice point reads and restores those
    # (:mod:`meeple.games.bison.choicepoint`), so the state's data cannot name it.
    __slots__ = ("back",)

    back: ChoicePoint | None  # where ``back`` returns to, while it may; shared by clones

    # --- contract -----------------------------------------------------------------

    def legal_actions(self, seat: object) -> list[Action]:
        if type(seat) is not int or self.phase == OVER or seat != self.current:
            return []
        actions: list[Action] = []
        for run in self._runs(seat):
            # A shared run is copied (callers may change what they get); a fresh one is theirs.
            actions += run if type(run) is list else map(dict.copy, run)
        if self.back is not None:
            actions.append({"type": BACK})  # last, as the contract asks
        return actions

    def legal_parts(self, seat: int) -> tuple[legal.Run, ...]:
        """The legal actions of ``seat`` but ``back``, in runs: tuples shared between
        decisions (never change them or their dicts), or lists made for this call
        (:mod:`meeple.games.bison.legal`; ``legal_actions`` copies the shared ones)."""
        if type(seat) is not int or self.phase == OVER or seat != self.current:
            return ()
        return self._runs(seat)

    def _runs(self, seat: int) -> tuple[legal.Run, ...]:
        """:meth:`legal_parts` of the seat to move."""
        phase = self.phase
        if phase == CHOOSE:
            track = self.tracks[seat]
            buys = legal.buys(
                min(*track, legal.DEAREST),
                self.market_hunters[seat] > 0,
                tuple(self.market_tents[seat]),
                tuple(self.market_canoes[seat]),
            )
            if self.hands[seat] != EMPTY and self.turn // self.players == ACTIONS_PER_ROUND - 1:
                # The tile must be placed this round (この行動は毎ラウンド必ず行わなければなりません).
                choices = legal.only_choice(ACTION_KINDS[TILE])
            else:
                choices = legal.CHOICES[self.used[seat]]
            return buys, legal.exchanges(tuple(track)), choices
        if phase == HUNTERS:
            return (legal.hunters(tuple(self._hunter_counts(seat))),)
        if phase == GAIN:
            return (legal.GAINS,)
        if phase == PAY:
            cost = ACTION_COST[self.count]
            b, f, t = self.tracks[seat]
            return (legal.payments(cost, min(b, cost), min(f, cost), min(t, cost)),)
        if phase == PLACE:
            runs = legal.PLACEMENTS
            return tuple([runs[p] for p in self.board.open_tuple()])
        if phase == DEPLOY:
            return (legal.DEPLOYMENTS[self.target],)
        # The rest depend on where the pieces stand, which rarely repeats: fresh lists.
        if phase == SHELTER:
            kind = ACTION_KINDS[self.action]
            return (
                [
                    {"type": kind, "space": space, "size": size}
                    for space, size, _ in self._shelter_changes(seat)
                ],
            )
        if phase == GATHER_AT:
            return ([{"type": "gather_at", "space": s} for s in self._gather_targets(seat)],)
        if phase == GATHER_FROM:
            target, hunters = self.target, self.hunters
            return (
                [
                    {"type": "gather", "from": s}
                    for s in self._own_spaces(seat)
                    if s != target and hunters[s]
                ],
            )
        # MOVE: every hunter not moved yet, from each space, to where it may go.
        moved = self.moved
        return (
            [
                {"type": "move", "from": s, "to": d}
                for s in self._own_spaces(seat)
                if self.hunters[s] - moved.count(s) > 0
                for d in self._destinations(seat, s)
            ],
        )

    def _apply(self, seat: int, action: Action) -> None:
        if action["type"] == "action":
            # The choice point, taken before the turn's log may start afresh below.
            self.back = ChoicePoint.of(self)
        turn = self._game_turn()
        if turn != self.events_turn:
            # A new turn begins: the log starts afresh (the last turn's stays until now).
            self.events = []
            self.events_turn = turn
        kind = action["type"]
        if kind == BACK:
            self._go_back()
            return
        if self.phase == CHOOSE:
            self._apply_choice(seat, action)
        elif kind == "hunters":
            self._apply_hunters(seat, action["count"])
        elif kind == "gain":
            self._gain(seat, ANIMALS.index(action["animal"]), IDLE_GAIN)
            self._begin_body()
        elif kind == "pay":
            paid = (action["bison"], action["fish"], action["turkeys"])
            track = self.tracks[seat]
            for animal, n in enumerate(paid):
                track[animal] -= n
            self._log("pay", seat, bison=paid[0], fish=paid[1], turkeys=paid[2])
            self._begin_body()
        elif kind == "place":
            self._apply_place(seat, action["position"], action["orientation"])
        elif kind == "deploy":
            space = action["space"]
            self.supply_hunters[seat] -= self.count
            self._put(seat, space, self.count)
            self._log("deploy", seat, space=space, hunters=self.count)
            self._finish_action()
        elif kind in ("tent", "canoe"):
            self._apply_change(seat, action["space"], action["size"])
        elif kind == "gather_at":
            self.target = action["space"]
            self.phase = GATHER_FROM
        else:  # gather or move: one hunter
            origin = action["from"]
            to = self.target if kind == "gather" else action["to"]
            self._take(origin, 1)
            self._put(seat, to, 1)
            if kind == "move":
                self.moved.append(to)
            self._log(kind, seat, **{"from": origin, "to": to})
            self.remaining -= 1
            if self.remaining == 0:
                self._finish_action()

    def view(self, seat: object) -> JSON:
        return build_view(self.seat_view(seat))

    def seat_view(self, seat: object) -> SeatView:
        """What ``seat`` may know, as typed data (``None``: a spectator): ``view(seat)`` is its
        JSON, and learning agents' observations are read from it (:class:`SeatView`)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise self.no_seat(seat)
        return SeatView(self, seat)

    def to_json(self) -> JSON:
        return {
            "game": "bison",
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "round": self.round,
            "start": self.start,
            "turn": self.turn,
            "deck": list(self.deck),
            "removed": list(self.removed),
            "hands": list(self.hands),
            "tiles": list(self.board.tiles),
            "orientations": list(self.board.orientations),
            "owner": list(self.owner),
            "hunters": list(self.hunters),
            "shelter": list(self.shelter),
            "tracks": [list(t) for t in self.tracks],
            "supply_hunters": list(self.supply_hunters),
            "market_hunters": list(self.market_hunters),
            "supply_tents": [list(c) for c in self.supply_tents],
            "market_tents": [list(c) for c in self.market_tents],
            "supply_canoes": [list(c) for c in self.supply_canoes],
            "market_canoes": [list(c) for c in self.market_canoes],
            "used": list(self.used),
            "phase": self.phase,
            "action": self.action,
            "count": self.count,
            "remaining": self.remaining,
            "target": self.target,
            "touched": list(self.touched),
            "moved": list(self.moved),
            "events": json_copy(self.events),
            "events_turn": self.events_turn,
            "back": None if self.back is None else self.back.to_json(),
        }

    def clone(self) -> BisonState:
        other = BisonState()
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.advanced = self.advanced
        other.rng = self.rng.copy()
        other.rounds = self.rounds
        other.round = self.round
        other.start = self.start
        other.turn = self.turn
        other.deck = self.deck[:]
        other.removed = self.removed[:]
        other.hands = self.hands[:]
        other.board = self.board  # immutable: placing a tile makes a new board
        other.owner = self.owner[:]
        other.hunters = self.hunters[:]
        other.shelter = self.shelter[:]
        other.tracks = [t[:] for t in self.tracks]
        other.supply_hunters = self.supply_hunters[:]
        other.market_hunters = self.market_hunters[:]
        other.supply_tents = [c[:] for c in self.supply_tents]
        other.market_tents = [c[:] for c in self.market_tents]
        other.supply_canoes = [c[:] for c in self.supply_canoes]
        other.market_canoes = [c[:] for c in self.market_canoes]
        other.used = self.used[:]
        other.phase = self.phase
        other.action = self.action
        other.count = self.count
        other.remaining = self.remaining
        other.target = self.target
        other.touched = self.touched[:]
        other.moved = self.moved[:]
        # Event dicts are never changed once made; only the list grows.
        other.events = self.events[:]
        other.events_turn = self.events_turn
        other.back = self.back  # never changed once made: shared
        return other

    def _determinize(self, seat: int, rng: random.Random) -> BisonState:
        other = self.clone()
        # Hidden from seat: the other players' drawn tiles, the order of the draw pile,
        # the tiles removed unseen, and the future (the generator is re-seeded).
        holders = [s for s in range(self.players) if s != seat and self.hands[s] != EMPTY]
        pool = [*other.deck, *other.removed, *(other.hands[s] for s in holders)]
        # Sorting first makes the sample depend on what seat knows and on rng alone.
        pool.sort()
        rng.shuffle(pool)
        for s in holders:
            other.hands[s] = pool.pop()
        other.removed = [pool.pop() for _ in self.removed]
        other.deck = pool
        other.rng = Rng(rng.getrandbits(64))
        return other

    def _game_turn(self) -> int:
        """Turns taken in the game so far, counting every player's every action."""
        return (self.round - 1) * ACTIONS_PER_ROUND * self.players + self.turn

    # --- choosing an action, and the free actions ---------------------------------

    def _apply_choice(self, seat: int, action: Action) -> None:
        kind = action["type"]
        track = self.tracks[seat]
        if kind == "action":
            self.action = ACTION_KINDS.index(action["action"])
            self.phase = HUNTERS
            return
        if kind == "exchange":
            give, get = ANIMALS.index(action["give"]), ANIMALS.index(action["get"])
            track[give] -= EXCHANGE_RATE
            track[get] += 1
            self._log("exchange", seat, give=action["give"], get=action["get"])
            return
        if kind == "buy_hunter":
            price, size = HUNTER_PRICE, 0
            self.market_hunters[seat] -= 1
            self.supply_hunters[seat] += 1
        else:
            size = action["size"]
            price = shelter_price(size)
            market, supply = (
                (self.market_tents, self.supply_tents)
                if kind == "buy_tent"
                else (self.market_canoes, self.supply_canoes)
            )
            market[seat][size] -= 1
            supply[seat][size] += 1
        for animal in range(len(track)):
            track[animal] -= price
        self._log("buy", seat, piece=kind.removeprefix("buy_"), size=size)

    def _hunter_counts(self, seat: int) -> list[int]:
        """How many hunters the chosen action may use: none always, more if payable and possible."""
        stock = sum(self.tracks[seat])
        kind = self.action
        # The cost rises with the hunters, so the payable counts are 1 up to some count.
        payable = [n for n in range(1, MAX_HUNTERS_PER_ACTION + 1) if ACTION_COST[n] <= stock]
        if kind in (TENT, CANOE):
            candidates = self._candidates(seat)
            supply = tuple(self._shelter_supply(seat, kind))
            if self.advanced == 0 and payable:
                # One change with every hunter: the counts some single change uses (a
                # change's hunters never exceed the budget, so one look with the largest).
                usable = {used for _, _, used in changes(candidates, supply, 0, payable[-1], False)}
                return [0, *(n for n in payable if n in usable)]
            return [0, *(n for n in payable if self._can_change(seat, n, candidates, supply))]
        if not payable:
            return [0]
        if kind == TILE:
            most = self.supply_hunters[seat]
        elif kind == GATHER:
            most = self._most_gathered(seat)
        else:
            most = self._movable(seat)
        return [0, *(n for n in payable if n <= most)]

    def _apply_hunters(self, seat: int, n: int) -> None:
        self.count = n
        self._log("action", seat, action=ACTION_KINDS[self.action], hunters=n)
        if n == 0:
            self.phase = GAIN
        elif ACTION_COST[n]:
            self.phase = PAY
        else:
            self._begin_body()

    def _begin_body(self) -> None:
        kind, n = self.action, self.count
        if kind == TILE:
            self.phase = PLACE
        elif n == 0:
            self._finish_action()
        else:
            self.remaining = n
            if kind in (TENT, CANOE):
                self.phase = SHELTER
            elif kind == GATHER:
                self.phase = GATHER_AT
            else:
                self.phase = MOVE

    def _go_back(self) -> None:
        """Return to the choice point of the action in progress: its choice is open again."""
        assert self.back is not None
        self.back.restore(self)
        self.back = None
        self.phase = CHOOSE
        self.action = -1
        self.count = self.remaining = 0
        self.target = -1
        self.touched = []
        self.moved = []

    def _finish_action(self) -> None:
        seat = self.current
        self.back = None
        self.used[seat] |= 1 << self.action
        self.action = -1
        self.count = self.remaining = 0
        self.target = -1
        self.touched = []
        self.moved = []
        self.turn += 1
        if self.turn == ACTIONS_PER_ROUND * self.players:
            self._end_round()
        else:
            self.phase = CHOOSE

    # --- pieces on spaces ---------------------------------------------------------

    def _own_spaces(self, seat: int) -> list[int]:
        return [s for s, who in enumerate(self.owner) if who == seat]

    def _put(self, seat: int, space: int, n: int) -> None:
        self.hunters[space] += n
        self.owner[space] = seat

    def _take(self, space: int, n: int) -> None:
        self.hunters[space] -= n
        if not self.hunters[space] and not self.shelter[space]:
            self.owner[space] = -1

    def _gain(self, seat: int, animal: int, amount: int, *, log: bool = True) -> None:
        for into in gain(self.tracks[seat], animal, amount):
            self._log("overflow", seat, animal=ANIMALS[animal], into=ANIMALS[into])
        if log:
            self._log("gain", seat, animal=ANIMALS[animal], amount=amount)

    # --- the tile -----------------------------------------------------------------

    def _apply_place(self, seat: int, position: int, orientation: int) -> None:
        tile = TILES[self.hands[seat]]
        self.board = self.board.placed(
            position,
            tile=tile.id,
            orientation=orientation,
            river_ends=tile.river_ends,
            animals=tile.animals,
        )
        self.hands[seat] = EMPTY
        # The tile is seen by all now: no going back from here.
        self.back = None
        self._log("place", seat, tile=tile.id, position=position, orientation=orientation)
        if self.count:
            # 新たに配置するハンターはすべて、新しく配置したタイルのうち1つの地形に置かなければなりません。
            self.target = position
            self.phase = DEPLOY
        else:
            self._finish_action()

    # --- tents and canoes ---------------------------------------------------------

    def _shelter_supply(self, seat: int, kind: int) -> list[int]:
        return self.supply_tents[seat] if kind == TENT else self.supply_canoes[seat]

    def _candidates(self, seat: int) -> tuple[Candidate, ...]:
        """The player's untouched spaces where the action in progress could change something."""
        terrains = SHELTER_TERRAINS[self.action]
        shrink = self.advanced == 2
        found = []
        for space in self._own_spaces(seat):
            if terrain_of_space(space) not in terrains or space in self.touched:
                continue
            h, size = self.hunters[space], self.shelter[space]
            if h or (shrink and size):
                found.append((space, h, size))
        return tuple(found)

    def _can_change(
        self, seat: int, n: int, candidates: tuple[Candidate, ...], supply: tuple[int, ...]
    ) -> bool:
        """Whether tent or canoe changes can use exactly ``n`` hunters (``candidates`` and
        ``supply`` as :meth:`_candidates` and :meth:`_shelter_supply` give them)."""
        if self.advanced == 0:
            return any(used == n for _, _, used in changes(candidates, supply, 0, n, False))
        return can_spend(candidates, supply, self.supply_hunters[seat], n, self.advanced == 2)

    def _shelter_changes(self, seat: int) -> list[tuple[int, int, int]]:
        """The next change of the action in progress, keeping the rest of it possible."""
        candidates = self._candidates(seat)
        supply = tuple(self._shelter_supply(seat, self.action))
        budget = self.remaining
        if self.advanced == 0:
            # 1回の行動でテントの設置か拡張のどちらかしか行えません: one change, every hunter.
            return [c for c in changes(candidates, supply, 0, budget, False) if c[2] == budget]
        shrink = self.advanced == 2
        hunters = self.supply_hunters[seat]
        found = []
        for space, new, used in changes(candidates, supply, hunters, budget, shrink):
            rest = tuple(c for c in candidates if c[0] != space)
            counts, left = after(supply, hunters, self.shelter[space], new, used)
            if can_spend(rest, counts, left, budget - used, shrink):
                found.append((space, new, used))
        return found

    def _apply_change(self, seat: int, space: int, new: int) -> None:
        old = self.shelter[space]
        used = abs(new - old)
        supply = self._shelter_supply(seat, self.action)
        if new:
            supply[new] -= 1
        if old:
            supply[old] += 1
        if new > old:
            # テントに描かれている四角の数だけスペースからハンターを取り除き、手元に戻します。
            self.hunters[space] -= used
            self.supply_hunters[seat] += used
        else:
            # Advanced rule 2: 縮小したテントやカヌーとハンターを手元からスペースに置きます。
            self.hunters[space] += used
            self.supply_hunters[seat] -= used
        self.shelter[space] = new
        if not self.hunters[space] and not new:
            self.owner[space] = -1
        self.touched.append(space)
        self._log(ACTION_KINDS[self.action], seat, space=space, size=new, was=old)
        self.remaining -= used
        if self.remaining == 0:
            self._finish_action()

    # --- gathering and moving -----------------------------------------------------

    def _gather_targets(self, seat: int, n: int = 0) -> list[int]:
        """Spaces where ``seat`` may call ``n`` hunters from its other spaces (by default
        the number chosen for the action in progress)."""
        n = n or self.count
        hunters = self.hunters
        own = self._own_spaces(seat)
        total = sum(hunters[s] for s in own)
        return [
            s
            for s in own
            if (hunters[s] or not GATHER_NEEDS_A_HUNTER_PIECE) and total - hunters[s] >= n
        ]

    def _most_gathered(self, seat: int) -> int:
        """The most hunters ``seat`` could gather to one space (-1: no space to gather at);
        :meth:`_gather_targets` finds a space for every count up to it."""
        hunters = self.hunters
        own = self._own_spaces(seat)
        total = sum(hunters[s] for s in own)
        return max(
            (total - hunters[s] for s in own if hunters[s] or not GATHER_NEEDS_A_HUNTER_PIECE),
            default=-1,
        )

    def _destinations(self, seat: int, space: int) -> list[int]:
        """Where a hunter of ``seat`` on ``space`` may end a move of the action in progress:
        any space within reach that is empty or the player's own
        (移動先の土地は何もないか、又はあなたの用具が置いてある必要があります)."""
        owner = self.owner
        return [
            d
            for d in self.board.within(space, MOVE_POINTS[self.action])
            if owner[d] == -1 or owner[d] == seat
        ]

    def _movable(self, seat: int) -> int:
        """Hunters of ``seat`` that have somewhere to go with the chosen move action."""
        owner, hunters, within = self.owner, self.hunters, self.board.within
        points = MOVE_POINTS[self.action]
        return sum(
            hunters[s]
            for s in self._own_spaces(seat)
            if hunters[s] and any(owner[d] == -1 or owner[d] == seat for d in within(s, points))
        )

    # --- the end of a round ---------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        if self.round > 1 or TOTEM_PASSES_IN_FIRST_ROUND:
            # 各ラウンドの始めに、トーテムポールを左隣のプレイヤーに渡します。
            self.start = (self.start + 1) % self.players
        self.turn = 0
        self.used = [0] * self.players
        self.phase = CHOOSE
        self._log("round", self.start, round=self.round)
        for k in range(self.players):
            # スタートプレイヤーから順に、各プレイヤーは山札からタイルを 1 枚引き
            seat = (self.start + k) % self.players
            self.hands[seat] = self.deck.pop()
            self._log("draw", seat)

    def _end_round(self) -> None:
        final = self.round == self.rounds
        regions = score_regions(self.board, self.owner, self.hunters, self.shelter)
        # The header says what the scoring as a whole gave (each seat's animals, before a full
        # track's exchanges), so that its log line is whole even when no region is scored.
        gains = [0] * self.players
        for region in regions:
            for award in region.awards:
                gains[award.seat] += award.animals
        summary = {"round": self.round, "regions": len(regions), "gains": gains}
        if final:
            # 最終得点集計の前に、各プレイヤーは個人ボードの各動物のストックを 0 にしておきます。
            self.tracks = [[0] * len(ANIMALS) for _ in range(self.players)]
            self._log("final_scoring", self.start, **summary)
        else:
            self._log("round_scoring", self.start, **summary)
        for region in regions:
            # Everything a page needs to show the region scored: its spaces, its animals,
            # and per player (strongest first) the place, the pieces that placed them, the
            # animals taken and how they were counted (all, half, their own spaces).
            self.events.append(
                {
                    "event": "score",
                    "terrain": TERRAINS[region.terrain],
                    "spaces": list(region.spaces),
                    "animals": region.animals,
                    "awards": [
                        {
                            "seat": a.seat,
                            "place": a.place,
                            "animals": a.animals,
                            "share": a.share,
                            "shelters": list(a.shelters),
                            "hunters": a.hunters,
                        }
                        for a in region.awards
                    ],
                }
            )
            for award in region.awards:
                self._gain(award.seat, region.terrain, award.animals, log=False)
        if final:
            self.phase = OVER
            self.events.append(
                {
                    "event": "game_over",
                    "winners": self.winners,
                    "decided_by": decided_by(self.tracks),
                    "standings": [
                        {"seat": s.seat, "animals": s.animals, "lowest": s.lowest, "place": s.place}
                        for s in standings(self.tracks)
                    ],
                }
            )
        else:
            self._start_round()

    def _log(self, event: str, seat: int, **fields: Any) -> None:
        self.events.append({"event": event, "seat": seat, **fields})


# --- the game ------------------------------------------------------------------------


class Bison(Game[BisonState]):
    """Bison: Thunder on the Prairie (Wolfgang Kramer & Michael Kiesling, 2006), 2–4 players."""

    id: ClassVar[str] = "bison"
    name: ClassVar[str] = "Bison: Thunder on the Prairie"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {
        "advanced": Option(
            default=0,
            choices=list(ADVANCED_CHOICES),
            help="0 basic; 1 several tents or canoes per action (advanced rule 1); "
            "2 rule 1 plus dismantling and shrinking (advanced rule 2)",
        )
    }

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BisonState:
        state = BisonState()
        state.players = players
        state.seed = seed
        state.options = options
        state.advanced = int(options["advanced"])
        state.rng = Rng(seed)
        deck = list(REGULAR_TILES)
        state.rng.shuffle(deck)
        # 取り除く枚数は 2 人プレイの場合は 6 枚、3 人は 3 枚、4 人は 2 枚です。
        state.removed = [deck.pop() for _ in range(REMOVED_TILES[players])]
        state.deck = deck
        state.hands = [EMPTY] * players
        state.board = START_BOARD
        state.owner = [-1] * SPACES
        state.hunters = [0] * SPACES
        state.shelter = [0] * SPACES
        state.tracks = [[START_ANIMALS] * len(ANIMALS) for _ in range(players)]
        state.supply_hunters = [START_HUNTERS] * players
        state.market_hunters = [MARKET_HUNTERS] * players
        market = [n - s for n, s in zip(SHELTERS_PER_PLAYER, START_SHELTERS, strict=True)]
        state.supply_tents = [list(START_SHELTERS) for _ in range(players)]
        state.market_tents = [market[:] for _ in range(players)]
        state.supply_canoes = [list(START_SHELTERS) for _ in range(players)]
        state.market_canoes = [market[:] for _ in range(players)]
        state.used = [0] * players
        state.rounds = ROUNDS[players]
        state.round = 0
        state.start = START_SEAT
        state.turn = 0
        state.phase = CHOOSE
        state.action = -1
        state.count = state.remaining = 0
        state.target = -1
        state.touched = []
        state.moved = []
        state.events = []
        state.events_turn = -1
        state.back = None
        state._start_round()
        return state

    def describe_action(self, action: Action) -> str:
        return text.describe_action(action)

    def describe_event(self, event: JSON, view: JSON) -> str:
        return text.describe_event(event)

    def render_text(self, view: JSON) -> str:
        return text.render_text(view)

    def from_json(self, data: Mapping[str, Any]) -> BisonState:
        try:
            if data["game"] != "bison" or data["format"] != FORMAT:
                raise ValueError("not a bison state of a known format")
            state = self.new(data["players"], seed=data["seed"], options=data["options"])
            state.rng = Rng(json_int(data["rng"]))
            state.round = json_int(data["round"])
            state.start = json_int(data["start"])
            state.turn = json_int(data["turn"])
            state.deck = json_ints(data["deck"])
            state.removed = json_ints(data["removed"])
            state.hands = json_ints(data["hands"])
            state.board = _board_from(json_ints(data["tiles"]), json_ints(data["orientations"]))
            state.owner = json_ints(data["owner"])
            state.hunters = json_ints(data["hunters"])
            state.shelter = json_ints(data["shelter"])
            state.tracks = [json_ints(t) for t in data["tracks"]]
            state.supply_hunters = json_ints(data["supply_hunters"])
            state.market_hunters = json_ints(data["market_hunters"])
            state.supply_tents = [json_ints(c) for c in data["supply_tents"]]
            state.market_tents = [json_ints(c) for c in data["market_tents"]]
            state.supply_canoes = [json_ints(c) for c in data["supply_canoes"]]
            state.market_canoes = [json_ints(c) for c in data["market_canoes"]]
            state.used = json_ints(data["used"])
            state.phase = str(data["phase"])
            state.action = json_int(data["action"])
            state.count = json_int(data["count"])
            state.remaining = json_int(data["remaining"])
            state.target = json_int(data["target"])
            state.touched = json_ints(data["touched"])
            state.moved = json_ints(data["moved"])
            state.events = [dict(json_copy(e)) for e in data["events"]]
            state.events_turn = json_int(data["events_turn"])
            back = data["back"]
            state.back = None if back is None else ChoicePoint.from_json(back)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise ValueError(f"malformed bison state: {err}") from err
        _check_consistent(state)
        return state


START_BOARD = start_board(
    [(t.id, t.start[1], t.river_ends, t.animals) for t in START_TILES if t.start is not None]
)
"""The board at set-up: the three start tiles around the totem."""


def _board_from(tiles: list[int], orientations: list[int]) -> Board:
    """Rebuild a board from the tile and orientation of each position, checking both."""
    if len(tiles) != len(POSITIONS) or len(orientations) != len(POSITIONS):
        raise ValueError("tiles and orientations need one entry per position")
    return _cached_board(tuple(tiles), tuple(orientations))


@lru_cache(maxsize=256)
def _cached_board(tiles: tuple[int, ...], orientations: tuple[int, ...]) -> Board:
    # Boards never change, so states loaded from the same record may share one.
    board = START_BOARD
    for position, tile in enumerate(tiles):
        if position in START_POSITIONS:
            if (
                tile != board.tiles[position]
                or orientations[position] != board.orientations[position]
            ):
                raise ValueError("the start tiles have moved")
            continue
        if tile == EMPTY:
            if orientations[position] != 0:
                raise ValueError("an orientation without a tile")
            continue
        if not 0 <= tile < len(TILES) or not 0 <= orientations[position] < ORIENTATIONS:
            raise ValueError(f"bad tile or orientation at position {position}")
        t = TILES[tile]
        board = board.placed(
            position,
            tile=tile,
            orientation=orientations[position],
            river_ends=t.river_ends,
            animals=t.animals,
        )
    # Every tile must touch the start tiles through other tiles.
    reached = set(START_POSITIONS)
    stack = list(START_POSITIONS)
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n != -1 and board.is_placed(n) and n not in reached:
                reached.add(n)
                stack.append(n)
    if reached != set(board.placed_positions()):
        raise ValueError("a tile does not touch the board")
    return board


def _check_consistent(state: BisonState) -> None:
    """Refuse a stored state whose parts cannot belong together (a tampered record)."""
    n = state.players
    per_seat = (
        state.hands,
        state.tracks,
        state.supply_hunters,
        state.market_hunters,
        state.supply_tents,
        state.market_tents,
        state.supply_canoes,
        state.market_canoes,
        state.used,
    )
    if any(len(part) != n for part in per_seat):
        raise ValueError("malformed bison state: per-seat lists of the wrong length")
    board = state.board
    placed = [t for t in board.tiles if t != EMPTY]
    held = [t for t in state.hands if t != EMPTY]
    if sorted([*placed, *held, *state.deck, *state.removed]) != list(range(len(TILES))):
        raise ValueError("malformed bison state: the tiles do not add up to the 21")
    if len(state.removed) != REMOVED_TILES[n]:
        raise ValueError("malformed bison state: the wrong number of removed tiles")
    if (
        not 1 <= state.round <= ROUNDS[n]
        or len(placed) - len(START_TILES) + len(held) != state.round * n
    ):
        raise ValueError("malformed bison state: the tiles do not match the round")
    if not 0 <= state.start < n or not 0 <= state.turn < ACTIONS_PER_ROUND * n + 1:
        raise ValueError("malformed bison state: a seat or turn out of range")
    if any(len(t) != len(ANIMALS) or not all(0 <= a <= TRACK_MAX for a in t) for t in state.tracks):
        raise ValueError("malformed bison state: an animal track out of range")
    if any(len(x) != SPACES for x in (state.owner, state.hunters, state.shelter)):
        raise ValueError("malformed bison state: space lists of the wrong length")
    for space in range(SPACES):
        who, h, size = state.owner[space], state.hunters[space], state.shelter[space]
        if not -1 <= who < n or h < 0 or (size != 0 and size not in SHELTER_SIZES):
            raise ValueError(f"malformed bison state: space {space} out of range")
        if (who == -1) != (h == 0 and size == 0):
            raise ValueError(f"malformed bison state: space {space} has pieces without an owner")
        if who != -1 and not board.is_placed(position_of_space(space)):
            raise ValueError(f"malformed bison state: pieces off the board at space {space}")
    for seat in range(n):
        mine = [s for s in range(SPACES) if state.owner[s] == seat]
        on_board = sum(state.hunters[s] for s in mine)
        if (
            min(state.supply_hunters[seat], state.market_hunters[seat]) < 0
            or state.supply_hunters[seat] + state.market_hunters[seat] + on_board != HUNTERS_IN_PLAY
        ):
            raise ValueError(f"malformed bison state: seat {seat}'s hunters do not add up")
        for kind, supply, market in (
            (TENT, state.supply_tents[seat], state.market_tents[seat]),
            (CANOE, state.supply_canoes[seat], state.market_canoes[seat]),
        ):
            terrains = SHELTER_TERRAINS[kind]
            if len(supply) != len(SHELTERS_PER_PLAYER) or len(market) != len(SHELTERS_PER_PLAYER):
                raise ValueError("malformed bison state: tent or canoe counts of the wrong length")
            for size in range(len(SHELTERS_PER_PLAYER)):
                placed_here = sum(
                    1 for s in mine if state.shelter[s] == size and terrain_of_space(s) in terrains
                )
                count = supply[size] + market[size] + (placed_here if size else 0)
                if min(supply[size], market[size]) < 0 or count != SHELTERS_PER_PLAYER[size]:
                    raise ValueError(f"malformed bison state: seat {seat}'s tents or canoes")
        if not 0 <= state.used[seat] < 1 << len(ACTION_KINDS):
            raise ValueError("malformed bison state: used actions out of range")
    _check_action(state)
    _check_back(state)


PHASE_ACTIONS = {
    HUNTERS: tuple(range(len(ACTION_KINDS))),
    GAIN: tuple(range(len(ACTION_KINDS))),
    PAY: tuple(range(len(ACTION_KINDS))),
    PLACE: (TILE,),
    DEPLOY: (TILE,),
    SHELTER: (TENT, CANOE),
    GATHER_AT: (GATHER,),
    GATHER_FROM: (GATHER,),
    MOVE: (MOVE_ONE, MOVE_THREE),
}
"""The actions that may be in progress in each phase."""


def _check_action(state: BisonState) -> None:
    """The round and the action in progress must fit together."""
    phase = state.phase
    n = state.players
    if phase not in PHASES:
        raise ValueError(f"malformed bison state: unknown phase {phase!r}")
    if phase == OVER:
        if state.round != state.rounds or any(h != EMPTY for h in state.hands):
            raise ValueError("malformed bison state: over before the last round")
        return
    if state.turn >= ACTIONS_PER_ROUND * n or state.events_turn > state._game_turn():
        raise ValueError("malformed bison state: the round is already over")
    for seat in range(n):
        turns = sum(1 for k in range(state.turn) if (state.start + k) % n == seat)
        if state.used[seat].bit_count() != turns:
            raise ValueError(f"malformed bison state: seat {seat} took the wrong number of actions")
        placing = seat == state.current and state.action == TILE and phase == DEPLOY
        if (state.hands[seat] == EMPTY) != bool(state.used[seat] >> TILE & 1 or placing):
            raise ValueError(f"malformed bison state: seat {seat}'s tile does not fit its actions")
    if phase == CHOOSE:
        if state.action != -1 or state.count or state.remaining or state.target != -1:
            raise ValueError("malformed bison state: an action in progress while choosing")
        return
    action, count, remaining = state.action, state.count, state.remaining
    if action not in PHASE_ACTIONS[phase] or state.used[state.current] >> action & 1:
        raise ValueError("malformed bison state: the action in progress does not fit the phase")
    if not 0 <= remaining <= count <= MAX_HUNTERS_PER_ACTION:
        raise ValueError("malformed bison state: bad hunter counts")
    if (phase in (HUNTERS, GAIN)) == bool(count) and phase != PLACE:
        raise ValueError("malformed bison state: the hunters do not fit the phase")
    if phase == PAY and not ACTION_COST[count]:
        raise ValueError("malformed bison state: paying for a free action")
    if phase in (SHELTER, GATHER_AT, GATHER_FROM, MOVE) and not remaining:
        raise ValueError("malformed bison state: an action with nothing left to do")
    if phase == PLACE and state.hands[state.current] == EMPTY:
        raise ValueError("malformed bison state: placing a tile nobody holds")
    if phase == DEPLOY and (not count or not 0 <= state.target < len(POSITIONS)):
        raise ValueError("malformed bison state: hunters for no tile")
    if phase == GATHER_FROM and not (
        0 <= state.target < SPACES and state.owner[state.target] == state.current
    ):
        raise ValueError("malformed bison state: gathering at a space not the player's")
    if any(not 0 <= s < SPACES for s in (*state.touched, *state.moved)):
        raise ValueError("malformed bison state: bad spaces in the action in progress")


BACK_PHASES = frozenset(PHASES) - {CHOOSE, DEPLOY, OVER}
"""The phases in which ``back`` is offered: an action is in progress and its tile, if any,
is still in hand."""


def _check_back(state: BisonState) -> None:
    """A choice point exactly while ``back`` may be taken, and one that is a sound state."""
    if (state.back is not None) != (state.phase in BACK_PHASES):
        raise ValueError(f"malformed bison state: a choice point does not fit phase {state.phase}")
    if state.back is None:
        return
    if state.back.seat != state.current:
        raise ValueError("malformed bison state: a choice point of another player")
    there = state.clone()
    there._go_back()
    if there.events_turn > state.events_turn:
        raise ValueError("malformed bison state: a choice point later than the state")
    _check_consistent(there)


GAME = Bison()
BisonState.game = GAME
__all__ = ["GAME", "Bison", "BisonState"]
