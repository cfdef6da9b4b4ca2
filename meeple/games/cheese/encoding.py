"""Go da Cheese! for learning agents: fixed action indices and the observation tensor.

Actions (``cheeses × 6 + 1``: 37/49/61 for 3/4/5 players): ``place`` an animal card at a
cheese (cheese-major: index ``cheese * 6 + animal``), then ``draw``. The observation is
built from ``view(seat)`` only; seats are listed from the observer. Its layout, slice by
slice, is in ``docs/rl.md``.

Every card in a queue has a slot: a player places at most one card per cheese a turn
(the three cards of a turn go to three cheeses in a row) and five placements a game, so a
queue holds at most five cards per player (:func:`queue_slots`).

Speed: learning runs build an observation at every step, and most of it describes the
queues, which only grow. So the cheeses' entries of each seat's last observation are kept
(:class:`_Circle`) and extended with the cards placed since; each card sets three ones in
its slot, which never change again and are shared, a few dozen at a time, as ready-made
segments (converted to numpy once). (Counts per cheese — cards per seat, animals seen,
queue lengths — would change at every step; they are left out, as the slots hold them.)
Everything is still computed from the view passed in: a kept part is used only for a queue
equal to (or starting with) the one it was made from (a cheese dict seen before, by
identity, or an equal queue), so any view, even one read back from JSON, gives the same
tensor.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from itertools import compress
from operator import is_not
from typing import Any

from meeple.core.encoding import ActionSpace, Features, Segment
from meeple.core.game import JSON, Action, OptionValue
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    CHEESES_BY_PLAYERS,
    DECK_SIZE,
    HAND_LIMIT,
    PLACE_COUNT,
    PLACEMENTS_PER_PLAYER,
)
from meeple.games.cheese.resolution import ATE, CAUGHT, CHASED
from meeple.games.cheese.rules import TEMPLATES

PHASES = ("play", "over")
HOWS = (ATE, CAUGHT, CHASED)


def queue_slots(players: int) -> int:
    """Slots per cheese, one per card a queue can hold: each player's placements, one card at
    a cheese each (15 / 20 / 25 for 3 / 4 / 5 players)."""
    return PLACEMENTS_PER_PLAYER * players


_ANIMAL = {name: i for i, name in enumerate(ANIMAL_NAMES)}
_ANIMALS = len(ANIMAL_NAMES)
_HOW = {how: i for i, how in enumerate(HOWS)}
_PHASE = {phase: i for i, phase in enumerate(PHASES)}


class CheeseSpace(ActionSpace):
    """The cheese action table, with a quicker :meth:`legal` for the env's hot path."""

    __slots__ = ("cheeses", "players")

    def __init__(self, players: int) -> None:
        self.players = players
        self.cheeses = CHEESES_BY_PLAYERS[players]
        super().__init__(
            [("place", [("cheese", range(self.cheeses)), ("card", ANIMAL_NAMES)]), ("draw", [])]
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return CheeseSpace, (self.players,)

    def legal(self, legal_actions: Iterable[Action]) -> dict[int, Action]:
        """As :meth:`ActionSpace.legal` (the same indices, the same errors), with a place
        action's index worked out directly: cheese-major, ``cheese × 6 + animal``. A
        placement starts a turn with up to 61 legal actions (every animal in hand at every
        cheese), which the generic look-up, field by field, takes a few µs over."""
        out: dict[int, Action] = {}
        cheeses = self.cheeses
        for action in legal_actions:
            i = -1
            try:
                if len(action) == 3 and action["type"] == "place":
                    cheese = action["cheese"]
                    animal = _ANIMAL.get(action["card"], -1)
                    if type(cheese) is int and 0 <= cheese < cheeses and animal >= 0:
                        i = cheese * _ANIMALS + animal
            except (KeyError, TypeError):  # a missing field, an unhashable value
                i = -1  # the generic look-up says what is wrong
            if i < 0:
                i = self.index(action)  # a draw, or anything unusual: the generic way
            if i in out:
                raise ValueError(f"actions {out[i]!r} and {action!r} share index {i}")
            out[i] = action
        return out


@cache
def _space(players: int) -> CheeseSpace:
    space = CheeseSpace(players)
    # The game's ready-made actions of this many cheeses: their indices by identity.
    space.keep(a for a in TEMPLATES if a["type"] == "draw" or a["cheese"] < space.cheeses)
    return space


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
            ("cheese_queue", cheeses * queue_slots(players) * _slot_size(players)),
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
                index.extend(positions)
                values.extend(counts)
        # Whose turn it is, hand and deck sizes, scores: few combinations occur (fewer than
        # 500 per player count in random games), so their entries are kept.
        numbers = (
            tuple(view["to_move"]),
            tuple(view["hand_sizes"]),
            tuple(view["deck_sizes"]),
            tuple(view["scores"]),
        )
        entries = _SEATS.get((players, seat, numbers))
        if entries is None:
            if len(_SEATS) >= _SEATS_KEPT:
                _SEATS.clear()
            entries = _SEATS[players, seat, numbers] = _seat_entries(at, seat, numbers)
        index.extend(entries[0])
        values.extend(entries[1])
        all_piles = view["piles"]
        if any(all_piles):  # empty until the end
            order = at.order[seat]
            piles: dict[int, float] = {}
            for k, s in enumerate(order):
                for won in all_piles[s]:
                    i = (k * _ANIMALS + _ANIMAL[won["card"]]) * len(HOWS) + _HOW[won["how"]]
                    piles[i] = piles.get(i, 0.0) + 0.2
            for i, value in piles.items():
                f.put(at.pile + i, value)
        # The cheeses' slices (values, queue slots) come from this seat's last observation,
        # with the cards placed since added (see _Circle). The circle is taken out of the
        # cache while it changes, so an error leaves none half changed.
        key = (players, seat)
        circle = _CIRCLES.pop(key, None)
        table = view["cheeses"]
        if circle is None or not circle.extend(at, seat, table):
            circle = _Circle.of(at, seat, table)
        _CIRCLES[key] = circle
        index.extend(circle.tail_index)
        values.extend(circle.tail_values)
        f.segments.extend(circle.chunks)
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
        self.queue = starts["cheese_queue"]
        self.slots = queue_slots(players)
        self.slot = _slot_size(players)
        self.cards: list[dict[int, CardOffsets]] = [{} for _ in range(players)]
        """Per seat, the cards it has seen, by identity (:func:`_card_offsets`)."""


@cache
def _offsets(players: int) -> _Offsets:
    return _Offsets(players)


def _seat_entries(
    at: _Offsets, seat: int, numbers: tuple[tuple[float, ...], ...]
) -> tuple[list[int], list[float]]:
    """The entries of the per-seat slices from ``numbers``: the seats to move, and each
    seat's hand size, deck size and score."""
    to_move, hand_sizes, deck_sizes, scores = numbers
    players = at.players
    index = [at.to_move + (int(s) - seat) % players for s in to_move]
    values = [1.0] * len(index)
    for base, sizes, scale in (
        (at.hand_size, hand_sizes, HAND_LIMIT),
        (at.deck_size, deck_sizes, DECK_SIZE),
        (at.score, scores, 20.0),
    ):
        for k, s in enumerate(at.order[seat]):
            n = sizes[s]
            if n:
                index.append(base + k)
                values.append(n / scale)
    return index, values


_SEATS: dict[tuple[object, ...], tuple[list[int], list[float]]] = {}
"""The per-seat slices' entries by (players, seat, to move, hand sizes, deck sizes, scores)."""
_SEATS_KEPT = 20_000
"""At most this many are kept (then they are forgotten and built again as they come)."""


@lru_cache(maxsize=4096)
def _card_counts(base: int, cards: tuple[str, ...]) -> tuple[list[int], list[float]]:
    """The entries of a hand or deck (a sorted list of names; few distinct ones exist)."""
    counts = [0.0] * _ANIMALS
    for name in cards:
        counts[_ANIMAL[name]] += 1
    positions = [base + k for k, n in enumerate(counts) if n]
    return positions, [n / 7.0 for n in counts if n]


class _Circle:
    """The cheeses' entries in one seat's last observation, kept to build its next one.

    Queues only grow at their back (until the reveal turns every card over), so a seat's
    next view usually shows a few more cards: their slots' entries are added and the rest is
    reused as it is. A view whose queues do not extend the kept ones (another game, the
    reveal) builds a new circle.

    The entries (the cheeses' values, the queue slots) never change once written: they are
    appended to ``tail`` and, once it holds :data:`CHUNK` entries or more, frozen into a
    :class:`~meeple.core.encoding.Segment` (``chunks``). Every later observation of this seat
    shares the same segments, which :mod:`meeple.rl` converts to numpy once, instead of
    copying and converting a hundred or more entries at each step.
    """

    __slots__ = ("chunks", "numbers", "queues", "shown", "tail_index", "tail_values")

    def __init__(self, cheeses: int) -> None:
        self.tail_index: list[int] = []  # unchanging entries not yet frozen
        self.tail_values: list[float] = []
        self.chunks: list[tuple[int, Segment]] = []  # frozen ones, as Features.segments holds them
        self.numbers: list[int] = [0] * cheeses  # each cheese's number
        self.queues: list[list[JSON]] = [[] for _ in range(cheeses)]  # copies of the queues
        self.shown: list[JSON | None] = [None] * cheeses
        """The view's cheese dicts these entries were made from. The state shares a cheese's
        dict from view to view while its queue has not grown, and a view is a read-only
        snapshot: the same dict again means nothing to add, told without reading it."""

    @classmethod
    def of(cls, at: _Offsets, seat: int, table: list[JSON]) -> _Circle:
        """The entries of the cheeses ``table`` of ``seat``'s view, from scratch."""
        circle = cls(len(table))
        for i, cheese in enumerate(table):
            number = circle.numbers[i] = cheese["cheese"]
            if number:
                circle.tail_index.append(at.cheese_value + i)
                circle.tail_values.append(number / 5.0)
            circle.add(at, seat, i, cheese["queue"])
            circle.shown[i] = cheese
        circle.freeze()
        return circle

    def extend(self, at: _Offsets, seat: int, table: list[JSON]) -> bool:
        """Add the cards queued since; ``False`` (and half done) if ``table`` does not
        extend the kept queues: then build a new circle."""
        shown = self.shown
        if len(table) != len(shown):
            return False
        # Most cheeses got no card since (the same dict): the others are found by identity,
        # in C, without a step of Python per cheese.
        for i in compress(range(len(table)), map(is_not, table, shown)):
            cheese = table[i]
            queue = cheese["queue"]
            known = self.queues[i]
            n = len(known)
            if cheese["cheese"] != self.numbers[i] or len(queue) < n or queue[:n] != known:
                return False
            if len(queue) > n:
                self.add(at, seat, i, queue)
            shown[i] = cheese
        self.freeze()
        return True

    def freeze(self) -> None:
        """Make the unchanging entries a shared segment once there are enough of them (a
        segment costs the array a scatter at every step; a few dozen entries are worth it)."""
        if len(self.tail_index) >= CHUNK:
            segment = Segment(tuple(self.tail_index), tuple(self.tail_values))
            self.chunks.append((0, segment))
            self.tail_index = []
            self.tail_values = []

    def add(self, at: _Offsets, seat: int, i: int, queue: list[JSON]) -> None:
        """Add the slots of the cards of cheese ``i``'s ``queue`` not yet kept: owner
        (one-hot), animal or hidden (one-hot), how it lies (one-hot)."""
        slots = self.tail_index
        ones = self.tail_values
        seen_by = at.cards[seat]
        size = at.slot
        first = len(self.queues[i])
        base = at.queue + (i * at.slots + first) * size
        # Cards past the last slot come only in a malformed view (a queue holds at most
        # ``queue_slots`` cards): they are left out.
        for card in queue[first : at.slots]:
            known = seen_by.get(id(card))
            if known is None or known[0] is not card:
                known = _card_offsets(at, seat, card)
            offsets = known[1]
            if len(offsets) == 3:  # every card of a well-formed view (written out: quicker)
                owner, animal, lies = offsets
                slots += (base + owner, base + animal, base + lies)
                ones += _ONES
            else:
                slots += [base + offset for offset in offsets]
                ones += _ONES[: len(offsets)]
            base += size
        self.queues[i] = queue[:]


_ONES = (1.0, 1.0, 1.0)

CardOffsets = tuple[JSON, tuple[int, ...]]
"""A queued card as one seat's observation shows it: the card dict itself, and the places of
its ones within its slot: its owner (seen from the seat), its animal (or hidden) and how it
lies (left out for a card placed out of turn order, which only a malformed view has)."""


def _card_offsets(at: _Offsets, seat: int, card: JSON) -> CardOffsets:
    """What ``seat``'s observation shows of ``card``, kept by the card dict's identity.

    The views share one dict per card and way of seeing it (``views.cards_seen_by``), and
    a view is a read-only snapshot, so the same dict again shows the same: each seat works
    out a card's owner, animal and how it lies once per game or so, not at every step. The
    entry holds the dict, so that its ``id`` cannot pass to another while it is kept; a view
    read back from JSON brings new dicts, which are worked out as they come.
    """
    players = at.players
    name = card["card"]
    placed = card["placed"]
    offsets: tuple[int, ...] = (
        (card["seat"] - seat) % players,
        players + (_ANIMALS if name is None else _ANIMAL[name]),  # or hidden
    )
    if 1 <= placed <= PLACE_COUNT:
        lies = players + _ANIMALS + 1 + placed - 1 + (PLACE_COUNT if card["face_up"] else 0)
        offsets += (lies,)
    known = (card, offsets)
    kept = at.cards[seat]
    if len(kept) >= _CARDS_KEPT:
        kept.clear()
    kept[id(card)] = known
    return known


_CARDS_KEPT = 2048
"""Cards kept per seat (:func:`_card_offsets`): a seat sees at most 90 shared card dicts
before the reveal and 90 after it; views read back from JSON bring new ones each time."""


CHUNK = 36
"""Unchanging circle entries (queue slots, three per card) frozen into one shared segment."""


_CIRCLES: dict[tuple[int, int], _Circle] = {}
"""Per (players, seat), the circle of the last observation. Several games played at once in
one process (vectorised environments) take turns here and rebuild at each switch, slower
but never wrong: a circle is extended only by a view whose queues start with the kept ones.
(Keeping one circle per game, told apart by the cheeses' numbers, cost a single game 1–3 µs
a step, mostly in memory traffic, so one per seat it is.)"""


ENCODING = CheeseEncoding()
