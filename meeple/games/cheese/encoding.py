"""Go da Cheese! for learning agents: fixed action indices and the observation tensor.

Actions (``cheeses × 6 + 1``: 37/49/61 for 3/4/5 players): ``place`` an animal card at a
cheese (cheese-major: index ``cheese * 6 + animal``), then ``draw``. The observation is
built from ``view(seat)`` only; seats are listed from the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from meeple.core.encoding import ActionSpace, Features
from meeple.core.game import JSON, OptionValue
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    CHEESES_BY_PLAYERS,
    COLOURS,
    DECK_SIZE,
    HAND_LIMIT,
    PLACE_COUNT,
)
from meeple.games.cheese.resolution import ATE, CAUGHT, CHASED

PHASES = ("play", "over")
HOWS = (ATE, CAUGHT, CHASED)
QUEUE_SLOTS = 20
"""Cards of a cheese's queue shown one by one, from its head; later ones only in the counts.
(Random games seldom queue more than 16 cards at one cheese.)"""
_ANIMAL = {name: i for i, name in enumerate(ANIMAL_NAMES)}
_ANIMALS = len(ANIMAL_NAMES)
_HOW = {how: i for i, how in enumerate(HOWS)}
_PHASE = {phase: i for i, phase in enumerate(PHASES)}


@cache
def _space(players: int) -> ActionSpace:
    return ActionSpace(
        [
            ("place", [("cheese", range(CHEESES_BY_PLAYERS[players])), ("card", ANIMAL_NAMES)]),
            ("draw", []),
        ]
    )


def _slot_size(players: int) -> int:
    # present, owner (relative), animal or hidden, face up, placed as 1st/2nd/3rd card
    return 1 + players + _ANIMALS + 1 + 1 + PLACE_COUNT


class CheeseEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Go da Cheese!."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """Place each animal at each cheese, or draw."""
        return _space(players)

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        cheeses = CHEESES_BY_PLAYERS[players]
        return [
            ("phase", len(PHASES)),
            ("placed", PLACE_COUNT + 1),
            ("next_cheese", cheeses),
            ("hand", _ANIMALS),
            ("my_deck", _ANIMALS),
            ("seat_to_move", players),
            ("seat_hand_size", players),
            ("seat_deck_size", players),
            ("seat_score", players),
            ("seat_pile", players * _ANIMALS * len(HOWS)),
            ("cheese_value", cheeses),
            ("cheese_queue_length", cheeses),
            ("cheese_seat_cards", cheeses * players),
            ("cheese_seen_animals", cheeses * _ANIMALS),
            ("cheese_queue", cheeses * QUEUE_SLOTS * _slot_size(players)),
        ]

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """No history: the view holds everything the observation needs."""
        return None

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: object = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``."""
        at = _offsets(players)
        f = Features()
        f.one_hot(_PHASE[view["phase"]], len(PHASES))
        f.one_hot(view["placed"], PLACE_COUNT + 1)
        f.one_hot(view["next_cheese"], at.cheeses)
        for cards in (view.get("hand", ()), view.get("deck", ())):
            counts = [0.0] * _ANIMALS
            for name in cards:
                counts[_ANIMAL[name]] += 1
            f.counts(counts, 7.0)
        order = at.order[seat]
        to_move = view["to_move"]
        f.flags([s in to_move for s in order])
        hand_sizes = view["hand_sizes"]
        f.counts([hand_sizes[s] for s in order], HAND_LIMIT)
        deck_sizes = view["deck_sizes"]
        f.counts([deck_sizes[s] for s in order], DECK_SIZE)
        scores = view["scores"]
        f.counts([scores[s] for s in order], 20.0)
        base = f.block(players * _ANIMALS * len(HOWS))
        all_piles = view["piles"]
        if any(all_piles):  # empty until the end
            piles: dict[int, float] = {}
            for k, s in enumerate(order):
                for won in all_piles[s]:
                    i = (k * _ANIMALS + _ANIMAL[won["card"]]) * len(HOWS) + _HOW[won["how"]]
                    piles[i] = piles.get(i, 0.0) + 0.2
            for i, value in piles.items():
                f.put(base + i, value)
        # The cheeses' slices (values, lengths, counts, queue slots) are written together,
        # one cheese at a time, from the cache of what each cheese's queue gives.
        f.block(at.size - at.cheese_value)
        index = f.index
        values = f.values
        for i, cheese in enumerate(view["cheeses"]):
            part = _cheese_part(at, seat, i, cheese)
            index += part.index
            values += part.values
        return f


