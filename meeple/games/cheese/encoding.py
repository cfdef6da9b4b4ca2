"""Go da Cheese! for learning agents: fixed action indices and the observation tensor.

Actions (``cheeses × 6 + 1``: 37/49/61 for 3/4/5 players): ``place`` an animal card at a
cheese (cheese-major: index ``cheese * 6 + animal``), then ``draw``. The observation is
built from ``view(seat)`` only; seats are listed from the observer. Its layout, slice by
slice, is in ``docs/rl.md``.

Speed: learning runs build an observation at every step, and most of it describes the
queues, which only grow. So each cheese's entries, as one seat sees them, are kept
(:class:`_CheesePart`) and reused while that queue is unchanged, or extended with its new
cards only; each card sets three ones in its slot. Everything is still computed from the
view passed in: a kept part is used only for a queue equal to (or starting with) the one it
was made from, so any view, even one read back from JSON, gives the same tensor.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from meeple.core.encoding import ActionSpace, Features
from meeple.core.game import JSON, OptionValue
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    CHEESES_BY_PLAYERS,
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
    # owner (relative), animal or hidden, how it lies: placed 1st/2nd/3rd × face down/up.
    # Three ones per card: an empty slot is all zeros, so no "present" flag is needed.
    return players + _ANIMALS + 1 + 2 * PLACE_COUNT


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
        # The whole observation is reserved at once and its non-zero entries written at
        # their positions (``at`` holds where each slice starts): the usual one-hots and
        # counts, but without a call per slice on this path, which runs at every step.
        f.block(at.size)
        index = f.index
        values = f.values
        index.append(at.phase + _PHASE[view["phase"]])
        values.append(1.0)
        placed = view["placed"]
        if 0 <= placed <= PLACE_COUNT:
            index.append(at.placed + placed)
            values.append(1.0)
        nxt = view["next_cheese"]
        if nxt is not None and 0 <= nxt < at.cheeses:
            index.append(at.next_cheese + nxt)
            values.append(1.0)
        for base, cards in ((at.hand, view.get("hand")), (at.deck, view.get("deck"))):
            if cards:
                positions, counts = _card_counts(base, tuple(cards))
                index += positions
                values += counts
        for s in view["to_move"]:
            index.append(at.to_move + (s - seat) % players)
            values.append(1.0)
        order = at.order[seat]
        for base, numbers, scale in (
            (at.hand_size, view["hand_sizes"], HAND_LIMIT),
            (at.deck_size, view["deck_sizes"], DECK_SIZE),
            (at.score, view["scores"], 20.0),
        ):
            for k, s in enumerate(order):
                n = numbers[s]
                if n:
                    index.append(base + k)
                    values.append(n / scale)
        all_piles = view["piles"]
        if any(all_piles):  # empty until the end
            piles: dict[int, float] = {}
            for k, s in enumerate(order):
                for won in all_piles[s]:
                    i = (k * _ANIMALS + _ANIMAL[won["card"]]) * len(HOWS) + _HOW[won["how"]]
                    piles[i] = piles.get(i, 0.0) + 0.2
            for i, value in piles.items():
                f.put(at.pile + i, value)
        # The cheeses' slices (values, lengths, counts, queue slots) come from what each
        # cheese's queue gave last time, extended with its new cards (see _CheesePart).
        parts = _parts(at, seat)
        for i, cheese in enumerate(view["cheeses"]):
            part = parts[i]
            if part is None or part.cheese != cheese["cheese"] or part.queue != cheese["queue"]:
                part = parts[i] = _cheese_part(at, seat, i, cheese, part)
            index += part.index
            values += part.values
        return f


class _Offsets:
    """Where each slice starts, and each seat's order of the others, for a player count."""

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
        self.phase = starts["phase"]
        self.placed = starts["placed"]
        self.next_cheese = starts["next_cheese"]
        self.hand = starts["hand"]
        self.deck = starts["my_deck"]
        self.to_move = starts["seat_to_move"]
        self.hand_size = starts["seat_hand_size"]
        self.deck_size = starts["seat_deck_size"]
        self.score = starts["seat_score"]
        self.pile = starts["seat_pile"]
        self.cheese_value = starts["cheese_value"]
        self.queue_length = starts["cheese_queue_length"]
        self.seat_cards = starts["cheese_seat_cards"]
        self.seen = starts["cheese_seen_animals"]
        self.queue = starts["cheese_queue"]
        self.slot = _slot_size(players)


