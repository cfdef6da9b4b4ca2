"""Legal actions in runs: each decision's list is made of a few ready-made tuples.

Most decisions of Bison repeat: the same market and track give the same buys and exchanges,
the same unused actions the same choices, the same open positions the same placements. So
``BisonState.legal_parts`` gives a decision's legal actions (``back`` aside) as a few tuples
of action dicts made once per content and shared, by these functions and tables (each keyed
by what decides its actions), and ``legal_actions`` copies them. The tuples and their dicts
are never changed: whoever reads them copies what it wants to change. The decisions that
depend on where the pieces stand (tent and canoe changes, gathering, moving) rarely repeat:
their runs are lists made for the call, which nobody keeps.

Being the same object for the same actions is what lets the learning adapters look up a
run's action indices once (``encoding.BisonActionSpace.legal_of``), not once per action at
every decision. ``tests/games/bison/test_speed_paths.py`` compares the lists with the rule's
plain statement over random games.
"""

from __future__ import annotations

from functools import cache, lru_cache

from meeple.core.game import Action
from meeple.games.bison.data import (
    ACTION_KINDS,
    ANIMALS,
    EXCHANGE_RATE,
    GRASSLAND,
    HUNTER_PRICE,
    MOUNTAIN,
    RIVER,
    SHELTER_SIZES,
    TRACK_MAX,
    shelter_price,
)
from meeple.games.bison.geometry import ORIENTATIONS, POSITIONS, space_of

Part = tuple[Action, ...]
"""A run of legal actions, shared: never change it or its dicts."""
Run = Part | list[Action]
"""A run of legal actions: shared (a tuple), or made for one call (a list), for the decisions
that depend on where the pieces stand (tent and canoe changes, gathering, moving), whose
runs would rarely come back."""

DEAREST = max(HUNTER_PRICE, *(shelter_price(size) for size in SHELTER_SIZES))
"""What the dearest piece costs of each animal: a player's fewest animals beyond it buy
nothing more, so the buys are kept by the fewest up to it."""


@lru_cache(maxsize=1024)
def buys(cheapest: int, hunter: bool, tents: tuple[int, ...], canoes: tuple[int, ...]) -> Part:
    """The market buys of a player whose fewest animals are ``cheapest`` (at most
    :data:`DEAREST`), with a hunter in the market or not, and tents and canoes there by size
    (counts, index 0 unused)."""
    actions: list[Action] = []
    if hunter and cheapest >= HUNTER_PRICE:
        actions.append({"type": "buy_hunter"})
    for size in SHELTER_SIZES:
        if cheapest >= shelter_price(size):
            if tents[size]:
                actions.append({"type": "buy_tent", "size": size})
            if canoes[size]:
                actions.append({"type": "buy_canoe", "size": size})
    return tuple(actions)


@lru_cache(maxsize=2048)
def exchanges(track: tuple[int, ...]) -> Part:
    """The exchanges a player with ``track`` may make: give three of an animal they have
    three of for one of another not at the top of its track."""
    return _exchanges(
        tuple(have >= EXCHANGE_RATE for have in track), tuple(n < TRACK_MAX for n in track)
    )


@cache
def _exchanges(rich: tuple[bool, ...], room: tuple[bool, ...]) -> Part:
    """:func:`exchanges` by what decides them (64 parts at most, shared by the tracks)."""
    return tuple(
        {"type": "exchange", "give": ANIMALS[give], "get": ANIMALS[get]}
        for give, can_give in enumerate(rich)
        if can_give
        for get, can_get in enumerate(room)
        if get != give and can_get
    )


CHOICES: list[Part] = [
    tuple(
        {"type": "action", "action": kind}
        for k, kind in enumerate(ACTION_KINDS)
        if not used >> k & 1
    )
    for used in range(1 << len(ACTION_KINDS))
]
"""The actions still to choose, by the bits of the actions used this round."""

GAINS: Part = tuple({"type": "gain", "animal": animal} for animal in ANIMALS)
"""The idle gain of an action without hunters: one of any animal."""


@cache
def only_choice(kind: str) -> Part:
    """The one action to choose (the tile, when it must be placed this round)."""
    return ({"type": "action", "action": kind},)


@cache
def hunters(counts: tuple[int, ...]) -> Part:
    """How many hunters the chosen action may use, of ``counts``."""
    return tuple({"type": "hunters", "count": n} for n in counts)


@cache
def payments(cost: int, bison: int, fish: int, turkeys: int) -> Part:
    """Every way to pay ``cost`` with at most ``bison``, ``fish`` and ``turkeys`` (each at most
    the cost: more changes nothing)."""
    return tuple(
        {"type": "pay", "bison": b, "fish": f, "turkeys": cost - b - f}
        for b in range(min(cost, bison) + 1)
        for f in range(min(cost - b, fish) + 1)
        if cost - b - f <= turkeys
    )


PLACEMENTS: list[Part] = [
    tuple({"type": "place", "position": p, "orientation": o} for o in range(ORIENTATIONS))
    for p in range(len(POSITIONS))
]
"""The drawn tile at one position, turned every way: a placement's legal actions are these
of each open position (a game's open positions rarely repeat, its positions always do)."""


DEPLOYMENTS: list[Part] = [
    tuple({"type": "deploy", "space": space_of(p, t)} for t in (GRASSLAND, RIVER, MOUNTAIN))
    for p in range(len(POSITIONS))
]
"""The new tile's spaces its hunters may go to, by its position."""