class _Offsets:
    """Where each cheese slice starts, and each seat's order of the others, for a player count."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.cheeses = CHEESES_BY_PLAYERS[players]
        self.order = [[(seat + k) % players for k in range(players)] for seat in range(players)]
        layout = CheeseEncoding().layout(players, {})
        starts: dict[str, int] = {}
        size = 0
        for name, length in layout:
            starts[name] = size
            size += length
        self.size = size
        self.cheese_value = starts["cheese_value"]
        self.queue_length = starts["cheese_queue_length"]
        self.seat_cards = starts["cheese_seat_cards"]
        self.seen = starts["cheese_seen_animals"]
        self.queue = starts["cheese_queue"]
        self.slot = _slot_size(players)


@cache
def _offsets(players: int) -> _Offsets:
    return _Offsets(players)


_FIFTHS = [0.0]
for _ in range(DECK_SIZE * len(COLOURS)):
    # n cards counted as n additions of 0.2, as the observation has always summed them
    # (0.2 + 0.2 + 0.2 is not 3 * 0.2 in floating point).
    _FIFTHS.append(_FIFTHS[-1] + 0.2)


class _CheesePart:
    """What one cheese's queue, seen by one seat, puts into the observation.

    A queue only ever grows at its back (until the reveal turns every card over), so the
    part for a longer queue extends the previous one with the new cards only.
    """

    __slots__ = ("cheese", "index", "queue", "seat_counts", "seen_counts", "slots", "values")

    def __init__(self, cheese: int, queue: list[JSON], seat_counts: list[int]) -> None:
        self.cheese = cheese
        self.queue = queue  # a copy of the queue this part was made from
        self.seat_counts = seat_counts  # cards of each seat, in the observer's order
        self.seen_counts = [0] * _ANIMALS  # cards of each animal seen
        self.slots: list[int] = []  # the queue slots' non-zero positions (all ones)
        self.index: list[int] = []  # all of the cheese's non-zero positions …
        self.values: list[float] = []  # … and their values


_PARTS: dict[tuple[int, int, int], _CheesePart] = {}
"""The last part made for (players, seat, cheese position). Several games played at once
in one process take turns here and rebuild more often, but never read a wrong part: a part
is reused only for a queue that starts with the same cards as the one it was made from
(cards compare by identity first, as the views share them, so that check is quick)."""


def _cheese_part(at: _Offsets, seat: int, i: int, cheese: JSON) -> _CheesePart:
    """The observation entries of cheese ``i`` of ``seat``'s view: its value and queue length,
    its cards per seat and animals seen, and its queue slots."""
    key = (at.players, seat, i)
    queue: list[JSON] = cheese["queue"]
    value: int = cheese["cheese"]
    old = _PARTS.get(key)
    if old is not None and old.cheese == value:
        if queue == old.queue:
            return old  # the usual case: nobody placed a card here since
        known = len(old.queue)
        if len(queue) < known or queue[:known] != old.queue:
            old = None
    else:
        old = None
    players = at.players
    part = _CheesePart(value, queue[:], [0] * players)
    if old is not None:
        part.seat_counts = old.seat_counts[:]
        part.seen_counts = old.seen_counts[:]
        part.slots = old.slots[:]
    seat_counts = part.seat_counts
    seen_counts = part.seen_counts
    slots = part.slots
    size = at.slot
    for j in range(0 if old is None else len(old.queue), len(queue)):
        card = queue[j]
        owner = (card["seat"] - seat) % players
        seat_counts[owner] += 1
        name = card["card"]
        animal = _ANIMALS if name is None else _ANIMAL[name]
        if name is not None:
            seen_counts[animal] += 1
        if j >= QUEUE_SLOTS:
            continue  # only in the counts
        base = at.queue + (i * QUEUE_SLOTS + j) * size
        # present, owner (one-hot), animal or hidden (one-hot), face up, placed (one-hot)
        slots += (base, base + 1 + owner, base + 1 + players + animal)
        flags = base + 1 + players + _ANIMALS + 1
        if card["face_up"]:
            slots.append(flags)
        placed = card["placed"]
        if 1 <= placed <= PLACE_COUNT:
            slots.append(flags + placed)
    index = part.index
    values = part.values
    if value:
        index.append(at.cheese_value + i)
        values.append(value / 5.0)
    if queue:
        index.append(at.queue_length + i)
        values.append(len(queue) / 10.0)
    for k, n in enumerate(seat_counts):
        if n:
            index.append(at.seat_cards + i * players + k)
            values.append(_FIFTHS[n])
    for k, n in enumerate(seen_counts):
        if n:
            index.append(at.seen + i * _ANIMALS + k)
            values.append(_FIFTHS[n])
    index += slots
    values += [1.0] * len(slots)
    _PARTS[key] = part
    return part


ENCODING = CheeseEncoding()