@cache
def _offsets(players: int) -> _Offsets:
    return _Offsets(players)


@lru_cache(maxsize=4096)
def _card_counts(base: int, cards: tuple[str, ...]) -> tuple[list[int], list[float]]:
    """The entries of a hand or deck (a sorted list of names; few distinct ones exist)."""
    counts = [0.0] * _ANIMALS
    for name in cards:
        counts[_ANIMAL[name]] += 1
    positions = [base + k for k, n in enumerate(counts) if n]
    return positions, [n / 7.0 for n in counts if n]


class _CheesePart:
    """What one cheese's queue, seen by one seat, puts into the observation (never changed
    once made: a longer queue makes a new part)."""

    __slots__ = ("cheese", "counts", "index", "queue", "slots", "values")

    def __init__(
        self, cheese: int, queue: list[JSON], counts: dict[int, float], slots: list[int]
    ) -> None:
        self.cheese = cheese
        self.queue = queue  # a copy of the queue the part was made from
        self.counts = counts  # value, queue length, cards per seat, animals seen: pos -> value
        self.slots = slots  # the queue slots' non-zero positions (all ones)
        self.index = [*counts, *slots]  # all of the cheese's non-zero positions …
        self.values = [*counts.values(), *[1.0] * len(slots)]  # … and their values


_PARTS: dict[tuple[int, int], list[_CheesePart | None]] = {}
"""Per (players, seat), the last part made for each cheese position. Several games played at
once in one process take turns here and rebuild more often, but never read a wrong part: a
part is reused only for a queue equal to the one it was made from, and extended only for a
queue that starts with it (cards compare by identity first, as the views share them, so these
checks are quick). Parts never change once made, so one that a malformed view left half built,
or another thread, cannot exist."""


def _parts(at: _Offsets, seat: int) -> list[_CheesePart | None]:
    parts = _PARTS.get((at.players, seat))
    if parts is None:
        parts = _PARTS[at.players, seat] = [None] * at.cheeses
    return parts


def _cheese_part(
    at: _Offsets, seat: int, i: int, cheese: JSON, part: _CheesePart | None
) -> _CheesePart:
    """The observation entries of cheese ``i`` of ``seat``'s view: its value and queue length,
    its cards per seat and animals seen, and its queue slots. ``part`` is the last part made
    for that cheese and seat: it is extended if the queue only grew since, else replaced."""
    queue: list[JSON] = cheese["queue"]
    value: int = cheese["cheese"]
    if part is not None:
        known = len(part.queue)
        if part.cheese != value or len(queue) < known or queue[:known] != part.queue:
            part = None
    # A queue only ever grows at its back (until the reveal turns every card over), so a
    # longer queue needs only its new cards added to the last part.
    if part is None:
        start = 0
        counts = {at.cheese_value + i: value / 5.0} if value else {}
        slots: list[int] = []
    else:
        start = len(part.queue)
        counts = part.counts.copy()
        slots = part.slots[:]
    players = at.players
    size = at.slot
    for j in range(start, len(queue)):
        card = queue[j]
        owner = (card["seat"] - seat) % players
        # n cards add up as n additions of 0.2, as the observation has always summed them
        # (0.2 + 0.2 + 0.2 is not 3 * 0.2 in floating point).
        at_seat = at.seat_cards + i * players + owner
        counts[at_seat] = counts.get(at_seat, 0.0) + 0.2
        name = card["card"]
        if name is None:
            animal = _ANIMALS  # hidden
        else:
            animal = _ANIMAL[name]
            at_seen = at.seen + i * _ANIMALS + animal
            counts[at_seen] = counts.get(at_seen, 0.0) + 0.2
        if j >= QUEUE_SLOTS:
            continue  # only in the counts
        base = at.queue + (i * QUEUE_SLOTS + j) * size
        # owner (one-hot), animal or hidden (one-hot), how it lies (one-hot)
        slots += (base + owner, base + players + animal)
        placed = card["placed"]
        if 1 <= placed <= PLACE_COUNT:
            lies = placed - 1 + (PLACE_COUNT if card["face_up"] else 0)
            slots.append(base + players + _ANIMALS + 1 + lies)
    if queue:
        counts[at.queue_length + i] = len(queue) / 10.0
    return _CheesePart(value, queue[:], counts, slots)


ENCODING = CheeseEncoding()
