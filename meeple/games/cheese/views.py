"""The JSON pieces of a view that depend only on unchanging things, built once.

A queued card is a :class:`~meeple.games.cheese.resolution.Placed` tuple (seat, animal,
order), and how a seat sees it depends only on the card, on whether the seat owns it and on
whether the game is over: so there are few distinct card dicts, and every view shares them
from the tables below instead of building new ones at every call. Views are read-only
snapshots (``docs/architecture.md``), and nobody changes these dicts, so sharing them is safe;
it also makes comparing queues quick (:mod:`meeple.games.cheese.encoding` does, to reuse what
it built for the last view), as equal cards are then the same object. The same holds for the
cards won (``piles``), the colours of a player count, the names of a hand, and the parts
of a view that cannot change before the end (empty piles, zero scores, no winner).

>>> from meeple.games.cheese.data import CAT, MOUSE
>>> card_view(Placed(1, CAT, 2), seat=0, over=False)
{'seat': 1, 'card': None, 'face_up': False, 'placed': 2}
>>> card_view(Placed(1, MOUSE, 2), seat=0, over=False)
{'seat': 1, 'card': 'mouse', 'face_up': True, 'placed': 2}
>>> cards_seen_by(0)[Placed(1, CAT, 2)] is cards_seen_by(0)[Placed(1, CAT, 2)]
True
"""

from __future__ import annotations

from functools import cache

from meeple.core.game import JSON
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    ANIMALS,
    COLOURS,
    PLACE_COUNT,
)
from meeple.games.cheese.resolution import ATE, CAUGHT, CHASED, Placed, Won

SEATS = range(len(COLOURS))
"""Every seat of the largest game (seat ``i`` plays ``COLOURS[i]``)."""

ALL_PLACED = tuple(
    Placed(seat, animal, order)
    for seat in SEATS
    for animal in ANIMALS
    for order in range(1, PLACE_COUNT + 1)
)
"""Every card that can lie in a queue."""


def card_view(card: Placed, seat: int | None, over: bool) -> JSON:
    """How ``seat`` (``None``: a spectator) sees ``card`` in a queue; the tables' source.

    Face-down cards show their colour (the card backs are in the player's colour): only
    what the animal is stays hidden, from everyone but its owner, until the reveal.
    """
    return {
        "seat": card.seat,
        "card": ANIMAL_NAMES[card.animal] if over or card.face_up or card.seat == seat else None,
        "face_up": over or card.face_up,
        "placed": card.order,
    }


@cache
def cards_seen_by(seat: int | None) -> dict[Placed, JSON]:
    """Every card's dict as ``seat`` sees it before the reveal (shared by all its views)."""
    return {card: card_view(card, seat, over=False) for card in ALL_PLACED}


CARDS_REVEALED: dict[Placed, JSON] = {card: card_view(card, None, over=True) for card in ALL_PLACED}
"""Every card's dict once the queues are revealed (the same for every seat)."""


def won_view(won: Won) -> JSON:
    """A card in front of a player at the end."""
    return {"card": ANIMAL_NAMES[won.animal], "colour": won.colour, "how": won.how}


WON_VIEWS: dict[Won, JSON] = {
    won: won_view(won)
    for won in (
        Won(animal, colour, how)
        for animal in ANIMALS
        for colour in SEATS
        for how in (ATE, CAUGHT, CHASED)
    )
}
"""Every card a player can win, as the view shows it."""


class Shown:
    """The ``cheeses`` of a seat's last view, kept by the state for its next view: one dict
    per position, ``{"cheese": number, "queue": [card, …]}``, and the queue lengths they show.

    Queues only grow, so a position whose length is unchanged still shows the same cards and
    its dict is shared with the next view; a longer queue gets a new dict (the old one stays
    as it was, in the views that hold it).
    """

    __slots__ = ("cheeses", "deck", "deck_size", "lengths", "upto")

    def __init__(self, numbers: list[int]) -> None:
        self.cheeses: list[JSON] = [{"cheese": n, "queue": []} for n in numbers]
        self.lengths = [0] * len(numbers)
        self.upto = -1
        """How many of the state's placements (``CheeseState._placements``) these cheeses
        show: the cheeses placed at since are the ones to bring up to date (-1: all of them,
        as for a state whose queues are not empty when this is made)."""
        self.deck: list[str] | None = None
        """The seat's deck as its last view showed it (see ``CheeseState._deck_seen_by``)."""
        self.deck_size = 0

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled afresh (a cache: the next view fills it in again), as compiled
        # with mypyc a class whose __init__ takes arguments is not restored as Python does.
        return Shown, ([shown["cheese"] for shown in self.cheeses],)


@cache
def colours(players: int) -> list[str]:
    """The seats' colours for a player count."""
    return list(COLOURS[:players])


@cache
def seat_list(seat: int) -> list[int]:
    """``[seat]``: the view's ``to_move`` during play, one shared list per seat."""
    return [seat]


@cache
def no_piles(players: int) -> list[list[JSON]]:
    """Every seat's pile before the end: empty."""
    return [[] for _ in range(players)]


@cache
def no_scores(players: int) -> list[int | float]:
    """The scores before the end: nobody has won a card."""
    return [0] * players


NOBODY: list[int] = []
"""The winners before the end."""


@cache
def hand_names(hand: tuple[int, ...]) -> list[str]:
    """A hand of counts by animal as the sorted list of its animals' names (few hands exist)."""
    return [ANIMAL_NAMES[a] for a in ANIMALS for _ in range(hand[a])]
